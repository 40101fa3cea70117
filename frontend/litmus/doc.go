// Package litmus reads litmus tests in herd's format (X86, AArch64, RISCV,
// PPC and a subset of C) and translates them into LSL; package litmusrun
// decides their final conditions on a memory model — a .mm model or a cat
// model — so that checkfence's models and encodings can be compared with
// herd's published results ("checkfence litmus"). This package only
// translates: it imports lsl, not the checker.
//
// Parse reads one file into a Test: the threads, the initial state, the
// final condition, and the translation (Program, LSLTest). litmusrun.Run
// enumerates the final states of all executions the model allows
// (mining.Executions) and evaluates the condition; litmusrun.RunFiles
// does so for many files in parallel, and litmusrun.WriteResult prints a
// result the way herd does.
//
// # File layout
//
//	X86 NAME ["doc" or other text]      // or: AArch64, RISCV, PPC, C NAME
//	key=value lines, "doc strings"      // metadata, ignored
//	{ x=1; y=&x; 0:EAX=1; P1:EBX=x; }   // initial state (default 0)
//	<threads>                            // X86 table or C functions
//	[locations [x; 0:EAX;]]              // extra terms to show in states
//	[filter PROP]                        // only executions satisfying PROP
//	exists PROP | ~exists PROP | forall PROP | final PROP
//	[; with tso: ~exists; …]            // herd's expectations: ignored
//	[<< … >>]                            // herd's display hints: ignored
//
// (* … *) comments may appear anywhere except inside C functions, where
// // and /* */ comments apply. Initial-state items may carry C types
// (int x = 1; int *p = &x;); a location may also be written [x].
//
// # Conditions
//
// PROP combines atoms with /\, \/, ~ (or not), => and parentheses; true
// and false are constants. An atom is TERM=VALUE where TERM is a register
// of a thread (0:EAX or P0:EAX for X86, 1:r0 for C) or a memory location
// (x, [x], *x), and VALUE a number ($1, 1, -1, 0x10) or a location name
// (the location's address). The final value of a location is that of its
// last store in the model's memory order. As in herd, exists holds when
// some reachable state satisfies PROP, ~exists when none does, and forall
// when all do; final is an old spelling of exists.
//
// # X86
//
// The thread table has a header row P0 | P1 | … ; and rows of one
// instruction per thread, columns separated by |, rows ending in ;.
// Mnemonics and registers are case-insensitive (EAX…EDX, ESI, EDI, EBP,
// ESP, their 64/16/8-bit forms and R8–R15). Operands: a register, an
// immediate ($1, 1, $x for the address of x), [x] for location x, [EAX]
// for the location whose address EAX holds.
//
//	MOV dst, src        load, store or register move (not memory to memory)
//	MFENCE              fence full
//	LFENCE              fence load-load
//	SFENCE              fence store-store
//	XCHG mem, reg       locked exchange (implicitly, as on x86)
//	XCHG reg, reg       register swap
//	ADD SUB AND OR XOR  dst op= src; on memory a load and a store
//	INC DEC             dst ±= 1
//	XADD mem, reg       tmp := mem; mem := tmp + reg; reg := tmp
//	CMPXCHG mem, reg    if mem = EAX then mem := reg else EAX := mem
//	LOCK <instr>        any of XCHG ADD SUB AND OR XOR INC DEC XADD CMPXCHG
//	                    on a memory destination
//
// A locked instruction (XCHG with memory, LOCK …) becomes an atomic block
// {load; store} between two full fences: x86 drains the store buffer before
// and after it. On tso the fences are redundant when the block stores (see
// axioms/models/tso.mm) but a failing CMPXCHG does not store and still
// orders like a fence on x86. Without LOCK, read-modify-writes of memory
// are a plain load and store. Labels, jumps and other instructions are
// reported as errors.
//
// # AArch64, RISCV, PPC
//
// The thread table is as for X86; a cell holds one instruction or a label
// "L:". Registers: AArch64 Xn/Wn (one register, named Xn in conditions;
// XZR/WZR read 0), RISC-V xN or ABI names (x0 reads 0), PPC rN. Accesses
// carry herd's tags for cat models (docs/models.md); fences keep an LSL
// kind where one matches, so .mm models see them too.
//
//	AArch64  MOV ADD SUB EOR ORR AND (a 4th operand SXTW, UXTW, SXTX,
//	         UXTX or LSL #k), CMP, B, B.cond, CBZ, CBNZ, NOP,
//	         LDR LDUR LDAR(A) LDAPR(Q) LDXR(X) LDAXR(A,X), STR STUR
//	         STLR(L), STXR STLXR (status 0 on success), each with a B or H
//	         suffix for a byte or halfword, LDRSB LDRSH LDRSW (sign-
//	         extending), LDP STP, SWP LDADD LDEOR LDSET LDCLR and CAS with
//	         A/L/AL and B/H suffixes (atomic blocks), DMB/DSB with SY, LD,
//	         ST, ISH, ISHLD, ISHST, OSH…, NSH… (tag DMB.ISH, …), ISB
//	RISCV    li mv addi ori xori andi add sub xor or and (…w), j, beq bne
//	         blt bge bltu bgeu beqz bnez, lw ld sw sd with .aq/.rl (Acq,
//	         Rel, AcqRel), lr.w/d and sc.w/d (X; sc's status register
//	         depends on its store), amoswap/add/and/or/xor.w/d with
//	         .aq/.rl (atomic blocks, X and AMO), fence PRED,SUCC (r, w,
//	         rw: tag Fence.PRED.SUCC), fence.tso, fence.i
//	PPC      li mr addi ori xori andi. add sub subf xor or and, cmpw
//	         cmpwi cmplw cmplwi, b beq bne blt ble bgt bge, lwz ld stw
//	         std (d(ra), d = 0), lwzx stwx, lwarx (X) and stwcx. (sets CR0),
//	         sync lwsync isync eieio
//
// Branches go forward: the code up to label L is a block labelled L that a
// jump leaves with break (a backward jump, i.e. a loop, is unsupported).
// Compares set two hidden registers that conditional branches test. For
// RISC-V and PPC an address ra+rb (or an ADD of a location and a register)
// is the location when the other register is 0 — herd's tests use that
// for address dependencies — and undefined otherwise (an LSL select, so
// the address depends on both registers); AArch64 addresses are below.
//
// AArch64 values are 64-bit patterns (0xffffffffffffffff is -1): W
// instructions zero-extend their 32-bit results, an access of n bytes
// moves its register's low n bytes, and a location holds the pattern of
// its type's size (uint8_t … uint64_t, int, long, pointers; untyped: 4
// bytes unless an access is wider; uint8_t x[N] is an array of N bytes).
// The numbers of a condition are the patterns of their terms. Addresses
// [Xn], [Xn,#k], [Xn,Rm{,SXTW|UXTW|LSL #k}] and ADDs of a location and a
// number: a test whose accesses all move whole locations at offset 0 has
// one LSL cell per location (an added register must then be 0, as for
// RISC-V); any other test (offsets, arrays, accesses of two sizes to one
// location, bytes of a word) is translated in the byte layout of
// mixed.go: pointers [x o] with byte offset o, each location cut into
// cells at the boundaries of the accesses that may touch it, each access
// one load or store per cell, the later ones tagged part (one instance
// for cat's si; docs/semantics.md, "Mixed-size accesses"). A load-exclusive sets
// a reservation; a store-exclusive succeeds by a nondeterministic choice
// (herd lets it fail spuriously), assumed at the end of the thread to need
// the reservation of its address, so that its internal branch adds no
// control dependency.
//
// # Unsupported tests
//
// Well-formed tests with features the front ends do not translate are an
// *Unsupported error with a Reason, counted apart by "checkfence litmus":
// for RISC-V and PPC mixed-size accesses (byte, halfword or pair accesses,
// or accesses of two widths), address offsets and values wider than 32
// bits; for AArch64 a pointer stored into a location cut into cells, a
// pointer with an offset computed at run time stored in memory, pre- and
// post-indexed addressing and numbers wider than 64 bits; array locations
// (except AArch64's), loops (backward jumps, C while/for/do), tests without
// a final condition (AArch64: herd's forall true), instructions outside the
// lists, and C expressions whose operands make two memory accesses (C
// leaves them unsequenced; herd does not order them in po, a sequential
// translation would).
//
// # C
//
// Threads are functions P0(int *x, int **p, …) { … } (optionally void);
// each parameter is a pointer to the location of the same name. The body
// is straight-line code with if/else: declarations (int r0 = e, r1;),
// assignments (r = e, *e = e, r += e, r++), calls of the functions below
// as statements or in expressions, and expressions over registers,
// parameters, numbers and the C operators (arithmetic, comparison, bitwise,
// &&, || with short-circuit evaluation, ! ~ unary -, ?:, casts). Loops,
// goto, return and arrays are not supported and are reported as errors. Every memory access is one LSL load or store, in evaluation
// order (left to right). Plain accesses (*x, *x = v) are treated as relaxed
// ones on the .mm models; data races are not reported there. For cat
// models accesses carry C11 tags: atomics A and their memory order (RLX,
// CON, ACQ, REL, ACQ_REL, SC; a read-modify-write's load and store both),
// plain accesses NA, and an atomic_thread_fence's first fence its order;
// the fences of the table below carry mm-only, which the cat models
// ignore, and the role of the access beside them (lsl/c11.go), where a
// hardware cat model puts the barriers of its C11 mapping (docs/models.md,
// "C11 atomics on hardware models"). A compare-exchange whose failure order differs chooses success
// or failure first (its load carries the order of the outcome). The
// expected value may be a location (compare_exchange(x, e, v, …) reads
// and, on failure, writes *e). A location no thread declares atomic
// (atomic_int *x) is NAL: its initial write carries the tag.
//
// Each access becomes an LSL access between fences given by its memory
// order; a read-modify-write becomes an atomic block {load; [compute;]
// store}. The mapping is the "trailing fence" scheme that compiles C11 to
// x86 (seq_cst store = MOV; MFENCE) extended with acquire/release fences
// for weaker machines, and a full fence before a seq_cst load too (since
// 2026-11-24, as the clang front end has it: the place of Power's sync and
// RISC-V's fence rw,rw there):
//
//	                 relaxed   consume/acquire   release     acq_rel        seq_cst
//	load             L         L; ll ls          error       error          full; L; ll ls
//	store            S         error             ls ss; S    error          ls ss; S; full
//	read-mod-write   A         A; ll ls          ls ss; A    ls ss; A; ll ls full; A; full
//	fence            nothing   ll ls             ls ss       ll ls ss       full
//
// (L load, S store, A atomic block; ll = fence load-load, ls =
// load-store, ss = store-store, full = all four.) The C11 functions:
//
//	atomic_load(x), atomic_store(x, v)    seq_cst
//	atomic_load_explicit(x, mo), atomic_store_explicit(x, v, mo)
//	atomic_exchange[_explicit](x, v[, mo])
//	atomic_fetch_{add,sub,and,or,xor}[_explicit](x, v[, mo])
//	atomic_compare_exchange_{strong,weak}[_explicit](x, &r, v[, mo, mo_fail])
//	                                      returns 1 on success, else 0 and
//	                                      r := the current value
//	atomic_thread_fence(mo)
//
// # The Linux-kernel dialect
//
// A test that calls the kernel's primitives (herd's linux-kernel.def:
// READ_ONCE, WRITE_ONCE, smp_load_acquire, smp_store_release,
// rcu_dereference, rcu_assign_pointer, smp_mb, smp_rmb, smp_wmb, barrier,
// smp_mb__{before,after}_atomic, smp_mb__after_{spinlock,unlock_lock,
// srcu_read_unlock}, xchg and cmpxchg with _relaxed/_acquire/_release,
// atomic_read/set[_acquire/_release], atomic_{add,sub,inc,dec} with
// _return and fetch_ forms and their orders, atomic_*_and_test,
// atomic_add_negative, atomic_add_unless, spin_lock, spin_unlock,
// spin_trylock, rcu_read_lock, rcu_read_unlock, synchronize_rcu,
// srcu_read_lock, srcu_read_unlock) is a Linux-kernel test (lkmm.go): its
// accesses carry the Linux-kernel model's annotations as tags
// (docs/models.md, "The Linux-kernel memory model") besides the C11 order
// of the table above, which the .mm and hardware models see. Run refuses
// it on a C11 cat model, and spinlocks, RCU and SRCU on any model but a
// Linux-kernel one; synchronize_srcu is unsupported. As in herd's C, a
// control dependency ends with its if statement, and assigning an
// undeclared register declares it.
//
// Simplifications: a compare-and-swap gets the fences of its success order
// whether or not it succeeds (never weaker than C11 asks), weak
// compare-exchange never fails spuriously, and consume is acquire. The
// result is the behaviour of the compiled code on the chosen hardware
// model (all built-in models are multi-copy atomic), not the C11 or Linux
// kernel memory model itself.
//
// # Translation
//
// Location i (in order of first mention) is LSL global i+1, initialized
// from the { } block. Thread Pi is operation Pi of concurrent thread i: it
// sets its registers to their initial values (herd's default is 0), runs
// the code, and observes the registers the condition, filter or locations
// clause mention. A final operation loads and observes the locations they
// mention; the engine orders it after every access of the threads, so it
// reads the last store in the memory order. "checkfence litmus --lsl"
// prints the translation.
package litmus

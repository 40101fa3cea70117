// Package llvmfront translates LLVM IR into LSL programs, so that C and
// C++ code compiled by clang (C11 atomics and pthreads included) can be
// checked as it is, and any language that emits LLVM IR can be.
//
//	prog, err := llvmfront.Translate([]string{"queue.ll", "harness.ll"})
//
// The files together form one program; the front end is registered for
// the .ll extension. Compile (clang.go) runs clang on C files with the
// front end's headers; the CLI does that for --frontend clang and for
// pthread programs given without a test file. Any clang from 14 up: the
// one named (--clang, $CHECKFENCE_CLANG), else clang-14, else the newest
// clang-NN on PATH, else clang (clang_find.go).
//
// # Input
//
// The parser is github.com/llir/llvm v0.3.6 (the Go module proxy serves no
// later version); its errors, and panics, become errors at the line it
// reports. It reads typed pointers only, which clang 14 writes; IR with
// opaque pointers (ptr, clang 15 and later) is first rewritten into the
// typed IR clang 14 writes for the same program (opaque.go: pointee types
// from the debug information and the instructions, casts where clang 14
// had them, typed intrinsic names, debug records as intrinsic calls, newer
// attributes and flags dropped), keeping its line numbers. Integer
// constant expressions on addresses from null (offsetof written as
// &((T *)0)->m) are folded to their values first (constfold.go). llir
// cannot parse align among the return attributes of a call or function
// (clang-14 writes them for C++ functions that return references), so
// those are removed from the text first (stripReturnAlign). Debug
// information (clang -g) gives statements their C source positions and
// names their variables and struct fields; without it positions are lines
// of the .ll file.
//
// C files are compiled with
//
//	clang -S -emit-llvm -g -O0 -nostdlibinc -D__CHECKFENCE__=1 -I include/llvm -I include/c
//
// c/ holds the C headers of package headers (lsl_protos.h,
// checkfence.h, assert.h, stddef.h, stdbool.h, stdint.h, stdlib.h; a test
// keeps them identical); include/llvm adds pthread.h and a stdint.h with
// the least/fast types clang's own stdatomic.h needs. No system header is
// read; clang's builtin headers (stdatomic.h, stdarg.h, …) are. -O0 keeps
// every access the C code makes as one load or store, in order, as the C
// front end does; the front end promotes locals to registers itself.
// Optimized IR (-O1, -O2) is accepted as well, but the optimizer may merge
// or drop non-atomic accesses (it assumes there are no data races), so a
// check of optimized code checks what the compiler made of the program.
//
// # Values
//
// Integers of every width are LSL numbers: unbounded and signed. Widths are
// ignored: trunc (except trunc to i1, which is the low bit), sext (except sext of i1, which is -x), ptrtoint and
// inttoptr keep the value. A constant is its bit pattern read as signed
// (unsigned char 200 is i8 -56), so the operations that read an iN as
// unsigned — zext, icmp ult/ule/ugt/uge, udiv, urem, lshr, atomicrmw
// umax/umin, llvm.umax/umin — take it modulo 2^N first (unsigned.go): -56
// reads as 200. add, sub, mul and shl without nsw (clang's unsigned
// arithmetic) wrap at their width, so an unsigned sum that overflows
// equals the constant for C's result; signed arithmetic (nsw) and
// conversions do not wrap, as in the C front end. For i64 the modulus does
// not fit, and unsigned values at or above 2^63 stay negative. null is 0,
// undef and
// poison are ⊥. Floating point, vectors, aggregates in registers (other
// than the result pair of cmpxchg), varargs, exceptions (invoke,
// landingpad), indirectbr, callbr and inline assembly are errors that name
// the instruction and its source line ("unsupported: …", lsl.Unsupported).
//
// Function pointers (funcptr.go): the address of a function is a pointer
// to a one-cell global fn_NAME of its own; a call through a pointer is a
// chain of comparisons with the address-taken functions of its arity and
// result, calling the one it equals (none: a runtime error).
//
// # Registers and memory
//
// An alloca of a scalar whose address is only loaded from and stored to is
// a register (the front end's mem2reg, so -O0 output, where every local is
// an alloca, becomes the same register code as the C front end's), named
// after the C variable (llvm.dbg.declare). A parameter spilled to such an
// alloca is the variable itself. Other allocas are memory: "alloc local
// T "name"" where the alloca is, like address-taken locals and local
// aggregates in the C front end. SSA values are registers named by their
// LLVM name or C variable (llvm.dbg.value), else %t.N; phis are assigned on
// the incoming edges (as a parallel copy). Global variables are LSL
// globals with their initializers as cells; string constants (the names
// passed to lsl_fence and lsl_observe_*) are not globals, unless the
// program reads one as data (const char *p = "abc"; p[1]): then it is a
// global of chars. Thread-local globals (tls.go) have one copy per
// thread: x of type T is x : T[C] and &x is [@x i] for the running
// thread's index. Modules are linked by name like C translation units:
// one definition of each external function or global, any number of
// declarations; private and internal names are renamed when they clash.
//
// # Pointers
//
// A pointer is an LSL list [base off1 … offk] (dissertation Fig. 4.2): a
// getelementptr's struct field index i appends offset i, an array index
// appends the index, and its first index moves the pointer by whole
// elements (offset(getbase(p), add(getoffset(p), i)), as for p + i in the
// C front end). There is no byte arithmetic, so the front end tracks, for
// every pointer value, the type of the object its path designates, which
// after a cast can differ from the pointer's own type:
//
//   - A load, store, cmpxchg or atomicrmw of type T through a pointer to an
//     object whose first field (recursively) is a T accesses that field:
//     the path gets zero offsets. Optimized IR writes &s.first as a cast of
//     &s, and i8* casts of &s reach the API functions.
//   - A pointer that is stored, compared, passed, returned or merged (phi,
//     select) takes the path of its static type, so every copy of an
//     address is the same list; a cast from a first field back to its
//     container drops offsets (getbase). i8* (void*, char*) is the generic
//     pointer type: its values keep the path of what they point to.
//   - A byte offset (getelementptr i8, constant index) into an object of
//     known type becomes the field at that offset, for the x86-64 layout;
//     one that does not start a field is an error. A byte offset into a
//     void* of unknown object type, used as a pointer to anything but
//     char, is an error too: the member it means cannot be told.
//   - A void* parameter takes the object type its arguments show
//     (voidparams.go): when every call, and every pthread_create that
//     starts the function, passes a pointer to objects of one type, or to
//     objects that start with it (&in[0], which clang writes as @in, and
//     &in[1]), the arguments are passed in the form of that type and the
//     parameter designates it. A thread's `*(int *)arg` then reads the
//     first member of the struct it was given; without the type, the
//     access used the path of the whole struct, a cell nothing writes. A
//     promoted void* variable whose stores all show one type takes it too.
//     A void* read from memory, or a parameter whose callers disagree,
//     still has no type: a cast to the struct type reaches every member,
//     but an access of the first member's type through the void* itself
//     does not reach that member (a known gap: write the cast).
//
// An allocation whose type nothing tells (a malloc in a wrapper returning
// void*) is a pointer to element 0 of an array of unknown type and length,
// so that pointer arithmetic on it works; the casts of the void* variable
// an allocation is stored in tell its type too.
//
// The object type of a heap block comes from, in order: the debug type of
// the variable the allocation is assigned to; the pointer types the
// result is cast to and the structs that start with them, choosing one
// whose size is the allocation's. A size that is k > 1 times the type's
// size allocates an array of k elements and yields a pointer to element 0,
// as malloc(k * sizeof(T)) does in the C front end; so does a size that is
// not a constant but a multiple of the type's size (n * sizeof(T), which
// clang writes as a mul by the size), a block of type T[0] (unknown
// length, not bounds-checked). The array dimensions of a block's type
// bound every access to it (lsl.Unrolled.OutOfBounds). free of a pointer
// into the middle of an array block is a runtime error.
//
// An integer load or store that covers several integer cells of the
// object it designates (clang moves struct pair { int a, b; } as one i64
// when it passes or returns it by value) reads or writes each cell and
// puts the bits together or takes them apart (punned.go); cells that are
// not integers, padding between them, or an atomic access of several
// cells are errors.
//
// container_of, a byte offset back from a pointer to a field whose result
// is cast to the container's type T*, is the pointer to the T that holds
// the field when T has a field of that type at that offset (pointers.go):
// the pointer without the offsets to the field, as lsl_get_struct_pointer
// gives. Bit-fields are an error at the struct (debug.go), as in the C
// front end.
//
// A pointer difference p - q, which clang writes as the byte difference of
// two ptrtoint values divided by the element size, is the difference of
// the pointers' last offsets (pointers.go), as in the C front end.
//
// # Memory operations
//
// load and store (volatile or not) are one LSL load or store each; a
// store of an aggregate constant stores every cell. llvm.memcpy,
// llvm.memmove and llvm.memset with a constant length become one load and
// store (or store) per scalar cell of the typed object, in layout order:
// clang emits them for struct assignment, initialized local aggregates and
// = {0}. A copy from a constant global (clang's initializer of a local
// aggregate, a string literal) stores the constants directly, cell by cell
// where the cells line up: memcpy(buf, "abc", 4) into char buf[8], char
// s[] = "hi". A pointer to a char of an array (buf, decayed) copies or
// fills that many chars. memset only stores 0 (or any byte into byte
// cells). Loads and stores of whole structs are errors, like block copies
// in the C front end.
//
// # Atomics and orderings
//
// An atomic load or store is a plain load or store with fences around it;
// cmpxchg is the atomic block of dissertation Fig. 3.8 (load, compare,
// store if equal) and atomicrmw the atomic block load, compute, store
// (xchg, add, sub, and, or, xor, nand, max, min; unsigned max and min
// compare as signed). The fences for C11 orderings (LLVM's monotonic is
// relaxed; consume arrives as acquire):
//
//	access            before                     after
//	load relaxed      -                          aliased-loads
//	load acquire      -                          load-load, load-store
//	load seq_cst      full                       full
//	store relaxed     -                          -
//	store release     load-store, store-store    -
//	store seq_cst     full                       full
//	rmw/cmpxchg       release/acq_rel: load-store, store-store before;
//	                  acquire/acq_rel: load-load, load-store after;
//	                  seq_cst: full before and after; relaxed: none
//	fence acquire     load-load, load-store
//	fence release     load-store, store-store
//	fence acq_rel     load-load, load-store, store-store
//	fence seq_cst     full
//
// A cmpxchg's fences after it are those of its success ordering when it
// succeeded and of its failure ordering when it failed; a failure
// ordering of relaxed gets the aliased-loads fence of a relaxed load (a
// failed cmpxchg only reads, and read-read coherence holds for it too).
// For cat models its load carries the success ordering's tags and, when
// the failure ordering is not the success ordering's read part, the
// failure tag fail.F (lsl.FailTag): the load's order in the executions
// in which the block does not store (docs/semantics.md,
// "Compare-exchange"). syncscope
// ("singlethread") fences and accesses (atomic_signal_fence) order
// nothing between threads and get no fences. Unordered atomics are plain
// accesses.
//
// The LSL program does not depend on the memory model, so this is one
// mapping for all of them: the one the weakest built-in models (relaxed,
// rmo) need. On a stronger model the fences it does not need are no-ops,
// and what remains is the usual C11-to-hardware mapping of that model
// (ss, sl: the store-store and store-load parts of the fences above; ld,
// st: the plain access):
//
//	model    relaxed ld   acquire ld   release st   seq_cst ld      seq_cst st
//	sc       ld           ld           st           ld              st
//	tso      ld           ld           st           sl; ld          st; sl (x86: mov; mfence)
//	pso      ld           ld           ss; st       sl; ld          ss; st; sl
//	relaxed  ld; al       ld; ll+ls    ls+ss; st    full; ld; full  full; st; full
//	rmo      ld           ld; ll+ls    ls+ss; st    full; ld; full  full; st; full
//
// (tso and pso keep loads in order with everything after them, and tso
// keeps stores in order; the atomic blocks of rmw and cmpxchg order like
// locked instructions there.) The aliased-loads fence (al) after relaxed
// loads gives the read-read coherence C11 promises for relaxed atomics on
// the relaxed model, which reorders loads of the same location; the rmo
// model has no aliased-loads fence (dissertation §3.6.1), so there two
// relaxed loads of one location may still be seen out of order (CoRR in
// the litmus table). Non-atomic accesses are plain loads and stores on
// every model (racing on them is undefined behaviour in C11).
//
// Cat models see the orderings as tags instead (atomics.go): the access
// carries A and its ordering (RLX, ACQ, REL, ACQ_REL, SC), and the fences
// above carry mm-only, which cat models ignore, and a role tag naming the
// access beside them (lsl/c11.go). rc11 reads the orderings; the built-in
// hardware models compile them with the mappings LLVM uses for their
// architecture (cat/c11.go), putting their barriers where the role tags
// are; a cat file of the user's that knows neither is refused.
//
// tests/llvm/litmus holds SB, MP, LB, IRIW and CoRR with each ordering as
// C11 programs and the verdicts every built-in model gives them (FAIL: the
// weak outcome is reachable); tests/llvm_test.go checks the table, and a
// second one on the cat models. All built-in .mm models are multi-copy
// atomic, so IRIW with acquire loads is forbidden on them, although C11
// allows it (and Power shows it).
//
// # Control flow
//
// LSL has no goto: a labelled block is left by "break L" and restarted by
// "continue L" (a loop is a block that continues itself). The control flow
// graph is translated recursively over its dominator tree (N. Ramsey,
// "Beyond Relooper", ICFP 2022): after the code of a block come the blocks
// it dominates that have several forward in-edges, each after a labelled
// block ("bN") the jumps to it break out of; a loop header's code is
// wrapped in a block ("loopN") that back edges continue; code after a loop
// follows the loop's block instead of being nested in it; every other
// target, reached by one edge, is translated in place. br is an if, switch
// a chain of ifs, ret assigns %result and leaves the procedure, and
// unreachable is an abort. Irreducible control flow (a jump into a loop)
// is an error. Breaks that only reach the end of their block anyway and
// unused labels are removed afterwards, as are copies nothing reads.
//
// A loop whose iterations only load, compute and fence (no store, no
// read-modify-write, no call other than lsl_fence and the thread
// functions, no nested loop, no value carried from one iteration to the
// next) is a spin loop (dissertation §7.2.3): "spin loopN { … }", whose
// last iteration alone is modelled; a thread that can never leave it is a
// deadlock. These are the loops the C front end treats so (while (c); with
// a side-effect-free c), as clang compiles them at -O0 or -O1.
//
// # Functions and the API
//
// Every function definition is a procedure (parameters by value, %result
// for a non-void result); calls are LSL calls, inlined by the unroller.
// Calls of the functions of lsl_protos.h keep the meaning the C front end
// gives them (frontend/c doc.go, "The API"): lsl_malloc and malloc are
// "alloc pool", lsl_malloc_noreuse "alloc fresh", the frees "free pool" and
// "free fresh" (of the block of the pointer when the program allocates
// arrays anywhere), lsl_assert, assert (the shipped assert.h calls
// __lsl_c_assert) and lsl_assume, lsl_fence("kind"), lsl_nondet(a, b)
// (constant bounds) and lsl_choose, the observations, the thread
// functions, lsl_cas_* and lsl_dcas_* as atomic blocks without fences,
// lsl_initlock, lsl_lock and lsl_unlock as the spinlock of Fig. 3.9,
// lsl_get_struct_pointer (from the byte offset of the field and the type
// the result is cast to), abort(), calloc (malloc, then a 0 in every
// cell), aligned_alloc (malloc: the alignment is not modelled), and exit (a failure unless the status is 0; exit(0) only in a
// pthread main after its last join, where it ends the execution).
// Assertion messages are the condition's source text, read from the C
// file. pthread_mutex_init, _lock and _unlock are lsl_initlock, lsl_lock
// and lsl_unlock (returning 0); pthread_mutex_trylock is one exchange of
// the lock (0 or EBUSY); pthread_mutex_destroy marks the mutex
// destroyed (2: a later lock fails); sched_yield does nothing;
// pthread_spin_* are the same lock; the condition variables are counters
// of signals (api.go), semaphores counters that sem_post increments and
// sem_wait spins to decrement (semaphore.go), barriers a counter of
// arrivals each waiter increments and spins on until its round is
// complete (barrier.go), read-write locks a counter of readers, -1 for a
// writer (rwlock.go), and pthread_once a flag the first caller raises
// after init (once.go). Output and sleeping (printf, usleep, …) do
// nothing. __assert_fail (glibc's assert.h) is
// a failed assertion. The API functions cannot be defined by the program;
// calls of other functions that are declared but not defined are errors
// (libc.go names the C library's that are not modelled). pthread.h
// implements thread-specific data (pthread_key_*) over a thread-local
// table. C is compiled with GNU inline semantics, so that C99 programs'
// plain inline functions have a definition (c99inline.go). Thread creation
// whose count is known only at run time is expanded on all paths under
// guards, up to a bound (pthread_guarded.go).
//
// Programs written for other checkers (verifier.go) may call GenMC's and
// SV-COMP's verification functions, and define some of them:
// __VERIFIER_assume and __VERIFIER_assert are lsl_assume and assert,
// a call of __VERIFIER_error() or reach_error() fails (defined or not),
// __VERIFIER_nondet_T() is any value of an integer type T (not unsigned
// 64-bit ones), __VERIFIER_atomic_begin()/_end() enclose an atomic block
// (they pair up in one block of the structured body, after the rewrites of
// atomic_exits.go for sections that end early), a call of a function named
// __VERIFIER_atomic_* is one atomic block, and GenMC's and Dat3M's search
// hints (__VERIFIER_loop_begin, _spin_start, _spin_end, _loop_bound) do
// nothing. genmc.h declares GenMC's. threads.h maps C11 threads onto the
// pthread calls with macros (thrd_create and thrd_join in main, mtx_*,
// cnd_*, call_once).
//
// Packed words (lsl_make_T, lsl_get_T_F, lsl_set_T_F) work when the word
// type is a scalar (an integer type) and lsl_make_T is defined (its body is
// ignored; its parameter names name the fields): a declaration carries no
// parameter names in LLVM IR, and a struct returned by value is split by
// the calling convention. Code that passes a packed struct where an
// integer is expected (harris in tests/datatypes) is not valid C for
// clang.
//
// Intrinsics: llvm.dbg.*, llvm.lifetime.*, llvm.assume and similar hints
// produce no code; llvm.expect is its argument; llvm.smax/smin/umax/umin
// and llvm.abs are selects; llvm.trap is an abort; llvm.threadlocal.address
// is its argument; the others are errors.
//
// # C++
//
// C++ files (.cpp, .cc, .cxx) are compiled with clang++-14 -fno-exceptions
// and the system's C++ headers (std::atomic is lowered like C11 atomics:
// its inline functions become calls the unroller inlines), with
// include/cxx/lsl_protos.h declaring the API with C linkage. Function names
// are demangled when that is unambiguous (_Z2t0v is the procedure t0,
// _ZN5Queue4pushEi is Queue_push), so tests name operations as written;
// overloaded functions keep their mangled names. operator new and delete
// are malloc and free. The files of one program must share an extension
// (each extension is translated on its own, and calls between the groups
// do not link). include/cxx also has <thread>, <mutex> and
// <condition_variable>, which replace libstdc++'s (whose std::thread
// starts threads inside libstdc++.so through virtual calls): std::thread
// calls pthread_create with a template trampoline, its constructor and
// join inlined (always_inline) into the caller. Exceptions are off:
// libstdc++'s std::__throw_X helpers, __cxa_throw and std::terminate are
// failures at the call (cxxFailure). main runs the static constructors
// (llvm.global_ctors) first, and the destructors they register with
// __cxa_atexit when it returns.
//
// # pthread programs
//
// A main that starts threads with pthread_create and waits for them with
// pthread_join is a test by itself (PthreadTest; the CLI runs it when no
// .tst file is given): main's code before its first pthread_create is the
// init operation (procedure main_init), each started thread a concurrent
// thread (main_threadK calls the thread function with its argument), main's
// own code between the last create and the first join, if it touches
// memory, one more concurrent thread (main_self), and main's code after the
// last join the final operation (main_final). The final operation runs only
// in executions where every thread completed (it joins them all): a thread
// that fails, blocks or is cut off at a loop bound is never joined.
// Registers that main computes in one part and uses in a later one travel
// through globals main_r_NAME (stored at the end of the earlier part,
// loaded at the start of the later one; init and final are ordered with
// everything, so this changes no verdict; traces leave these accesses
// out). A register init leaves with a
// constant that main_self does not assign (the counter of an expanded
// create or join loop) is assigned that constant instead: no memory
// access.
//
// pthread_create and pthread_join may also be called by other functions
// (pthread_spawn.go): a function that calls them, or calls such a
// function, is inlined where main calls it, and a thread whose function is
// one runs an instance of it whose creates start further threads
// (main_threadK after main's, each waiting for its start flag) and whose
// joins wait for the joined thread's done flag. Loops
// and branches around the creates and joins are expanded when main (or an
// instance) is split, so their
// control must depend on constants only (for (i = 0; i < N; i++)
// pthread_join(t[i], 0);): main starts a fixed set of threads. A main
// that starts no threads is a test by itself (main_self runs it, with
// argc 1 and argv two null pointers). Main
// joins every thread it creates, or none: then it returns while they run
// and they are detached (pthread_detached.go). Failures may come anywhere: before the
// split, a failure moves into the branches that reach it and the branch
// beside one that always fails comes after its if (pthread_failpaths.go),
// and the thread operations leave the labeled blocks structuring wraps
// around them (pthread_hoist.go), so that `if (a || b) abort();` between
// a create and a join, or a return after the last join, keeps main's
// thread operations unconditional. A main that accesses memory between two
// creates or between two joins, or creates a thread after joining one, is
// phased (pthread_phases.go): main_self then runs main from its first
// create to its trailing joins, a thread created after main_self touched
// memory or joined waits for a start flag its pthread_create raises, and
// a join in main_self waits for the thread's done flag; the flags are C11
// release stores and acquire loads, as POSIX's memory synchronization of
// pthread_create and pthread_join asks. Otherwise thread handles
// (pthread_t variables) produce no code, unless some
// pthread_join takes a result (pthread_results.go): then pthread_create
// stores the thread's number k in its handle (at the end of main_init),
// main_threadk stores the thread function's result in
// main_thread_result[k], and main's code from its first read of a handle
// for a join on, the joins' transfers of results among it, is the start
// of main_final. Assertion failures anywhere are FAILs. pthread_exit(v) in
// a thread function that nothing else calls is return v; in main it ends
// main, and its threads are not detached; anywhere else it is an error.
//
// In a pthread program that frees nothing, malloc is "alloc fresh T"
// rather than a pool block (pthread_alloc.go): without frees the pool's
// choice of block only renames blocks, and enumerating the renamings
// slowed the solver down ~3×; and it is no fence, as in C11
// (docs/semantics.md has the argument).
package llvmfront

// Package lsl defines LSL, the load-store language of the CheckFence method
// (Burckhardt's dissertation, ch. 4): the intermediate representation every
// front end (C, LLVM IR, litmus) lowers to and the engine unrolls and encodes.
//
// # Values
//
// Values are dynamically typed (§4.2.2): ⊥ (undef), signed integers, pointers
// and composites. A pointer is a list [base off1 … offk]: the base names a
// memory block (a global, an allocation instance, an address-taken local) and
// the offsets select struct fields (field i is offset i) and array elements.
// There is no byte arithmetic. The number 0 is the null pointer. A composite
// tag(f1, …, fk) is a packed word (§4.6.3, §7.2.5): loaded and stored as one
// word, compared structurally.
//
// # Programs and statements
//
// A Program holds struct and composite declarations, globals and procedures.
// Registers are procedure-local and start as ⊥. Statements follow Fig. 4.1 with
// the extensions of §4.6 and §7.2: labelled blocks with break/continue (loops
// are labelled blocks that continue themselves), if/else, procedure calls
// (inlined by the unroller), basic functions (ops.go), load, store, fences of
// the kinds of §3.4.3 plus full, nondeterministic choice, atomic blocks,
// assert and assume, observations, allocation, and Spin, the side-effect-free
// spin loop of §7.2.3 whose last iteration alone is modelled.
//
// Beyond the dissertation's basic functions, zext(a, n) and sext(a, n) are
// a's low n bits read as an unsigned and as a signed number (n a constant
// from 1 to 63). The LLVM front end reads unsigned values with them, since
// LLVM constants are bit patterns. n is a parameter, not a number of the
// program: it does not widen the encoding, and the encoding of either is
// wiring.
//
// Every statement carries a source position (the C line it came from, or its
// place in the .lsl file). Loads and stores also carry the C-level expression
// they implement (queue->tail) so traces can name what was accessed.
//
// # Unrolled programs
//
// Unrolling (unroll.go) turns a program and a test into an unrolled concurrent
// program (§4.5): one statement tree per thread with no calls and no loops.
// Each loop instance is unrolled up to its bound and ends in Pruned, which
// names the loop instance by its LoopKey (loopkey.go), so the lazy-unrolling
// driver can raise exactly that bound (§7.3.1; Bounds maps keys to bounds). Loads, stores and fences receive unique instruction ids.
// Alloc becomes a constant pointer to a fresh block (or, for the pool
// allocator, LSL code that picks a free block, §7.2.4, or block i for
// malloc instance i where no block is reused: UnrollOptions.FixedPool;
// in a C11 program malloc and free are an acquire and a release
// read-modify-write of the block's flag, unroll_pool.go); threadid and
// numthreads become constants. Sanity (sanity.go) checks the invariants of
// both forms.
//
// The range analysis (ranges.go, §7.3.2) bounds every value an unrolled
// program may compute: memory flow-insensitively (a load sees every value a
// store to its cells may write), registers by reaching definitions
// (ranges_flow.go), so that an unrolled loop's counter ranges over its
// iterations only. Where a range is unbounded, a second run limits each
// statement's derivation depth to the growing statements of its
// dependency cone (ranges_cone.go): a counter incremented through memory
// ranges over its increments. The two flow passes (reaching definitions,
// and definite assignment in defassign.go) keep only the registers some
// statement not yet walked reads, so a chain of comparisons or nested ifs
// costs their length, not its square, and both poll the context of
// --timeout and --max-memory.
//
// # Concrete syntax
//
// The text form is what "checkfence lsl" prints and what .lsl files contain.
// Comments are // to end of line and /* … */. Registers are written %name
// (name: letters, digits, _ . $), globals in constants @name, labels and type
// names are plain identifiers.
//
//	struct node_t { next, value }            // field i is offset i
//	struct pair { a, b: node_t[2] }          // nested aggregates get a type
//	composite mpointer (ptr, marked)         // a packed word
//	global X                                 // a scalar global, initially 0
//	global Y = 5
//	global queue : queue_t                   // all cells 0
//	global tab : int[3] { 0 = 7, 2 = [@X] }  // cells [@tab 0] and [@tab 2]
//	global s : pair { 1.0.1 = 3 }            // cell [@s 1 0 1]
//
//	proc enqueue(%q, %v) -> (%ok) {          // "-> (…)" lists result registers
//	    loc "queue.c" 23 5                   // later statements come from queue.c:23:5
//	    %n := alloc fresh node_t             // also: alloc pool T, alloc local T "x"
//	    %a := offset(%n, 1)
//	    store %a, %v as "node->value"
//	    %t := load %a as "node->value"
//	    fence store-store                    // or load-load, load-store, store-load,
//	                                         // aliased-loads, data-dependent-loads,
//	                                         // control-dependent, full
//	    %c := eq(%t, 0)                      // basic functions: see ops.go
//	    %w := make_mpointer(%n, 0)           // composite ops: make_T, get_T_F, set_T_F
//	    %k := choose 0 .. 3
//	    %id := threadid()                    // also numthreads()
//	    %r1, %r2 := call f(%a, 5)            // or: call g(%a)
//	    retry: {                             // a loop: a block that continues itself
//	        if %c { break retry } else { continue retry }
//	    }
//	    atomic { %o := load %a  store %a, 1 }
//	    spin wait { %f := load @X  if %f { continue wait } }
//	    assert %c "queue broken"             // message optional
//	    assume %c
//	    abort "unreachable"
//	    observe label "enqueue"
//	    observe input "val" %v
//	    observe output "ok" %ok
//	    free fresh %n                        // or free pool %n
//	    %ok := 1
//	}
//
// Operands are registers or constants: 5, -3, undef, pointers [@X 1 0] or
// [3 1] (a numeric base), @X (short for [@X]), and composites
// mpointer{[@X], 0}. Statements are separated by newlines or just juxtaposed.
//
// The unrolled form adds instruction ids (load#4, store#7, fence#9) and
// "pruned "key"" statements; "checkfence lsl --unrolled" prints it.
//
// Fence synthesis (package synth) works on copies of a program with
// candidates (candidates*.go): barriers (Barrier: a fence instruction or
// C11 fence as fence statements, also what the C front ends make of
// inline-assembly barriers) at source-level points, and stronger memory
// orders of C11 atomic accesses, given by conditional tags (sel.cN.T) and
// guarded fences; SelectCandidates writes a selection in.
//
// C11 atomics carry their order as a tag (c11.go); the load of a
// compare-exchange whose failure order is not its success order's read
// part also carries fail.F, its order when its atomic block does not
// store (FailTag, OutcomeTags).
//
// Input errors are *diag.Error values ("file:line:col: message", package
// diag) with a diag.ErrorCode; Unsupported gives a front end's refusal its
// form.
package lsl

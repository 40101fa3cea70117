// Package cfront translates C programs written with the CheckFence
// conventions (SPEC §3) into LSL programs (dissertation §4.4, §7.2).
//
//	prog, err := cfront.Translate([]string{"queue.c", "harness.c"})
//
// Every .c file is one translation unit; together they form one program.
// Sources whose names end in .h (TranslateSources) are only available to
// #include. Errors are an diag.ErrorList of "file:line:col: message".
//
// # Parsing
//
// modernc.org/cc/v4 preprocesses, parses and type checks each unit for a
// fixed target, linux/amd64 (LP64), with the predefined macros of
// predefined.h (package headers); no C compiler or system header is used.
// The only system include directory is package headers' (frontend/headers,
// embedded, shared with the LLVM front end): lsl_protos.h, checkfence.h
// (which includes lsl_protos.h), linux.h (the Linux kernel's memory-model
// primitives, lkmm.go), and minimal stddef.h, stdbool.h, stdint.h,
// stdlib.h and assert.h. #include "x.h" looks next to the including file
// (on disk, or among the sources given to TranslateSources), then in the
// embedded directory. Only regular files are read.
//
// cc has a few failure modes on invalid input that the front end works
// around: a unit is preprocessed alone first (an include error ends cc's
// token stream early, where its parser can loop), every source ends in two
// newlines and is followed by a one-line sentinel declaration (the parser
// loops when a file ends inside a declarator, the scanner when an escape
// swallows the last newline), struct definitions that contain themselves
// are rejected from the parse tree before type checking (cc recurses on
// them forever), and a panic inside cc becomes an error for the file.
//
// # Values and memory
//
// Every integer type (char to long long, enums, _Bool) is an LSL number
// with C's width and signedness (intwidth.go): unsigned arithmetic wraps at
// its type's width, a conversion to a narrower type keeps the low bits
// (zext or sext), unsigned comparisons and divisions convert their
// operands first, and signed overflow (undefined in C) is not wrapped.
// The widest integer type used becomes lsl.Program.IntWidth, the encoding
// width of numbers the range analysis cannot bound. Integer constant
// expressions (sizeof, enumerators, offsetof, arithmetic on constants) are
// folded by cc with the target's C semantics (an unsigned 64-bit result
// above 2^63-1 becomes the negative number with the same bits).
// sizeof is the size in bytes on the target (sizeof(int) is 4, pointers are
// 8); it matters only to code that computes with it. The constant 0 is the
// null pointer; casts between pointer and integer types keep the value; a
// conversion to _Bool makes x ne(x, 0).
//
// Scalar locals and parameters whose address is never taken are registers:
// %name (a shadowing or sibling variable of the same name gets %name.2, …),
// temporaries are %t.N, a function's result is %result. Everything else
// lives in memory: globals (with external linkage, by name), file-scope
// statics (by name, suffixed _2, … if another unit uses the name),
// block-scope statics (globals named function_variable), address-taken
// locals and local structs and arrays (one "alloc local T "name"" at
// procedure entry, its pointer in %name.addr; an address-taken parameter is
// stored there on entry), and the heap. Global initializers become the
// globals' Init cells (C's default is 0). A local aggregate with an
// initializer gets a store for every cell: the given values in source
// order, then 0 in every other cell, in layout order. Uninitialized locals
// and heap cells are undefined (⊥).
//
// Pointers are LSL lists [base off1 … offk] (Fig. 4.2): &x.f is
// offset(px, i) for the i-th field, a[i] is offset(pa, i), and nesting
// nests the offsets; an array used as a value decays to its element 0,
// [… 0]. Moving a pointer (p + i, p - i, p++, p[i] with i ≠ 0) changes its
// last offset: offset(getbase(p), add(getoffset(p), i)); p[0] is *p.
// Pointer differences and relational comparisons of pointers use the last
// offsets. Pointer arithmetic on a pointer known to point to a single
// object (&x, &s.f, malloc(sizeof(T))) is an error at translation; through
// other pointers it fails at run time (getbase of a pointer without
// offsets).
//
// Allocation: malloc(sizeof(T)) (or sizeof expr) is "alloc pool T", a
// pointer [b] to one T; malloc(n * sizeof(T)) or malloc(sizeof(T) * n)
// allocates an array and returns [b 0], a pointer to its element 0. Other
// size expressions allocate a single object, named after the type of a
// surrounding cast if there is one. The size expression is evaluated (its
// code is kept only if it reads memory or calls a function) but does not
// bound the block. When a program allocates arrays anywhere, free(p) frees
// the block pointer(baseof(p)), so freeing an array works (and freeing a
// pointer into the middle of a block goes undetected); otherwise free(p)
// passes p itself, and the pool checks it.
//
// # Evaluation order and accesses
//
// Every C-level read of memory is exactly one load and every write exactly
// one store, in source order, and nothing is optimized away. Operands are
// evaluated left to right (binary operators, call arguments, array index
// expressions). An assignment computes the address of its left side (with
// the loads that needs) first, then, for op=, loads the left side, then
// evaluates the right side, then stores; ++ and -- load, add and store.
// Each load and store carries the C text of the accessed lvalue (Expr:
// "queue->tail", "node->next", "X", "a[i]"), and every statement the
// position of the C construct it comes from.
//
// # Control flow
//
// if/else becomes if; &&, || and ?: branch (the result of && and || is 0 or
// 1); !x is eq(x, 0); comparisons yield 0 or 1. Loops are labelled blocks
// that continue themselves:
//
//	while (c) S         loopN: { c; if %c {} else { break loopN }; S; continue loopN }
//	do S while (c)      loopN: { S; c; if %c { continue loopN } }
//	for (i; c; n) S     i; loopN: { c; if %c {} else { break loopN }; S; n; continue loopN }
//
// In do and for loops a C continue becomes "break bodyN" out of a block
// around S, so the condition or the increment still runs. Constant
// conditions are decided at translation. A loop whose body is empty and
// whose condition only loads and computes (no assignment, increment, or
// call other than packed-word accessors and the thread functions) is a
// side-effect-free spin loop: while (c); while (c) {}; do {} while (c);
// for (; c;) {} become "spin spinN { c; if %c { continue spinN } }".
//
// return sets %result and breaks out of the block "ret" around the body
// (omitted when the only return is the last statement). A forward goto to
// a label that labels a statement directly in the same or an enclosing
// block becomes "break to_L" out of a block that wraps the statements from
// the goto's up to the label's (blocks of different labels are widened to
// nest). A switch evaluates its value once and becomes the same structure:
// item 0 of the switch body compares the value with each case constant, in
// order, and breaks to the block that ends before the case's statement;
// fallthrough, default anywhere and several labels per statement work;
// break leaves the switch. Rejected: backward gotos, gotos into a nested
// block or statement, case labels that do not label a statement directly
// in the body of their switch (Duff's device), case ranges, computed goto.
//
// # Functions
//
// Every function definition becomes a procedure with its parameters and
// result (none for void); calls are LSL calls (the unroller inlines them;
// recursion is bounded by unrolling). Harness operations are void f(void)
// functions. Functions and globals with external linkage are linked by name
// across units: one definition, any number of declarations; a tentative
// definition (int X;) may appear in several units. Struct types may be
// defined in several units if their fields agree. An LSL struct is declared
// for every struct type that is used (by field access, as an object type,
// or by an allocation), named by its tag, else its typedef name, so traces
// can print node#2.next.
//
// # The API (lsl_protos.h)
//
//	lsl_malloc, malloc                alloc pool T
//	lsl_malloc_noreuse                alloc fresh T
//	lsl_free, free                    free pool p
//	lsl_free_noreuse                  free fresh p
//	lsl_assert(c), assert(c)          assert c "c as written"   (assert.h; NDEBUG disables it)
//	lsl_assume(c)                     assume c
//	lsl_fence("kind")                 fence kind (a string literal: a name of lsl.FenceNames)
//	lsl_nondet(a, b)                  choose a .. b (constant bounds)
//	lsl_choose()                      choose 0 .. 1
//	lsl_observe_label("n")            observe label "n"
//	lsl_observe_input("n", v)         observe input "n" v   (also _output)
//	lsl_get_thread_id()               threadid()
//	lsl_get_number_threads()          numthreads()
//	lsl_cas_32/64/ptr(l, o, n)        atomic { %v := load l; %c := eq(%v, o); if %c { store l, n } }, result %c
//	lsl_dcas_32/64/ptr(l1, l2, …)     the same for two locations, both must match
//	lsl_initlock(l)                   store l, 0
//	lsl_lock(l)                       spin lockN { atomic { %v := load l; store l, 1 }; if ne(%v, 0) { continue lockN } };
//	                                  fence load-load; fence load-store   (Fig. 3.9)
//	lsl_unlock(l)                     fence load-store; fence store-store;
//	                                  atomic { %v := load l; assert eq(%v, 1) "unlock of a lock that is not held"; store l, 0 }
//	lsl_get_struct_pointer(T, f, p)   getbase(p), once per component of f (f may be a.b[2])
//	abort()                           abort "abort()"
//
// CAS has no implied fence. lsl_get_struct_pointer is a macro that expands
// to __lsl_get_struct_pointer(p, offsetof(T, f)); the offsetof expression
// only tells how deep the field is. The API functions cannot be defined by
// the program.
//
// Packed words (§7.2.5): a function named lsl_make_T (declared or defined)
// declares the composite T, its parameter names naming the fields; calls
// become make_T(…), and lsl_get_T_F(x), lsl_set_T_F(x, v) become get_T_F
// and set_T_F. Their C bodies are ignored. If lsl_make_T returns a struct
// type, that struct is a packed word: its values are single cells (loaded
// and stored as one word, passed and assigned by value), and its fields
// cannot be accessed with . or ->. A packed-word global starts as the
// number 0, not as a composite.
//
// # Rejected constructs
//
// Reported at their source position: floating point and complex numbers,
// unions, bit-fields, anonymous struct members, flexible array members,
// variable length arrays, function pointers (and functions used as values),
// variadic functions, passing or returning structs by value, block copies
// of structs (assignment or initialization from a struct), compound
// literals, statement expressions, _Generic, string literals other than the
// names passed to lsl_fence and lsl_observe_*, inline assembly, setjmp and
// longjmp, thread-local variables in a function, nested functions, old-style (K&R)
// definitions, label addresses, and calls of functions that are declared
// but not defined. volatile is accepted and changes nothing (every access
// is already one load or store). _Atomic is accepted on objects
// (_Atomic int x, _Atomic(T *) p) and rejected on a pointer's target or an
// array's elements (_Atomic int *p: cc does not keep it in the type, and
// reading such an object as a plain one would drop the ordering its
// accesses have; atomic_int *p works). These errors read "unsupported: …"
// (lsl.Unsupported).
//
// # C11 atomics
//
// include/stdatomic.h has C11's atomic types, memory orders and generic
// functions (c11atomic.go): atomic_load/store/exchange/
// compare_exchange_strong/weak/fetch_add/sub/and/or/xor (and _explicit),
// atomic_thread_fence, atomic_signal_fence, atomic_init, ATOMIC_VAR_INIT,
// atomic_flag. They translate as the LLVM front end translates clang's
// code for them: the access carries A and its order (consume is acquire),
// the fences of the order's mapping carry mm-only and a role, read-modify-
// writes are atomic blocks, a compare-exchange's load with the failure
// tag of its failure order (lsl.FailTag). A plain read or write of an atomic object is
// seq_cst, ++, -- and op= on one a seq_cst read-modify-write. A program
// that uses them is a C11 program (lsl.Program.C11): its data races are
// FAILs, unless it also calls lsl_fence or lsl_cas (CheckFenceSync).
// tests/c11front checks that both front ends give the same verdicts.
//
// A thread-local global (_Thread_local, __thread; tls.go) is an array of
// 16 copies, one per thread id of the test (init and final share the
// copy after the concurrent threads'), and &x indexes the running
// thread's copy.
//
// # Hostile input
//
// Before cc runs, prescan.go reports an #include cycle outside any
// conditional (cc has no include depth limit) and any use of a macro that
// expands to more than 2^16 tokens (cc expands a macro in memory, slowly);
// the preprocessed program is limited to 64 MiB. ++, -- and assignments to
// constants or expressions are reported before type checking (cc fails on
// them without a position). Files are read only if regular and at most
// 16 MiB. The context in Options stops a translation at the next statement
// or expression; cc itself cannot be interrupted, so the CLI does not wait
// for it past a limit.
package cfront

// Package checkfence checks concurrent C, LLVM IR and LSL code on relaxed
// memory models: it finds the executions of a test in which the code
// fails an assertion, crashes, deadlocks, races (C11 programs), or
// produces results no serial execution produces, and the fences that
// rule them out (Burckhardt's CheckFence method; docs/semantics.md).
//
// This package is the library entry point another Go program uses: Load
// reads an implementation and its tests, Program.Check and
// Program.CheckAll decide tests on a memory model, and a Result carries
// the verdict, the reason and, for a FAIL, the counterexample trace
// (Result.WriteTrace prints it as "checkfence run" does).
//
//	prog, err := checkfence.Load("queue.c", "harness.c", "queue.tst")
//	if err != nil { … }                      // file:line:col: message
//	results, err := prog.CheckAll(ctx, checkfence.Options{Model: "relaxed"})
//	for _, r := range results {
//		fmt.Println(r.Test, r.Verdict)       // T0 PASS, T1 FAIL, …
//		if r.Verdict == checkfence.Fail {
//			r.WriteTrace(os.Stdout)
//		}
//	}
//
// # Inputs
//
// Implementation files are C (.c, the built-in C front end: CheckFence's
// conventions and <stdatomic.h>; with LoadOptions.Clang, clang 14 or
// later and the LLVM front end: pthreads, C11 and C++ atomics), LLVM IR
// (.ll) or LSL (.lsl). Tests come from .tst files ("test T0 = i ( e | d )":
// SPEC §4); without one, a C program whose main starts threads with
// pthread_create is the single test (it needs Clang). Input errors are
// returned as an diag.ErrorList of "file:line:col: message".
//
// # Models and options
//
// Options.Model names a built-in model (sc, tso, pso, relaxed, rmo, and
// the cat models arm8, riscv, power, rc11, lkmm, …: ModelNames) or a .mm
// or .cat file. Options.Races says what a data race of a C11 program is
// (docs/semantics.md, "Data races"). Options.Timeout and MaxUnroll bound
// a check; a test that reaches a bound is INCONCLUSIVE, not an error.
//
// # Lower levels
//
// The packages below are usable too, with less stability: frontend
// (loading), lsl (the intermediate language, tests), mining (the check
// itself: mining.Check, mining.Options), axioms and cat (memory models),
// report (text, HTML, JSON, SARIF and JUnit output), synth (fence
// synthesis). The module needs no replace directive: its SAT solver
// (a patched gini) is part of it.
package checkfence

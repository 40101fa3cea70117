package main

import (
	"os"
	"runtime"

	"github.com/checkfence/checkfence/encode/sat"
)

// oneProc makes the Go scheduler run on one processor (GOMAXPROCS=1) while
// a command checks tests, and returns the function that restores the
// previous setting. Checking is one goroutine's work at a time (the
// loader, the SAT search, the memory guard and the watchers of limits
// take turns; CaDiCaL runs in C, which GOMAXPROCS does not limit). With a
// second processor idle, the runtime spends it on GC mark workers and on
// threads spinning for work (and, until 2026-11-25, on a goroutine that
// polled each gini solve): CPU time that shortens nothing. Measured with GOMAXPROCS=1
// against 2 (perf stat, alternating, 2026-11-23): ms2 T1 74.7-91.6 ->
// 68.1-79.9 ms CPU; ms2 Tpc4 1.77-1.80 -> 1.56-1.63 s CPU, wall 1.61-1.65
// -> 1.52-1.61 s; msn Tpc5 4.32-4.52 -> 4.00-4.04 s CPU, wall 3.95-4.08
// -> 3.87-3.95 s. Verdicts, traces and statistics do not depend on it
// (budgets count conflicts, not time).
//
// It is left alone when GOMAXPROCS is set in the environment (the user's
// choice) and under --solver portfolio, whose members search side by side.
func oneProc(opt sat.SolverOptions) (restore func()) {
	if opt.Backend == sat.Portfolio {
		allProcs()
	}
	if os.Getenv("GOMAXPROCS") != "" || opt.Backend == sat.Portfolio {
		return func() {}
	}
	prev := runtime.GOMAXPROCS(1)
	return func() { runtime.GOMAXPROCS(prev) }
}

// startProcs is GOMAXPROCS as the process started, while it runs on one
// processor (oneProcAtStart); 0 otherwise.
var startProcs int

// oneProcAtStart makes the process run on one processor from the start of
// main, before anything starts a goroutine: with two, the runtime wakes a
// second thread for the signal watcher, the finalizer goroutine and the
// memory guard, which spins for work and finds none. ms2 T0: 0.3 ms of
// 10.8 (medians of 31 interleaved runs, 2026-11-25), which oneProc alone
// does not save, since it comes after them. The commands that work in
// parallel get the processors back: litmus (its jobs) and run, mine and
// fences under --solver portfolio (allProcs). Left alone when GOMAXPROCS is
// set in the environment. Tests call run without main, so they never get
// here.
func oneProcAtStart() {
	if os.Getenv("GOMAXPROCS") == "" {
		startProcs = runtime.GOMAXPROCS(1)
	}
}

// allProcs undoes oneProcAtStart.
func allProcs() {
	if startProcs > 0 {
		runtime.GOMAXPROCS(startProcs)
		startProcs = 0
	}
}

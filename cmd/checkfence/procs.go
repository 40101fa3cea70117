package main

import (
	"os"
	"runtime"

	"github.com/checkfence/checkfence/encode"
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
func oneProc(opt encode.SolverOptions) (restore func()) {
	if os.Getenv("GOMAXPROCS") != "" || opt.Backend == encode.Portfolio {
		return func() {}
	}
	prev := runtime.GOMAXPROCS(1)
	return func() { runtime.GOMAXPROCS(prev) }
}

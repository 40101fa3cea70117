package main

import (
	"context"
	"os"
	"runtime"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Parallel checks (run -j). Each test is checked on its own, with its
// own limits, by one of jobs workers; the results come back in test
// order, so the output is that of -j 1. The tests share the program,
// the models and the options, which checks only read.

// runJobs is the number of workers for n tests: jobs (0: the number of
// CPUs), at most n, and 1 with --log-queries (whose lines do not say
// which test they belong to).
func runJobs(jobs, n int, logQueries bool) int {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	if logQueries {
		jobs = 1
	}
	return max(1, min(jobs, n))
}

// parallelProcs gives the Go scheduler every CPU while tests are checked
// in parallel (oneProc made it one), unless GOMAXPROCS is set in the
// environment, and returns the function that restores the setting.
func parallelProcs() (restore func()) {
	if os.Getenv("GOMAXPROCS") != "" {
		return func() {}
	}
	allProcs()
	prev := runtime.GOMAXPROCS(runtime.NumCPU())
	return func() { runtime.GOMAXPROCS(prev) }
}

// checked is the outcome of one test's check.
type checked struct {
	result *mining.Result
	err    error
}

// checkTests checks tests on jobs workers and sends their outcomes on the
// returned channel in test order, each as soon as it and all earlier
// ones are known; it closes the channel after the last one, or early:
// after an error, or when ctx is done before every test started (the
// tests already started end as Check ends them: INCONCLUSIVE,
// interrupted). Cancel ctx when the outcomes are no longer read.
func checkTests(ctx context.Context, prog *lsl.Program, tests []*lsl.Test, opt mining.Options, jobs int) <-chan checked {
	out := make(chan checked, len(tests))
	// slots[i] receives test i's outcome, or is closed when it never starts
	slots := make([]chan checked, len(tests))
	for i := range slots {
		slots[i] = make(chan checked, 1)
	}
	work := make(chan int)
	for w := 0; w < max(1, jobs); w++ {
		go func() {
			for i := range work {
				r, err := mining.Check(ctx, prog, tests[i], opt)
				slots[i] <- checked{r, err}
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range tests {
			select {
			case work <- i:
			case <-ctx.Done():
				for _, s := range slots[i:] {
					close(s)
				}
				return
			}
		}
	}()
	go func() {
		defer close(out)
		for _, s := range slots {
			c, ok := <-s
			if !ok {
				return
			}
			out <- c
			if c.err != nil {
				return
			}
		}
	}()
	return out
}

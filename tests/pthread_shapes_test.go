package tests

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// mainShapes: pthread mains whose control flow structuring wraps around
// their thread operations: a failure between a create and a join behind
// a short-circuit condition (frontend/llvm/pthread_failpaths.go), and a
// return after the joins (pthread_hoist.go); and mains that join none of
// their threads (pthread_detached.go), detaching them or not. All were
// input errors but early_return.c.
// Columns: the .mm models (sc, tso, pso, relaxed, rmo), then rc11 and
// arm8.
var mainShapes = map[string]verdictRow{
	"abort_before_join.c":     {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"abort_before_join_bug.c": {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonRuntimeError, false},
	"early_return.c":          {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"early_return_bug.c":      {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// main returns without joining its threads (pthread_detached.go): a
	// thread that waits when the program ends is no deadlock
	"detached.c":     {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"detached_set.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// threads main detaches (pthread_detach, the detached attribute) and
	// never joins: the same as not joining them; the racy publisher is a
	// data race on rc11
	"detach.c":      {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"detach_attr.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"detach_bug.c":  {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
	// fib_bench as published: main checks while the threads run (relaxed:
	// values out of thin air, as for svcomp_fib.c)
	"verifier/svcomp_fib_nojoin.c":     {[]mining.Verdict{P, P, P, F, P, P, P}, mining.ReasonAssertion, true}, // reach_error() is the failing check
	"verifier/svcomp_fib_nojoin_bug.c": {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion, true},
}

func TestMainShapes(t *testing.T) {
	checkPthreadTable(t, append(append([]string{}, llvmModels...), "rc11", "arm8"), mainShapes, func(t *testing.T, file, m string, r *mining.Result) {
		if file != "detach_bug.c" || r.Reason != mining.ReasonAssertion {
			return
		}
		// main's code fails in a thread of its own: the empty final thread
		// did not start because of it, and says so
		var b strings.Builder
		report.WriteTrace(&b, r, report.TextOptions{})
		if want := "thread final (not started: thread t3 failed)"; !strings.Contains(b.String(), want) {
			t.Errorf("%s on %s: the trace lacks %q:\n%s", file, m, want, b.String())
		}
	})
}

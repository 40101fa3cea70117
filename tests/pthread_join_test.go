package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// A C11 Michael-Scott queue as a pthread program (llvm/pthread/msqueue.h):
// main joins its threads and then drains the queue and asserts on what
// the threads did. Its code after the joins may only run in executions
// where every thread completed: threads cut off at a loop bound are never
// joined (issue 18: a FAIL whose trace ran main's final code after two
// threads stopped at the bound). Joins one call per thread and in a loop
// must give the same verdicts; the bug (a plain store for the dequeue's
// CAS) must still be found, with a counterexample that is a real execution.
func TestPthreadJoins(t *testing.T) {
	needClang(t)
	cases := []struct {
		file string
		want mining.Verdict
	}{
		{"msqueue_joins.c", P},
		{"msqueue_joinloop.c", P},
		{"msqueue_bug.c", F},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, tc.file)
			for _, m := range []string{"sc", "tso", "relaxed"} {
				r := check(t, prog, test, mining.Options{Model: model(t, m)})
				if r.Verdict != tc.want {
					t.Errorf("%s on %s: %s %s (%s), want %s", tc.file, m, r.Verdict, r.Reason, r.Message, tc.want)
				}
				if r.Verdict == F && r.Reason != mining.ReasonAssertion {
					t.Errorf("%s on %s: FAIL for %s, want assertion", tc.file, m, r.Reason)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: the counterexample is not a real execution: %v", tc.file, m, err)
				}
			}
		})
	}
}

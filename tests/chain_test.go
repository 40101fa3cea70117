package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// chainPrograms: pthread programs whose retry rounds store and then write
// back what they read — polling under a mutex, a reader that retries with
// fetch_add and fetch_sub (docs/semantics.md, "Chains of
// read-modify-writes"). They converge on the five .mm models; before the
// rule every one was INCONCLUSIVE at any loop bound.
var chainPrograms = map[string]struct {
	want   mining.Verdict
	reason string
}{
	"poll_mutex.c":       {P, ""},
	"poll_mutex_late.c":  {F, mining.ReasonAssertion},
	"poll_mutex_never.c": {F, mining.ReasonLivelock},
	"rwlock_retry.c":     {P, ""},
}

func TestChainPrograms(t *testing.T) {
	needClang(t)
	for file, tc := range chainPrograms {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, m := range llvmModels {
				r := check(t, prog, test, mining.Options{Model: model(t, m), MaxUnroll: 8})
				if r.Verdict != tc.want {
					t.Errorf("%s on %s: %s, want %s (%s)", file, m, r.Verdict, tc.want, r.Message)
					continue
				}
				if r.Verdict == F && r.Reason != tc.reason {
					t.Errorf("%s on %s: FAIL for %s, want %s", file, m, r.Reason, tc.reason)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
			}
		})
	}
}

package tests

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// conditionVariablePrograms: pthread programs with condition variables
// (docs/semantics.md, "Condition variables"): consumers that wait in a
// loop pass; a consumer that checks once fails when a broadcast wakes both,
// and a single one when its wait wakes spuriously, inside a loop of its
// function or not; a wait with no signal after it is a deadlock. Columns:
// the .mm models (sc, tso, pso, relaxed, rmo), then rc11 and arm8.
var conditionVariablePrograms = map[string]struct {
	want   [7]mining.Verdict
	reason string
}{
	"condvar_while.c":  {[7]mining.Verdict{P, P, P, P, P, P, P}, ""},
	"condvar_if.c":     {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion},
	"condvar_if_one.c": {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion},
	"condvar_lost.c":   {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonDeadlock},
	// one consumer in a loop: under `if` only a spurious wakeup of the
	// wait inside the loop fails it
	"condvar_rounds_if.c":    {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion},
	"condvar_rounds_while.c": {[7]mining.Verdict{P, P, P, P, P, P, P}, ""},
	// the wait loop's rounds store a counter the producer reads
	"condvar_waiters.c": {[7]mining.Verdict{P, P, P, P, P, P, P}, ""},
	// allocated, set up with pthread_mutex_init and pthread_cond_init
	"condvar_init.c": {[7]mining.Verdict{P, P, P, P, P, P, P}, ""},
}

func TestConditionVariables(t *testing.T) {
	needClang(t)
	for file, tc := range conditionVariablePrograms {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			models := append(append([]string{}, llvmModels...), "rc11", "arm8")
			for mi, m := range models {
				opt := mining.Options{}
				if mi < len(llvmModels) {
					opt.Model = model(t, m)
				} else {
					opt.Cat = catModel(t, m)
				}
				r := check(t, prog, test, opt)
				if r.Verdict != tc.want[mi] {
					t.Errorf("%s on %s: %s, want %s (%s)", file, m, r.Verdict, tc.want[mi], r.Message)
					continue
				}
				if r.Verdict == F && r.Reason != tc.reason {
					t.Errorf("%s on %s: FAIL for %s, want %s", file, m, r.Reason, tc.reason)
				}
				if len(r.Flags) > 0 {
					t.Errorf("%s on %s: flags %v, want none (the counter is atomic)", file, m, r.Flags)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
				if file == "condvar_if_one.c" || file == "condvar_rounds_if.c" {
					// only a spurious wakeup fails it: the trace says so
					var b strings.Builder
					report.WriteTrace(&b, r, report.TextOptions{})
					if !strings.Contains(b.String(), "spurious wakeup") {
						t.Errorf("%s on %s: the trace does not name the spurious wakeup:\n%s", file, m, b.String())
					}
				}
			}
		})
	}
}

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
var conditionVariablePrograms = map[string]verdictRow{
	"condvar_while.c":  {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"condvar_if.c":     {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion, false},
	"condvar_if_one.c": {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion, false},
	"condvar_lost.c":   {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonDeadlock, false},
	// one consumer in a loop: under `if` only a spurious wakeup of the
	// wait inside the loop fails it
	"condvar_rounds_if.c":    {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion, false},
	"condvar_rounds_while.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	// the wait loop's rounds store a counter the producer reads
	"condvar_waiters.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	// allocated, set up with pthread_mutex_init and pthread_cond_init
	"condvar_init.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
}

func TestConditionVariables(t *testing.T) {
	models := append(append([]string{}, llvmModels...), "rc11", "arm8")
	checkPthreadTable(t, models, conditionVariablePrograms, func(t *testing.T, file, m string, r *mining.Result) {
		if file == "condvar_if_one.c" || file == "condvar_rounds_if.c" {
			// only a spurious wakeup fails it: the trace says so
			var b strings.Builder
			report.WriteTrace(&b, r, report.TextOptions{})
			if !strings.Contains(b.String(), "spurious wakeup") {
				t.Errorf("%s on %s: the trace does not name the spurious wakeup:\n%s", file, m, b.String())
			}
		}
	})
}

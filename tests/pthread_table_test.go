package tests

import (
	"slices"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// The tables of pthread programs (condvar, join results, phases,
// synchronization, LLMC): each program under llvm/pthread is checked on
// every model of its table.

// modelOptions checks on the built-in model name: a .mm model or a cat
// model (rc11, arm8, power, …).
func modelOptions(t *testing.T, name string) mining.Options {
	t.Helper()
	if slices.Contains(llvmModels, name) {
		return mining.Options{Model: model(t, name)}
	}
	return mining.Options{Model: catModel(t, name)}
}

// verdictRow is what one program must give.
// orReason is a second reason a program's FAIL may have: when its bug
// shows as two failures, the solver may find either first.
var orReason = map[string]string{
	// the relaxed publication: an uninitialised read, or a value the
	// harness's assertion rejects
	"c11bench/treiber_2_2_relaxed_bug.c": mining.ReasonAssertion,
	// the plain store for the CAS: on rc11 a popper's racy read of the
	// node's value may also read the block's uninitialised contents,
	// which the drain in main then compares
	"c11bench/treiber_2_2_store_bug.c": mining.ReasonRuntimeError,
	// pop's CAS with a relaxed failure order: the racy read of
	// top->next finds the node uninitialised, or a value the harness
	// rejects
	"c11bench/treiber_2_2_pop_acq_rlx_bug.c": mining.ReasonAssertion,
	// pop's CAS with a seq_cst success and relaxed failure order: the
	// same two failures as the acquire one (which one the search finds
	// first depends on the solver's variable numbering)
	"c11bench/treiber_2_2_pop_sc_rlx_bug.c": mining.ReasonAssertion,
}

type verdictRow struct {
	want   []mining.Verdict // one per model of the table
	reason string           // of its FAILs ("": an assertion)
	racy   bool             // rc11 flags a race; no other model flags anything
}

// checkPthreadTable checks each program on each model, in parallel
// subtests: the verdict, the reason of a FAIL, the flags, and that a
// counterexample is a real execution. more, when not nil, looks further at
// each result that has the wanted verdict.
func checkPthreadTable(t *testing.T, models []string, rows map[string]verdictRow, more func(t *testing.T, file, model string, r *mining.Result)) {
	t.Helper()
	needClang(t)
	for file, row := range rows {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			if len(row.want) != len(models) {
				t.Fatalf("%s: %d verdicts for %d models", file, len(row.want), len(models))
			}
			reason := row.reason
			if reason == "" {
				reason = mining.ReasonAssertion
			}
			prog, test := loadPthread(t, file)
			for mi, m := range models {
				r := check(t, prog, test, modelOptions(t, m))
				if r.Verdict != row.want[mi] {
					t.Errorf("%s on %s: %s, want %s (%s)", file, m, r.Verdict, row.want[mi], r.Message)
					continue
				}
				if r.Verdict == mining.Fail && r.Reason != reason && r.Reason != orReason[file] {
					t.Errorf("%s on %s: FAIL for %s, want %s", file, m, r.Reason, reason)
				}
				if racy := len(r.Flags) > 0; racy != (row.racy && m == "rc11") {
					t.Errorf("%s on %s: flags %v", file, m, r.Flags)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
				if more != nil {
					more(t, file, m, r)
				}
			}
		})
	}
}

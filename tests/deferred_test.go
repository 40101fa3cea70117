package tests

import (
	"fmt"
	"maps"
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// TestDeferredFailureProofs compares the check that defers its rounds'
// proofs that no execution fails (mining/deferred.go) with the check that
// proves each before raising a bound, on the fast rows of
// datatypes/expected.csv that fail or need more than one round. A budget
// of one conflict defers nearly every proof, so a failure is found in a
// later round and traced back: the verdict, the reason and the unrolling
// the failure is reported in must be the same, and the counterexample a
// real execution. Then, with --max-unroll at the reported unrolling's
// largest bound, the deferring check must still report the failure: the
// deferred rounds are checked before INCONCLUSIVE.
func TestDeferredFailureProofs(t *testing.T) {
	programs := map[string]*datatypes.Program{}
	backtracked := 0
	for _, row := range driverRows(t) {
		t.Run(row.String(), func(t *testing.T) {
			p, test := rowProgram(t, programs, row)
			run := func(budget int64, maxUnroll int) *mining.Result {
				t.Helper()
				return checkRowReal(t, p, test, row, fmt.Sprintf("budget %d", budget), func(o *mining.Options) {
					o.FailureBudget = budget
					if maxUnroll > 0 {
						o.MaxUnroll = maxUnroll
					}
				})
			}
			proved := run(-1, 0)
			if proved.Verdict == mining.Pass && proved.Stats.Rounds == 1 {
				return // nothing raised, nothing deferred
			}
			deferring := run(1, 0)
			if deferring.Verdict != proved.Verdict || deferring.Reason != proved.Reason {
				t.Fatalf("deferring: %s %s (%s); proving each round: %s %s (%s)", deferring.Verdict, deferring.Reason,
					deferring.Message, proved.Verdict, proved.Reason, proved.Message)
			}
			if proved.Verdict != mining.Fail {
				return
			}
			if !maps.Equal(deferring.Bounds, proved.Bounds) {
				t.Errorf("the failure is reported with bounds %v, proving each round with %v", deferring.Bounds, proved.Bounds)
			}
			if deferring.Stats.Rounds > proved.Stats.Rounds {
				backtracked++
			}
			limit := 1
			for _, b := range proved.Bounds {
				limit = max(limit, b)
			}
			if r := run(1, limit); r.Verdict != mining.Fail || !maps.Equal(r.Bounds, proved.Bounds) {
				t.Errorf("with --max-unroll=%d: %s %s (%s) with bounds %v, want FAIL with %v", limit, r.Verdict, r.Reason, r.Message, r.Bounds, proved.Bounds)
			}
		})
	}
	// the comparison means something only if some failures were traced
	// back through deferred rounds (nine of the rows when this was written)
	if backtracked < 3/driverStride() {
		t.Errorf("only %d failing rows went back to a deferred round", backtracked)
	}
}

// TestDeferredFailureProofsWholePrograms is the same comparison on pthread
// programs, whose sizing pass defers its rounds' proofs as well; without
// the simulation that sizes the first unrolling, the pass has more rounds
// to defer.
func TestDeferredFailureProofsWholePrograms(t *testing.T) {
	needClang(t)
	files := []string{"msqueue_bug.c", "racy.c", "mp_relaxed.c", "handoff.c", "c11/msq_2_2_bug.c", "c11/treiber_2_2_bug.c", "msqueue_joins.c"}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, c := range []struct {
				m     string
				nosim bool
			}{{"sc", false}, {"relaxed", false}, {"sc", true}, {"relaxed", true}} {
				m := c.m
				if c.nosim {
					m += " (no simulation: more rounds)"
				}
				opt := mining.Options{Model: model(t, c.m), NoSimulation: c.nosim, FailureBudget: -1}
				proved := check(t, prog, test, opt)
				opt.FailureBudget = 1
				deferring := check(t, prog, test, opt)
				if deferring.Verdict != proved.Verdict || deferring.Reason != proved.Reason {
					t.Errorf("%s: deferring: %s %s (%s); proving each round: %s %s (%s)", m, deferring.Verdict, deferring.Reason,
						deferring.Message, proved.Verdict, proved.Reason, proved.Message)
				}
				if proved.Verdict == mining.Fail && !maps.Equal(deferring.Bounds, proved.Bounds) {
					t.Errorf("%s: the failure is reported with bounds %v, proving each round with %v", m, deferring.Bounds, proved.Bounds)
				}
				for _, r := range []*mining.Result{proved, deferring} {
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s: the counterexample is not a real execution: %v", m, err)
					}
				}
			}
		})
	}
}

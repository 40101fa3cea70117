package tests

import (
	"sync/atomic"
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// incrementalUse counts, over one check, the rounds added to an earlier
// round's solver and the groups of instructions they kept.
type incrementalUse struct{ rounds, kept int }

func (u *incrementalUse) note(e mining.QueryEvent) {
	if e.Kind == mining.EventEncode && !e.Serial && e.Groups > 0 {
		u.rounds++
		u.kept += e.Kept
	}
}

// TestIncrementalMatchesRebuild compares the check whose unrolling rounds
// share one circuit and SAT solver (encode/incremental.go: the clauses of
// the instructions a round keeps stay in the solver, with what it learned)
// with the check that encodes every round from scratch, on the fast rows of
// datatypes/expected.csv that fail or are checked on relaxed. Without the
// simulation that sizes the first unrolling most of them take several
// rounds. The verdicts and reasons must be the same and a counterexample a
// real execution; and the comparison must have exercised the shared
// solver: rounds that kept clauses of the round before.
func TestIncrementalMatchesRebuild(t *testing.T) {
	programs := map[string]*datatypes.Program{}
	keptRounds := 0
	for _, row := range driverRows(t) {
		t.Run(row.String(), func(t *testing.T) {
			p, test := rowProgram(t, programs, row)
			var use incrementalUse
			shared := checkRowReal(t, p, test, row, "incremental", func(o *mining.Options) {
				o.NoSimulation = true
				o.Incremental = true
				o.OnQuery = use.note
			})
			rebuilt := checkRowReal(t, p, test, row, "rebuilt", func(o *mining.Options) {
				o.NoSimulation = true
			})
			if shared.Verdict != rebuilt.Verdict || shared.Reason != rebuilt.Reason {
				t.Fatalf("incremental: %s %s (%s); each round from scratch: %s %s (%s)", shared.Verdict, shared.Reason,
					shared.Message, rebuilt.Verdict, rebuilt.Reason, rebuilt.Message)
			}
			if shared.Verdict != row.Verdict {
				t.Errorf("%s, want %s", shared.Verdict, row.Verdict)
			}
			if use.kept > 0 {
				keptRounds += use.rounds
			}
		})
	}
	if keptRounds < 20/driverStride() {
		t.Errorf("only %d rounds were added to a solver that kept clauses of the round before", keptRounds)
	}
}

// TestIncrementalWholePrograms is the same comparison on pthread programs
// (their sizing pass and their check share the solver), on the .mm
// models.
func TestIncrementalWholePrograms(t *testing.T) {
	needClang(t)
	files := []string{"msqueue_bug.c", "racy.c", "mp_relaxed.c", "handoff.c", "c11/msq_2_1.c", "c11/msq_2_2_bug.c",
		"c11/treiber_2_2.c", "c11/treiber_2_2_bug.c", "msqueue_joins.c", "detached.c", "barrier_rounds.c",
		// fails in the third round only, after a loop whose bound the
		// rounds raise: it FAILs only if no clause of the second round
		// about the load after the loop survives
		"late_exit.c"}
	var keptRounds atomic.Int64
	t.Run("programs", func(t *testing.T) {
		for _, file := range files {
			t.Run(file, func(t *testing.T) {
				t.Parallel()
				checkIncrementalProgram(t, file, &keptRounds)
			})
		}
	})
	if keptRounds.Load() < 5 {
		t.Errorf("only %d rounds were added to a solver that kept clauses of the round before", keptRounds.Load())
	}
}

func checkIncrementalProgram(t *testing.T, file string, keptRounds *atomic.Int64) {
	prog, test := loadPthread(t, file)
	for _, m := range []string{"sc", "tso", "pso", "relaxed", "rmo"} {
		var use incrementalUse
		shared := check(t, prog, test, mining.Options{Model: model(t, m), NoSimulation: true, Incremental: true, OnQuery: use.note})
		rebuilt := check(t, prog, test, mining.Options{Model: model(t, m), NoSimulation: true})
		if shared.Verdict != rebuilt.Verdict || shared.Reason != rebuilt.Reason {
			t.Errorf("%s: incremental %s %s (%s); each round from scratch %s %s (%s)", m, shared.Verdict, shared.Reason,
				shared.Message, rebuilt.Verdict, rebuilt.Reason, rebuilt.Message)
		}
		if err := shared.CheckCounterexample(); err != nil {
			t.Errorf("%s: incremental: %v", m, err)
		}
		if use.kept > 0 {
			keptRounds.Add(int64(use.rounds))
		}
	}
}

package mining

import (
	"context"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/memmodel"
)

// TestPresizeExtendsSimulationOutOfBudget: when a query of the sizing pass
// runs out of its budget, the runs search on (simStepsPerConflict
// accesses per conflict the query spent), and if they find a loop that
// needs more, the pass encodes the next round at once: no check, failure
// or raise query at the old bounds. If they find nothing, the check goes
// on with the same round, as before. Both give the plain verdict. The
// first search is cut to one run and the budget to one conflict, so that
// the bounds it starts from are short of the MS queue's.
func TestPresizeExtendsSimulationOutOfBudget(t *testing.T) {
	prog, test := loadPthread(t, "c11/msq_2_2.c")
	defer func(c int64, s, p int) { presizeConflicts, simStepBudget, simStepsPerConflict = c, s, p }(presizeConflicts, simStepBudget, simStepsPerConflict)
	plain, err := Check(context.Background(), prog, test, Options{Model: memmodel.MustBuiltin("sc")})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Verdict != Pass {
		t.Fatalf("plain: %s %s", plain.Verdict, plain.Message)
	}
	presizeConflicts, simStepBudget = 1, 1
	for _, tc := range []struct {
		perConflict int
		extends     bool
	}{{0, false}, {1_000_000, true}} {
		simStepsPerConflict = tc.perConflict
		var events []QueryEvent
		r, err := Check(context.Background(), prog, test, Options{Model: memmodel.MustBuiltin("sc"),
			OnQuery: func(e QueryEvent) { events = append(events, e) }})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != plain.Verdict || r.Reason != plain.Reason {
			t.Errorf("%d accesses a conflict: %s %s, plain %s %s", tc.perConflict, r.Verdict, r.Reason, plain.Verdict, plain.Reason)
		}
		// the first query, and what follows it
		var first, next *QueryEvent
		for i := range events {
			if events[i].Kind != EventQuery || events[i].Round != 1 || events[i].Phase != "size" {
				continue
			}
			first = &events[i]
			if i+1 < len(events) {
				next = &events[i+1]
			}
			break
		}
		if first == nil || first.Result != sat.Budget {
			t.Fatalf("%d accesses a conflict: the first size query did not run out of its budget: %+v", tc.perConflict, first)
		}
		if next == nil {
			t.Fatalf("%d accesses a conflict: nothing after the first size query", tc.perConflict)
		}
		extended := next.Kind == EventEncode && next.Round == 2 && len(next.Raised) > 0
		if extended != tc.extends {
			t.Errorf("%d accesses a conflict: after the first size query came %s round %d phase %q raising %v, want a new round %v",
				tc.perConflict, next.Kind, next.Round, next.Phase, next.Raised, tc.extends)
		}
		t.Logf("%d accesses a conflict: %d rounds, %d queries logged", tc.perConflict, r.Stats.Rounds, len(events))
	}
}

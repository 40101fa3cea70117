package tests

import (
	"context"
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// Lazy unrolling spends its extra queries within a budget of conflicts,
// not of time (mining.raiseAll), so a check gives the same rounds, bounds
// and CNF however fast or loaded the machine is. Each row is checked
// twice on one deterministic backend and the statistics compared.
func TestLazyUnrollingDeterministic(t *testing.T) {
	rows := []datatypes.Row{
		{Datatype: "msn", Variant: "fenced", Test: "Tpc3", Model: "relaxed", Verdict: mining.Pass},
		{Datatype: "ms2", Variant: "fenced", Test: "T53", Model: "relaxed", Verdict: mining.Pass},
		{Datatype: "lazylist", Variant: "fenced", Test: "Sac", Model: "relaxed", Verdict: mining.Pass},
	}
	for _, row := range rows {
		t.Run(row.Datatype+"/"+row.Test, func(t *testing.T) {
			p, test := rowProgram(t, nil, row)
			var runs [2]*mining.Result
			for i := range runs {
				r, err := p.CheckRow(context.Background(), test, row, datatypeTimeout, func(o *mining.Options) {
					o.Solver = sat.SolverOptions{Backend: sat.Gini}
				})
				if err != nil {
					t.Fatal(err)
				}
				if r.Verdict != row.Verdict {
					t.Fatalf("run %d: %s %s (%s), want %s", i, r.Verdict, r.Reason, r.Message, row.Verdict)
				}
				runs[i] = r
			}
			sameRuns(t, runs[0], runs[1])
		})
	}
}

// sameRuns fails unless two checks of one input unrolled and encoded
// alike: the same rounds, instructions, CNF, conflicts and bounds.
func sameRuns(t *testing.T, a, b *mining.Result) {
	t.Helper()
	type key struct {
		Rounds, Instrs, Vars, Clauses int
		Conflicts                     int64
	}
	ka := key{a.Stats.Rounds, a.Stats.Instrs, a.Stats.Vars, a.Stats.Clauses, a.Stats.Conflicts}
	kb := key{b.Stats.Rounds, b.Stats.Instrs, b.Stats.Vars, b.Stats.Clauses, b.Stats.Conflicts}
	if ka != kb {
		t.Errorf("two runs differ: %+v and %+v", ka, kb)
	}
	if fmt.Sprint(a.Bounds) != fmt.Sprint(b.Bounds) {
		t.Errorf("bounds %v, then %v", a.Bounds, b.Bounds)
	}
}

package tests

// Repeatable runs: the same inputs give the same output on every run and
// on any machine: the counterexample text (the circuit is built in a fixed
// order) and lazy unrolling's rounds, bounds and CNF (its extra queries
// spend a budget of conflicts, not of time).

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
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

// TestDeterministicCounterexample checks that the same inputs give the same
// counterexample text on every run (the circuit is built in a fixed order).
func TestDeterministicCounterexample(t *testing.T) {
	prog, tf := load(t, "lslqueue/msn.tst", "lslqueue/msn_nofence.lsl")
	m := model(t, "relaxed")
	var first string
	for run := 0; run < 3; run++ {
		r := check(t, prog, tf.Tests[0], mining.Options{Model: m})
		if r.Verdict != mining.Fail {
			t.Fatalf("verdict %s, want FAIL", r.Verdict)
		}
		var b bytes.Buffer
		report.WriteTrace(&b, r, report.TextOptions{})
		if run == 0 {
			first = b.String()
		} else if b.String() != first {
			t.Fatalf("run %d differs:\n%s\nvs\n%s", run, b.String(), first)
		}
	}
}

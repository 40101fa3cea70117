package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestFaintCounterPrograms: retry loops that count their rounds in locals
// nobody reads converge (docs/semantics.md, "Faint registers"); with the
// counters' assignments kept they run to the unroll limit.
func TestFaintCounterPrograms(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "retry_counters.c")
	for _, m := range llvmModels {
		r := check(t, prog, test, mining.Options{Model: model(t, m)})
		if r.Verdict != P {
			t.Errorf("retry_counters.c on %s: %s, want PASS (%s)", m, r.Verdict, r.Message)
		}
	}
	r := check(t, prog, test, mining.Options{Model: model(t, "sc"), KeepFaint: true, MaxUnroll: 6})
	if r.Verdict != mining.Inconclusive || r.Reason != mining.ReasonUnrollLimit {
		t.Errorf("retry_counters.c on sc with the counters kept: %s (%s), want INCONCLUSIVE at the unroll limit", r.Verdict, r.Reason)
	}
}

// TestFaintMatchesKeptAssignments compares, at the bounds where the
// programs converge, the executions of the unrolling without the faint
// assignments with those of the unrolling that keeps them: the same
// observations of complete executions and the same failures.
func TestFaintMatchesKeptAssignments(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "retry_counters.c")
	progs := []ruleProgram{{"retry_counters.c", prog, test}}
	c, err := refcheck.ReadCase("../refcheck/testdata/corners/fair_faint_counter.lsl")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range c.Tests {
		progs = append(progs, ruleProgram{"fair_faint_counter.lsl " + tc.Name, c.Prog, tc})
	}
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			for _, m := range llvmModels {
				sameAtConvergedBounds(t, p, m, "without the faint assignments", "with them", func(o *mining.Options) { o.KeepFaint = true })
			}
		})
	}
}

package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// TestInheritInnerOnDataTypes compares the check with a new iteration's
// inner loops starting at 2 when every iteration before needed 2
// (mining/check.go, inheritInner) and the plain lazy unrolling that starts
// them at 1 (SPEC §6), on the fast rows of datatypes/expected.csv: the same
// verdict and reason, real counterexamples, and on a PASS final bounds at
// least those the plain rounds reached (the inherited bounds only add). It
// also requires that the rule spared rounds somewhere, so that the
// comparison means something.
func TestInheritInnerOnDataTypes(t *testing.T) {
	programs := map[string]*datatypes.Program{}
	saved, more := 0, 0
	for _, row := range driverRows(t) {
		t.Run(row.String(), func(t *testing.T) {
			p, test := rowProgram(t, programs, row)
			run := func(inherit bool) *mining.Result {
				t.Helper()
				what := "inherit"
				if !inherit {
					what = "plain"
				}
				return checkRowReal(t, p, test, row, what, func(o *mining.Options) {
					o.NoInheritInner = !inherit
				})
			}
			plain, inh := run(false), run(true)
			if inh.Verdict != plain.Verdict || inh.Reason != plain.Reason {
				t.Fatalf("inheriting: %s %s (%s); plain: %s %s (%s)", inh.Verdict, inh.Reason, inh.Message,
					plain.Verdict, plain.Reason, plain.Message)
			}
			if plain.Verdict == mining.Pass {
				for key, b := range raisedBounds(plain.Bounds) {
					if inh.Bounds[key] < b {
						t.Errorf("loop %s: final bound %d inheriting, %d plain", key, inh.Bounds[key], b)
					}
				}
			}
			if inh.Stats.Rounds < plain.Stats.Rounds {
				saved++
			}
			if inh.Stats.Rounds > plain.Stats.Rounds {
				more++
			}
		})
	}
	if saved == 0 {
		t.Errorf("inheriting spared no rounds on %d rows", len(driverRows(t)))
	}
	t.Logf("rounds spared on %d rows, more rounds on %d", saved, more)
}

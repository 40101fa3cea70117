package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestInheritInnerOnDataTypes compares the check with a new iteration's
// inner loops starting at 2 when every iteration before needed 2
// (mining/check.go, inheritInner) and the plain lazy unrolling that starts
// them at 1 (SPEC §6), on the fast rows of datatypes/expected.csv: the same
// verdict and reason, real counterexamples, and on a PASS final bounds at
// least those the plain rounds reached (the inherited bounds only add). It
// also requires that the rule spared rounds somewhere, so that the
// comparison means something. Both checks go without the simulation's
// runs, which since 2026-12-01 start the inner loops of later iterations
// at their own first bound and leave the rule no round to spare on these
// rows.
func TestInheritInnerOnDataTypes(t *testing.T) {
	c := compareOnDataTypes(t, "inherited inner bounds", func(o *mining.Options, inherit bool) {
		o.NoInheritInner = !inherit
		o.NoSimulation = true
	})
	if c.saved == 0 {
		t.Errorf("inheriting spared no rounds on %d rows", len(driverRows(t)))
	}
	t.Logf("rounds spared on %d rows, more rounds on %d", c.saved, c.more)
}

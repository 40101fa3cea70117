package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestDcasLitmus: a reader that sees one store of a DCAS sees the other
// (Dxy, Dyx; Dchain: a second DCAS reads the first's stores together),
// and two CASes give no such atomicity (Cxy), on the models whose checks
// place a multi-location block at one instant; on power and rc11 the
// DCAS tests are INCONCLUSIVE (atomic-block), the CAS test still FAILs
// (tests/dcaslitmus/dcas.c; docs/models.md, "Atomic blocks on cat
// models").
func TestDcasLitmus(t *testing.T) {
	prog, tf := load(t, "dcaslitmus/dcas.tst", "dcaslitmus/dcas.c")
	const (
		P = mining.Pass
		F = mining.Fail
		I = mining.Inconclusive
	)
	// verdicts of Dxy, Dyx, Dchain, Cxy
	rows := map[string][4]mining.Verdict{
		"sc":      {P, P, P, F},
		"relaxed": {P, P, P, F},
		"sc-cat":  {P, P, P, F},
		"tso-cat": {P, P, P, F},
		"arm8":    {P, P, P, F},
		"riscv":   {P, P, P, F},
		"power":   {I, I, I, F},
		"rc11":    {I, I, I, F},
	}
	order := map[string]int{"Dxy": 0, "Dyx": 1, "Dchain": 2, "Cxy": 3}
	for name, want := range rows {
		for _, test := range tf.Tests {
			i, ok := order[test.Name]
			if !ok {
				t.Fatalf("%s: not in the table", test.Name)
			}
			r := check(t, prog, test, mining.Options{Model: model(t, name)})
			if r.Verdict != want[i] {
				t.Errorf("%s on %s: %s (%s: %s), want %s", test.Name, name, r.Verdict, r.Reason, r.Message, want[i])
			}
			if r.Verdict == I && r.Reason != mining.ReasonAtomicBlock {
				t.Errorf("%s on %s: INCONCLUSIVE (%s), want %s", test.Name, name, r.Reason, mining.ReasonAtomicBlock)
			}
			if err := r.CheckCounterexample(); err != nil {
				t.Errorf("%s on %s: %v", test.Name, name, err)
			}
		}
	}
}

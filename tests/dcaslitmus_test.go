package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestDcasLitmus: a reader that sees one store of a DCAS sees the other
// (Dxy, Dyx; Dchain: a second DCAS reads the first's stores together),
// unless its own loads are reordered (Dnf: a FAIL through the DCAS on
// arm8 and riscv), and two CASes give no such atomicity (Cxy), on the
// models whose checks place a multi-location block at one instant; on
// power and rc11 a counterexample through the DCAS is INCONCLUSIVE
// (atomic-block), the CAS test still FAILs (tests/dcaslitmus/dcas.c;
// docs/models.md, "Atomic blocks on cat models"). Each FAIL's execution
// on a cat model is consistent for the evaluator, built-in checks of
// atomic blocks included.
func TestDcasLitmus(t *testing.T) {
	prog, tf := load(t, "dcaslitmus/dcas.tst", "dcaslitmus/dcas.c")
	const (
		P = mining.Pass
		F = mining.Fail
		I = mining.Inconclusive
	)
	// verdicts of Dxy, Dyx, Dnf, Dchain, Cxy
	rows := map[string][5]mining.Verdict{
		"sc":      {P, P, P, P, F},
		"relaxed": {P, P, F, P, F},
		"sc-cat":  {P, P, P, P, F},
		"tso-cat": {P, P, P, P, F},
		"arm8":    {P, P, F, P, F},
		"riscv":   {P, P, F, P, F},
		"power":   {I, I, I, I, F},
		"rc11":    {I, I, I, I, F},
	}
	order := map[string]int{"Dxy": 0, "Dyx": 1, "Dnf": 2, "Dchain": 3, "Cxy": 4}
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
			if r.Verdict != F || r.Trace.Cat == nil {
				continue
			}
			x := r.Trace.Cat.Candidate.Execution()
			if res := r.Trace.Cat.Model.Eval(x); !res.Consistent() {
				t.Errorf("%s on %s: the counterexample violates %v %v", test.Name, name, res.Violated, res.ViolatedTxn)
			}
			if (x.Stxn != nil) != (test.Name == "Dnf") {
				t.Errorf("%s on %s: a transaction in the counterexample: %v", test.Name, name, x.Stxn != nil)
			}
		}
	}
}

package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestMultiLocationAtomicBlocks: a DCAS is atomic on the .mm models and
// on the cat models whose checks the built-in checks of atomic blocks
// lift (cat.TxnAtOneInstant: sc-cat, tso-cat, arm8, riscv); on power,
// whose irreflexive observation check they do not lift, a counterexample
// through a multi-location block is INCONCLUSIVE (atomic-block), never
// FAIL, and single-location blocks (a CAS) keep their verdicts
// (tests/dcasblock/dcas.c).
func TestMultiLocationAtomicBlocks(t *testing.T) {
	prog, tf := load(t, "dcasblock/dcas.tst", "dcasblock/dcas.c")
	type want struct {
		verdict mining.Verdict
		reason  string
	}
	pass := want{mining.Pass, ""}
	distrusted := want{mining.Inconclusive, mining.ReasonAtomicBlock}
	rows := []struct {
		model    string
		dcas, cs want
	}{
		{"sc", pass, pass},
		{"relaxed", pass, pass},
		{"sc-cat", pass, pass},
		{"tso-cat", pass, pass},
		{"arm8", pass, pass},
		{"riscv", pass, pass},
		{"power", distrusted, pass},
	}
	for _, row := range rows {
		for _, test := range tf.Tests {
			w := row.dcas
			if test.Name == "Cas" {
				w = row.cs
			}
			r := check(t, prog, test, mining.Options{Model: model(t, row.model)})
			if r.Verdict != w.verdict || string(r.Reason) != w.reason {
				t.Errorf("%s on %s: %s (%s: %s), want %s (%s)", test.Name, row.model, r.Verdict, r.Reason, r.Message, w.verdict, w.reason)
			}
		}
	}
}

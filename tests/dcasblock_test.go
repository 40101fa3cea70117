package tests

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// TestMultiLocationAtomicBlocks: a DCAS is atomic on the .mm models and
// on the cat models whose checks the built-in checks of atomic blocks
// lift (cat.TxnAtOneInstant: sc-cat, tso-cat, arm8, riscv, and power,
// whose irreflexive observation check is lifted as a walk); on a model
// that they do not lift, a counterexample through a multi-location block
// is INCONCLUSIVE (atomic-block), never FAIL (TestAtomicBlockDistrusted),
// and single-location blocks (a CAS) keep their verdicts
// (tests/dcasblock/dcas.c).
func TestMultiLocationAtomicBlocks(t *testing.T) {
	prog, tf := load(t, "dcasblock/dcas.tst", "dcasblock/dcas.c")
	type want struct {
		verdict mining.Verdict
		reason  string
	}
	pass := want{mining.Pass, ""}
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
		{"power", pass, pass},
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

// TestAtomicBlockDistrusted: on a user model whose irreflexivity check
// is no composition (power's observation written as a union with the
// empty fre & id), the checks of atomic blocks do not lift it
// (cat.TxnAtOneInstant), and the counterexample power's lifted
// observation forbids — a reader that sees the DCAS's store of x, then
// after a sync not its store of y — is INCONCLUSIVE (atomic-block), the
// CAS test still PASSes.
func TestAtomicBlockDistrusted(t *testing.T) {
	src, _ := cat.BuiltinSource("power")
	const obs = "irreflexive fre; prop; hb* as observation"
	text := strings.Replace(string(src), obs, "irreflexive (fre; prop; hb*) | (fre & id) as observation", 1)
	if text == string(src) {
		t.Fatalf("power.cat has no line %q", obs)
	}
	cm, err := cat.Parse("power-union.cat", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	m := memmodel.FromCat(cm)
	if m.Props().AtomicBlocks {
		t.Fatal("the union's observation is lifted")
	}
	prog, tf := load(t, "dcasblock/dcas.tst", "dcasblock/dcas.c")
	for _, test := range tf.Tests {
		want := mining.Inconclusive
		if test.Name == "Cas" {
			want = mining.Pass
		}
		r := check(t, prog, test, mining.Options{Model: m})
		if r.Verdict != want || r.Verdict == mining.Inconclusive && r.Reason != mining.ReasonAtomicBlock {
			t.Errorf("%s: %s (%s: %s), want %s", test.Name, r.Verdict, r.Reason, r.Message, want)
		}
	}
}

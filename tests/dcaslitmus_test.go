package tests

import (
	"context"
	"testing"

	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// TestDcasLitmus: a reader that sees one store of a DCAS sees the other
// (Dxy, Dyx; Dchain: a second DCAS reads the first's stores together),
// unless its own loads are reordered (Dnf: a FAIL through the DCAS on
// arm8, riscv and power), and two CASes give no such atomicity (Cxy), on
// every model: the built-in checks of atomic blocks place a
// multi-location block at one instant of each order, and at one event
// of the walks that power's and rc11's irreflexivity checks forbid
// (tests/dcaslitmus/dcas.c; docs/semantics.md, "Atomic blocks on cat
// models"). On rc11 the C readers' plain loads race with the DCAS and
// order nothing, so Dxy, Dyx, Dnf and Dchain FAIL there; its C11
// readers tell: an acquire load of x orders the load of y after it
// (Dacq PASSes), two relaxed loads do not (Drlx FAILs, as on the
// hardware C11 compiles to). On power the acquire load's lwsync (Dacq)
// or a load-load fence (Dlw) orders the loads but a DCAS's stores, like
// any two stores without a fence between them, propagate to the reader
// separately (Dacq and Dlw FAIL; with
// the reader's sync, Dxy PASSes: power's observation walk enters the
// DCAS at one store and leaves it at the other). Each FAIL's execution
// on a cat model is consistent for the evaluator, built-in checks of
// atomic blocks included.
func TestDcasLitmus(t *testing.T) {
	prog, tf := load(t, "dcaslitmus/dcas.tst", "dcaslitmus/dcas.c")
	const (
		P = mining.Pass
		F = mining.Fail
		I = mining.Inconclusive
	)
	// verdicts of Dxy, Dyx, Dnf, Dchain, Cxy, Dacq, Drlx, Dlw
	rows := map[string][8]mining.Verdict{
		"sc":      {P, P, P, P, F, P, P, P},
		"relaxed": {P, P, F, P, F, P, F, P},
		"sc-cat":  {P, P, P, P, F, P, P, P},
		"tso-cat": {P, P, P, P, F, P, P, P},
		"arm8":    {P, P, F, P, F, P, F, P},
		"riscv":   {P, P, F, P, F, P, F, P},
		"power":   {P, P, F, P, F, F, F, F},
		"rc11":    {F, F, F, F, F, P, F, F},
	}
	order := map[string]int{"Dxy": 0, "Dyx": 1, "Dnf": 2, "Dchain": 3, "Cxy": 4, "Dacq": 5, "Drlx": 6, "Dlw": 7}
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
			if (x.Stxn != nil) != (test.Name != "Cxy") {
				t.Errorf("%s on %s: a transaction in the counterexample: %v", test.Name, name, x.Stxn != nil)
			}
		}
	}
}

// TestDcasLitmusPowerTxn: a user model that names stxn (the built-in base
// relation of transactions) can say what the built-in checks do not. On
// tests/dcaslitmus/power-txn.cat, power with Chong, Sorensen and
// Wickerson's transactional propagation (stxn ; rfe in prop), a DCAS's
// stores reach a reader together: Dlw, which FAILs on power, PASSes, and
// the other verdicts are power's (the C11 readers are refused on a user
// model: docs/models.md).
func TestDcasLitmusPowerTxn(t *testing.T) {
	prog, tf := load(t, "dcaslitmus/dcas.tst", "dcaslitmus/dcas.c")
	m, err := memmodel.Load(context.Background(), "dcaslitmus/power-txn.cat")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]mining.Verdict{"Dxy": mining.Pass, "Dyx": mining.Pass, "Dnf": mining.Fail, "Dchain": mining.Pass, "Cxy": mining.Fail, "Dlw": mining.Pass}
	seen := 0
	for _, test := range tf.Tests {
		w, ok := want[test.Name]
		if !ok {
			continue
		}
		seen++
		r := check(t, prog, test, mining.Options{Model: m})
		if r.Verdict != w {
			t.Errorf("%s: %s (%s: %s), want %s", test.Name, r.Verdict, r.Reason, r.Message, w)
		}
		if r.Verdict != mining.Fail {
			continue
		}
		if err := r.CheckCounterexample(); err != nil {
			t.Errorf("%s: %v", test.Name, err)
		}
		if res := r.Trace.Cat.Model.Eval(r.Trace.Cat.Candidate.Execution()); !res.Consistent() {
			t.Errorf("%s: the counterexample violates %v %v", test.Name, res.Violated, res.ViolatedTxn)
		}
	}
	if seen != len(want) {
		t.Fatalf("%d of the %d tests found", seen, len(want))
	}
}

package cat

import (
	"slices"
	"strings"
	"testing"
)

// TestWalkFactors: the factors of the built-in models' irreflexivity
// checks stop at the named relations, named closures lifted as closures.
func TestWalkFactors(t *testing.T) {
	kind := map[FactorKind]string{FactorOne: "", FactorOpt: "?", FactorStar: "*", FactorPlus: "+", FactorFilter: "[]"}
	want := map[string]string{
		"power/observation": "fre prop hb*",
		"rc11/coherence":    "hb eco?",
		"lkmm/rcu":          "prop rcu-fence hb* pb* [marked][]",
	}
	for key, w := range want {
		name, check, _ := strings.Cut(key, "/")
		m, _ := Builtin(name)
		var c *Constraint
		for _, k := range m.Checks() {
			if k.Name == check {
				c = k
			}
		}
		fs, ok := WalkFactors(c.Expr)
		var got []string
		for _, f := range fs {
			s := f.Rel.Label
			if s == "" {
				s = f.Rel.String()
			}
			got = append(got, s+kind[f.Kind])
		}
		if g := strings.Join(got, " "); g != w || !ok || !LiftsToTxnWalk(c) {
			t.Errorf("%s: factors %q (lifts %v), want %q", key, g, ok, w)
		}
	}
}

// TestTxnWalk: rc11's coherence, lifted, forbids a reader that
// synchronises with a DCAS's first store and reads y before its second;
// without the block the execution is consistent.
func TestTxnWalk(t *testing.T) {
	m, _ := Builtin("rc11")
	const threads = "R x 0; R y 0; W.A.SC x 1; W.A.SC y 1 | R.A.ACQ x 1; R.A.RLX y 0"
	if r := m.Eval(litmus(t, threads).Execution()); !r.Consistent() {
		t.Fatalf("without the block: violated %v", r.Violated)
	}
	x := inBlock(litmus(t, threads), 1, 2, 3, 4, 5).Execution()
	if got := txnNames(m.Eval(x)); !slices.Equal(got, []string{"atomic-block coherence"}) {
		t.Errorf("violated %v, want the lifted coherence", got)
	}
}

// TestTxnWalkApplies: a check whose relation is one named relation, or a
// negated check, says nothing a quotient could lift: the model keeps
// AtomicBlocks false (TxnAtOneInstant).
func TestTxnWalkApplies(t *testing.T) {
	for src, want := range map[string]bool{
		"let r = po | rf\nirreflexive r as x":    false,
		"let r = po;rf\nirreflexive r as x":      true,
		"irreflexive po;rf as x":                 true,
		"irreflexive (po | rf)+ as x":            true,
		"~acyclic po as x":                       false,
		"acyclic po | rf as x\nempty rmw as y":   true,
		"irreflexive [W];po;[R];(rf;po)* as x":   true,
		"let r = (po | rf)+\nirreflexive r as x": true,
	} {
		m, err := Parse("t.cat", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if got := TxnAtOneInstant(m); got != want {
			t.Errorf("%q: TxnAtOneInstant = %v, want %v", src, got, want)
		}
	}
}

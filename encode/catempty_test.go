package encode

import (
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// TestCatPlainRelations: leaving statically empty terms out, splitting a
// check's diagonal before a closure at its end and implying recursion
// bodies path by path (the shortcuts Options.CatPlainRelations turns off)
// allow the same executions — events, reads-from and every co variable
// projected — and fire each flag in the same ones as the plain encoding,
// on every program and model the cat tests compare (the suites' and the
// built-in power, with its preserved program order and observation, and
// the small models rec-compose and observation). TestCatEncodingMatches
// Evaluator compares the shortcuts with the concrete evaluator; mutants
// that drop half of a body's paths, call a union empty when one operand
// is, or leave out a middle factor of the split fail it.
func TestCatPlainRelations(t *testing.T) {
	if !sameExecutionsAs(t, catPrograms, func(*cat.Model) bool { return true }, Options{CatPlainRelations: true}) {
		t.Fatal("the shortcuts changed no encoding: the test exercises nothing")
	}
}

// TestCatRestrictedClosuresUsed: on the built-in power, observation's hb*
// and propbase's are encoded on the rows and columns the checks read
// (catclosurerows.go), and not with Options.CatPlainRelations — so that
// TestCatPlainRelations and the evaluator comparison exercise them.
func TestCatRestrictedClosuresUsed(t *testing.T) {
	m, ok := cat.Builtin("power")
	if !ok {
		t.Fatal("no built-in power")
	}
	src := catPrograms["init+final"] // lwsync fences, no sync: propbase* is empty
	if n := buildCat(t, src, m).catInst.restrictedClosures; n < 2 {
		t.Errorf("%d restricted closures on power, want observation's and propbase's", n)
	}
	if n := buildCatOpt(t, src, m, Options{CatPlainRelations: true}).catInst.restrictedClosures; n != 0 {
		t.Errorf("%d restricted closures with CatPlainRelations", n)
	}
}

// TestCatIrreflexiveTriplesUsed: power's observation, fre; prop; hb*, is
// asserted by one clause per path of its three factors
// (assertIrreflexiveTriples) on the programs whose fre and prop are not
// empty, and not with Options.CatPlainRelations — so that
// TestCatPlainRelations and the evaluator comparison exercise it.
func TestCatIrreflexiveTriplesUsed(t *testing.T) {
	m, ok := cat.Builtin("power")
	if !ok {
		t.Fatal("no built-in power")
	}
	used := 0
	for name, src := range catPrograms {
		if n := buildCatOpt(t, src, m, Options{CatPlainRelations: true}).catInst.tripleChecks; n != 0 {
			t.Errorf("%s: %d checks by path clauses with CatPlainRelations", name, n)
		}
		used += buildCat(t, src, m).catInst.tripleChecks
	}
	if used < len(catPrograms)/2 {
		t.Errorf("observation by path clauses on %d of %d programs", used, len(catPrograms))
	}
}

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

// TestCatSeededClosureUsed: power's propbase, a composition ending in
// hb* read on W * W, is closed from its left operand's rows
// (seededClosure) where the static graphs say it is smaller (on some of
// the evaluator's programs) and on those with fences with
// Options.CatRestrictAll; so are the "seeded" test model's checks on
// every program (both on most), which TestCatRestrictedCompositions
// compares with the evaluator; and never with Options.CatPlainRelations
// (the encoding TestCatPlainRelations compares it with).
func TestCatSeededClosureUsed(t *testing.T) {
	m, ok := cat.Builtin("power")
	if !ok {
		t.Fatal("no built-in power")
	}
	seeded := catModels(t)["seeded"]
	chosen, forced, both := 0, 0, 0
	for name, src := range catPrograms {
		// both checks where the program has the pairs (SB's reads and
		// IRIW's writes are last in their threads: one)
		switch n := buildCatOpt(t, src, seeded, Options{CatRestrictAll: true}).catInst.seededClosures; {
		case n == 0:
			t.Errorf("%s: the seeded model's checks not closed from their rows", name)
		case n >= 2:
			both++
		}
		if n := buildCatOpt(t, src, m, Options{CatPlainRelations: true}).catInst.seededClosures; n != 0 {
			t.Errorf("%s: %d seeded closures with CatPlainRelations", name, n)
		}
		if buildCat(t, src, m).catInst.seededClosures > 0 {
			chosen++
		}
		if buildCatOpt(t, src, m, Options{CatRestrictAll: true}).catInst.seededClosures > 0 {
			forced++
		}
	}
	if chosen == 0 || forced < 3 || both < len(catPrograms)/2 {
		t.Errorf("power's propbase closed from its rows on %d programs, on %d with CatRestrictAll; the seeded model's two checks on %d; of %d", chosen, forced, both, len(catPrograms))
	}
}

package encode

import (
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// TestCatFullLiterals: on rc11, pairs of conflicting atomic accesses and
// pairs with an initial write are statically out of the race relation
// (atomic = A | … is the guard of an A event, so atomic * atomic is "both
// execute", and the difference by it is false), while the pair of plain
// accesses keeps its literal. The events run conditionally (guards that
// are not constant), and the CAS's store only if it compares equal. TestCatEncodingMatchesEvaluator and
// TestCatEncodingRandom compare the whole encoding with the evaluator.
func TestCatFullLiterals(t *testing.T) {
	m, _ := cat.Builtin("rc11")
	e := buildCat(t, `global X global Y
proc p0() { %g := choose 0 .. 1  if %g { atomic { %o := load<A,RLX> @X  %c := eq(%o, 0)  if %c { store<A,RLX> @X, 1 } }  store @Y, 1 } }
proc p1() { %h := choose 0 .. 1  if %h { %r := load<A,RLX> @X  %s := load @Y } }`, m)
	ci := e.catInst
	var race *cat.Constraint
	for _, k := range ci.m.Constraints {
		if k.Flag {
			race = k
		}
	}
	if race == nil {
		t.Fatal("rc11 has no flag")
	}
	r := ci.rel(race.Expr, testPol(!race.Negated))
	var pairs []string
	for i, row := range r.rows {
		for _, en := range row {
			pairs = append(pairs, ci.describeEvent(i)+" - "+ci.describeEvent(int(en.j)))
		}
	}
	if len(pairs) != 2 { // Y's store and load, both ways; the CAS, whose store is conditional, makes atomic a union that is not the guard without the rules
		t.Errorf("race pairs %q, want the two of the plain accesses to Y", pairs)
	}
	// the same through a union of sets and an intersection
	m2, err := cat.Parse("full.cat", []byte(`let atomic = A | (domain(rmw) \ NA)
flag ~empty ((loc & ext & (atomic * _)) \ (atomic * atomic)) | (W * R & loc & ext & (M * M)) as f`))
	if err != nil {
		t.Fatal(err)
	}
	e2 := buildCat(t, `global X global Y
proc p0() { %g := choose 0 .. 1  if %g { atomic { %o := load<A,RLX> @X  %c := eq(%o, 0)  if %c { store<A,RLX> @X, 1 } }  store @Y, 1 } }
proc p1() { %h := choose 0 .. 1  if %h { %r := load<A,RLX> @X  %s := load @Y } }`, m2)
	k := e2.catInst.m.Constraints[0]
	r2 := e2.catInst.rel(k.Expr, testPol(!k.Negated))
	n := 0
	for i, row := range r2.rows {
		for _, en := range row {
			n++
			if en.l != e2.catInst.both(i, int(en.j)) && e2.catInst.Events[i].Instr >= 0 {
				t.Errorf("%s - %s: not full", e2.catInst.describeEvent(i), e2.catInst.describeEvent(int(en.j)))
			}
		}
	}
	if n == 0 {
		t.Error("no pair of W * R & loc & ext")
	}
}

// TestCatCoherenceShape: rc11's coherence check takes the decomposition of
// catcoherence.go; other closures and compositions do not.
func TestCatCoherenceShape(t *testing.T) {
	m, _ := cat.Builtin("rc11")
	found := false
	for _, k := range m.Constraints {
		if _, opt, ok := coherenceShape(k.Expr); ok {
			found = k.Name == "coherence" && opt && k.Kind == cat.Irreflexive
		}
	}
	if !found {
		t.Error("rc11's coherence is not recognized")
	}
	for _, src := range []string{
		`irreflexive po ; (rf | co)+? as a`,
		`irreflexive po ; (rf | co | fr | po)+? as b`,
		`irreflexive po ; (rf | co | fr)* as c`,
		`irreflexive po ; (rf ; co ; fr)+ as d`,
	} {
		m, err := cat.Parse("x.cat", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := coherenceShape(m.Constraints[0].Expr); ok {
			t.Errorf("%s: recognized as hb; eco?", src)
		}
	}
}

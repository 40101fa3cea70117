package encode

import (
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// TestCatPOUnionByElimination: an acyclicity check with po and rf but
// neither co nor fr among its union terms (rc11's no-thin-air) is encoded
// by vertex elimination instead of a total order (ordersLocations); both
// allow the same executions and fire each flag in the same ones
// (Options.CatOrderAllPOUnions keeps the order), on load buffering with
// and without dependencies, where po | rf has a cycle exactly when both
// loads read the other thread's store.
func TestCatPOUnionByElimination(t *testing.T) {
	programs := map[string]string{
		"LB": `global X global Y
proc p0() { %r := load<A,RLX> @X  store<A,RLX> @Y, 1 }
proc p1() { %s := load<A,RLX> @Y  store<A,RLX> @X, 1 }`,
		"LB+data+3": `global X global Y global Z
proc p0() { %r := load<A,RLX> @X  store<A,RLX> @Y, %r }
proc p1() { %s := load<A,RLX> @Y  store<A,RLX> @Z, 1 }
proc p2() { %u := load<A,RLX> @Z  store<A,RLX> @X, 1 }`,
	}
	for k, v := range catPrograms {
		programs[k] = v
	}
	poUnion := func(m *cat.Model) bool {
		for _, k := range m.Constraints {
			if _, ok := poUnionRest(k.Expr); ok && k.Kind == cat.Acyclic && k.Expr.Kind == cat.KRel {
				return true
			}
		}
		return false
	}
	if !sameExecutionsAs(t, programs, poUnion, Options{CatOrderAllPOUnions: true}) {
		t.Fatal("the choice changed no encoding: the test exercises nothing")
	}
}

// TestCatPOClosureFromSources: a closure through po (rc11's hb) built
// with po;U from the sources onwards (closureWithPOLater) allows the same
// executions and fires each flag in the same ones as po;U built from
// every event (Options.CatPlainPOClosure), on the evaluator's programs and
// on message passing through a release sequence of two threads' RMWs,
// with reads in the init and final threads.
func TestCatPOClosureFromSources(t *testing.T) {
	programs := map[string]string{
		"MP+rmw+final": `global X global Y global Z
proc init() { store @Z, 1 }
proc p0() { store @X, 1  store<A,REL> @Y, 1  %o := load @Z }
proc p1() { atomic { %a := load<A,RLX> @Y  store<A,RLX> @Y, 2 } }
proc p2() { %b := load<A,ACQ> @Y  %c := load @X  store<A,REL> @Z, 2 }
proc final() { %d := load @X  %e := load<A,ACQ> @Z }`,
		// an init thread's store reaches X's initial write only through
		// p0's read
		"init+iw": `global X global Z
proc init() { store @Z, 1 }
proc p0() { %r := load @X  store @Z, 2 }
proc final() { %z := load @Z }`,
		// p0's read reaches X's initial write only through final's read
		"final+iw": `global X global Y
proc p0() { %r := load @Y  store @Y, 1 }
proc final() { %x := load @X }`,
		// an initial write's rf step into a closure with rf in it: the
		// "closure" model's race flag needs hb from X's initial write to
		// p0's store
		"iw+rf": `global X global Y
proc p0() { %r := load @X  store @X, 1 }
proc p1() { %s := load @Y }`,
		// synchronisation that comes back into the releasing thread after
		// its release and goes on to another thread, and a release read
		// by final: rows that leave out the events after their source
		// (paths with beyondPO)
		"sw+back": `global X global Y global Z global W
proc p0() { store @X, 1  store<A,REL> @Y, 1  %a := load<A,ACQ> @Z  store<A,REL> @W, 1 }
proc p1() { %b := load<A,ACQ> @Y  %c := load @X  store<A,REL> @Z, 1 }
proc p2() { %d := load<A,ACQ> @W  %e := load @X  store @X, 2 }
proc final() { %f := load<A,ACQ> @W  %g := load @X }`,
	}
	for k, v := range catPrograms {
		programs[k] = v
	}
	closure := func(m *cat.Model) bool {
		found := false
		var walk func(n *cat.Node)
		walk = func(n *cat.Node) {
			if n == nil || found {
				return
			}
			if n.Op == cat.OpPlus || n.Op == cat.OpStar {
				if _, ok := poUnionRest(n.Kids[0]); ok {
					found = true
				}
			}
			for _, k := range n.Kids {
				walk(k)
			}
		}
		for _, k := range m.Constraints {
			walk(k.Expr)
		}
		return found
	}
	if !sameExecutionsAs(t, programs, closure, Options{CatPlainPOClosure: true}) {
		t.Fatal("the choice changed no encoding: the test exercises nothing")
	}
}

// TestCatPOClosureLeavesOutLaterEvents: rc11's hb leaves the events after
// a source out of the source's row (paths with beyondPO) on programs
// where synchronisation comes back into the releasing thread or reaches
// final, and does not with Options.CatPlainPOClosure (the encoding
// TestCatPOClosureFromSources compares it with).
func TestCatPOClosureLeavesOutLaterEvents(t *testing.T) {
	m, ok := cat.Builtin("rc11")
	if !ok {
		t.Fatal("no built-in rc11")
	}
	progs := map[string]string{
		"back": `global Y global Z
proc p0() { store<A,REL> @Y, 1  %a := load<A,ACQ> @Z }
proc p1() { %b := load<A,ACQ> @Y  store<A,REL> @Z, 1 }`,
		"final": `global Y
proc p0() { store<A,REL> @Y, 1 }
proc final() { %f := load<A,ACQ> @Y }`,
	}
	for name, src := range progs {
		if n := buildCatOpt(t, src, m, Options{CatPlainPOClosure: true}).catInst.leftAfterSource; n != 0 {
			t.Errorf("%s: %d events left out with CatPlainPOClosure", name, n)
		}
		if n := buildCat(t, src, m).catInst.leftAfterSource; n == 0 {
			t.Errorf("%s: no event left out of a source's row", name)
		}
	}
}

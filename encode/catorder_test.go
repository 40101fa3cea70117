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

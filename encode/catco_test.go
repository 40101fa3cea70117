package encode

import (
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// TestCatCoTransitivityImplied: on a model whose checks make co acyclic
// (coImpliedTransitive), the encoding without co's transitivity clauses
// allows the same executions — events, reads-from and co, every
// coherence variable projected — and fires each flag in the same ones as
// with them (Options.CatEagerCoherence).
func TestCatCoTransitivityImplied(t *testing.T) {
	programs := map[string]string{
		// three stores to one location per thread pair: a co that is
		// not transitive needs three writes
		"3W": `global X global Y
proc p0() { store @X, 1  store @Y, 1 }
proc p1() { store @X, 2  %r := load @X }
proc p2() { store @X, 3  %s := load @Y  %t := load @X }`,
	}
	for k, v := range catPrograms {
		programs[k] = v
	}
	models := catModels(t)
	for name, src := range map[string]string{
		// a flag that sees a co that is not transitive
		"co-flag": `flag ~empty ((co; co) \ co) as nontransitive`,
		"co-acyclic": `acyclic co as total
flag ~empty ((co; co) \ co) as nontransitive`,
	} {
		m, err := cat.Parse(name+".cat", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		models[name] = m
	}
	implied := 0
	for pname, src := range programs {
		for mname, m := range models {
			if coImpliedTransitive(m) {
				implied++
			}
			name := pname + "/" + mname
			lazy := buildCatOpt(t, src, m, Options{})
			eager := buildCatOpt(t, src, m, Options{CatEagerCoherence: true})
			proj := append(rfProjection(lazy), coProjection(lazy)...)
			if fmt.Sprint(proj) != fmt.Sprint(append(rfProjection(eager), coProjection(eager)...)) {
				t.Fatalf("%s: the projection literals differ between encodings", name)
			}
			if w, g := allowedExecutions(t, eager, proj, z.LitNull), allowedExecutions(t, lazy, proj, z.LitNull); w != g {
				t.Errorf("%s: allowed executions differ:\neager:\n%s\nwithout transitivity:\n%s", name, w, g)
			}
			for i, f := range eager.catInst.Flags {
				if w, g := allowedExecutions(t, eager, proj, f.Lit), allowedExecutions(t, lazy, proj, lazy.catInst.Flags[i].Lit); w != g {
					t.Errorf("%s: flag %s fires in different executions", name, f.Name)
				}
			}
		}
	}
	if implied == 0 {
		t.Fatal("no model implies co's transitivity")
	}
}

// coProjection lists the coherence variables in a fixed order.
func coProjection(e *Encoding) []z.Lit {
	var ls []z.Lit
	ci := e.catInst
	for a := range ci.Events {
		for b := range ci.Events {
			if v, ok := ci.coVars[[2]int{a, b}]; ok {
				ls = append(ls, v)
			}
		}
	}
	return ls
}

// TestCatTransitivityOptions: --transitivity (Options.Axioms) chooses
// how the cat encoding makes its total orders transitive — the order of
// an acyclicity check through po (orderacyclic.go) and co where no check
// implies its transitivity — as for the .mm models: sparse, eager or
// lazy (lemmas). Every choice allows the same executions (events,
// reads-from and every co variable projected) and fires each flag in the
// same ones; rc11 and sc exercise both orders.
func TestCatTransitivityOptions(t *testing.T) {
	models := catModels(t)
	lazyCo, orderChecks := 0, 0
	programs := map[string]string{
		// three stores to one location: a co that is not transitive
		// needs three writes
		"3W": `global X global Y
proc p0() { store @X, 1  store @Y, 1 }
proc p1() { store @X, 2  %r := load @X }
proc p2() { store @X, 3  %s := load @Y  %t := load @X }`,
	}
	for k, v := range catPrograms {
		programs[k] = v
	}
	for pname, src := range programs {
		for mname, m := range models {
			name := pname + "/" + mname
			sparse := buildCatOpt(t, src, m, Options{})
			proj := append(rfProjection(sparse), coProjection(sparse)...)
			want := allowedExecutions(t, sparse, proj, z.LitNull)
			for _, tr := range []axioms.Transitivity{axioms.Eager, axioms.Lazy} {
				e := buildCatOpt(t, src, m, Options{Axioms: axioms.Options{Transitivity: tr}})
				if fmt.Sprint(append(rfProjection(e), coProjection(e)...)) != fmt.Sprint(proj) {
					t.Fatalf("%s: the projection literals differ", name)
				}
				if tr == axioms.Lazy && len(e.catInst.lazy) > 0 {
					lazyCo++
				}
				if got := allowedExecutions(t, e, proj, z.LitNull); got != want {
					t.Errorf("%s, transitivity %d: allowed executions differ:\nsparse:\n%s\nhere:\n%s", name, tr, want, got)
				}
				for i, f := range sparse.catInst.Flags {
					if w, g := allowedExecutions(t, sparse, proj, f.Lit), allowedExecutions(t, e, proj, e.catInst.Flags[i].Lit); w != g {
						t.Errorf("%s, transitivity %d: flag %s fires in different executions", name, tr, f.Name)
					}
				}
			}
			if sparse.catInst.stats.TransitivityClauses > 0 {
				orderChecks++
			}
		}
	}
	if lazyCo == 0 || orderChecks == 0 {
		t.Fatalf("no lazy order (%d) or no sparse order clauses (%d): the options were not exercised", lazyCo, orderChecks)
	}
}

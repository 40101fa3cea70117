package encode

import (
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// TestCatCoherenceReadsBefore: coherence's hb; rf and hb; co; rf terms as
// one fr clause per pair (catcoherence.go, readsBefore) allow the same
// executions — events, reads-from and every co variable projected — and
// fire each flag in the same ones as the two terms written out
// (Options.CatPlainCoherence), on every model the cat tests compare and
// on programs where a read happens before a write through release and
// acquire, with a third write co-after it and with the read's address
// loaded from memory (so that loc is a literal, not a constant).
func TestCatCoherenceReadsBefore(t *testing.T) {
	programs := map[string]string{
		// p0's load of X happens before p1's store through Y; p2's store
		// may be co-after p1's
		"CoRW+sw": `global X global Y
proc p0() { %r := load<A,RLX> @X  store<A,REL> @Y, 1 }
proc p1() { %s := load<A,ACQ> @Y  store<A,RLX> @X, 1 }
proc p2() { store<A,RLX> @X, 2 }`,
		// the same with the read's address loaded from Z, which holds @X
		// or, after p2's store, @W
		"CoRW+sw+addr": `global X global W global Y global Z = @X
proc p0() { %a := load @Z  %r := load<A,RLX> %a  store<A,REL> @Y, 1 }
proc p1() { %s := load<A,ACQ> @Y  store<A,RLX> @X, 1 }
proc p2() { store<A,RLX> @X, 2  store @Z, @W }`,
	}
	for k, v := range catPrograms {
		programs[k] = v
	}
	if !sameExecutionsAs(t, programs, hasCoherenceShape, Options{CatPlainCoherence: true}) {
		t.Fatal("the shortcut changed no encoding: the test exercises nothing")
	}
}

// sameExecutionsAs compares, on each program and each model of catModels
// that use accepts, the default encoding with the one of opt: the same
// executions (events, reads-from and every co variable projected) and
// each flag firing in the same ones. It reports whether opt changed the
// clauses of some encoding (else the comparison exercised nothing).
func sameExecutionsAs(t *testing.T, programs map[string]string, use func(*cat.Model) bool, opt Options) bool {
	t.Helper()
	differ := false
	for pname, src := range programs {
		for mname, m := range catModels(t) {
			if !use(m) {
				continue
			}
			name := pname + "/" + mname
			def := buildCatOpt(t, src, m, Options{})
			alt := buildCatOpt(t, src, m, opt)
			proj := append(rfProjection(def), coProjection(def)...)
			if fmt.Sprint(proj) != fmt.Sprint(append(rfProjection(alt), coProjection(alt)...)) {
				t.Fatalf("%s: the projection literals differ between encodings", name)
			}
			if def.catInst.clauses.Len() != alt.catInst.clauses.Len() {
				differ = true
			}
			if w, g := allowedExecutions(t, alt, proj, z.LitNull), allowedExecutions(t, def, proj, z.LitNull); w != g {
				t.Errorf("%s: allowed executions differ:\n%+v:\n%s\ndefault:\n%s", name, opt, w, g)
			}
			for i, f := range alt.catInst.Flags {
				if w, g := allowedExecutions(t, alt, proj, f.Lit), allowedExecutions(t, def, proj, def.catInst.Flags[i].Lit); w != g {
					t.Errorf("%s: flag %s fires in different executions", name, f.Name)
				}
			}
		}
	}
	return differ
}

// hasCoherenceShape reports whether a check of m is coherence of the
// shape catcoherence.go encodes.
func hasCoherenceShape(m *cat.Model) bool {
	for _, k := range m.Constraints {
		if k.Flag || k.Negated || k.Kind != cat.Irreflexive {
			continue
		}
		if _, _, ok := coherenceShape(k.Expr); ok {
			return true
		}
	}
	return false
}

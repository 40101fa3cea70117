package encode

import (
	"fmt"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// FlagWitness names what a flag that fires in the model val fires on: for
// a flag on an empty set or relation (rc11's racy), one of its events or
// pairs, as "t1 store counter at racy.c:10:13 and t2 load counter at
// racy.c:10:15"; "" for other flags or when none is found. The flag's
// relation is the one its test was encoded with (memoized), whose lower
// encoding holds only on pairs truly in it.
func (ci *CatInstance) FlagWitness(f *CatFlag, val func(z.Lit) bool) string {
	k := f.k
	if k == nil || k.Kind != cat.Empty || !k.Negated {
		return ""
	}
	p := testPol(!k.Negated)
	if k.Expr.Kind == cat.KSet {
		for i, l := range ci.set(k.Expr, p) {
			if val(l) {
				return ci.eventAt(i)
			}
		}
		return ""
	}
	r := ci.rel(k.Expr, p)
	for i, row := range r.rows {
		for _, e := range row {
			if val(e.l) {
				return ci.eventAt(i) + " and " + ci.eventAt(int(e.j))
			}
		}
	}
	return ""
}

// eventAt describes an event with its source position.
func (ci *CatInstance) eventAt(ev int) string {
	s := ci.describeEvent(ev)
	if in := ci.instr(ev); in != nil && in.Pos().IsValid() {
		s = fmt.Sprintf("%s at %s", s, in.Pos())
	}
	return s
}

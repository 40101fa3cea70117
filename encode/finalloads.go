package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// finalSuffix is finalLoads without own stores or skipped ones: the
// conjunction of one literal per load, built from the last load back, so
// that the cycles that end at a loop's bound (each a suffix of the
// longest) and the tails of livelockescape.go share their nodes.
func (e *Encoding) finalSuffix(loads []int) z.Lit {
	res := e.C.T
	for k := len(loads) - 1; k >= 0; k-- {
		res = e.C.And(e.finalLoadLit(loads[k]), res)
	}
	return res
}

// finalLoadLit holds when load li, if it runs, reads a final value: no
// aliased store that is not silent follows it in memory order (finalLoads).
func (e *Encoding) finalLoadLit(li int) z.Lit {
	if v, ok := e.finalLoad[li]; ok {
		return v
	}
	c := e.C
	l := e.Instrs[li]
	res := c.T
	for _, s := range e.Instrs {
		if s.Kind != axioms.Store || !e.Ranges.MayAlias(l.ID, s.ID) || e.ForcedBefore(l.Index, s.Index) {
			continue
		}
		later := c.Ands(s.Guard, e.aliased(l, s), e.storeAfter(l.Index, s.Index))
		if silent := e.silent(s.Index); silent != c.F {
			later = c.And(later, silent.Not())
		}
		res = c.And(res, c.Implies(l.Guard, later.Not()))
	}
	if e.finalLoad == nil {
		e.finalLoad = map[int]z.Lit{}
	}
	e.finalLoad[li] = res
	return res
}

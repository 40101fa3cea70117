package encode

import (
	"slices"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// The exception for livelocks (docs/semantics.md, "Fair progress", "Which
// rounds a livelock keeps"). A cycle followed by another iteration
// excludes the execution unless its thread goes round a cycle forever,
// since a livelocked thread repeats its cycle up to the bound. Kept for
// every cycle of the thread, the exception leaves the solver every
// execution that repeats failed rounds before a livelock to refute; on an
// MS queue that is most of the sizing proof. When the cycle at the bound
// stores nothing and its loop instance holds no other loop, the rounds
// that need it are fewer: any other cycle of the thread is deleted, the
// thread going round its cycle once more at the end instead (its loads
// read final values and it stores nothing, so an added round reads what
// the round it repeats read), until in each cycle left in the loop
// instance every round from its first up to the bound reads final values.
// Only those keep the exception, and the cycles of loops around the
// instance (deleting one of their rounds would move the instance, whose
// bound may differ). A cycle at the bound that stores, a chain of them
// (chaincut.go), or an instance with a loop inside keeps it for every
// cycle of the thread (LivelockSite.broad, Options.BroadLivelockEscape).

// livelockEscape holds when rec's thread goes round forever in a way that
// keeps rec.
func (e *Encoding) livelockEscape(rec *cycleRec, tails finalTails) (z.Lit, error) {
	c := e.C
	var esc []z.Lit
	for _, ls := range e.Threads[rec.thread].Livelocks {
		inst := ls.instance()
		switch {
		case rec.instance == 0 || inst == 0 || !e.alone(ls):
			esc = append(esc, ls.Guard)
		case rec.instance == inst:
			tail, err := tails.from(e, rec.lo, ls.hi)
			if err != nil {
				return c.F, err
			}
			esc = append(esc, ls.broad, c.And(ls.storelessLive, tail))
		case slices.Contains(ls.pruned.within, rec.instance):
			esc = append(esc, ls.Guard) // a loop around ls's instance
		default:
			esc = append(esc, ls.broad)
		}
	}
	return c.Ors(esc...), nil
}

// instance is the number of the site's loop instance (threadSymExec.loops),
// 0 if unknown.
func (ls *LivelockSite) instance() int {
	if n := len(ls.pruned.within); n > 0 {
		return ls.pruned.within[n-1]
	}
	return 0
}

// alone reports whether no cut-off of ls's thread lies inside ls's loop
// instance but its own: the instance holds no loop or recursion whose
// bound could cut off a round added at the end.
func (e *Encoding) alone(ls *LivelockSite) bool {
	inst := ls.instance()
	for _, ps := range e.Threads[ls.Thread].Pruned {
		if ps != ls.pruned && slices.Contains(ps.within, inst) {
			return false
		}
	}
	return true
}

// finalTails memoizes, per end of a loop instance, the literals "every
// load of Instrs[lo:hi] reads a final value" (finalLoads), built from the
// end so that the tails of one instance share their nodes.
type finalTails map[int]map[int]z.Lit

// from returns the literal for Instrs[lo:hi].
func (t finalTails) from(e *Encoding, lo, hi int) (z.Lit, error) {
	if lo >= hi {
		return e.C.T, nil
	}
	byLo, ok := t[hi]
	if !ok {
		byLo = map[int]z.Lit{}
		t[hi] = byLo
	}
	if v, ok := byLo[lo]; ok {
		return v, nil
	}
	v, err := t.from(e, lo+1, hi)
	if err != nil {
		return e.C.F, err
	}
	if e.Instrs[lo].Kind == axioms.Load {
		own, err := e.finalLoads([]int{lo}, nil)
		if err != nil {
			return e.C.F, err
		}
		v = e.C.And(own, v)
	}
	byLo[lo] = v
	return v, nil
}

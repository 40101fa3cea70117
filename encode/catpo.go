package encode

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/lsl"
)

// Composition with program order. po relates each event to the later
// events of its thread (and init-thread events to every other thread's,
// every thread's to the final thread's), so (po;s)(i,j) is G_i and s(k,j)
// for some k after i: a suffix disjunction along i's thread. Built with
// running disjunctions it costs O(events × columns) gates instead of the
// O(events² × columns) of the general composition. s;po mirrors it with
// prefix disjunctions. Both rely on the invariant that a pair's literal
// implies its events' guards.

// poThreads lists, per thread, its events in program order.
func (ci *CatInstance) poThreads() [][]int {
	evs := make([][]int, len(ci.e.Threads))
	for i, ev := range ci.Events {
		if ev.Instr >= 0 {
			evs[ev.Thread] = append(evs[ev.Thread], i)
		}
	}
	return evs
}

// poBefore reports whether the events of a thread of kind a all precede
// those of another thread of kind b: init before the others, the others
// before final.
func poBefore(a, b lsl.ThreadKind) bool {
	return a == lsl.ThreadInit && b != lsl.ThreadInit || b == lsl.ThreadFinal && a != lsl.ThreadFinal
}

// mergeOr is the pairwise disjunction of two sorted rows.
func mergeOr(c *logic.C, a, b []lentry) []lentry {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]lentry, 0, len(a)+len(b))
	x, y := 0, 0
	for x < len(a) || y < len(b) {
		switch {
		case y == len(b) || x < len(a) && a[x].j < b[y].j:
			out = append(out, a[x])
			x++
		case x == len(a) || b[y].j < a[x].j:
			out = append(out, b[y])
			y++
		default:
			out = append(out, lentry{a[x].j, c.Or(a[x].l, b[y].l)})
			x++
			y++
		}
	}
	return out
}

// composePO is po;s, or with reverse po^-1;s.
func (ci *CatInstance) composePO(s *lrel, reverse bool) *lrel {
	c := ci.c
	threads := ci.poThreads()
	kinds := ci.e.threadKinds
	out := newLrel(ci.n())
	rest := make([][]lentry, ci.n()) // per event: the columns of the events after (before) it
	all := make([][]lentry, len(threads))
	for t, evs := range threads {
		var acc []lentry
		for m := range evs {
			i := evs[len(evs)-1-m]
			if reverse {
				i = evs[m]
			}
			rest[i] = acc
			acc = mergeOr(c, acc, s.rows[i])
		}
		all[t] = acc
	}
	for t, evs := range threads {
		var other []lentry // the threads wholly after (before) t
		for u := range threads {
			before := poBefore(kinds[t], kinds[u])
			if reverse {
				before = poBefore(kinds[u], kinds[t])
			}
			if u != t && before {
				other = mergeOr(c, other, all[u])
			}
		}
		for _, i := range evs {
			g := ci.guards[i]
			var row []lentry
			for _, e := range mergeOr(c, rest[i], other) {
				if l := c.And(g, e.l); l != c.F {
					row = append(row, lentry{e.j, l})
				}
			}
			out.rows[i] = row
		}
	}
	return out
}

// composePORight is s;po = (po^-1;s^-1)^-1.
func (ci *CatInstance) composePORight(s *lrel) *lrel {
	c := ci.c
	return relInverse(c, ci.composePO(relInverse(c, s), true))
}

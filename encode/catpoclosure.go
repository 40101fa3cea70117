package encode

import (
	"slices"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Closures through program order. rc11's hb = (po | sw)+ is the closure
// of a relation that contains po. The general upper closure (closure)
// adds t(i,k) ∧ a(k,j) ⇒ t(i,j) for every step a(k,j), and po gives
// every event a step to each later event of its thread: O(events³)
// clauses (500 k of msq_2_2's 940 k on rc11). But po is transitive and
// fixed, so (po | x)+ = po ∪ po?;u with u = x;(po | x)*, and u needs only
// rows for the events x leaves from and, per row, one step to the next
// event of a thread (po's transitive reduction) instead of one to each
// later event.
//
// The encoding (upper polarity only; the lower one stays the exact
// closure by squaring): one variable u(s,j) per source s of x and event j
// the static graph reaches from s, with
//
//	x(s,j) ⇒ u(s,j)
//	u(s,k) ⇒ u(s,j)           for j the next event after k in program order
//	u(s,k) ∧ x(k,j) ⇒ u(s,j)
//
// Its least solution is x;(po_s | x)* where po_s is the static program
// order (ignoring guards): a path of static po steps between two
// executed events is one po pair, and x only relates executed events,
// so on executed pairs it is x;(po | x)*. The result is po ∪ U ∪ po;U with
// U(s,j) = G_s ∧ G_j ∧ u(s,j) (po;U by composePO): in every model a
// superset of (po | x)+ and in the one where u is least equal to it,
// which is the contract of the upper polarity (catnode.go).

// poUnionRest reports whether n is a union one of whose operands (at any
// depth of nested unions) is po, and returns the other operands, each
// once: a union DAG may share its operands (a cat function that calls
// another twice), and walking it as a tree is exponential.
func poUnionRest(n *cat.Node) (rest []*cat.Node, ok bool) {
	seen := map[*cat.Node]bool{}
	var walk func(m *cat.Node)
	walk = func(m *cat.Node) {
		if seen[m] {
			return
		}
		seen[m] = true
		switch {
		case m.Op == cat.OpUnion:
			walk(m.Kids[0])
			walk(m.Kids[1])
		case isPO(m):
			ok = true
		default:
			rest = append(rest, m)
		}
	}
	walk(n)
	return rest, ok
}

// poNext lists, per event, its successors in the transitive reduction of
// the static program order: the next event of its thread and, for the
// last event of a thread, the first event of each thread that wholly
// follows it (poBefore). Their closure is the static program order.
func (ci *CatInstance) poNext() [][]int32 {
	threads := ci.poThreads()
	kinds := ci.e.threadKinds
	next := make([][]int32, ci.n())
	for t, evs := range threads {
		for m := 0; m+1 < len(evs); m++ {
			next[evs[m]] = append(next[evs[m]], int32(evs[m+1]))
		}
		if len(evs) == 0 {
			continue
		}
		last := evs[len(evs)-1]
		for u, later := range threads {
			if u != t && len(later) > 0 && poBefore(kinds[t], kinds[u]) {
				next[last] = append(next[last], int32(later[0]))
			}
		}
	}
	return next
}

// closureWithPO encodes (po | x)+ in the upper polarity.
func (ci *CatInstance) closureWithPO(x *lrel) *lrel {
	c := ci.c
	u := ci.pathsAfter(x, 0)
	for s, row := range u.rows {
		out := row[:0]
		for _, e := range row {
			if l := c.And(ci.both(s, int(e.j)), e.l); l != c.F {
				out = append(out, lentry{e.j, l})
			}
		}
		u.rows[s] = out
	}
	// po pairs are full (both guards): the union with one is that literal
	return ci.relUnionFull(ci.baseRel("po"), relUnion(c, u, ci.composePO(u, false)))
}

// pathsAfter returns the variables u(s,j) (without guards) for each
// source s of x: the least solution is x;(po_s | x)*. With a budget (> 0)
// it returns nil, having added nothing, when the clauses would exceed it.
func (ci *CatInstance) pathsAfter(x *lrel, budget int) *lrel {
	c := ci.c
	n := ci.n()
	next := ci.poNext()
	xg := x.staticGraph()
	// the events the static graph of po_s | x reaches from each source's
	// x-steps, and the clauses they will take
	reach := make([][]int32, n)
	seen := make([]bool, n)
	cost := 0
	for s := range n {
		if len(xg[s]) == 0 {
			continue
		}
		clear(seen)
		stack := slices.Clone(xg[s])
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[k] {
				continue
			}
			seen[k] = true
			reach[s] = append(reach[s], k)
			cost += len(next[k]) + len(xg[k])
			stack = append(stack, next[k]...)
			stack = append(stack, xg[k]...)
		}
		slices.Sort(reach[s])
		if budget > 0 && cost > budget {
			return nil
		}
	}
	u := newLrel(n)
	vars := make([]z.Lit, n) // dense row of the current source (valid on its reach)
	for s := range n {
		if len(reach[s]) == 0 {
			continue
		}
		for _, j := range reach[s] {
			vars[j] = c.Lit()
			ci.stats.RelationLits++
		}
		for _, e := range x.rows[s] {
			ci.clause(e.l.Not(), vars[e.j])
		}
		for _, k := range reach[s] {
			for _, j := range next[k] {
				ci.clause(vars[k].Not(), vars[j])
			}
			for _, e := range x.rows[k] {
				ci.clause(vars[k].Not(), e.l.Not(), vars[e.j])
			}
		}
		row := make([]lentry, len(reach[s]))
		for i, j := range reach[s] {
			row[i] = lentry{j, vars[j]}
		}
		u.rows[s] = row
	}
	return u
}

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

// assertAcyclicWithPO makes po | x acyclic. po alone is acyclic, so a
// cycle has an x step and passes through a source s of x (an event x
// leaves from). Paths are followed between sources only: from an event j
// that an x step reaches, the static program order leads to the first
// sources after it (firstSources), and from a source w to the first ones
// after w; reads between two writes of a thread (rf's sources) are not
// columns. One variable v(s,w) per source s and source w reachable from
// it, with
//
//	y(s,w) ⇒ v(s,w)
//	v(s,w) ⇒ v(s,w')            w' a first source after w
//	v(s,w) ∧ y(w,w') ⇒ v(s,w')
//	¬v(s,s)
//
// where y(w,w') is implied by each x(w,j) with w' a first source of j (a
// variable per pair, shared by every s; the literal itself when one
// x(w,j) maps there). In the least solution y is x grouped by where the
// path goes on and v(s,w) is "a path of x and static po steps, starting
// with an x step, leads from s to w"; a static po path between two
// executed events is one po pair and x relates executed events only, so
// ¬v(s,s) for every s is exactly "po | x has no cycle" (the argument of
// pathsAfter). One transitive order over each strongly connected
// component, the general encoding before catelim.go, is cubic in its
// events (rc11's no-thin-air, acyclic po | rf, 137 k of msq_2_2's 442 k
// clauses); one variable per source and reachable event (pathsAfter) was
// 10.8 k variables and 54 k clauses there, between sources 2.2 k and
// 19.7 k. It reports false, having added nothing, when the clauses would
// exceed maxEagerAcyclic; the caller then uses assertAcyclic, which checks
// such components lazily.
func (ci *CatInstance) assertAcyclicWithPO(x *lrel) bool {
	c := ci.c
	n := ci.n()
	next := ci.poNext()
	isSrc := make([]bool, n)
	for w, row := range x.rows {
		for _, e := range row {
			if e.l != c.F {
				isSrc[w] = true
			}
		}
	}
	first := firstSources(next, isSrc)
	after := make([][]int32, n) // the first sources after source w
	for w := range n {
		if isSrc[w] {
			for _, k := range next[w] {
				after[w] = unionSorted(after[w], first[k])
			}
		}
	}
	// y(w,w'): the x steps of w grouped by the first sources of their ends
	type step struct {
		to   int32
		lits []z.Lit
	}
	groups := make([][]step, n)
	for w, row := range x.rows {
		idx := map[int32]int{}
		for _, e := range row {
			if e.l == c.F {
				continue
			}
			for _, t := range first[e.j] {
				g, ok := idx[t]
				if !ok {
					g = len(groups[w])
					idx[t] = g
					groups[w] = append(groups[w], step{to: t})
				}
				groups[w][g].lits = append(groups[w][g].lits, e.l)
			}
		}
	}
	// the sources each source reaches, and the clauses they take
	reach := make([][]int32, n)
	seen := make([]bool, n)
	cost := 0
	for s := range n {
		if len(groups[s]) == 0 {
			continue
		}
		clear(seen)
		var stack []int32
		for _, g := range groups[s] {
			stack = append(stack, g.to)
		}
		var r []int32
		for len(stack) > 0 {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[w] {
				continue
			}
			seen[w] = true
			r = append(r, w)
			cost += len(after[w]) + len(groups[w])
			stack = append(stack, after[w]...)
			for _, g := range groups[w] {
				stack = append(stack, g.to)
			}
		}
		if !seen[s] {
			continue // s is on no cycle
		}
		reach[s] = r
		if cost > maxEagerAcyclic {
			return false
		}
	}
	y := make([][]z.Lit, n) // per source, per group
	yOf := func(w int) []z.Lit {
		if y[w] != nil || len(groups[w]) == 0 {
			return y[w]
		}
		y[w] = make([]z.Lit, len(groups[w]))
		for g, st := range groups[w] {
			if len(st.lits) == 1 {
				y[w][g] = st.lits[0]
				continue
			}
			v := c.Lit()
			ci.stats.RelationLits++
			for _, l := range st.lits {
				ci.clause(l.Not(), v)
			}
			y[w][g] = v
		}
		return y[w]
	}
	vars := make([]z.Lit, n) // the row of the current source (valid on its reach)
	for s := range n {
		if len(reach[s]) == 0 {
			continue
		}
		for _, w := range reach[s] {
			vars[w] = c.Lit()
			ci.stats.RelationLits++
		}
		for g, l := range yOf(s) {
			ci.clause(l.Not(), vars[groups[s][g].to])
		}
		for _, w := range reach[s] {
			for _, w2 := range after[w] {
				ci.clause(vars[w].Not(), vars[w2])
			}
			for g, l := range yOf(int(w)) {
				ci.clause(vars[w].Not(), l.Not(), vars[groups[w][g].to])
			}
		}
		ci.clause(vars[s].Not())
	}
	return true
}

// firstSources lists, per event j, the first sources on the static
// program-order paths from j: j itself if it is one, else those of its
// successors (next is acyclic).
func firstSources(next [][]int32, isSrc []bool) [][]int32 {
	n := len(next)
	out := make([][]int32, n)
	done := make([]bool, n)
	var visit func(j int32) []int32
	visit = func(j int32) []int32 {
		if done[j] {
			return out[j]
		}
		done[j] = true
		if isSrc[j] {
			out[j] = []int32{j}
			return out[j]
		}
		var fs []int32
		for _, k := range next[j] {
			fs = unionSorted(fs, visit(k))
		}
		out[j] = fs
		return fs
	}
	for j := range n {
		visit(int32(j))
	}
	return out
}

// unionSorted merges two sorted lists without duplicates.
func unionSorted(a, b []int32) []int32 {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]int32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
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

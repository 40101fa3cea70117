package encode

import (
	"slices"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
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
	if !ci.plainPOClosure {
		return ci.closureWithPOLater(x)
	}
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
	return ci.paths(x, budget, false)
}

// paths is pathsAfter; with beyondPO it leaves out of each source's row
// the events after the source in static program order, and the search
// does not go on from them: what a path reaches through such an event
// is po followed by a later source's own row, which po ∪ U ∪ po;U has
// already (closureWithPOLater's rows; noThinAir keeps the full ones:
// docs/semantics.md, "Rows without the events after their source").
func (ci *CatInstance) paths(x *lrel, budget int, beyondPO bool) *lrel {
	c := ci.c
	n := ci.n()
	next := ci.poNext()
	xg := x.staticGraph()
	after := func(s int, k int32) bool {
		if beyondPO && ci.programOrder(s, int(k)) {
			ci.leftAfterSource++
			return true
		}
		return false
	}
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
			if seen[k] || after(s, k) {
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
	vars := make([]z.Lit, n) // dense row of the current source (zero off its reach)
	for s := range n {
		if len(reach[s]) == 0 {
			continue
		}
		for _, j := range reach[s] {
			vars[j] = c.Lit()
			ci.stats.RelationLits++
		}
		// a step to an event left out of the row (beyondPO) is no clause
		for _, e := range x.rows[s] {
			if vars[e.j] != 0 {
				ci.clause(e.l.Not(), vars[e.j])
			}
		}
		for _, k := range reach[s] {
			for _, j := range next[k] {
				if vars[j] != 0 {
					ci.clause(vars[k].Not(), vars[j])
				}
			}
			for _, e := range x.rows[k] {
				if vars[e.j] != 0 {
					ci.clause(vars[k].Not(), e.l.Not(), vars[e.j])
				}
			}
		}
		row := make([]lentry, len(reach[s]))
		for i, j := range reach[s] {
			row[i] = lentry{j, vars[j]}
			vars[j] = 0 // the next source's row starts empty
		}
		u.rows[s] = row
	}
	return u
}

// closureWithPOLater is closureWithPO with po;U built from the sources
// onwards instead of from every event (docs/semantics.md, "rc11 at
// scale"). A variable w(s,j) per source s of x and column j has the least
// solution "u(s',j) for some source s' at or after s in static program
// order" (s's thread, then the threads wholly after it):
//
//	u(s,j) ⇒ w(s,j)
//	w(s',j) ⇒ w(s,j)      s' the next source of s's thread, or, for its
//	                      last one, the first source of each later thread
//
// An event a then takes its row from the first source at or after it,
// hb(a,j) = G_a ∧ G_j ∧ w(first(a),j), and a pair of the static program
// order is po's literal alone (both guards: the other term implies them).
// On executed pairs the least w is po?;U (a source s' after a with u(s',j)
// has an x-step, so it executes, and static program order between
// executed events is po), the guards make the other pairs false, and
// every model's w is at least the least one: the contract of the upper
// polarity, as before, with one And per pair instead of U's And, the
// Or-chains of composePO, its And and the union's Or. U's rows leave out
// the events after their source (paths with beyondPO).
func (ci *CatInstance) closureWithPOLater(x *lrel) *lrel {
	c := ci.c
	n := ci.n()
	u := ci.paths(x, 0, true)
	threads := ci.poThreads()
	kinds := ci.e.threadKinds
	w := make([]map[int32]z.Lit, n) // per source
	first := make([]int, len(threads))
	// threads in an order where each comes after the threads wholly after
	// it: final, the others, init
	rank := func(k lsl.ThreadKind) int {
		switch k {
		case lsl.ThreadFinal:
			return 0
		case lsl.ThreadInit:
			return 2
		}
		return 1
	}
	order := make([]int, len(threads))
	for t := range order {
		order[t] = t
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank(kinds[a]) - rank(kinds[b]) })
	// later lists, per thread, the first sources of the threads wholly
	// after it (each row there covers the rest of its thread and beyond)
	later := make([][]int, len(threads))
	for t := range threads {
		for v := range threads {
			if v != t && poBefore(kinds[t], kinds[v]) {
				later[t] = append(later[t], v)
			}
		}
	}
	implied := func(dst map[int32]z.Lit, src map[int32]z.Lit) {
		for j, l := range src {
			v, ok := dst[j]
			if !ok {
				v = c.Lit()
				ci.stats.RelationLits++
				dst[j] = v
			}
			ci.clause(l.Not(), v)
		}
	}
	tails := make([]map[int32]z.Lit, len(threads))
	for _, t := range order {
		first[t] = -1
		// the rows after t's last source: the later threads' first ones
		var after []map[int32]z.Lit
		for _, v := range later[t] {
			if first[v] >= 0 {
				after = append(after, w[first[v]])
			}
		}
		var tail map[int32]z.Lit
		switch len(after) {
		case 0:
		case 1:
			tail = after[0]
		default:
			tail = map[int32]z.Lit{}
			for _, a := range after {
				implied(tail, a)
			}
		}
		tails[t] = tail
		next := tail
		evs := threads[t]
		for m := len(evs) - 1; m >= 0; m-- {
			s := evs[m]
			if len(u.rows[s]) == 0 {
				continue
			}
			row := map[int32]z.Lit{}
			for _, e := range u.rows[s] {
				row[e.j] = e.l
			}
			if next != nil {
				implied(row, next)
			}
			w[s] = row
			next = row
			first[t] = s
		}
	}
	out := newLrel(n)
	for a, ev := range ci.Events {
		if ev.Instr >= 0 {
			continue
		}
		// an initial write is in no thread: its own paths only
		for _, e := range u.rows[a] {
			if g := c.And(ci.both(a, int(e.j)), e.l); g != c.F {
				out.rows[a] = append(out.rows[a], lentry{e.j, g})
			}
		}
	}
	for t, evs := range threads {
		cur := tails[t]
		for m := len(evs) - 1; m >= 0; m-- {
			a := evs[m]
			if w[a] != nil {
				cur = w[a]
			}
			if cur == nil {
				continue
			}
			var row []lentry
			for j, l := range cur {
				if ci.programOrder(a, int(j)) {
					continue
				}
				if g := c.And(ci.both(a, int(j)), l); g != c.F {
					row = append(row, lentry{j, g})
				}
			}
			slices.SortFunc(row, func(p, q lentry) int { return int(p.j) - int(q.j) })
			out.rows[a] = row
		}
	}
	return ci.relUnionFull(ci.baseRel("po"), out)
}

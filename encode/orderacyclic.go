package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Acyclicity through program order as a total order (docs/semantics.md,
// "Acyclicity as a total order on cat models"). A relation r is acyclic
// iff some strict total order T of the events contains it. When po is a
// union term of r (sc-cat's po | rf | co | fr, rc11's po | rf), T can
// take every pair of the static program order as the constant true, as
// the .mm models fix memory_order on program order: a cycle of r and
// those pairs would map, after collapsing each run of static-po steps
// between executed events into one po pair of r, to a cycle of r (a
// static-po path between executed events is a po pair). So T costs a
// variable only for the pairs of r's static graph that program order
// does not fix, and its transitivity is sparse (axioms.OrderGraph, the
// .mm models' machinery): the triangles of the chordal completion of
// r's pairs, two clauses each, most with a constant. (T does not reuse
// co's variables even where co ⊆ r: co's variable of a pair with an
// event that does not execute must stay free, which the evaluator
// comparison, projecting every co variable, checks.)
//
// It replaces the paths between sources of x (assertAcyclicWithPO, gone):
// on sc-cat, msn Tpc4 383 k clauses and 1.77 CPU s against 92 k and
// 0.92 s. It is not used where po is not a union term (arm8's ob,
// riscv's main): fixing program order there would forbid executions the
// model allows, and a total order without constants was measured larger
// than vertex elimination (catelim.go) on those checks (ms2 Tpc4 on arm8:
// 363 k clauses against 45 k for ob).

// ordersLocations reports whether the union terms beside po include co
// or fr: the check then orders the accesses of each location both ways
// (sc-cat's po | rf | co | fr), and a total order over the component is
// the smaller encoding. With rf alone beside po (rc11's no-thin-air)
// r's edges mostly follow program order, and vertex elimination
// (catelim.go), which adds a path only from an edge into an event to an
// edge out of it, needs fewer clauses than the triangles of the order's
// chordal completion: msq_3_3 on rc11 823 k → 754 k clauses (docs/
// performance.md). Options.CatOrderAllPOUnions keeps the order there.
func ordersLocations(rest []*cat.Node) bool {
	for _, n := range rest {
		if unionHasBase(n, "co") || unionHasBase(n, "fr") {
			return true
		}
	}
	return false
}

// assertAcyclicByOrder makes r acyclic, where po is a union term of r.
// The transitivity option (--transitivity) chooses as for the .mm
// models' total orders: sparse (the pairs r relates and the chordal
// fill), eager (every pair of the component, every triangle) or lazy
// (the component's cycles refuted as they come, catlazy.go).
func (ci *CatInstance) assertAcyclicByOrder(r *lrel) {
	ci.eachCyclicComponent(r, func(ms, comp []int, k, edges int) {
		if ci.LazyAcyclic || ci.transitivity == axioms.Lazy || len(ms)*edges > maxEagerAcyclic {
			ci.lazy = append(ci.lazy, &lazyAcyclic{r: r, comp: comp, k: k, members: ms})
			return
		}
		ci.orderComponent(r, ms, comp)
	})
}

// orderComponent encodes a total order over the members of one strongly
// connected component (sorted) that contains r's edges inside it.
func (ci *CatInstance) orderComponent(r *lrel, ms []int, comp []int) {
	c := ci.c
	k := comp[ms[0]]
	idx := make(map[int]int, len(ms))
	for x, v := range ms {
		idx[v] = x
	}
	g := axioms.NewOrderGraph(len(ms))
	lits := map[[2]int]z.Lit{} // T(ms[x], ms[y]) for x < y
	var order func(x, y int) z.Lit
	order = func(x, y int) z.Lit {
		if x > y {
			return order(y, x).Not()
		}
		key := [2]int{x, y}
		if l, ok := lits[key]; ok {
			return l
		}
		a, b := ms[x], ms[y]
		var l z.Lit
		switch {
		case ci.programOrder(a, b):
			l = c.T
		case ci.programOrder(b, a):
			l = c.F
		default:
			l = c.Lit()
			ci.stats.RelationLits++
		}
		lits[key] = l
		return l
	}
	for x, v := range ms {
		for _, e := range r.rows[v] {
			if comp[e.j] != k || int(e.j) == v || e.l == c.F {
				continue
			}
			y := idx[int(e.j)]
			if !g.Has(x, y) {
				g.AddEdge(x, y)
			}
			ci.clause(e.l.Not(), order(x, y))
		}
	}
	if ci.transitivity == axioms.Eager {
		// every pair ordered, every triple transitive
		for x := range ms {
			for y := x + 1; y < len(ms); y++ {
				if !g.Has(x, y) {
					g.AddEdge(x, y)
				}
			}
		}
	}
	g.Eliminate(func(p, q int) {}, func(p, q, s int) {
		// no cycle p→q→s→p, no cycle p→s→q→p
		ci.clause(order(p, q).Not(), order(q, s).Not(), order(s, p).Not())
		ci.clause(order(q, p).Not(), order(s, q).Not(), order(p, s).Not())
		ci.stats.TransitivityClauses += 2
	})
}

// lazyOrder leaves the transitivity of the tournament r over members to
// Lemmas: a tournament is a strict total order iff it has no cycle, and
// each lemma (not every edge of a shortest cycle, a 3-cycle in a
// tournament) is a transitivity clause.
func (ci *CatInstance) lazyOrder(r *lrel, members []int) {
	if len(members) < 3 {
		return
	}
	comp := make([]int, r.n())
	for i := range comp {
		comp[i] = -1
	}
	for _, m := range members {
		comp[m] = 0
	}
	ci.lazy = append(ci.lazy, &lazyAcyclic{r: r, comp: comp, k: 0, members: members})
}

package encode

import (
	"slices"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// Acyclicity by vertex elimination (Rankooh and Rintanen, "Propositional
// encodings of acyclicity and reachability by using vertex elimination",
// AAAI 2022). The events of a strongly connected component of the static
// graph are eliminated one at a time; eliminating v adds, for each edge
// x→v and v→y still present, the clause e(x,v) ∧ e(v,y) ⇒ e(x,y) (a new
// variable for the edge x→y unless it is there already), or ¬e(x,v) ∨
// ¬e(v,x) when y = x, and then removes v.
//
// Exact: a cycle loses its first eliminated event to the edge that
// bypasses it and so shrinks, with every step forced, to two events whose
// edges both ways break a clause; an acyclic relation satisfies every
// clause with each added edge set to "reachable". The clauses are those
// of the fill of the elimination order (chosen greedily: fewest clauses
// next), where one transitive order over the component costs members ×
// edges: arm8's external axiom on msq_2_2, a component of 128 events and
// 4,072 edges, took 521 k clauses that way.
//
// The literals of the relation are circuit outputs and must not be
// forced, so an edge that an elimination adds to an existing pair gets a
// variable of its own, implied by the relation's literal.

type elimEdge struct {
	l   z.Lit
	own bool // a variable of the elimination (may be implied further)
}

func (ci *CatInstance) acyclicByElimination(r *lrel, ms []int, comp []int) {
	c := ci.c
	k := comp[ms[0]]
	idx := make(map[int]int, len(ms))
	for x, v := range ms {
		idx[v] = x
	}
	m := len(ms)
	out := make([]map[int]elimEdge, m)
	in := make([]map[int]struct{}, m)
	for x := range out {
		out[x] = map[int]elimEdge{}
		in[x] = map[int]struct{}{}
	}
	for x, v := range ms {
		for _, e := range r.rows[v] {
			if comp[e.j] != k || int(e.j) == v || e.l == c.F {
				continue
			}
			y := idx[int(e.j)]
			out[x][y] = elimEdge{l: e.l}
			in[y][x] = struct{}{}
		}
	}
	gone := make([]bool, m)
	var ins, outs []int
	for range m {
		// the event whose elimination adds the fewest clauses
		best, bestCost := -1, 0
		for v := range m {
			if gone[v] {
				continue
			}
			if cost := len(in[v]) * len(out[v]); best < 0 || cost < bestCost {
				best, bestCost = v, cost
			}
		}
		v := best
		gone[v] = true
		ins = ins[:0]
		for x := range in[v] {
			ins = append(ins, x)
		}
		outs = outs[:0]
		for y := range out[v] {
			outs = append(outs, y)
		}
		slices.Sort(ins) // the same clauses in the same order on every run
		slices.Sort(outs)
		for _, x := range ins {
			xv := out[x][v].l
			for _, y := range outs {
				vy := out[v][y].l
				if x == y {
					ci.clause(xv.Not(), vy.Not())
					continue
				}
				xy, ok := out[x][y]
				if !ok || !xy.own {
					nv := c.Lit()
					ci.stats.RelationLits++
					if ok {
						ci.clause(xy.l.Not(), nv)
					}
					xy = elimEdge{l: nv, own: true}
					out[x][y] = xy
					in[y][x] = struct{}{}
				}
				ci.clause(xv.Not(), vy.Not(), xy.l)
			}
		}
		for _, x := range ins {
			delete(out[x], v)
		}
		for _, y := range outs {
			delete(in[y], v)
		}
	}
}

package encode

import (
	"github.com/checkfence/checkfence/internal/gini/z"
)

// "po | rf is acyclic" for the race check off rc11 (race.go), on a
// smaller graph (docs/semantics.md, "Data races", "No thin air, on the
// rf endpoints"). noThinAir's rows reach every event after each store
// through program order: on relaxed two thirds of the race check's
// clauses (msq_2_2), most of them for events no cycle can pass: a cycle
// of the execution is one of the static graph (po's transitive reduction
// and the rf pairs not false by construction), so it stays in one of its
// strongly connected components, and it alternates rf steps (a store to
// a load) with po steps (a load to a later store: consecutive po steps
// are one). So the rows keep only the rf endpoints of each component
// (the stores and loads of its rf pairs) and a po step from each to the
// next ones of the component in static program order: every event of a
// static path between two events of a component is in the component, so
// the static po path of a cycle's po step, from load to store, is a
// chain of these steps. With the clauses of noThinAir over that graph
// (one variable per source and endpoint it reaches), u(s,s) is implied
// by every cycle through s, and in the least solution holds only on one:
// the same literal, exact, as the plain rows' (Options.PlainRaceHB).

// noThinAirEndpoints is noThinAir over the rf endpoints of the static
// graph's nontrivial components (see above).
func (ci *CatInstance) noThinAirEndpoints() z.Lit {
	c := ci.c
	n := ci.n()
	next := ci.poNext()
	// an rf pair along static program order is a po pair too, one
	// against it a cycle by itself: the graph keeps the others
	var cyclic []z.Lit
	rf := newLrel(n)
	for w, row := range ci.baseRel("rf").rows {
		for _, en := range row {
			switch r := int(en.j); {
			case en.l == c.F || ci.programOrder(w, r):
			case ci.programOrder(r, w):
				cyclic = append(cyclic, c.And(en.l, ci.both(w, r)))
			default:
				rf.rows[w] = append(rf.rows[w], en)
			}
		}
	}
	rfg := rf.staticGraph()
	g := make([][]int32, n)
	for v := range n {
		g[v] = append(append([]int32(nil), next[v]...), rfg[v]...)
	}
	comp := sccs(g)
	// x: the rf steps within a component; end: their events
	x := newLrel(n)
	end := make([]bool, n)
	for w, row := range rf.rows {
		for _, en := range row {
			if comp[w] == comp[en.j] {
				x.rows[w] = append(x.rows[w], en)
				end[w], end[en.j] = true, true
			}
		}
	}
	// step: from each endpoint, the first endpoints of its component
	// that static program order reaches
	step := make([][]int32, n)
	mark := make([]int, n)
	stamp := 0
	for k := range n {
		if !end[k] {
			continue
		}
		stamp++
		stack := append([]int32(nil), next[k]...)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if mark[v] == stamp || comp[v] != comp[k] {
				continue
			}
			mark[v] = stamp
			if end[v] {
				step[k] = append(step[k], v)
				continue
			}
			stack = append(stack, next[v]...)
		}
	}
	// noThinAir's rows (pathsAfter) over the endpoints and these steps,
	// the row of s through the rf steps of s and later stores only: a
	// cycle is found in the row of its first store
	vars := make([]z.Lit, n)
	var reach []int32
	for s := range n {
		if len(x.rows[s]) == 0 {
			continue
		}
		stamp++
		reach = reach[:0]
		var stack []int32
		for _, en := range x.rows[s] {
			stack = append(stack, en.j)
		}
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if mark[k] == stamp {
				continue
			}
			mark[k] = stamp
			reach = append(reach, k)
			vars[k] = c.Lit()
			ci.stats.RelationLits++
			stack = append(stack, step[k]...)
			if k >= int32(s) {
				for _, en := range x.rows[k] {
					stack = append(stack, en.j)
				}
			}
		}
		for _, en := range x.rows[s] {
			ci.clause(en.l.Not(), vars[en.j])
		}
		for _, k := range reach {
			for _, j := range step[k] {
				ci.clause(vars[k].Not(), vars[j])
			}
			if int(k) < s {
				continue
			}
			for _, en := range x.rows[k] {
				ci.clause(vars[k].Not(), en.l.Not(), vars[en.j])
			}
		}
		if mark[s] == stamp {
			cyclic = append(cyclic, vars[s])
		}
	}
	return c.Ors(cyclic...).Not()
}

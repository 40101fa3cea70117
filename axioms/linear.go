package axioms

import (
	"fmt"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// Linearize returns the executed instructions of total order name's sort
// (those whose guard value says executed) in an order that agrees with
// every pair of them that has a literal: a topological order of the
// assignment's orientation, the lowest instruction first among those
// ready. With eager transitivity every executed pair has a literal and the
// result is the order itself; with sparse transitivity it is one total
// order consistent with the encoded pairs, which the soundness argument of
// sparse transitivity shows to be a valid memory order. value gives the
// truth of a literal (constants are handled here). On an assignment that is
// not transitive (lazy transitivity before refinement ends) the order
// breaks cycles at the lowest instruction. Linearize never creates
// literals. It panics if name is not a relation encoded as a total order.
func (inst *Instance) Linearize(name string, value func(z.Lit) bool) []int {
	idx, ok := inst.relIdx[name]
	if !ok || !inst.rels[idx].total {
		panic(fmt.Sprintf("axioms: %s is not encoded as a total order", name))
	}
	r := inst.rels[idx]
	in, c := inst.in, inst.in.c
	val := func(l z.Lit) bool {
		switch l {
		case c.T:
			return true
		case c.F:
			return false
		}
		return value(l)
	}
	var exec []int32
	for _, i := range in.sortDom[r.decl.Params[0]] {
		if val(in.guards[i]) {
			exec = append(exec, i)
		}
	}
	k := len(exec)
	succ := make([][]int, k)
	indeg := make([]int, k)
	var pair [2]int32
	for p := 0; p < k; p++ {
		for q := p + 1; q < k; q++ {
			pair[0], pair[1] = exec[p], exec[q]
			l := r.peek(in, pair[:])
			if l == 0 {
				continue
			}
			a, b := p, q
			if !val(l) {
				a, b = q, p
			}
			succ[a] = append(succ[a], b)
			indeg[b]++
		}
	}
	out := make([]int, 0, k)
	done := make([]bool, k)
	for len(out) < k {
		next := -1
		for p := 0; p < k; p++ {
			if !done[p] && indeg[p] == 0 {
				next = p
				break
			}
		}
		if next < 0 { // a cycle: break it at the lowest instruction left
			for p := 0; next < 0; p++ {
				if !done[p] {
					next = p
				}
			}
		}
		done[next] = true
		out = append(out, int(exec[next]))
		for _, q := range succ[next] {
			indeg[q]--
		}
	}
	return out
}

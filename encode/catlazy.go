package encode

import "github.com/checkfence/checkfence/internal/gini/z"

// lazyAcyclic is a strongly connected component of an acyclicity check
// whose eager encoding (a transitive relation over its members) would be
// too large. Nothing is encoded up front; Lemmas finds the cycles of the
// relation under a satisfying assignment and returns, for each, the
// clause that not all its edges hold. Each lemma is implied by the check,
// and refinement ends when the assignment has no cycle, so the result is
// exact (as for the lazy transitivity of package axioms).
type lazyAcyclic struct {
	r       *lrel
	comp    []int
	k       int
	members []int
}

// maxCycleLemmas bounds the lemmas of one call.
const maxCycleLemmas = 200

// cycleLemmas returns a clause for each shortest cycle through a member,
// found by breadth-first search over the edges the assignment makes true.
func (ci *CatInstance) cycleLemmas(value func(z.Lit) bool) [][]z.Lit {
	if len(ci.lazy) == 0 {
		return nil
	}
	val := ci.litValue(value)
	var out [][]z.Lit
	seen := map[string]bool{}
	for _, la := range ci.lazy {
		succ := la.trueEdges(val)
		for _, start := range la.members {
			if len(out) >= maxCycleLemmas {
				return out
			}
			cyc := shortestCycle(start, succ)
			if cyc == nil {
				continue
			}
			key := ""
			for _, l := range cyc {
				key += l.String() + ","
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			cl := make([]z.Lit, 0, len(cyc))
			for _, l := range cyc {
				if l != ci.c.T { // a chain step (catsuffix.go)
					cl = append(cl, l.Not())
				}
			}
			out = append(out, cl)
			ci.stats.Lemmas++
		}
	}
	return out
}

// shortestCycle returns the edge literals of a shortest cycle through
// start (sorted by literal, so that equal cycles compare equal), or nil.
func shortestCycle(start int, succ map[int][]lentry) []z.Lit {
	type step struct {
		prev int
		lit  z.Lit
	}
	from := map[int]step{}
	queue := []int{start}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range succ[u] {
			v := int(e.j)
			if v == start {
				var lits []z.Lit
				lits = append(lits, e.l)
				for w := u; w != start; w = from[w].prev {
					lits = append(lits, from[w].lit)
				}
				sortLits(lits)
				return lits
			}
			if _, ok := from[v]; ok {
				continue
			}
			from[v] = step{u, e.l}
			queue = append(queue, v)
		}
	}
	return nil
}

func sortLits(ls []z.Lit) {
	for i := 1; i < len(ls); i++ {
		for j := i; j > 0 && ls[j] < ls[j-1]; j-- {
			ls[j], ls[j-1] = ls[j-1], ls[j]
		}
	}
}

// litValue is value, with the constants' values.
func (ci *CatInstance) litValue(value func(z.Lit) bool) func(z.Lit) bool {
	c := ci.c
	return func(l z.Lit) bool {
		switch l {
		case c.T:
			return true
		case c.F:
			return false
		}
		return value(l)
	}
}

// trueEdges are the edges inside the component that val makes true.
func (la *lazyAcyclic) trueEdges(val func(z.Lit) bool) map[int][]lentry {
	succ := map[int][]lentry{}
	for _, u := range la.members {
		for _, e := range la.r.rows[u] {
			if la.comp[e.j] == la.k && int(e.j) != u && val(e.l) {
				succ[u] = append(succ[u], e)
			}
		}
	}
	return succ
}

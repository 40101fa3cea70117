package encode

import (
	"slices"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Compositions that end in a closure, closed from the left operand's
// rows. power's propbase, (fences | rfe; fences); hb*, is read on W * W
// (interCart): the closure hb* was encoded on the rows the left operand
// reaches (or on the W columns, by the inverse) and then composed with
// the left operand, one clause per path a(i,k) ∧ hb*(k,j): on the
// c11bench Treiber 3+3, 28 k clauses for the closure and 35 k for the
// paths. The composition x; r* is itself a closure seeded by x's pairs:
//
//	x(i,k) ⇒ v(i,k)                  (r+: x(i,k) ∧ r(k,j) ⇒ v(i,j))
//	v(i,k) ∧ r(k,j) ⇒ v(i,j)
//
// with one variable v(i,k) per row i of x and event k the static graph
// of r reaches from x's pairs (and from which a wanted column is
// reachable): its least solution is x; r* (x; r+), and every model's v
// contains it, the contract of the upper polarity. No closure variable
// of r's own rows and no path clause remain. It is chosen when the
// static graphs say it is smaller than the closure and the paths
// (composedCost), and always with Options.CatRestrictAll (for
// TestCatRestrictedCompositions, which compares it with the evaluator
// on every model); off with Options.CatPlainRelations
// (TestCatPlainRelations compares the two) (docs/semantics.md,
// "Compositions ending in a closure, closed from their rows").

// seededClosure encodes x; b with b a closure node (r* or r+) in the
// upper polarity, on x's rows and the columns cols marks (nil: all); ok
// is false where it does not apply or would be larger than composing.
func (ci *CatInstance) seededClosure(x *lrel, b *cat.Node, p pol, cols []bool) (r *lrel, ok bool) {
	if p != polUpper || ci.plainRelations || ci.groupDepth > 0 || b.Op != cat.OpStar && b.Op != cat.OpPlus {
		return nil, false
	}
	if _, po := poUnionRest(b.Kids[0]); po && !ci.hasParts {
		return nil, false // a closure through po has its own encoding
	}
	if _, ok := ci.memoRel[nodeKey{b, p}]; ok {
		return nil, false // the closure is there already: only the paths cost
	}
	c := ci.c
	star := b.Op == cat.OpStar
	a := ci.rel(b.Kids[0], p)
	g := a.staticGraph()
	n := ci.n()
	live := coReaching(g, cols) // events from which r* reaches a column
	// the events each row reaches
	reach := make([][]int32, n)
	seen := newStamps(n)
	var seeds []int32
	seeded := 0
	for i, row := range x.rows {
		seeds = seeds[:0]
		for _, e := range row {
			if e.l == c.F {
				continue
			}
			if star {
				seeds = append(seeds, e.j)
			} else {
				seeds = append(seeds, g[e.j]...)
			}
		}
		reach[i] = reachInto(g, seeds, live, seen, i, nil)
		for _, k := range reach[i] {
			seeded += 1 + len(g[k])
		}
	}
	if !ci.restrictAll && seeded >= ci.composedCost(x, g, star, cols) {
		return nil, false
	}
	out := newLrel(n)
	vars := make([]z.Lit, n) // the current row's (zero off its reach)
	for i := range x.rows {
		if len(reach[i]) == 0 {
			continue
		}
		slices.Sort(reach[i])
		for _, k := range reach[i] {
			vars[k] = c.Lit()
			ci.stats.RelationLits++
		}
		for _, e := range x.rows[i] {
			if star {
				if live[e.j] {
					ci.clause(e.l.Not(), vars[e.j])
				}
				continue
			}
			for _, f := range a.rows[e.j] {
				if live[f.j] {
					ci.clause(e.l.Not(), f.l.Not(), vars[f.j])
				}
			}
		}
		for _, k := range reach[i] {
			for _, f := range a.rows[k] {
				if live[f.j] {
					ci.clause(vars[k].Not(), f.l.Not(), vars[f.j])
				}
			}
		}
		for _, k := range reach[i] {
			if cols == nil || cols[k] {
				out.rows[i] = append(out.rows[i], lentry{k, vars[k]})
			}
		}
		for _, k := range reach[i] {
			vars[k] = 0
		}
	}
	ci.seededClosures++
	return out, true
}

// coReaching marks the events from which a path of zero or more steps of
// g reaches an event cols marks (nil: every event).
func coReaching(g [][]int32, cols []bool) []bool {
	live := make([]bool, len(g))
	if cols == nil {
		for i := range live {
			live[i] = true
		}
		return live
	}
	var starts []int32
	for j, ok := range cols {
		if ok {
			starts = append(starts, int32(j))
		}
	}
	for _, k := range reachInto(invertGraph(g), starts, nil, newStamps(len(g)), 0, nil) {
		live[k] = true
	}
	return live
}

// composedCost estimates the clauses of x; b encoded as relOn would
// without seededClosure: the closure of r on x's range (by rows, or by
// the inverse on cols, whichever closureOn takes) and one clause per path
// of the composition. (Unrestricted, the closure is encoded on every row:
// the estimate is low, and the choice errs towards composing.)
func (ci *CatInstance) composedCost(x *lrel, g [][]int32, star bool, cols []bool) int {
	rangeMask := relRangeMask(x)
	reach := reachFrom(g, rangeMask)
	cost, rows := 0, 0
	for k, in := range rangeMask {
		if in {
			rows++
			for _, j := range reach[k] {
				cost += 1 + len(g[j])
			}
		}
	}
	if cols != nil && count(cols) < rows {
		inv := invertGraph(g)
		cost = 0
		for k, back := range reachFrom(inv, cols) {
			if cols[k] {
				for _, j := range back {
					cost += 1 + len(inv[j])
				}
			}
		}
	}
	for _, row := range x.rows {
		for _, e := range row {
			for _, j := range reach[e.j] {
				if cols == nil || cols[j] {
					cost++
				}
			}
			if star && (cols == nil || cols[e.j]) {
				cost++
			}
		}
	}
	return cost
}

// reachFrom lists, for each event from marks (nil: every event), the
// events one or more steps of g reach from it (unsorted).
func reachFrom(g [][]int32, from []bool) [][]int32 {
	out := make([][]int32, len(g))
	seen := newStamps(len(g))
	for i := range g {
		if from == nil || from[i] {
			out[i] = reachInto(g, g[i], nil, seen, i, nil)
		}
	}
	return out
}

// reachInto appends to out the events reached from starts (included) by
// steps of g, through events keep marks only (nil: every event). seen
// holds, per event, the stamp of the last search that reached it: a new
// stamp makes a new search without clearing it.
func reachInto(g [][]int32, starts []int32, keep []bool, seen []int, stamp int, out []int32) []int32 {
	stack := slices.Clone(starts)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[k] == stamp || keep != nil && !keep[k] {
			continue
		}
		seen[k] = stamp
		out = append(out, k)
		stack = append(stack, g[k]...)
	}
	return out
}

// newStamps is a seen array for reachInto that no stamp ≥ 0 has marked.
func newStamps(n int) []int {
	seen := make([]int, n)
	for i := range seen {
		seen[i] = -1
	}
	return seen
}

// invertGraph is g with every step reversed.
func invertGraph(g [][]int32) [][]int32 {
	inv := make([][]int32, len(g))
	for i, row := range g {
		for _, j := range row {
			inv[j] = append(inv[j], int32(i))
		}
	}
	return inv
}

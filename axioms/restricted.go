package axioms

import (
	"math/bits"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// Restricted sparse transitivity: the order graph reduced to what the
// axioms need (docs/semantics.md, "The restricted order graph").
//
// Let C be the pairs of a total order R fixed to true (program order,
// fences, the init/final structure, …), over the vertices that may
// execute. When C is transitive it is a strict partial order (one literal
// per unordered pair makes it antisymmetric), and then:
//
//   - a total order on the executed vertices that agrees with C extends to
//     one on all vertices that agrees with C everywhere (a cycle through
//     unexecuted vertices would use only C pairs there, and C is
//     transitive), so the transitivity clauses may order the unexecuted
//     vertices too: they need no guards. Pairs with an unexecuted end
//     matter nowhere else (the Finalize contract), so they can take the
//     values of the extension.
//   - a vertex with no unfixed pair lies on no cycle that C's
//     transitivity does not shortcut: it leaves the graph.
//   - of the triangles x <C y, w (two unfixed pairs), whose clause says
//     y→w ⇒ x→w, those with a vertex z, x <C z <C y, adjacent to w by an
//     unfixed pair are implied by the triangles (x, z, w) and (z, y, w),
//     by induction on the C-interval: only the triangles between C-
//     neighbours among w's unfixed neighbours remain.
//
// So on sc (C: program order and init/final) the graph is the accesses
// with an unfixed pair — those that may conflict with another thread's —
// program order among them, and the pairs the axioms mention; its chordal
// completion is small because each thread is already a clique, and only
// the chain of w's neighbours in each other thread gets a clause.
//
// When C is not transitive (relaxed: a fence in a branch orders the
// accesses around it only when the branch runs) the clauses keep their
// guards, as in the plain graph, and the other two reductions hold where
// C is transitive locally: a vertex leaves only if C is transitive
// through it (each C-predecessor precedes each C-successor), and a pair
// of C or a triangle is implied through a vertex z in between only if z
// executes whenever one of the ends does.

// restrictedMutant, set only by tests, makes the restriction deliberately
// wrong, to show that the differential tests notice: mutantNoGate skips
// the check that C is transitive, mutantPruneAll drops every triangle
// with one fixed pair, mutantImplyAll fixes every pair of C's transitive
// closure, whether or not the vertex in between executes; in a guarded
// graph, mutantDropIntransitive drops vertices C is not transitive
// through, and mutantSplitAny lets a vertex in between that need not
// execute split a pair of C or imply a triangle; mutantIgnoreCycles
// restricts the graph even when C has a cycle.
var restrictedMutant = 0

const (
	mutantNoGate = 1 + iota
	mutantPruneAll
	mutantImplyAll
	mutantDropIntransitive
	mutantSplitAny
	mutantIgnoreCycles
)

// restrictedTransitivity encodes the transitivity of r over its mentioned
// pairs as above, with the guards kept where C is not transitive.
func (inst *Instance) restrictedTransitivity(r *relation) {
	in, c := inst.in, inst.in.c
	vs, guard := inst.mayExecute(r)
	k := len(vs)
	words := (k + 63) / 64
	in.lim.reserve(int64(2*k*words) * 8)
	fixed := make([]uint64, k*words) // row p: q with vs[p] →C vs[q]
	open := make([]uint64, k*words)  // row p: q with an unfixed pair
	row := func(m []uint64, p int) []uint64 { return m[p*words : (p+1)*words] }
	set := func(m []uint64, p, q int) { m[p*words+q/64] |= 1 << (q % 64) }
	has := func(m []uint64, p, q int) bool { return m[p*words+q/64]&(1<<(q%64)) != 0 }
	var pair [2]int32
	for p := 0; p < k; p++ {
		for q := p + 1; q < k; q++ {
			in.lim.check()
			pair[0], pair[1] = vs[p], vs[q]
			switch l := r.peek(in, pair[:]); l {
			case 0:
			case c.T:
				set(fixed, p, q)
			case c.F:
				set(fixed, q, p)
			default:
				set(open, p, q)
				set(open, q, p)
			}
		}
	}
	// The reductions below need C acyclic. It is on the built-in models,
	// whose fixed pairs follow program order and the init/final
	// structure, but a user's axioms can fix pairs that close a cycle
	// (or a test universe can fix a seed's pair): the plain graph then
	// forbids it through its triangles.
	if restrictedMutant != mutantIgnoreCycles && fixedCyclic(fixed, words, k) {
		inst.stats.CyclicFixed++
		inst.plainTransitivity(r)
		return
	}
	// C transitive: the successors of every successor are successors. A
	// missing pair p →C s, implied by p →C q →C s where q executes
	// whenever p or s does, holds in every execution that executes p and
	// s: it is fixed (its variable, if any, tied to true: without p and s
	// nothing uses it). Where a pair is still missing at the end, C is
	// not transitive: the graph then keeps its guards (guarded).
	var implied [][2]int
	for changed := true; changed && restrictedMutant != mutantNoGate; {
		changed = false
		for p := 0; p < k; p++ {
			rp := row(fixed, p)
			for w := range rp {
				for b := rp[w]; b != 0; b &= b - 1 {
					in.lim.check()
					q := w*64 + bits.TrailingZeros64(b)
					rq := row(fixed, q)
					gq := guard(vs[q])
					withP := gq == c.T || restrictedMutant == mutantImplyAll || in.guardImplies(guard(vs[p]), gq)
					for x := range rq {
						for m := rq[x] &^ rp[x]; m != 0; m &= m - 1 {
							s := x*64 + bits.TrailingZeros64(m)
							if s == p || has(fixed, s, p) || !withP && !in.guardImplies(guard(vs[s]), gq) {
								continue
							}
							set(fixed, p, s)
							implied = append(implied, [2]int{p, s})
							changed = true
						}
					}
				}
			}
		}
	}
	guarded := false
	for p := 0; p < k && restrictedMutant != mutantNoGate; p++ {
		if !transitiveAt(fixed, words, k, p) {
			guarded = true
			break
		}
	}
	for _, ps := range implied {
		p, s := ps[0], ps[1]
		pair[0], pair[1] = vs[p], vs[s]
		if unit := r.fix(in, pair[:], true); unit != 0 {
			inst.addClause(unit)
		}
		inst.stats.FixedTuples++
		inst.stats.ImpliedPairs++
		open[p*words+s/64] &^= 1 << (s % 64)
		open[s*words+p/64] &^= 1 << (p % 64)
	}

	// The graph: the vertices with an unfixed pair (keep), their unfixed
	// pairs, and the pairs of C among them that no third kept vertex
	// splits (C's Hasse diagram: its transitive closure is C again).
	var keep []int
	for p := 0; p < k; p++ {
		if hasAny(row(open, p)) || guarded && !transitiveAt(fixed, words, k, p) && restrictedMutant != mutantDropIntransitive {
			keep = append(keep, p)
		}
	}
	n := len(keep)
	kw := (n + 63) / 64
	in.lim.reserve(int64(2*n*kw) * 8)
	succ, pred := make([]uint64, n*kw), make([]uint64, n*kw) // C among kept vertices
	for a, p := range keep {
		for b, q := range keep {
			if has(fixed, p, q) {
				succ[a*kw+b/64] |= 1 << (b % 64)
				pred[b*kw+a/64] |= 1 << (a % 64)
			}
		}
	}
	before := func(a, b int) bool { return succ[a*kw+b/64]&(1<<(b%64)) != 0 }
	// between(a, b, m): some z in mask m (a subset of a's C-successors
	// and b's C-predecessors) that, when guarded, executes whenever a or
	// b does, so that a <C z <C b holds in every execution of a and b.
	between := func(a, b int, m []uint64) bool {
		for x, word := range m {
			for ; word != 0; word &= word - 1 {
				z := x*64 + bits.TrailingZeros64(word)
				if !guarded || restrictedMutant == mutantSplitAny {
					return true
				}
				gz := guard(vs[keep[z]])
				if gz == c.T || in.guardImplies(guard(vs[keep[a]]), gz) || in.guardImplies(guard(vs[keep[b]]), gz) {
					return true
				}
			}
		}
		return false
	}
	mask := make([]uint64, kw)
	splitBy := func(a, b int) bool {
		for x := range mask {
			mask[x] = succ[a*kw+x] & pred[b*kw+x]
		}
		return between(a, b, mask)
	}
	// graph is G on the kept vertices, with C's Hasse diagram (hasse) or
	// all of C among them.
	graph := func(hasse bool) *OrderGraph {
		g := NewOrderGraph(n)
		for a, p := range keep {
			for b := a + 1; b < n; b++ {
				in.lim.check()
				if has(open, p, keep[b]) || before(a, b) && (!hasse || !splitBy(a, b)) || before(b, a) && (!hasse || !splitBy(b, a)) {
					g.AddEdge(a, b)
				}
			}
		}
		return g
	}
	hasse := true
	if guarded {
		// Without guards C's pairs make the threads cliques, and
		// elimination follows them; the guarded Hasse diagram leaves
		// chains that elimination may fill with more triangles (harris
		// on relaxed) or fewer (the C11 queues): take the completion
		// with fewer clauses, counted before any literal is made.
		hasse = restrictedCost(graph(true), before) <= restrictedCost(graph(false), before)
	}
	g := graph(hasse)
	inst.stats.OrderPairs += g.Edges()
	inst.stats.RestrictedOrders++
	if guarded {
		inst.stats.GuardedOrders++
	}
	// ng(a) is ¬G of kept vertex a in a guarded graph (false, which
	// addClause drops, otherwise).
	ng := func(a int) z.Lit {
		if !guarded {
			return c.F
		}
		return guard(vs[keep[a]]).Not()
	}
	lit := func(a, b int) z.Lit {
		pair[0], pair[1] = vs[keep[a]], vs[keep[b]]
		return r.lit(in, pair[:], &inst.stats.RelationLits)
	}
	var tris [][3]int32
	g.Eliminate(func(a, b int) {
		if lit(a, b); !before(a, b) && !before(b, a) {
			inst.stats.FillPairs++ // a fresh literal, not a pair of C
		}
	}, func(a, b, s int) {
		in.lim.check()
		if guarded || fixedEdges(before, a, b, s) < 2 {
			tris = append(tris, [3]int32{int32(a), int32(b), int32(s)})
		}
	})
	// g is now the completed graph. unfixedIn(w, x, y): some z with
	// x <C z <C y is adjacent to x, y and, by an unfixed pair, to w.
	unfixedIn := func(w, x, y int) bool {
		sx, py, sw, pw := succ[x*kw:(x+1)*kw], pred[y*kw:(y+1)*kw], succ[w*kw:(w+1)*kw], pred[w*kw:(w+1)*kw]
		gx, gy, gw := g.row(x), g.row(y), g.row(w)
		for i := range gw {
			mask[i] = sx[i] & py[i] & gx[i] & gy[i] & gw[i] &^ (sw[i] | pw[i])
		}
		return between(x, y, mask)
	}
	for _, t := range tris {
		in.lim.check()
		a, b, s := int(t[0]), int(t[1]), int(t[2])
		if nf := fixedEdges(before, a, b, s); nf != 1 {
			// no cycle a→b→s→a, no cycle a→s→b→a (with two or three
			// fixed pairs only in a guarded graph: C need not be
			// transitive there)
			inst.addClause(ng(a), ng(b), ng(s), lit(a, b).Not(), lit(b, s).Not(), lit(s, a).Not())
			inst.addClause(ng(a), ng(b), ng(s), lit(b, a).Not(), lit(s, b).Not(), lit(a, s).Not())
			continue
		}
		// one fixed pair x →C y; w is the third vertex
		x, y, w := a, b, s
		switch {
		case before(b, a):
			x, y, w = b, a, s
		case before(a, s):
			x, y, w = a, s, b
		case before(s, a):
			x, y, w = s, a, b
		case before(b, s):
			x, y, w = b, s, a
		case before(s, b):
			x, y, w = s, b, a
		}
		if unfixedIn(w, x, y) || restrictedMutant == mutantPruneAll {
			inst.stats.PrunedTriangles++
			continue
		}
		inst.addClause(ng(x), ng(y), ng(w), lit(y, w).Not(), lit(x, w)) // y→w ⇒ x→w
	}
}

// hasAny reports whether some bit of m is set.
func hasAny(m []uint64) bool {
	for _, b := range m {
		if b != 0 {
			return true
		}
	}
	return false
}

// transitiveAt reports whether C is transitive through vertex v: every
// C-predecessor of v precedes every C-successor of v (fixed has k rows of
// words words).
// fixedCyclic reports whether the fixed pairs (row p: p's successors) have
// a cycle: a depth-first search for a back edge.
func fixedCyclic(fixed []uint64, words, k int) bool {
	state := make([]uint8, k) // 0 new, 1 on the stack, 2 done
	var visit func(p int) bool
	visit = func(p int) bool {
		state[p] = 1
		rp := fixed[p*words : (p+1)*words]
		for w, word := range rp {
			for ; word != 0; word &= word - 1 {
				q := w*64 + bits.TrailingZeros64(word)
				if state[q] == 1 || state[q] == 0 && visit(q) {
					return true
				}
			}
		}
		state[p] = 2
		return false
	}
	for p := 0; p < k; p++ {
		if state[p] == 0 && visit(p) {
			return true
		}
	}
	return false
}

func transitiveAt(fixed []uint64, words, k, v int) bool {
	rv := fixed[v*words : (v+1)*words]
	for a := 0; a < k; a++ {
		if fixed[a*words+v/64]&(1<<(v%64)) == 0 {
			continue
		}
		ra := fixed[a*words : (a+1)*words]
		for x := range rv {
			if rv[x]&^ra[x] != 0 {
				return false
			}
		}
	}
	return true
}

// restrictedCost completes g (which it changes) and counts the clauses
// its triangles would get at most: two with no fixed pair, one with one.
func restrictedCost(g *OrderGraph, before func(a, b int) bool) int {
	n := 0
	g.Eliminate(func(int, int) {}, func(a, b, s int) {
		switch fixedEdges(before, a, b, s) {
		case 0:
			n += 2
		case 1:
			n++
		}
	})
	return n
}

// fixedEdges counts the fixed pairs of triangle a, b, s.
func fixedEdges(before func(a, b int) bool, a, b, s int) int {
	n := 0
	for _, e := range [3][2]int{{a, b}, {b, s}, {a, s}} {
		if before(e[0], e[1]) || before(e[1], e[0]) {
			n++
		}
	}
	return n
}

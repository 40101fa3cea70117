package axioms

import (
	"math/bits"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// Sparse transitivity (Bryant & Velev, "Boolean satisfiability with
// transitivity constraints", ACM TOCL 3(4), 2002).
//
// Let G be the graph whose vertices are the instructions a total order R
// orders and whose edges are the pairs that have a literal when the
// instance is finalized: the pairs some axiom instance, forced order or Rel
// request mentions (fixed pairs included). Complete G to a chordal graph G'
// (every cycle of length ≥ 4 has a chord) by vertex elimination, and forbid
// the two 3-cycles of every triangle of G', guarded by the three vertices'
// guards. For the executed vertices, the subgraph of G' they induce is
// chordal and each of its triangles is acyclic, so the orientation is
// acyclic (Bryant & Velev, Thm. 1), and every topological order of it is a
// total order that agrees with every mentioned pair; docs/semantics.md
// spells out why this preserves satisfiability.

// sparseTransitivity encodes the transitivity of r over its mentioned pairs.
func (inst *Instance) sparseTransitivity(r *relation) {
	if !inst.opts.PlainOrderGraph {
		inst.restrictedTransitivity(r)
		return
	}
	inst.plainTransitivity(r)
}

// plainTransitivity is sparse transitivity over every mentioned pair.
func (inst *Instance) plainTransitivity(r *relation) {
	in := inst.in
	vs, guard := inst.mayExecute(r)
	g := NewOrderGraph(len(vs))
	var pair [2]int32
	for p := range vs {
		for q := p + 1; q < len(vs); q++ {
			in.lim.check()
			pair[0], pair[1] = vs[p], vs[q]
			if r.peek(in, pair[:]) != 0 {
				g.AddEdge(p, q)
			}
		}
	}
	inst.stats.OrderPairs += g.Edges()
	lit := func(a, b int32) z.Lit {
		pair[0], pair[1] = a, b
		return r.lit(in, pair[:], &inst.stats.RelationLits)
	}
	g.Eliminate(func(p, q int) {
		lit(vs[p], vs[q]) // a fill pair gets its literal
		inst.stats.FillPairs++
	}, func(p, q, s int) {
		in.lim.check() // a wide graph has millions of triangles
		x, y, w := vs[p], vs[q], vs[s]
		gx, gy, gw := guard(x).Not(), guard(y).Not(), guard(w).Not()
		// no cycle x→y→w→x, no cycle x→w→y→x
		inst.addClause(gx, gy, gw, lit(x, y).Not(), lit(y, w).Not(), lit(w, x).Not())
		inst.addClause(gx, gy, gw, lit(y, x).Not(), lit(w, y).Not(), lit(x, w).Not())
	})
}

// OrderGraph is an undirected graph on vertices 0..k-1 with bitset rows:
// the pairs of a strict total order that have a literal. Eliminate makes
// it chordal and lists its triangles, whose two 3-cycles a caller forbids
// to make the order transitive. It is the one sparse-transitivity
// machinery: the .mm models' total orders (sparseTransitivity) and the
// cat models' acyclicity checks through program order
// (encode/orderacyclic.go) use it.
type OrderGraph struct {
	k, words int
	adj      []uint64
	deg      []int
	edges    int
}

func NewOrderGraph(k int) *OrderGraph {
	w := (k + 63) / 64
	return &OrderGraph{k: k, words: w, adj: make([]uint64, k*w), deg: make([]int, k)}
}

// Edges is the number of edges added so far.
func (g *OrderGraph) Edges() int { return g.edges }

func (g *OrderGraph) row(p int) []uint64 { return g.adj[p*g.words : (p+1)*g.words] }

func (g *OrderGraph) Has(p, q int) bool { return g.adj[p*g.words+q/64]&(1<<(q%64)) != 0 }

func (g *OrderGraph) AddEdge(p, q int) {
	g.adj[p*g.words+q/64] |= 1 << (q % 64)
	g.adj[q*g.words+p/64] |= 1 << (p % 64)
	g.deg[p]++
	g.deg[q]++
	g.edges++
}

// eliminate makes g chordal by min-degree elimination: it repeatedly
// removes a vertex of least degree among those left (the lowest number on
// ties, for determinism) after making its remaining neighbours a clique.
// fill is called for each edge added, triangle for each triangle of the
// completed graph — exactly once, when its first vertex is eliminated
// (its other two vertices are then neighbours of it, and adjacent).
func (g *OrderGraph) Eliminate(fill func(p, q int), triangle func(p, q, s int)) {
	alive := make([]uint64, g.words)
	for p := 0; p < g.k; p++ {
		alive[p/64] |= 1 << (p % 64)
	}
	var nb []int
	for left := g.k; left > 0; left-- {
		v, best := -1, 0
		for p := 0; p < g.k; p++ {
			if alive[p/64]&(1<<(p%64)) != 0 && (v < 0 || g.deg[p] < best) {
				v, best = p, g.deg[p]
			}
		}
		alive[v/64] &^= 1 << (v % 64)
		nb = nb[:0]
		for w, bitsW := range g.row(v) {
			for b := bitsW & alive[w]; b != 0; b &= b - 1 {
				nb = append(nb, w*64+bits.TrailingZeros64(b))
			}
		}
		for x, a := range nb {
			for _, b := range nb[x+1:] {
				if !g.Has(a, b) {
					g.AddEdge(a, b)
					fill(a, b)
				}
				triangle(v, a, b)
			}
		}
		for _, a := range nb {
			g.deg[a]--
		}
	}
}

// mayExecute lists r's vertices whose guard is not false, with the guard.
func (inst *Instance) mayExecute(r *relation) ([]int32, func(int32) z.Lit) {
	in := inst.in
	all, guard := r.vertices(in, in.sortDom[r.decl.Params[0]])
	var vs []int32
	for _, v := range all {
		if guard(v) != in.c.F {
			vs = append(vs, v)
		}
	}
	return vs, guard
}

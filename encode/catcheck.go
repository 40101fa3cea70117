package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// structure adds what the test's structure implies beyond the model: the
// init thread runs before and the final thread after the others, so a
// load of another thread never reads a value an init store overwrote, and
// a load of the final thread reads the last store of its location (the
// stores of the threads are forced before it in coherence; these are the
// from-read edges that would contradict that).
//
// Those fr pairs are also taken out of the base relation fr (its literal
// is false in every model of the formula, which keeps the negation): a
// static edge from another thread into the init thread, or out of the
// final thread, would put their events into the strongly connected
// components of each acyclicity check (docs/semantics.md, "The init and
// final threads in the static graph").
func (ci *CatInstance) structure() {
	fr := ci.baseRel("fr")
	kept := newLrel(ci.n())
	for l, row := range fr.rows {
		if ci.Events[l].Kind != cat.Read {
			kept.rows[l] = row
			continue
		}
		lk := ci.threadKind(l)
		for _, e := range row {
			if frAgainstStructure(lk, ci.threadKind(int(e.j))) {
				ci.parts = append(ci.parts, e.l.Not())
				if !ci.structureFR {
					continue
				}
			}
			kept.rows[l] = append(kept.rows[l], e)
		}
	}
	ci.bases["fr"] = kept
}

// frAgainstStructure reports whether fr from a load of a thread of kind
// lk to a store of a thread of kind sk contradicts the test's structure.
func frAgainstStructure(lk, sk lsl.ThreadKind) bool {
	return lk != lsl.ThreadInit && sk == lsl.ThreadInit || lk == lsl.ThreadFinal && sk != lsl.ThreadFinal
}

// constraints encodes every check and flag of the model.
func (ci *CatInstance) constraints() {
	concurrent := ci.concurrentChecks() // catends.go
	for i, k := range ci.m.Constraints {
		if concurrent[i] {
			ci.onConcurrent(func() { ci.check(k) })
			continue
		}
		ci.check(k)
	}
}

// check encodes one check or flag of the model.
func (ci *CatInstance) check(k *cat.Constraint) {
	if k.Flag {
		// a flag fires when its test, as written, holds
		ci.Flags = append(ci.Flags, &CatFlag{Name: flagName(k), Pos: k.Pos, Lit: ci.test(k, !k.Negated), k: k})
		return
	}
	ci.stats.Instances++
	if !k.Negated && k.Kind == cat.Irreflexive {
		if hb, opt, ok := coherenceShape(k.Expr); ok {
			ci.assertCoherence(ci.rel(hb, polUpper), opt) // catcoherence.go
			return
		}
		if ci.assertIrreflexiveTriples(k.Expr) {
			return
		}
	}
	if !k.Negated && k.Kind == cat.Acyclic && k.Expr.Kind == cat.KRel {
		if rest, ok := poUnionRest(k.Expr); ok && !ci.hasParts && (ci.orderAllPOUnions || ordersLocations(rest)) {
			// a total order with program order fixed (orderacyclic.go)
			ci.assertAcyclicByOrder(ci.rel(k.Expr, polUpper))
			return
		}
		if g, ok := ci.suffixGraph(k.Expr); ok {
			ci.assertAcyclic(g) // program-order suffixes as chains (catsuffix.go)
			return
		}
		ci.assertAcyclic(ci.rel(k.Expr, polUpper))
		return
	}
	ci.parts = append(ci.parts, ci.test(k, !k.Negated))
}

// testPol is the polarity a test's expression is encoded in: upper where
// the test must hold (a smaller relation passes more easily), lower where
// it must fail (a flag fires only on pairs really in the relation).
func testPol(want bool) pol {
	if want {
		return polUpper
	}
	return polLower
}

func flagName(k *cat.Constraint) string {
	if k.Name != "" {
		return k.Name
	}
	return k.String()
}

// test returns a literal for "the test of k holds" (want) or "fails"
// (!want), sound in every model and exact in some (see pol).
func (ci *CatInstance) test(k *cat.Constraint, want bool) z.Lit {
	c := ci.c
	p := testPol(want)
	var bad []z.Lit // the test fails if one holds
	switch {
	case k.Expr.Kind == cat.KSet:
		bad = ci.set(k.Expr, p)
	case k.Kind == cat.Irreflexive && k.Expr.Op == cat.OpSeq:
		// only the diagonal of a;b is asked for: (a;b)(i,i) is a(i,k) ∧
		// b(k,i) for some k, n² pairs instead of the n³ of the whole
		// composition (rc11's hb; eco?)
		a, b := ci.irreflexiveSplit(k.Expr, p)
		for i, row := range a.rows {
			for _, e := range row {
				bad = append(bad, c.And(e.l, b.get(c, int(e.j), i)))
			}
		}
	default:
		r := ci.rel(k.Expr, p)
		switch k.Kind {
		case cat.Empty:
			for _, row := range r.rows {
				for _, e := range row {
					bad = append(bad, e.l)
				}
			}
		case cat.Irreflexive:
			for i := range r.rows {
				bad = append(bad, r.get(c, i, i))
			}
		case cat.Acyclic:
			t := relSquareClosure(c, r)
			for i := range t.rows {
				bad = append(bad, t.get(c, i, i))
			}
		}
	}
	any := c.Ors(bad...)
	if want {
		return any.Not()
	}
	return any
}

// assertAcyclic adds clauses that make r acyclic: no self-loop, and each
// strongly connected component of its static graph acyclic by vertex
// elimination (catelim.go), or lazily when it is too large. Edges between
// components are never on a cycle.
func (ci *CatInstance) assertAcyclic(r *lrel) {
	ci.eachCyclicComponent(r, func(ms, comp []int, k, edges int) {
		if ci.LazyAcyclic || len(ms)*edges > maxEagerAcyclic {
			// too many transitivity clauses to build: check lazily
			ci.lazy = append(ci.lazy, &lazyAcyclic{r: r, comp: comp, k: k, members: ms})
			return
		}
		ci.acyclicByElimination(r, ms, comp)
	})
}

// eachCyclicComponent forbids r's self-loops and calls each with every
// strongly connected component of r's static graph that has two or more
// members (ms, sorted; comp numbers the components, k is this one's)
// and the number of r's edges inside it: the only places a cycle of r
// can be.
func (ci *CatInstance) eachCyclicComponent(r *lrel, each func(ms, comp []int, k, edges int)) {
	c := ci.c
	for i := range r.rows {
		if l := r.get(c, i, i); l != c.F {
			ci.clause(l.Not())
		}
	}
	comp := sccs(r.staticGraph())
	members := map[int][]int{}
	for v, k := range comp {
		members[k] = append(members[k], v)
	}
	for v := range r.rows {
		k := comp[v]
		ms := members[k]
		if len(ms) < 2 || ms[0] != v {
			continue
		}
		edges := 0
		for _, u := range ms {
			for _, e := range r.rows[u] {
				if comp[e.j] == k {
					edges++
				}
			}
		}
		each(ms, comp, k, edges)
	}
}

// maxEagerAcyclic bounds the size of an eagerly encoded strongly
// connected component (members × edges, what one transitive order over it
// would cost; vertex elimination, catelim.go, costs less on every
// component measured); larger ones are lazy. The eager encoding
// propagates far better (snark's D0 on arm8: 159 s CPU eager with a
// transitive order, more than 260 s lazy, more than 530 s with integer
// ranks per event), so the bound only guards memory.
const maxEagerAcyclic = 20_000_000

// sccs numbers the strongly connected components of a graph (Tarjan).
func sccs(g [][]int32) []int {
	n := len(g)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	comp := make([]int, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	counter, ncomp := 0, 0
	type frame struct{ v, next int }
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		call := []frame{{root, 0}}
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.next < len(g[f.v]) {
				w := int(g[f.v][f.next])
				f.next++
				if index[w] < 0 {
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, 0})
				} else if onStack[w] && index[w] < low[f.v] {
					low[f.v] = index[w]
				}
				continue
			}
			v := f.v
			call = call[:len(call)-1]
			if len(call) > 0 {
				if p := call[len(call)-1].v; low[v] < low[p] {
					low[p] = low[v]
				}
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = ncomp
					if w == v {
						break
					}
				}
				ncomp++
			}
		}
	}
	return comp
}

// fromRead is fr between the events of instructions l and s.
func (ci *CatInstance) fromRead(l, s int) z.Lit {
	a, b := ci.evOf[l], ci.evOf[s]
	if a < 0 || b < 0 {
		return ci.c.F
	}
	return ci.baseRel("fr").get(ci.c, a, b)
}

// Theta methods.

func (ci *CatInstance) Constraint() z.Lit                       { return ci.c.Ands(ci.parts...) }
func (ci *CatInstance) Clauses() (*sat.ClauseList, error)       { return &ci.clauses, nil }
func (ci *CatInstance) Lemmas(value func(z.Lit) bool) [][]z.Lit { return ci.lemmas(value) }
func (ci *CatInstance) Stats() axioms.InstanceStats             { return ci.stats }
func (ci *CatInstance) HasRel(string) bool                      { return false }
func (ci *CatInstance) Model() *cat.Model                       { return ci.m }
func (ci *CatInstance) Rel(name string, args ...int) z.Lit {
	panic("encode: a cat model has no .mm relation " + name)
}

// assertIrreflexiveTriples asserts that a composition a1; …; an (n ≥ 3)
// ending in a closure has an empty diagonal by one clause per path of
// its last three factors' static pairs around the diagonal:
//
//	¬x(i,k) ∨ ¬y(k,m) ∨ ¬z(m,i)
//
// with x the first n-2 factors composed, y the next and z the closure on
// the rows y reaches and the columns x leaves from. irreflexiveSplit's
// test composes x; y with gates first (an And per path, an Or per pair):
// power's observation, fre; prop; hb*, built fre; prop for every pair at
// three clauses a path, 41 k of the 296 k clauses of the c11bench Treiber
// 3+3 (12,870 path clauses instead). Exact in the upper polarity, the
// check's: the clauses forbid a path of the three relations' literals,
// which are true on every real pair, and the relations at their least
// make the clauses the check. Where the static graphs say it is smaller,
// y; z is instead one closure seeded by y's pairs on x's domain as
// columns (seededClosure) and the check one clause ¬x(i,k) ∨ ¬w(k,i) per
// pair of x. ok is false where irreflexiveSplit would not split (fewer
// factors, no closure at the end, CatPlainRelations).
func (ci *CatInstance) assertIrreflexiveTriples(n *cat.Node) (ok bool) {
	fs := seqFactors(n, nil)
	if !ci.splitsBeforeClosure(fs) {
		return false
	}
	last := fs[len(fs)-1]
	c, p := ci.c, polUpper
	x := ci.composeFactors(fs[:len(fs)-2], p)
	if x.empty(c) {
		return true
	}
	y := ci.rel(fs[len(fs)-2], p)
	// y; z closed from y's rows, on x's domain as columns (catseeded.go)
	if w, ok := ci.seededClosure(y, last, p, relDomainMask(x)); ok {
		for i, row := range x.rows {
			for _, e := range row {
				if l := w.get(c, int(e.j), i); l != c.F {
					ci.clause(e.l.Not(), l.Not())
				}
			}
		}
		ci.tripleChecks++
		return true
	}
	reach := make([]bool, ci.n())
	for _, row := range x.rows {
		for _, e := range row {
			for _, f := range y.rows[e.j] {
				reach[f.j] = true
			}
		}
	}
	z, ok := ci.closureOn(last, p, reach, relDomainMask(x))
	if !ok {
		z = ci.rel(last, p)
	}
	for i, row := range x.rows {
		for _, e := range row {
			for _, f := range y.rows[e.j] {
				if l := z.get(c, int(f.j), i); l != c.F {
					ci.clause(e.l.Not(), f.l.Not(), l.Not())
				}
			}
		}
	}
	ci.tripleChecks++
	return true
}

// splitsBeforeClosure reports whether the diagonal of a composition with
// these factors is split before its last (irreflexiveSplit,
// assertIrreflexiveTriples): three or more factors, a closure last.
func (ci *CatInstance) splitsBeforeClosure(fs []*cat.Node) bool {
	last := fs[len(fs)-1]
	return len(fs) >= 3 && (last.Op == cat.OpStar || last.Op == cat.OpPlus) && !ci.plainRelations
}

// composeFactors composes the factors of a composition as
// irreflexiveSplit does: program order by its static shortcut, the
// others restricted to the pairs the left part reaches (composeOn).
func (ci *CatInstance) composeFactors(fs []*cat.Node, p pol) *lrel {
	a := ci.rel(fs[0], p)
	for _, f := range fs[1:] {
		if a.empty(ci.c) {
			return a
		}
		if ci.staticPO(f) {
			a = ci.composePORight(a)
		} else {
			a = ci.composeOn(p, a, ci.rel(f, p))
		}
	}
	return a
}

// irreflexiveSplit encodes a composition a1; …; an whose diagonal alone is
// asked for as two relations whose composition it is. The diagonal of
// x; y is x(i,k) ∧ y(k,i), so the larger of the two need not be composed
// with anything: a closure at the end (power's observation, fre; prop;
// hb*) is kept apart from the factors before it, which are composed
// first; otherwise the first factor is (rc11's hb; eco?).
func (ci *CatInstance) irreflexiveSplit(n *cat.Node, p pol) (a, b *lrel) {
	fs := seqFactors(n, nil)
	if !ci.splitsBeforeClosure(fs) {
		return ci.rel(n.Kids[0], p), ci.rel(n.Kids[1], p)
	}
	last := fs[len(fs)-1]
	a = ci.composeFactors(fs[:len(fs)-1], p)
	if a.empty(ci.c) {
		return a, newLrel(ci.n())
	}
	// only b(k,i) for a(i,k) is read: the closure on a's range as rows
	// and its domain as columns (catclosurerows.go)
	if b, ok := ci.closureOn(last, p, relRangeMask(a), relDomainMask(a)); ok {
		return a, b
	}
	return a, ci.rel(last, p)
}

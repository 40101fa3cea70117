package encode

import (
	"slices"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// pol is the polarity a node is encoded for. A check (acyclic,
// irreflexive, empty) holds more easily for a smaller relation, so its
// argument may be over-approximated: the upper encoding of a node is a
// relation U with U ⊇ the node's value in every model of the encoding,
// and U equal to it in some model (auxiliary variables, e.g. of a
// closure, are free to be chosen minimal). The lower encoding L has L ⊆
// the value in every model and L equal to it in some. Operators are
// monotone except difference (right operand) and complement, which swap
// the polarities; base relations are exact in both.
type pol uint8

const (
	polUpper pol = iota
	polLower
)

func (p pol) flip() pol { return 1 - p }

type nodeKey struct {
	n *cat.Node
	p pol
}

type groupKey struct {
	g *cat.RecGroup
	p pol
}

// rel encodes a relation node.
func (ci *CatInstance) rel(n *cat.Node, p pol) *lrel {
	if exactOp(n) {
		p = polUpper // the same in both polarities
	}
	k := nodeKey{n, p}
	if r, ok := ci.memoRel[k]; ok {
		return r
	}
	if ci.inConcurrent {
		if r, ok := ci.fromFullView(k); ok { // catends.go
			ci.memoRel[k] = r
			return r
		}
	}
	c := ci.c
	var r *lrel
	if !exactOp(n) && !ci.plainRelations && ci.staticallyEmpty(n) {
		r = newLrel(ci.n())
		ci.memoRel[k] = r
		return r
	}
	switch n.Op {
	case cat.OpBase:
		r = ci.baseRel(n.Name)
	case cat.OpEmpty:
		r = newLrel(ci.n())
	case cat.OpUnion:
		r = ci.relUnionFull(ci.rel(n.Kids[0], p), ci.rel(n.Kids[1], p))
	case cat.OpInter:
		// an operand that is empty in every execution makes the other
		// unneeded here: it is not encoded (rc11's psc, when the program
		// has no seq_cst event, would build the cubic po;hb;po for nothing)
		if cr, ok := ci.interCart(n, p); ok { // catclosurerows.go
			r = cr
		} else if a := ci.rel(n.Kids[0], p); a.empty(c) {
			r = a
		} else {
			r = ci.relInterFull(a, ci.rel(n.Kids[1], p))
		}
	case cat.OpDiff:
		if a := ci.rel(n.Kids[0], p); a.empty(c) {
			r = a
		} else if p == polUpper && isSameSource(n.Kids[1]) && !ci.hasParts {
			r = ci.diffSameSource(a) // catsamesource.go
		} else {
			r = ci.relDiffFull(a, ci.rel(n.Kids[1], p.flip()))
		}
	case cat.OpSeq:
		if sc, ok := ci.seqChainOutsideGroups(n, p); ok {
			r = sc
			break
		}
		if sr, ok := ci.seqRestricted(n, p); ok { // catrestrict.go
			r = sr
			break
		}
		switch l, rt := n.Kids[0], n.Kids[1]; {
		case ci.staticPO(l):
			r = ci.composePO(ci.rel(rt, p), false)
		case ci.staticPO(rt):
			r = ci.composePORight(ci.rel(l, p))
		default:
			if a := ci.rel(l, p); a.empty(c) {
				r = a
			} else if sr, ok := ci.seededClosure(a, rt, p, nil); ok { // catseeded.go
				r = sr
			} else if ci.groupDepth == 0 {
				r = ci.composeOn(p, a, ci.rel(rt, p)) // catrestrict.go
			} else {
				r = relCompose(c, a, ci.rel(rt, p))
			}
		}
	case cat.OpCart:
		if a := ci.set(n.Kids[0], p); a.empty(c) {
			r = newLrel(ci.n())
		} else {
			r = relCart(c, a, ci.set(n.Kids[1], p))
		}
	case cat.OpInverse:
		r = relInverse(c, ci.rel(n.Kids[0], p))
	case cat.OpPlus:
		r = ci.plus(n.Kids[0], p)
	case cat.OpStar:
		r = relReflexive(c, ci.plus(n.Kids[0], p), ci.guards)
	case cat.OpOpt:
		r = relReflexive(c, ci.rel(n.Kids[0], p), ci.guards)
	case cat.OpComplement:
		a := ci.rel(n.Kids[0], p.flip())
		r = ci.pairs(func(i, j int) z.Lit { return c.And(ci.both(i, j), a.get(c, i, j).Not()) })
	case cat.OpIdOf:
		r = relIdentity(c, ci.set(n.Kids[0], p))
	case cat.OpRecRef:
		ci.group(n.Rec, p)
		return ci.memoRel[k]
	default:
		panic("encode: relation node " + n.String())
	}
	ci.memoRel[k] = r
	return r
}

// set encodes a set node.
func (ci *CatInstance) set(n *cat.Node, p pol) lset {
	if exactOp(n) {
		p = polUpper
	}
	k := nodeKey{n, p}
	if s, ok := ci.memoSet[k]; ok {
		return s
	}
	c := ci.c
	var s lset
	switch n.Op {
	case cat.OpBase:
		s = ci.baseSet(n.Name, false)
	case cat.OpTag:
		s = ci.baseSet(n.Name, true)
	case cat.OpEmpty:
		s = make(lset, ci.n())
		for i := range s {
			s[i] = c.F
		}
	case cat.OpUniverse:
		s = append(lset(nil), ci.guards...)
	case cat.OpUnion:
		s = ci.setUnion(ci.set(n.Kids[0], p), ci.set(n.Kids[1], p))
	case cat.OpInter:
		s = ci.setInter(ci.set(n.Kids[0], p), ci.set(n.Kids[1], p))
	case cat.OpDiff:
		s = ci.setMinus(ci.set(n.Kids[0], p), ci.set(n.Kids[1], p.flip()))
	case cat.OpComplement:
		s = ci.setMinus(ci.guards, ci.set(n.Kids[0], p.flip()))
	case cat.OpDomain:
		s = relDomain(c, ci.rel(n.Kids[0], p))
	case cat.OpRange:
		s = relRange(c, ci.rel(n.Kids[0], p))
	case cat.OpRecRef:
		ci.group(n.Rec, p)
		return ci.memoSet[k]
	default:
		panic("encode: set node " + n.String())
	}
	ci.memoSet[k] = s
	return s
}

// setMinus is a \ b. A set's literal implies that its event executes, so
// where b holds whenever the event executes (b's literal is the guard: a
// tag, R, W, …) the difference is false, not "a and not executed", which
// the solver would have to refute: rc11's seq-cst (accesses of atomic
// blocks without a memory order) is then empty when every atomic access
// has one, and so is its psc.
func (ci *CatInstance) setMinus(a, b lset) lset {
	c := ci.c
	out := make(lset, len(a))
	for i := range a {
		if b[i] == ci.guards[i] {
			out[i] = c.F
		} else {
			out[i] = c.And(a[i], b[i].Not())
		}
	}
	return out
}

func isPO(n *cat.Node) bool { return n.Op == cat.OpBase && n.Name == "po" }

// exactOp reports nodes whose encoding does not depend on the polarity.
func exactOp(n *cat.Node) bool {
	switch n.Op {
	case cat.OpBase, cat.OpTag, cat.OpEmpty, cat.OpUniverse:
		return true
	}
	return false
}

// plus encodes n+: through program order's transitive reduction when n
// is a union with po in it (catpoclosure.go), else by closure.
func (ci *CatInstance) plus(n *cat.Node, p pol) *lrel {
	if rest, ok := poUnionRest(n); ok && p == polUpper && !ci.hasParts {
		return ci.closureWithPO(ci.unionOf(rest, p))
	}
	return ci.closure(ci.rel(n, p), p)
}

// unionOf encodes the union of nodes.
func (ci *CatInstance) unionOf(ns []*cat.Node, p pol) *lrel {
	x := newLrel(ci.n())
	for _, m := range ns {
		x = ci.relUnionFull(x, ci.rel(m, p))
	}
	return x
}

// closure encodes a+. Upper: one free variable per pair the static
// closure allows, implied by a and closed under a-steps — its least
// solution is a+, and larger solutions only make the checks harder.
// Lower: the exact closure by iterated squaring.
func (ci *CatInstance) closure(a *lrel, p pol) *lrel {
	if p == polLower {
		return relSquareClosure(ci.c, a)
	}
	return ci.closureRows(a, nil)
}

// closureRows is the upper encoding of a+ on the rows that rows marks
// (nil: every row). A row of the closure is closed on its own, t(i,k) ∧
// a(k,j) ⇒ t(i,j) only names row i, so the rows left out cost nothing and
// the rows kept are those of the whole closure (catclosurerows.go).
func (ci *CatInstance) closureRows(a *lrel, rows []bool) *lrel {
	c := ci.c
	g := a.staticGraph()
	reach := staticClosure(g)
	t := newLrel(ci.n())
	for i, row := range reach {
		if rows != nil && !rows[i] {
			continue
		}
		for _, j := range row {
			v := c.Lit()
			ci.stats.RelationLits++
			t.rows[i] = append(t.rows[i], lentry{j, c.And(ci.both(i, int(j)), v)})
		}
	}
	for i, row := range a.rows {
		if rows != nil && !rows[i] {
			continue
		}
		for _, e := range row {
			ci.clause(e.l.Not(), t.get(c, i, int(e.j)))
		}
	}
	// t(i,k) ∧ a(k,j) ⇒ t(i,j)
	for i, row := range t.rows {
		for _, tk := range row {
			for _, ae := range a.rows[tk.j] {
				ci.clause(tk.l.Not(), ae.l.Not(), t.get(c, i, int(ae.j)))
			}
		}
	}
	return t
}

func (ci *CatInstance) clause(lits ...z.Lit) {
	c := ci.c
	var buf [8]z.Lit
	out := buf[:0]
	for _, l := range lits {
		if l == c.T {
			return
		}
		if l != c.F {
			out = append(out, l)
		}
	}
	ci.clauses.Add(out)
}

// staticClosure is the transitive closure of a graph (successor lists,
// sorted).
func staticClosure(g [][]int32) [][]int32 {
	out := reachFrom(g, nil) // catseeded.go
	for _, row := range out {
		slices.Sort(row)
	}
	return out
}

// group encodes recursion group g for polarity p. Upper, when every
// variable occurs only positively in the bodies: one free variable per
// pair of the static fixpoint, implied by the bodies (the least solution
// is the least fixpoint). Otherwise, and for the lower polarity, Kleene
// iteration from the empty relations, exact (given exact inputs) after as
// many rounds as the static fixpoint has pairs (a group that is not
// monotone: herd's iteration X := F(X), as cat's evaluator does).
func (ci *CatInstance) group(g *cat.RecGroup, p pol) {
	key := groupKey{g, p}
	if ci.groups[key] {
		return
	}
	ci.groups[key] = true
	ci.groupDepth++
	defer func() { ci.groupDepth-- }()
	if p == polUpper && positiveIn(g) {
		ci.groupVars(g)
		return
	}
	ci.groupKleene(g, p)
}

// positiveIn reports whether the variables of g occur only positively in
// its bodies (not under a complement or on the right of a difference).
func positiveIn(g *cat.RecGroup) bool {
	ok := true
	var walk func(n *cat.Node, neg bool, seen map[nodeKey]bool)
	walk = func(n *cat.Node, neg bool, seen map[nodeKey]bool) {
		k := nodeKey{n, polOf(neg)}
		if seen[k] {
			return
		}
		seen[k] = true
		if n.Op == cat.OpRecRef && n.Rec == g && neg {
			ok = false
		}
		for i, kid := range n.Kids {
			flip := n.Op == cat.OpComplement || n.Op == cat.OpDiff && i == 1
			walk(kid, neg != flip, seen)
		}
	}
	seen := map[nodeKey]bool{}
	for _, b := range g.Bodies {
		walk(b, false, seen)
	}
	return ok
}

func polOf(b bool) pol {
	if b {
		return 1
	}
	return 0
}

func (ci *CatInstance) groupVars(g *cat.RecGroup) {
	c := ci.c
	may := ci.mayGroup(g)
	for i, v := range g.Vars {
		if v.Kind == cat.KSet {
			s := make(lset, ci.n())
			for e := range s {
				s[e] = c.F
				if may.sets[v].Has(e) {
					s[e] = c.And(ci.guards[e], c.Lit())
					ci.stats.RelationLits++
				}
			}
			ci.memoSet[nodeKey{g.Vars[i], polUpper}] = s
			continue
		}
		r := newLrel(ci.n())
		for a := range ci.Events {
			for b := range ci.Events {
				if may.rels[v].Has(a, b) {
					r.rows[a] = append(r.rows[a], lentry{int32(b), c.And(ci.both(a, b), c.Lit())})
					ci.stats.RelationLits++
				}
			}
		}
		ci.memoRel[nodeKey{g.Vars[i], polUpper}] = r
	}
	for i, v := range g.Vars {
		if v.Kind == cat.KSet {
			body, x := ci.set(g.Bodies[i], polUpper), ci.memoSet[nodeKey{v, polUpper}]
			for e := range body {
				ci.clause(body[e].Not(), x[e])
			}
			continue
		}
		ci.implyInto(g.Bodies[i], ci.memoRel[nodeKey{v, polUpper}])
	}
}

// implyInto adds clauses that make relation x contain n's upper encoding,
// term by term: a union's operands each, and a composition a; b by one
// clause a(i,k) ∧ b(k,j) ⇒ x(i,j) per path, without the gates of a; b
// (power's preserved program order, whose bodies compose the group's
// variables, built 730 k gates as relations).
func (ci *CatInstance) implyInto(n *cat.Node, x *lrel) {
	c := ci.c
	switch {
	case ci.plainRelations:
		// the body as one relation, below
	case n.Op == cat.OpUnion:
		ci.implyInto(n.Kids[0], x)
		ci.implyInto(n.Kids[1], x)
		return
	case n.Op == cat.OpSeq && !ci.staticPO(n.Kids[0]) && !ci.staticPO(n.Kids[1]) && !ci.staticallyEmpty(n):
		a := ci.rel(n.Kids[0], polUpper)
		if a.empty(c) {
			return
		}
		b := ci.rel(n.Kids[1], polUpper)
		for i, row := range a.rows {
			for _, ak := range row {
				for _, bj := range b.rows[ak.j] {
					ci.clause(ak.l.Not(), bj.l.Not(), x.get(c, i, int(bj.j)))
				}
			}
		}
		return
	}
	body := ci.rel(n, polUpper)
	for a, row := range body.rows {
		for _, e := range row {
			ci.clause(e.l.Not(), x.get(c, a, int(e.j)))
		}
	}
}

func (ci *CatInstance) groupKleene(g *cat.RecGroup, p pol) {
	c := ci.c
	may := ci.mayGroup(g)
	// a group that is not monotone is iterated as herd does, replacing
	// the values each round (cat.Evaluator's fixpoint)
	grow := g.Monotone()
	bound := 1
	for _, v := range g.Vars {
		if v.Kind == cat.KSet {
			bound += may.sets[v].Len()
		} else {
			for _, row := range may.rels[v] {
				bound += row.Len()
			}
		}
	}
	// The polarities whose values the iteration sets: a group that is not
	// monotone reads its variables in both (on the right of a
	// difference), so one exact iteration serves both.
	pols := []pol{p}
	if !grow {
		pols = []pol{polUpper, polLower}
		ci.groups[groupKey{g, polUpper}] = true
		ci.groups[groupKey{g, polLower}] = true
	}
	dependents := dependentNodes(g)
	for i, v := range g.Vars {
		for _, q := range pols {
			if v.Kind == cat.KSet {
				s := make(lset, ci.n())
				for e := range s {
					s[e] = c.F
				}
				ci.memoSet[nodeKey{g.Vars[i], q}] = s
			} else {
				ci.memoRel[nodeKey{g.Vars[i], q}] = newLrel(ci.n())
			}
		}
	}
	forget := func() {
		for _, n := range dependents {
			for _, q := range pols {
				delete(ci.memoRel, nodeKey{n, q})
				delete(ci.memoSet, nodeKey{n, q})
				if n.Op == cat.OpRecRef {
					delete(ci.groups, groupKey{n.Rec, q}) // a nested group is encoded again
				}
			}
		}
	}
	for round := 0; round < bound; round++ {
		forget()
		same := true
		nextRel := map[*cat.Node]*lrel{}
		nextSet := map[*cat.Node]lset{}
		for i, v := range g.Vars {
			k := nodeKey{v, p}
			if !grow {
				// in order, each binding on the latest values
				// (cat's sequentialFixpoint)
				forget()
			}
			if v.Kind == cat.KSet {
				old := ci.memoSet[k]
				s := ci.set(g.Bodies[i], p)
				if grow {
					s = setOp(old, s, c.Or)
				}
				for e := range s {
					same = same && s[e] == old[e]
				}
				nextSet[v] = s
				if !grow {
					for _, q := range pols {
						ci.memoSet[nodeKey{v, q}] = s
					}
				}
			} else {
				old := ci.memoRel[k]
				r := ci.rel(g.Bodies[i], p)
				if grow {
					r = relUnion(c, old, r)
				}
				same = same && relSame(r, old)
				nextRel[v] = r
				if !grow {
					for _, q := range pols {
						ci.memoRel[nodeKey{v, q}] = r
					}
				}
			}
		}
		for _, q := range pols {
			for v, s := range nextSet {
				ci.memoSet[nodeKey{v, q}] = s
			}
			for v, r := range nextRel {
				ci.memoRel[nodeKey{v, q}] = r
			}
		}
		if same {
			break
		}
	}
	forget()
}

// dependentNodes lists the nodes of g's bodies whose value depends on
// g's variables (other than the variables).
func dependentNodes(g *cat.RecGroup) []*cat.Node {
	dep := map[*cat.Node]bool{}
	var out []*cat.Node
	var visit func(n *cat.Node) bool
	visit = func(n *cat.Node) bool {
		if d, ok := dep[n]; ok {
			return d
		}
		dep[n] = false
		d := n.Op == cat.OpRecRef && n.Rec == g
		if n.Op == cat.OpRecRef && n.Rec != g {
			for _, b := range n.Rec.Bodies {
				if visit(b) {
					d = true
				}
			}
		}
		for _, k := range n.Kids {
			if visit(k) {
				d = true
			}
		}
		dep[n] = d
		if d && !(n.Op == cat.OpRecRef && n.Rec == g) {
			out = append(out, n)
		}
		return d
	}
	for _, b := range g.Bodies {
		visit(b)
	}
	return out
}

// seqChainOutsideGroups encodes a composition that starts with a filter
// from the left (seqChain, racesw.go): each filter cuts the pairs built so
// far as soon as it comes, instead of after the whole composition to its
// right (rc11's sw, whose first factor is [at-least-rel], was 12 k of the
// 40 k gates of msq_2_2's coherence check). Not inside a recursion group:
// its upper compositions take fresh variables, and the Kleene iteration
// of a group stops on literals that repeat.
func (ci *CatInstance) seqChainOutsideGroups(n *cat.Node, p pol) (*lrel, bool) {
	if ci.refersToGroup(n) {
		return nil, false
	}
	// an empty first filter makes the chain empty: seqChain would encode
	// the factor after it first (rc11's psc-fence, hb; eco; hb, on a
	// program without seq_cst fences)
	if first := seqFactors(n, nil)[0]; first.Op == cat.OpIdOf && ci.set(first.Kids[0], p).empty(ci.c) {
		return newLrel(ci.n()), true
	}
	return ci.seqChain(n, p)
}

// refersToGroup reports whether a recursion group's variable occurs in n.
func (ci *CatInstance) refersToGroup(n *cat.Node) bool {
	if ci.recRefs == nil {
		ci.recRefs = map[*cat.Node]bool{}
	}
	if v, ok := ci.recRefs[n]; ok {
		return v
	}
	ci.recRefs[n] = false // a DAG: visited once
	v := n.Op == cat.OpRecRef
	for _, k := range n.Kids {
		if ci.refersToGroup(k) {
			v = true
		}
	}
	ci.recRefs[n] = v
	return v
}

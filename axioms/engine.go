package axioms

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// engine expands compiled axioms into circuit literals. It holds the
// current binding of variable slots to instructions; recursion binds and
// unbinds slots in place, so instances cost no allocations.
type engine struct {
	in    *interp
	c     *logic.C
	rels  []*relation
	dom   [SortFence + 1][]int32 // quantifier ranges
	env   []int32                // slot -> instruction (-1: unbound)
	bound uint64                 // set of bound slots
	args  []int32                // scratch for atom arguments
	stats *InstanceStats
	// clauses collects the expanded instances; Θ is their conjunction.
	clauses []z.Lit
	cands   map[candKey][]int32
}

func newEngine(in *interp, rels []*relation, stats *InstanceStats, skipDead bool) *engine {
	e := &engine{in: in, c: in.c, rels: rels, env: make([]int32, maxSlots), stats: stats}
	for i := range e.env {
		e.env[i] = -1
	}
	for s := SortInstruction; s <= SortFence; s++ {
		if !skipDead {
			e.dom[s] = in.sortDom[s]
			continue
		}
		// An instruction whose guard is constantly false is never
		// executed: every instance that binds it is trivially true.
		for _, i := range in.sortDom[s] {
			if in.guards[i] != in.c.F {
				e.dom[s] = append(e.dom[s], i)
			}
		}
	}
	return e
}

func (e *engine) bind(slot int, i int32) {
	e.env[slot] = i
	e.bound |= 1 << slot
}

func (e *engine) unbind(slot int) {
	e.env[slot] = -1
	e.bound &^= 1 << slot
}

// atomArgs loads the instructions bound to n's argument slots into the
// scratch buffer. It reports false if one of them is outside its
// parameter's sort: the atom is then false (§5.4.1 step 3).
func (e *engine) atomArgs(n *cnode) bool {
	e.args = e.args[:0]
	for k, s := range n.args {
		i := e.env[s]
		if !n.params[k].Has(e.in.kinds[i]) {
			return false
		}
		e.args = append(e.args, i)
	}
	return true
}

// build returns the literal of n under the current binding, which must
// bind every variable of n. Constants fold as the circuit is built.
func (e *engine) build(n *cnode) z.Lit {
	c := e.c
	switch n.op {
	case opConst:
		return e.in.constLit(n.val)
	case opEq:
		return e.in.constLit(e.env[n.args[0]] == e.env[n.args[1]])
	case opPre:
		if !e.atomArgs(n) {
			return c.F
		}
		return e.in.atom(n.pre, e.args)
	case opRel:
		if !e.atomArgs(n) {
			return c.F
		}
		return e.rels[n.rel].lit(e.in, e.args, &e.stats.RelationLits)
	case opNot:
		return e.build(n.kids[0]).Not()
	case opAnd:
		acc := c.T
		for _, k := range n.kids {
			l := e.build(k)
			if l == c.F {
				return c.F
			}
			acc = c.And(acc, l)
		}
		return acc
	case opOr:
		acc := c.F
		for _, k := range n.kids {
			l := e.build(k)
			if l == c.T {
				return c.T
			}
			acc = c.Or(acc, l)
		}
		return acc
	case opImplies:
		l := e.build(n.kids[0])
		if l == c.F {
			return c.T
		}
		return c.Or(l.Not(), e.build(n.kids[1]))
	case opIff:
		l := e.build(n.kids[0])
		return c.Xor(l, e.build(n.kids[1])).Not()
	case opForall, opExists:
		// forall p X: φ ↦ ∧_{i∈p} (¬G_i ∨ φ[i/X]);
		// exists p X: φ ↦ ∨_{i∈p} (G_i ∧ φ[i/X])   (§5.4.1 step 1)
		forall := n.op == opForall
		acc := e.in.constLit(forall)
		for _, i := range e.dom[n.sort] {
			e.in.lim.check()
			g := e.in.guards[i]
			e.bind(n.slot, i)
			var term z.Lit
			if forall {
				term = c.Or(g.Not(), e.build(n.kids[0]))
				acc = c.And(acc, term)
			} else {
				term = c.And(g, e.build(n.kids[0]))
				acc = c.Or(acc, term)
			}
			if acc == c.F && forall || acc == c.T && !forall {
				break
			}
		}
		e.unbind(n.slot)
		return acc
	}
	panic("axioms: bad opcode")
}

// tri is a three-valued truth value.
type tri uint8

const (
	triF tri = iota
	triT
	triU // depends on the execution or on unbound variables
)

// maxFactArity bounds the arity of relation atoms tracked as residuals.
const maxFactArity = 4

// resid is the result of partially evaluating a formula: a constant, or
// unknown. An unknown residual may be exactly one relation-variable atom
// (possibly negated), which is what static fixing looks for.
type resid struct {
	t      tri
	single bool
	neg    bool
	rel    int32
	n      uint8
	args   [maxFactArity]int32
}

var (
	resT = resid{t: triT}
	resF = resid{t: triF}
	resU = resid{t: triU}
)

func triOf(b bool) resid {
	if b {
		return resT
	}
	return resF
}

func (r resid) not() resid {
	switch r.t {
	case triT:
		return resF
	case triF:
		return resT
	}
	r.neg = !r.neg
	return r
}

func andRes(a, b resid) resid {
	switch {
	case a.t == triF || b.t == triF:
		return resF
	case a.t == triT:
		return b
	case b.t == triT:
		return a
	}
	return resU
}

func orRes(a, b resid) resid {
	switch {
	case a.t == triT || b.t == triT:
		return resT
	case a.t == triF:
		return b
	case b.t == triF:
		return a
	}
	return resU
}

// res partially evaluates n under the current (possibly partial) binding,
// using only static facts: the sorts, static predefined symbols, dynamic
// atoms the Universe answers with a constant, and relation literals already
// fixed. It never creates literals.
func (e *engine) res(n *cnode) resid {
	switch n.op {
	case opConst:
		return triOf(n.val)
	case opEq:
		if n.vars&^e.bound != 0 {
			return resU
		}
		return triOf(e.env[n.args[0]] == e.env[n.args[1]])
	case opPre, opRel:
		// An argument of the wrong sort makes the atom false even
		// before the other arguments are bound.
		for k, s := range n.args {
			if i := e.env[s]; i >= 0 && !n.params[k].Has(e.in.kinds[i]) {
				return resF
			}
		}
		if n.vars&^e.bound != 0 {
			return resU
		}
		e.atomArgs(n)
		if n.op == opPre {
			return e.litRes(e.in.atom(n.pre, e.args))
		}
		r := e.rels[n.rel]
		if l := r.peek(e.in, e.args); l == e.c.T || l == e.c.F {
			return triOf(l == e.c.T)
		}
		if len(e.args) > maxFactArity {
			return resU
		}
		res := resid{t: triU, single: true, rel: int32(n.rel), n: uint8(len(e.args))}
		copy(res.args[:], e.args)
		return res
	case opNot:
		return e.res(n.kids[0]).not()
	case opAnd:
		acc := resT
		for _, k := range n.kids {
			if acc = andRes(acc, e.res(k)); acc.t == triF {
				return resF
			}
		}
		return acc
	case opOr:
		acc := resF
		for _, k := range n.kids {
			if acc = orRes(acc, e.res(k)); acc.t == triT {
				return resT
			}
		}
		return acc
	case opImplies:
		l := e.res(n.kids[0])
		if l.t == triF {
			return resT
		}
		return orRes(l.not(), e.res(n.kids[1]))
	case opIff:
		l, r := e.res(n.kids[0]), e.res(n.kids[1])
		switch {
		case l.t != triU && r.t != triU:
			return triOf(l.t == r.t)
		case l.t == triT:
			return r
		case l.t == triF:
			return r.not()
		case r.t == triT:
			return l
		case r.t == triF:
			return l.not()
		}
		return resU
	case opForall, opExists:
		if n.vars&^e.bound != 0 {
			return resU
		}
		forall := n.op == opForall
		acc := triOf(forall)
		for _, i := range e.dom[n.sort] {
			e.in.lim.check()
			g := e.in.guards[i]
			if g == e.c.F {
				continue // the term is ¬G_i ∨ … = true, or G_i ∧ … = false
			}
			e.bind(n.slot, i)
			body := e.res(n.kids[0])
			term := body
			if g != e.c.T {
				// A dynamic guard keeps the term unknown unless the body
				// makes it constant.
				if forall && body.t != triT || !forall && body.t != triF {
					term = resU
				}
			}
			if forall {
				acc = andRes(acc, term)
			} else {
				acc = orRes(acc, term)
			}
			if acc.t == triF && forall || acc.t == triT && !forall {
				break
			}
		}
		e.unbind(n.slot)
		return acc
	}
	panic("axioms: bad opcode")
}

func (e *engine) litRes(l z.Lit) resid {
	switch l {
	case e.c.T:
		return resT
	case e.c.F:
		return resF
	}
	return resU
}

// instanceClause builds ¬G_{x1} ∨ … ∨ ¬G_{xk} ∨ body for the current
// binding of the axiom's free variables and collects it.
func (e *engine) instanceClause(ax *caxiom) {
	cl := e.build(ax.body)
	for _, s := range ax.free {
		if cl == e.c.T {
			break
		}
		cl = e.c.Or(cl, e.in.guards[e.env[s]].Not())
	}
	if cl != e.c.T {
		e.clauses = append(e.clauses, cl)
	}
	e.stats.Instances++
}

// conjoin returns the conjunction of ls as a balanced tree (a linear chain
// of millions of nodes would make the circuit's recursive CNF conversion
// recurse as deep).
func conjoin(c *logic.C, ls []z.Lit, lim *expansionLimits) z.Lit {
	if len(ls) == 0 {
		return c.T
	}
	work := append([]z.Lit(nil), ls...)
	for len(work) > 1 {
		next := work[:0]
		for i := 0; i < len(work); i += 2 {
			lim.check() // millions of clauses for a wide test
			if i+1 < len(work) {
				next = append(next, c.And(work[i], work[i+1]))
			} else {
				next = append(next, work[i])
			}
		}
		work = next
	}
	return work[0]
}

// candKey identifies a cached candidate list: the instructions i of sort
// for which atom pre, with i at argument pos and other at the other
// position, is not constantly false.
type candKey struct {
	pre   predef
	pos   int8
	sort  Sort
	other int32
}

// candidates returns (and caches) the instructions of sort that can
// satisfy the index atom given the bound value of its other argument.
func (e *engine) candidates(ia indexAtom, other int32, sort Sort) []int32 {
	key := candKey{ia.atom.pre, int8(ia.pos), sort, other}
	if l, ok := e.cands[key]; ok {
		return l
	}
	var out []int32
	params := ia.atom.params
	if other < 0 || params[1-ia.pos].Has(e.in.kinds[other]) {
		var args [2]int32
		for _, i := range e.dom[sort] {
			if !params[ia.pos].Has(e.in.kinds[i]) {
				continue
			}
			args[ia.pos] = i
			if other >= 0 {
				args[1-ia.pos] = other
			}
			if e.in.atom(ia.atom.pre, args[:len(params)]) != e.c.F {
				out = append(out, i)
			}
		}
	}
	if e.cands == nil {
		e.cands = map[candKey][]int32{}
	}
	e.cands[key] = out
	return out
}

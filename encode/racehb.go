package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Happens-before on demand. rc11's race is conflict \ (atomic * atomic)
// \ hb \ hb^-1 with hb = (po | sw)+, and the generic encoding of a flag
// builds hb for every pair of events: the paths after every sw source
// (catpoclosure.go) and their composition with po, O(events²) gates that
// made the race check cost ten times the check itself on sc (msq_2_2).
// But a race needs hb only between the events of a candidate pair (two
// conflicting accesses of threads that program order does not order, not
// both atomic: in C11 programs mostly the few plain accesses to shared
// data). So the program-level check (not rc11's own flag) encodes, for
// each event e of a candidate pair, "happens after e" as a row d_e:
//
//	d_e(j) = true              j after e in static program order
//	sw(k,j) ⇒ d_e(j)           k = e or k after e in static program order
//	d_e(k) ⇒ d_e(j)            j the next event after k in program order
//	d_e(k) ∧ sw(k,j) ⇒ d_e(j)
//
// with one variable per event the static graph reaches otherwise. Its
// least solution is hb(e, ·) on executed events (a path of static program
// order steps between executed events is one po pair; sw relates executed
// events only), and larger solutions only say more pairs are ordered, so
// a pair cand(a,b) ∧ ¬d_a(b) ∧ ¬d_b(a) is a real race, and every real
// race can be claimed: the contract of the upper polarity (catnode.go).
// sw itself is rc11's, encoded by the cat encoder from above.
// TestRaceCheckMatchesEvaluator compares the result with the evaluator.

// racePair is a pair of events (a < b) that may race: lit holds when
// they do.
type racePair struct {
	a, b int
	lit  z.Lit
}

// raceNodes finds rc11's race = conflict \ (atomic * atomic) \ hb \ hb^-1
// and hb = (po | sw)+ in the flag's expression, and returns the candidate
// pairs, hb and sw.
func raceNodes(race *cat.Node) (cand, hb, sw *cat.Node, ok bool) {
	if race.Op != cat.OpDiff || len(race.Kids) != 2 {
		return nil, nil, nil, false
	}
	left, inv := race.Kids[0], race.Kids[1]
	if left.Op != cat.OpDiff || inv.Op != cat.OpInverse || inv.Kids[0] != left.Kids[1] {
		return nil, nil, nil, false
	}
	hb = left.Kids[1]
	if hb.Op != cat.OpPlus || hb.Kids[0].Op != cat.OpUnion {
		return nil, nil, nil, false
	}
	rest, hasPO := poUnionRest(hb.Kids[0])
	if !hasPO || len(rest) != 1 {
		return nil, nil, nil, false
	}
	return left.Kids[0], hb, rest[0], true
}

// demandRaces encodes the pairs of the race relation of k's expression
// (see above), and says per event whether sw may end at it (a static
// over-approximation: some pair of sw into it is not c.F). With shared
// (racemodel.go) hb and sw are the model's; without, the rows above.
func (ci *CatInstance) demandRaces(k *cat.Constraint, shared *modelHB) (pairs []racePair, swTarget []bool) {
	candNode, _, swNode, ok := raceNodes(k.Expr)
	if !ok {
		panic("encode: rc11's race relation is not conflict \\ (atomic * atomic) \\ hb \\ hb^-1")
	}
	c := ci.c
	cand := ci.candidates(candNode)
	// hb(a, b) from above: a's row, or the model's
	var hb func(a, b int) z.Lit
	if shared != nil {
		hb, swTarget = shared.hb, shared.swTarget
	} else {
		// the memoized sw of the model's hb (seqChain when it is a
		// chain): built once for both
		sw := ci.rel(swNode, polUpper)
		swTarget = make([]bool, ci.n())
		for _, r := range sw.rows {
			for _, en := range r {
				if en.l != c.F {
					swTarget[en.j] = true
				}
			}
		}
		next := ci.poNext()
		rows := map[int][]z.Lit{}
		hb = func(a, b int) z.Lit {
			r, ok := rows[a]
			if !ok {
				r = ci.happensAfter(a, sw, next)
				rows[a] = r
			}
			return r[b]
		}
	}
	for a, r := range cand.rows {
		for _, en := range r {
			b := int(en.j)
			if b <= a || ci.programOrder(a, b) || ci.programOrder(b, a) {
				continue // each pair once; program order orders these
			}
			lit := c.Ands(en.l, hb(a, b).Not(), hb(b, a).Not())
			if lit != c.F {
				pairs = append(pairs, racePair{a: a, b: b, lit: lit})
			}
		}
	}
	return pairs, swTarget
}

// candidates encodes conflict \ (atomic * atomic), rc11's
//
//	conflict = ((W * M) | (M * W)) & loc & ext \ ((IW * _) | (_ * IW))
//
// pair by pair over the pairs that may be in it: accesses of different
// threads whose addresses may alias, one of them a store, not both
// tagged atomic (A) — the generic encoding of the relation compared the
// addresses of every pair of accesses, the atomic ones included. Each
// pair's literal is exact: both execute, at the same location, and not
// both atomic (atomic from above, so the difference is from below).
func (ci *CatInstance) candidates(cand *cat.Node) *lrel {
	if cand.Op != cat.OpDiff || cand.Kids[1].Op != cat.OpCart || cand.Kids[1].Kids[0] != cand.Kids[1].Kids[1] {
		panic("encode: rc11's race candidates are not conflict \\ (atomic * atomic)")
	}
	c := ci.c
	atomic := ci.set(cand.Kids[1].Kids[0], polUpper)
	tagged := func(ev int) bool { return lsl.IsC11Atomic(ci.Events[ev].Tags) }
	r := newLrel(ci.n())
	for a, ea := range ci.Events {
		if ea.Kind == cat.Fence {
			continue
		}
		for b := a + 1; b < ci.n(); b++ {
			eb := ci.Events[b]
			if eb.Kind == cat.Fence || ea.Thread == eb.Thread || ea.Kind != cat.Write && eb.Kind != cat.Write || tagged(a) && tagged(b) {
				continue
			}
			ia, ib := ci.e.Instrs[ea.Instr], ci.e.Instrs[eb.Instr]
			if !ci.e.Ranges.MayAlias(ia.ID, ib.ID) {
				continue
			}
			l := c.Ands(ci.both(a, b), ci.sameLoc(a, b), c.And(atomic[a], atomic[b]).Not())
			if l != c.F {
				r.rows[a] = append(r.rows[a], lentry{int32(b), l})
			}
		}
	}
	return r
}

// happensAfter is the row d_e (upper): per event, a literal implied when
// e happens before it (c.T after e in static program order, c.F where no
// path leads).
func (ci *CatInstance) happensAfter(e int, sw *lrel, next [][]int32) []z.Lit {
	c := ci.c
	n := ci.n()
	d := make([]z.Lit, n)
	for j := range d {
		d[j] = c.F
		if ci.programOrder(e, j) {
			d[j] = c.T
		}
	}
	d[e] = c.T // e's own sw edges count; e is not "after e" for any pair
	// the events sw leads to from e's program order onwards, and what
	// they reach, get variables
	var stack []int
	fresh := func(j int) {
		if d[j] == c.F {
			d[j] = c.Lit()
			ci.stats.RelationLits++
			stack = append(stack, j)
		}
	}
	for k := range n {
		if d[k] != c.T {
			continue
		}
		for _, en := range sw.rows[k] {
			fresh(int(en.j))
		}
	}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range next[k] {
			fresh(int(j))
		}
		for _, en := range sw.rows[k] {
			fresh(int(en.j))
		}
	}
	// the clauses: every step into a variable
	for k := range n {
		switch {
		case d[k] == c.F:
		case d[k] == c.T:
			for _, en := range sw.rows[k] {
				ci.clause(en.l.Not(), d[en.j])
			}
		default:
			for _, j := range next[k] {
				ci.clause(d[k].Not(), d[j])
			}
			for _, en := range sw.rows[k] {
				ci.clause(d[k].Not(), en.l.Not(), d[en.j])
			}
		}
	}
	d[e] = c.F // no pair asks whether e happens before itself
	return d
}

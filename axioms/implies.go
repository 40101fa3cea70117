package axioms

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// implies reports whether guard a implies guard b, shown from the
// structure of the circuit alone: a is b, b is true or a false, a is a
// conjunction with a conjunct that implies b, or a disjunction (a negated
// conjunction) all of whose disjuncts imply b. Guards are built that way by
// the symbolic execution — a branch's guard is its parent's guard and its
// condition, a join point's is the disjunction of the incoming guards — so
// this finds that a fence executes whenever a later instruction of the same
// thread does. It visits at most limit gates; false means "not shown".
func implies(c *logic.C, a, b z.Lit, limit int) bool {
	memo := map[z.Lit]bool{}
	return impliesRec(c, a, b, &limit, memo)
}

// guardImplications answers implies for one circuit, remembering each
// pair's answer: the axiom instantiation asks the same pairs of guards for
// many bindings (every fact candidate of a pair of instructions), and a
// fresh memo per question was most of the instantiation's time on large
// programs (map growth). The answer for a pair does not depend on when it
// is asked (the circuit's existing gates do not change), so it is exact.
// Within one question, the gates visited are remembered in slices indexed
// by literal and stamped with the question's number, which clears them at
// no cost (a map cleared per question was a fifth of the instantiation on
// the C11 MS queue on relaxed, issue 52); the walk, its budget and its
// answers are those of impliesRec.
type guardImplications struct {
	c     *logic.C
	limit int
	pairs map[uint64]bool // key a<<32 | b
	stamp []uint32        // per literal, the question that visited it (0: none)
	memo  []bool          // per literal, its answer in that question
	now   uint32          // the current question's number
}

func newGuardImplications(c *logic.C, limit int) *guardImplications {
	return &guardImplications{c: c, limit: limit, pairs: map[uint64]bool{}}
}

// implies is implies(c, a, b, limit), cached.
func (g *guardImplications) implies(a, b z.Lit) bool {
	if a == b || b == g.c.T || a == g.c.F {
		return true
	}
	key := uint64(a)<<32 | uint64(b)
	if v, ok := g.pairs[key]; ok {
		return v
	}
	if n := 2 * (g.c.Len() + 1); len(g.stamp) < n {
		n += n / 2 // the circuit grows between questions
		g.stamp = append(g.stamp, make([]uint32, n-len(g.stamp))...)
		g.memo = append(g.memo, make([]bool, n-len(g.memo))...)
	}
	g.now++
	if g.now == 0 { // wrapped: forget every stamp
		clear(g.stamp)
		g.now = 1
	}
	budget := g.limit
	v := g.rec(a, b, &budget)
	g.pairs[key] = v
	return v
}

// rec is impliesRec with the stamped memo.
func (g *guardImplications) rec(a, b z.Lit, budget *int) bool {
	c := g.c
	if a == b || b == c.T || a == c.F {
		return true
	}
	if g.stamp[a] == g.now {
		return g.memo[a]
	}
	if *budget <= 0 {
		return false
	}
	*budget--
	x, y := c.Ins(a.Var().Pos())
	res := false
	switch {
	case x == z.LitNull: // an input
	case a.IsPos(): // x ∧ y
		res = g.rec(x, b, budget) || g.rec(y, b, budget)
	default: // ¬(x ∧ y) = ¬x ∨ ¬y
		res = g.rec(x.Not(), b, budget) && g.rec(y.Not(), b, budget)
	}
	g.stamp[a], g.memo[a] = g.now, res
	return res
}

func impliesRec(c *logic.C, a, b z.Lit, budget *int, memo map[z.Lit]bool) bool {
	if a == b || b == c.T || a == c.F {
		return true
	}
	if v, ok := memo[a]; ok {
		return v
	}
	if *budget <= 0 {
		return false
	}
	*budget--
	x, y := c.Ins(a.Var().Pos())
	res := false
	switch {
	case x == z.LitNull: // an input
	case a.IsPos(): // x ∧ y
		res = impliesRec(c, x, b, budget, memo) || impliesRec(c, y, b, budget, memo)
	default: // ¬(x ∧ y) = ¬x ∨ ¬y
		res = impliesRec(c, x.Not(), b, budget, memo) && impliesRec(c, y.Not(), b, budget, memo)
	}
	memo[a] = res
	return res
}

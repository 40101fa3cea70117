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

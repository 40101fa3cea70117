package synth

import (
	"context"
	"sort"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// optimizer proposes cheapest selections of candidates that satisfy the
// clauses learned from counterexamples: fewest candidates first, then the
// smallest sum of cost ranks. It keeps one incremental solver over one
// selector variable per candidate that occurs in a clause (the others are
// never worth selecting); each proposal builds sorting-network cardinality
// constraints (logic.CardSort) over those variables and tightens the bounds
// by assumptions.
type optimizer struct {
	c     *logic.C
	s     *sat.Solver
	lit   map[int]z.Lit
	ids   []int // candidates with a variable, in creation order
	rank  func(id int) int
	count int  // lower bound on the number of candidates (grows with the clauses)
	unsat bool // the clauses have no solution
	// hide, when set, are candidates assumed unselected (dominance.go);
	// the proposals are then the best without them, which neither
	// raises count nor sets unsat.
	hide map[int]bool
}

func newOptimizer(rank func(id int) int) *optimizer {
	c := logic.NewC()
	return &optimizer{c: c, s: sat.NewSolver(c), lit: map[int]z.Lit{}, rank: rank}
}

func (o *optimizer) varOf(id int) z.Lit {
	if m, ok := o.lit[id]; ok {
		return m
	}
	m := o.c.Lit()
	o.lit[id] = m
	o.ids = append(o.ids, id)
	return m
}

// require adds the clause "some candidate of ids is selected"; an empty
// clause makes the problem unsolvable.
func (o *optimizer) require(ids []int) {
	if len(ids) == 0 {
		o.unsat = true
		return
	}
	cl := make([]z.Lit, len(ids))
	for i, id := range ids {
		cl[i] = o.varOf(id)
	}
	o.s.AddClause(cl...)
}

// forbid adds the clause "the selection is not sel": the constraint a
// counterexample yields when fences need not act monotonically
// (axioms.FenceMonotone fails), where a counterexample only tells that its
// own selection fails. Candidates outside sel get variables so that they
// can be chosen.
func (o *optimizer) forbid(sel []int, all []int) {
	in := map[int]bool{}
	for _, id := range sel {
		in[id] = true
	}
	var cl []z.Lit
	for _, id := range all {
		if in[id] {
			cl = append(cl, o.varOf(id).Not())
		} else {
			cl = append(cl, o.varOf(id))
		}
	}
	if len(cl) == 0 {
		o.unsat = true
		return
	}
	o.s.AddClause(cl...)
}

// best returns a cheapest selection, sorted, or ok false when none
// satisfies the clauses.
func (o *optimizer) best(ctx context.Context) (sel []int, ok bool, err error) {
	if o.unsat {
		return nil, false, nil
	}
	lits := make([]z.Lit, len(o.ids))
	var weighted []z.Lit
	for i, id := range o.ids {
		lits[i] = o.lit[id]
		for r := 1; r < o.rank(id); r++ {
			weighted = append(weighted, lits[i])
		}
	}
	card := o.c.CardSort(lits)
	var hidden []z.Lit
	for _, id := range o.ids {
		if o.hide[id] {
			hidden = append(hidden, o.lit[id].Not())
		}
	}
	k := o.count
	for ; ; k++ {
		if k > len(lits) {
			if o.hide == nil {
				o.unsat = true
			}
			return nil, false, nil
		}
		switch o.s.Solve(ctx, append(hidden, card.Leq(k))...) {
		case sat.Canceled:
			return nil, false, ctx.Err()
		case sat.Sat:
			goto found
		}
	}
found:
	if o.hide == nil {
		o.count = k
	}
	sel = o.model()
	cost := o.cost(sel)
	costCard := o.c.CardSort(weighted)
	for cost > 0 {
		r := o.s.Solve(ctx, append(hidden, card.Leq(k), costCard.Leq(cost-len(sel)-1))...)
		if r == sat.Canceled {
			return nil, false, ctx.Err()
		}
		if r != sat.Sat {
			break
		}
		sel = o.model()
		cost = o.cost(sel)
	}
	return sel, true, nil
}

func (o *optimizer) model() []int {
	var sel []int
	for _, id := range o.ids {
		if o.s.Value(o.lit[id]) {
			sel = append(sel, id)
		}
	}
	sort.Ints(sel)
	return sel
}

// cost is the sum of the cost ranks.
func (o *optimizer) cost(sel []int) int {
	n := 0
	for _, id := range sel {
		n += o.rank(id)
	}
	return n
}

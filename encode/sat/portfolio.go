package sat

import (
	"context"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// portfolioSAT gives every clause to each member and runs each solve on
// all of them at once (one core each): the first definite answer wins, the
// others are stopped, and the model or failed assumptions are the winner's.
// Verdicts do not depend on who wins; models, and so everything decided by
// a model (which loop bounds a round raises), may.
type portfolioSAT struct {
	members []satSolver
	winner  satSolver
}

func newPortfolioSAT(members ...satSolver) *portfolioSAT {
	return &portfolioSAT{members: members}
}

func (p *portfolioSAT) add(lits []z.Lit) {
	for _, m := range p.members {
		m.add(lits)
	}
}

func (p *portfolioSAT) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	p.winner = nil
	race, stop := context.WithCancel(ctx)
	defer stop()
	type answer struct {
		member int
		res    Result
	}
	answers := make(chan answer, len(p.members))
	for i, m := range p.members {
		go func() { answers <- answer{i, m.solve(race, limit, assumptions)} }()
	}
	// Every member has returned before solve does, so none is busy when
	// the next clause arrives.
	res := Canceled
	for range p.members {
		a := <-answers
		switch {
		case p.winner != nil:
		case a.res == Sat || a.res == Unsat:
			p.winner, res = p.members[a.member], a.res
			stop()
		case a.res == Budget:
			res = Budget
		}
	}
	if p.winner == nil && ctx.Err() != nil {
		return Canceled
	}
	return res
}

func (p *portfolioSAT) model(dst []bool) { p.winner.model(dst) }

func (p *portfolioSAT) failed(assumptions []z.Lit) []z.Lit { return p.winner.failed(assumptions) }

func (p *portfolioSAT) close() {
	for _, m := range p.members {
		closeSAT(m)
	}
}

// conflicts adds up the members' conflicts, the losers' included.
func (p *portfolioSAT) conflicts() int64 {
	n := int64(0)
	for _, m := range p.members {
		n += m.conflicts()
	}
	return n
}

// name is the winner of the last solve.
func (p *portfolioSAT) name() string {
	if p.winner == nil {
		return "portfolio"
	}
	return p.winner.name()
}

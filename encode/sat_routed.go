package encode

import (
	"context"

	"github.com/go-air/gini/z"
)

// routedSAT picks its backend at the first solve, by the size of the
// formula then: gini below from clauses, the large backend from there on.
// Until then it keeps the clauses, and replays them into the backend it
// picks. Queries on one encoding grow little after the first (blocking
// clauses, lemmas), so the first solve's size is the query's size.
type routedSAT struct {
	from    int
	large   func() satSolver
	pending []z.Lit // clauses, each ended by LitNull
	clauses int
	chosen  satSolver
}

func (r *routedSAT) add(lits []z.Lit) {
	if r.chosen != nil {
		r.chosen.add(lits)
		return
	}
	r.pending = append(r.pending, lits...)
	r.pending = append(r.pending, z.LitNull)
	r.clauses++
}

func (r *routedSAT) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	if r.chosen == nil {
		if r.clauses >= r.from {
			r.chosen = r.large()
		} else {
			r.chosen = newGiniSAT()
		}
		start := 0
		for i, m := range r.pending {
			if m == z.LitNull {
				r.chosen.add(r.pending[start:i])
				start = i + 1
			}
		}
		r.pending = nil
	}
	return r.chosen.solve(ctx, limit, assumptions)
}

func (r *routedSAT) model(dst []bool) { r.chosen.model(dst) }

func (r *routedSAT) failed(assumptions []z.Lit) []z.Lit { return r.chosen.failed(assumptions) }

func (r *routedSAT) conflicts() int64 {
	if r.chosen == nil {
		return 0
	}
	return r.chosen.conflicts()
}

func (r *routedSAT) name() string {
	if r.chosen == nil {
		return "auto"
	}
	return r.chosen.name()
}

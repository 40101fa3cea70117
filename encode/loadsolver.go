package encode

import (
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/limits"
)

// LoadSolver returns a solver that holds Φ and the clause list, on the
// backend opt chooses. It stops when the context of the encoding's options
// is done: a wide test has millions of clauses to hand over (its error is
// a *limits.CanceledError).
func (e *Encoding) LoadSolver(opt sat.SolverOptions) (*sat.Solver, error) {
	s := sat.NewSolverWith(e.C, opt)
	s.Assert(e.Phi)
	return s, e.sendClauses(s, &e.poll)
}

// sendClauses adds the clause list (transitivity) to s, polling the
// limits now and then.
func (e *Encoding) sendClauses(s *sat.Solver, poll *limits.Poller) error {
	n := 0
	for cl := range e.Clauses.All() {
		if n++; poll != nil && n%4096 == 0 {
			if err := poll.Check(); err != nil {
				return err
			}
		}
		s.AddClause(cl...)
	}
	return nil
}

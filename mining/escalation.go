package mining

import "github.com/checkfence/checkfence/encode/sat"

// With --solver auto a solver starts on gini and moves to CaDiCaL when one
// query takes gini more than sat.DefaultEscalateAfter conflicts (or at
// once when its formula has sat.DefaultEscalateClauses clauses). Each
// round of the lazy unrolling encodes anew, and its queries are at least
// as hard as the last round's, since its unrolling has every execution of
// the last one: so once a round's encoding of the concurrent executions
// has moved to CaDiCaL, the later rounds start there instead of spending
// the first conflicts of each query on gini, where they cost several
// times more on such formulas. harris Saacr (8 rounds, the third the first
// to move): 115 → 105 CPU s; --solver cadical throughout takes 92 s, but
// costs the tests whose queries gini answers faster (encode,
// DefaultEscalateAfter). The choice depends on conflicts only, so it is
// the same on every machine.

// noteBackend remembers that a concurrent encoding of this check moved to
// CaDiCaL.
func (k *checker) noteBackend(p *problem) {
	if !p.serial && k.opt.Solver.Backend == sat.Auto && p.s.Stats().Backend == string(sat.Cadical) {
		k.escalated = true
	}
}

// solverOptions are the solver options of a new encoding. A serial
// encoding is not started on CaDiCaL by its size: its many small
// incremental queries (mining) are gini's strength, and the size rule
// was measured on the concurrent encodings only.
func (k *checker) solverOptions(serial bool) sat.SolverOptions {
	opt := k.opt.Solver
	switch {
	case serial && opt.Backend == sat.Auto && opt.EscalateClauses == 0:
		opt.EscalateClauses = -1
	case !serial && k.escalated:
		opt.Backend = sat.Cadical
	}
	return opt
}

package sat

import "cmp"

// autoPolicy is where --solver auto, with CaDiCaL compiled in, answers a
// formula (escalatingSAT): on CaDiCaL from the first solve when the
// formula then has at least clauses clauses (0: never by size), else on
// gini until one solve needs more than after conflicts, then on CaDiCaL.
type autoPolicy struct {
	after   int64
	clauses int
}

// autoPolicyFor resolves the thresholds: opt's, else the measuring knob
// EscalateEnv's, else the defaults; a negative clauses turns the size
// rule off.
func autoPolicyFor(opt SolverOptions, env escalateThresholds) autoPolicy {
	after := cmp.Or(opt.EscalateAfter, env.after)
	if after <= 0 {
		after = DefaultEscalateAfter
	}
	clauses := cmp.Or(opt.EscalateClauses, env.clauses, DefaultEscalateClauses)
	return autoPolicy{after: after, clauses: max(clauses, 0)}
}

// startsOnCadical says whether a formula of n clauses at its first solve
// skips gini.
func (p autoPolicy) startsOnCadical(n int) bool { return p.clauses > 0 && n >= p.clauses }

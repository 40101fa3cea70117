package sat

import "github.com/checkfence/checkfence/internal/gini/z"

// Rounds of an incremental check. The rounds of a test share one Solver
// (encode's Incremental): each round's clauses are added under activation
// literals, which that round's solves assume and a later round can switch
// off. The encoder decides which literals guard which clause (SetGuard);
// the Solver applies them.

// SetGuard makes every later clause added through Assert and AddClause
// pass through guard: it returns the activation literals (negated) to add
// to the clause, or skip when the same guarded clause is in already.
// global tells guard that the clause depends on the whole program
// (AssertGlobal).
func (s *Solver) SetGuard(guard func(lits []z.Lit, global bool) (extra []z.Lit, skip bool)) {
	s.guard = guard
}

// SetActivations makes every later solve assume acts (besides the
// caller's assumptions); they are left out of Why.
func (s *Solver) SetActivations(acts []z.Lit) { s.acts = acts }

// AddActivation adds one literal to those every solve assumes.
func (s *Solver) AddActivation(a z.Lit) { s.acts = append(s.acts, a) }

// AssertGlobal is Assert of roots that depend on the whole program: the
// guard is told so.
func (s *Solver) AssertGlobal(roots ...z.Lit) {
	s.global = true
	defer func() { s.global = false }()
	s.Assert(roots...)
}

// AddUnguarded adds the unit clause m whatever the round (to switch off
// an earlier round's activation literal for good).
func (s *Solver) AddUnguarded(m z.Lit) {
	s.beforeChange()
	s.encode(m)
	s.addClause(m)
}

// Send sends the cone of m to the backend without adding a clause, so that
// m can be assumed or named in clauses of its own.
func (s *Solver) Send(m z.Lit) { s.encode(m) }

// NewRound tells the backend that a round begins: escalation to CaDiCaL
// by formula size then counts only the clauses from here on.
func (s *Solver) NewRound() {
	if r, ok := s.sat.(interface{ newRound() }); ok {
		r.newRound()
	}
}

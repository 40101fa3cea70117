package sat

import (
	"context"
	"fmt"
	"time"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Result is the outcome of Solver.Solve.
type Result int

const (
	// Sat: the assertions and assumptions have a model (see Solver.Value).
	Sat Result = iota + 1
	// Unsat: they have none (see Solver.Why).
	Unsat
	// Canceled: the context ended before the solver decided.
	Canceled
	// Budget: the conflict budget of SolveBudget ran out first.
	Budget
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	case Canceled:
		return "canceled"
	case Budget:
		return "budget"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// SolverStats counts what was sent to the SAT solver and what it did.
type SolverStats struct {
	Vars    int           // circuit variables sent (inputs, gates, the constant)
	Clauses int           // clauses sent, Tseitin clauses included
	Solves  int           // calls to Solve and SolveBudget
	Solving time.Duration // wall time spent in them
	// Conflicts met by the backend in all solves: gini's conflicts;
	// CaDiCaL's learned clauses (its C API has no conflict counter; about
	// 99% of its conflicts learn one); a portfolio's sum over its members.
	// Deterministic for gini and CaDiCaL: the same calls give the same
	// count on any machine.
	Conflicts int64
	// Backend that answered the last solve: gini or cadical (portfolio
	// when no member of a portfolio answered).
	Backend string
}

// Solver feeds the circuit c incrementally into one SAT solver (a backend,
// see SolverOptions). Circuit literals are solver literals: only the cones
// of literals that are asserted, added in clauses or assumed are encoded
// (Tseitin), each gate once. The circuit may grow between calls. A Solver is
// not safe for concurrent use.
type Solver struct {
	c     *logic.C
	sat   satSolver
	sent  []bool  // sent[v]: variable v (and its gate clauses) is in sat
	stack []z.Var // scratch for encode
	stats SolverStats

	last Result
	why  []z.Lit
	// unsat records that the clauses alone are unsatisfiable. gini v1.0.4
	// then misbehaves on later solves (it reports a model that violates a
	// clause and exits), so later solves answer Unsat without calling the
	// backend, whichever it is.
	unsat bool
	// The model of the last Sat, captured from sat on first need (before
	// sat changes), then completed by evaluating the circuit.
	model          []bool
	modelCaptured  bool
	modelEvaluated bool
}

// NewSolver returns a solver for the circuit c on the default backend
// (Auto).
func NewSolver(c *logic.C) *Solver {
	return NewSolverWith(c, SolverOptions{})
}

// Assert adds each root as a fact, with the cone it depends on. A root that
// is a conjunction is split into its conjuncts, and a conjunct that is a
// disjunction of gates becomes one clause of the disjuncts: constraints built
// as "and of clauses" (axiom instances, transitivity) then cost one clause
// each instead of a Tseitin variable and three clauses per gate.
func (s *Solver) Assert(roots ...z.Lit) {
	stack := append([]z.Lit(nil), roots...)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if m == s.c.T {
			continue
		}
		a, b := s.c.Ins(m.Var().Pos())
		isGate := a != z.LitNull && !s.isSent(m.Var())
		switch {
		case isGate && m.IsPos():
			stack = append(stack, a, b)
		case isGate:
			s.AddClause(s.disjuncts(m)...)
		default:
			s.AddClause(m)
		}
	}
}

// disjuncts flattens m = ¬(a ∧ b) = ¬a ∨ ¬b into its disjuncts, expanding
// nested disjunctions of gates not yet sent to the solver.
func (s *Solver) disjuncts(m z.Lit) []z.Lit {
	var out []z.Lit
	stack := []z.Lit{m}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if d == s.c.F {
			continue
		}
		a, b := s.c.Ins(d.Var().Pos())
		if !d.IsPos() && a != z.LitNull && !s.isSent(d.Var()) && len(out)+len(stack) < 256 {
			stack = append(stack, a.Not(), b.Not())
			continue
		}
		out = append(out, d)
	}
	return out
}

// AddClause adds the disjunction of lits, with the cones they depend on.
// An empty clause makes every later Solve Unsat.
func (s *Solver) AddClause(lits ...z.Lit) {
	s.beforeChange()
	for _, m := range lits {
		s.encode(m)
	}
	s.addClause(lits...)
}

// Solve decides the assertions under the assumptions, which hold for this call
// only. It returns Canceled when ctx ends first; the solver stays usable. If
// the solver finishes as ctx ends, its definite answer is returned.
func (s *Solver) Solve(ctx context.Context, assumptions ...z.Lit) Result {
	return s.solve(ctx, 0, assumptions)
}

// SolveBudget is Solve with a budget of conflicts > 0: the search ends with
// Budget when the backend has met that many conflicts in this call (gini's
// conflicts, CaDiCaL's own conflict limit). Unlike a deadline the budget
// does not depend on the machine or its load: the same calls on the same
// formula give the same answers, models and statistics. Under a portfolio
// every member gets the budget, and Budget means that none answered within
// it.
func (s *Solver) SolveBudget(ctx context.Context, conflicts int64, assumptions ...z.Lit) Result {
	if conflicts <= 0 {
		panic(fmt.Sprintf("sat: SolveBudget with a budget of %d conflicts", conflicts))
	}
	return s.solve(ctx, conflicts, assumptions)
}

func (s *Solver) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	s.last, s.why = 0, nil
	s.model, s.modelCaptured, s.modelEvaluated = nil, false, false
	if ctx.Err() != nil {
		s.last = Canceled
		return Canceled
	}
	if s.unsat {
		s.last = Unsat
		s.stats.Solves++
		return Unsat
	}
	for _, m := range assumptions {
		s.encode(m)
	}
	start := time.Now()
	s.last = s.sat.solve(ctx, limit, assumptions)
	s.stats.Solves++
	s.stats.Solving += time.Since(start)
	if s.last == Unsat {
		if len(assumptions) > 0 {
			s.why = s.sat.failed(assumptions)
		}
		if len(s.why) == 0 {
			s.unsat = true
		}
	}
	return s.last
}

// Value is the value of any circuit literal in the model found by the last
// Solve, which must have returned Sat. Literals outside everything sent to
// the solver, including ones created after the Solve, are evaluated in the
// circuit with unsent inputs taken as false. Assert and AddClause do not
// invalidate the model; the next Solve does.
func (s *Solver) Value(m z.Lit) bool {
	if s.last != Sat {
		panic(fmt.Sprintf("sat: Solver.Value after %v, want sat", s.last))
	}
	v := m.Var()
	if v == 0 || int(v) >= s.c.Len() {
		panic(fmt.Sprintf("sat: Solver.Value of literal %v outside the circuit", m))
	}
	s.captureModel()
	if len(s.model) < s.c.Len() {
		// The circuit grew since the model was evaluated.
		grown := make([]bool, s.c.Len())
		copy(grown, s.model)
		s.model, s.modelEvaluated = grown, false
	}
	if !s.modelEvaluated {
		s.c.Eval(s.model)
		s.modelEvaluated = true
	}
	return s.model[v] == m.IsPos()
}

// Why returns the failed assumptions: a subset of the last Solve's
// assumptions that is already Unsat with the assertions. It is empty unless
// that Solve returned Unsat, and empty when the assertions alone are Unsat.
func (s *Solver) Why() []z.Lit {
	return append([]z.Lit(nil), s.why...)
}

// Close frees the memory the backend holds outside Go's heap (CaDiCaL's)
// at once instead of when the Solver is garbage collected. The Solver must
// not be used afterwards.
func (s *Solver) Close() {
	closeSAT(s.sat)
	s.sat = nil
}

// Stats reports what has been sent and solved so far.
func (s *Solver) Stats() SolverStats {
	st := s.stats
	st.Conflicts = s.sat.conflicts()
	st.Backend = s.sat.name()
	return st
}

// beforeChange keeps the model readable across changes to sat, which reset
// the backend's assignment.
func (s *Solver) beforeChange() {
	if s.last == Sat {
		s.captureModel()
	}
}

// captureModel copies the backend's values of the sent variables; gates
// are recomputed from the inputs by Eval, and unsent inputs are false.
// SavedModel is the model of a Sat answer, kept for RestoreModel.
type SavedModel struct {
	model     []bool
	evaluated bool
}

// KeepModel returns the model of the last solve, which must have answered
// Sat, for RestoreModel after other solves.
func (s *Solver) KeepModel() *SavedModel {
	if s.last != Sat {
		panic(fmt.Sprintf("sat: Solver.KeepModel after %v, want sat", s.last))
	}
	s.captureModel()
	return &SavedModel{model: s.model, evaluated: s.modelEvaluated}
}

// RestoreModel makes m the answer of the last solve again: Value reads it.
// The caller vouches that m satisfies the clauses added since it was kept
// (the lemmas of lazy transitivity do: the model they were checked against
// violated none, so it is a total order).
func (s *Solver) RestoreModel(m *SavedModel) {
	s.last, s.why = Sat, nil
	s.model, s.modelCaptured, s.modelEvaluated = m.model, true, m.evaluated
}

func (s *Solver) captureModel() {
	if s.modelCaptured {
		return
	}
	s.model = make([]bool, s.c.Len())
	s.sat.model(s.model[:min(len(s.sent), len(s.model))])
	for v := range s.model {
		if !s.isSent(z.Var(v)) {
			s.model[v] = false
		}
	}
	s.modelCaptured = true
}

// encode sends the cone of m to sat: each gate not yet sent gets its Tseitin
// clauses after those of its inputs (iteratively, as cones can be deep).
func (s *Solver) encode(m z.Lit) {
	v := m.Var()
	if v == 0 || int(v) >= s.c.Len() {
		panic(fmt.Sprintf("sat: literal %v outside the circuit", m))
	}
	if s.isSent(v) {
		return
	}
	stack := append(s.stack[:0], v)
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		if s.isSent(top) {
			stack = stack[:len(stack)-1]
			continue
		}
		a, b := s.c.Ins(top.Pos())
		if a == z.LitNull {
			s.markSent(top) // an input: no clauses of its own
			stack = stack[:len(stack)-1]
			continue
		}
		if !s.isSent(a.Var()) {
			stack = append(stack, a.Var())
			continue
		}
		if !s.isSent(b.Var()) {
			stack = append(stack, b.Var())
			continue
		}
		g := top.Pos()
		s.addClause(g.Not(), a)
		s.addClause(g.Not(), b)
		s.addClause(g, a.Not(), b.Not())
		s.markSent(top)
		stack = stack[:len(stack)-1]
	}
	s.stack = stack
}

func (s *Solver) isSent(v z.Var) bool {
	return int(v) < len(s.sent) && s.sent[v]
}

func (s *Solver) markSent(v z.Var) {
	if int(v) >= len(s.sent) {
		grown := make([]bool, s.c.Len())
		copy(grown, s.sent)
		s.sent = grown
	}
	s.sent[v] = true
	s.stats.Vars++
}

func (s *Solver) addClause(lits ...z.Lit) {
	s.sat.add(lits)
	s.stats.Clauses++
}

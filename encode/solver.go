package encode

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
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
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	case Canceled:
		return "canceled"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// SolverStats counts what was sent to the SAT solver.
type SolverStats struct {
	Vars    int           // circuit variables sent (inputs, gates, the constant)
	Clauses int           // clauses sent, Tseitin clauses included
	Solves  int           // calls to Solve
	Solving time.Duration // wall time spent in Solve
}

// Solver feeds the circuit c incrementally into one gini SAT solver. Circuit
// literals are solver literals: only the cones of literals that are asserted,
// added in clauses or assumed are encoded (Tseitin), each gate once. The
// circuit may grow between calls. A Solver is not safe for concurrent use.
type Solver struct {
	c     *logic.C
	g     *gini.Gini
	sent  []bool  // sent[v]: variable v (and its gate clauses) is in g
	stack []z.Var // scratch for encode
	stats SolverStats

	last Result
	why  []z.Lit
	// unsat records that the clauses alone are unsatisfiable. gini v1.0.4
	// then misbehaves on later solves (it reports a model that violates a
	// clause and exits), so later solves answer Unsat without calling it.
	unsat bool
	// The model of the last Sat, captured from g on first need (before g
	// changes), then completed by evaluating the circuit.
	model          []bool
	modelCaptured  bool
	modelEvaluated bool
}

// NewSolver returns a solver for the circuit c.
func NewSolver(c *logic.C) *Solver {
	s := &Solver{c: c, g: gini.New()}
	// Variable 1 is the circuit's constant: c.T must hold.
	s.markSent(c.T.Var())
	s.addClause(c.T)
	return s
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
	s.g.Assume(assumptions...)
	start := time.Now()
	res := s.run(ctx)
	s.stats.Solves++
	s.stats.Solving += time.Since(start)
	switch res {
	case 1:
		s.last = Sat
	case -1:
		s.last = Unsat
		if len(assumptions) > 0 {
			s.why = s.g.Why(nil)
		}
		if len(s.why) == 0 {
			s.unsat = true
		}
	default:
		s.last = Canceled
	}
	return s.last
}

// run solves in gini, in the background when ctx can end. gini's controller
// offers no blocking wait that can be interrupted, so it is polled: busily
// for the first tens of microseconds, which is all most small solves take
// (a timer alone costs more than that), then with a growing interval up to
// a millisecond, which bounds how late a cancellation is noticed.
func (s *Solver) run(ctx context.Context) int {
	if ctx.Done() == nil {
		return s.g.Solve()
	}
	ctl := s.g.GoSolve()
	poll := func() (int, bool) {
		if res, done := ctl.Test(); done {
			return res, true
		}
		if ctx.Err() != nil {
			return ctl.Stop(), true
		}
		return 0, false
	}
	for spinUntil := time.Now().Add(50 * time.Microsecond); time.Now().Before(spinUntil); {
		if res, done := poll(); done {
			return res
		}
		runtime.Gosched()
	}
	wait := 50 * time.Microsecond
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		if res, done := poll(); done {
			return res
		}
		select {
		case <-ctx.Done():
		case <-timer.C:
		}
		if wait < time.Millisecond {
			wait *= 2
		}
		timer.Reset(wait)
	}
}

// Value is the value of any circuit literal in the model found by the last
// Solve, which must have returned Sat. Literals outside everything sent to
// the solver, including ones created after the Solve, are evaluated in the
// circuit with unsent inputs taken as false. Assert and AddClause do not
// invalidate the model; the next Solve does.
func (s *Solver) Value(m z.Lit) bool {
	if s.last != Sat {
		panic(fmt.Sprintf("encode: Solver.Value after %v, want sat", s.last))
	}
	v := m.Var()
	if v == 0 || int(v) >= s.c.Len() {
		panic(fmt.Sprintf("encode: Solver.Value of literal %v outside the circuit", m))
	}
	s.captureModel()
	if int(v) >= len(s.model) {
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

// Stats reports what has been sent and solved so far.
func (s *Solver) Stats() SolverStats { return s.stats }

// beforeChange keeps the model readable across changes to g, which reset
// gini's assignment.
func (s *Solver) beforeChange() {
	if s.last == Sat {
		s.captureModel()
	}
}

// captureModel copies gini's values of the sent variables; gates are
// recomputed from the inputs by Eval, and unsent inputs stay false.
func (s *Solver) captureModel() {
	if s.modelCaptured {
		return
	}
	s.model = make([]bool, s.c.Len())
	maxVar := s.g.MaxVar()
	for v := 1; v < len(s.sent); v++ {
		if s.sent[v] && z.Var(v) <= maxVar {
			s.model[v] = s.g.Value(z.Var(v).Pos())
		}
	}
	s.modelCaptured = true
}

// encode sends the cone of m to g: each gate not yet sent gets its Tseitin
// clauses after those of its inputs (iteratively, as cones can be deep).
func (s *Solver) encode(m z.Lit) {
	v := m.Var()
	if v == 0 || int(v) >= s.c.Len() {
		panic(fmt.Sprintf("encode: literal %v outside the circuit", m))
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
	for _, m := range lits {
		s.g.Add(m)
	}
	s.g.Add(z.LitNull)
	s.stats.Clauses++
}

package sat

import (
	"context"
	"fmt"
	"slices"
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
// see SolverOptions). Only the cones of literals that are asserted, added in
// clauses or assumed are encoded (Tseitin), each gate at most once, as an
// n-ary conjunction into which the gates below it that no other gate uses
// are folded (gateLeaves). The backend's
// variables are the sent ones, numbered densely in the circuit's order
// (see toSat). The circuit may grow between calls. A Solver is not safe
// for concurrent use.
type Solver struct {
	c   *logic.C
	sat satSolver
	// toSat[v] is the backend's variable for circuit variable v: 0 while
	// v (and its gate clauses) is not sent, unnumbered while it is sent
	// but its clauses wait in pending. fromSat is the inverse (fromSat[0]
	// unused). The circuit numbers every gate ever built, and a formula
	// uses a fifth of them (msq_2_2_free on relaxed: 25k of 133k). Given
	// the circuit's numbers, a backend holds the others too,
	// unconstrained, and CaDiCaL spends half its decisions on them
	// (docs/performance.md, "Dense solver variables"). Each flush numbers
	// the variables it sends in circuit order, so that CaDiCaL's initial
	// decision order, which follows the numbers, stays the circuit's: a
	// formula sent in one batch is searched as with the circuit's numbers.
	toSat   []z.Var
	fromSat []z.Var
	sparse  bool // SolverOptions.SparseVars: toSat[v] = v
	binary  bool // SolverOptions.BinaryGates: no folding (encode)
	// refs[v] counts, up to 2, the circuit's gates that use v (foldable);
	// refs covers the circuit's first counted variables.
	refs    []uint8
	counted int
	newVars []z.Var // the unnumbered variables
	pending []z.Lit // clauses not yet added, circuit literals, each LitNull-ended
	stack   []z.Var // scratch for encode
	stats   SolverStats

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
	s.flush()
	as := s.toSatLits(assumptions)
	start := time.Now()
	s.last = s.sat.solve(ctx, limit, as)
	s.stats.Solves++
	s.stats.Solving += time.Since(start)
	if s.last == Unsat {
		if len(assumptions) > 0 {
			s.why = s.sat.failed(as)
			for i, m := range s.why {
				s.why[i] = s.fromSatLit(m)
			}
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
	raw := make([]bool, len(s.fromSat))
	s.sat.model(raw)
	for sv := 1; sv < len(raw); sv++ {
		if v := s.fromSat[sv]; v != 0 {
			s.model[v] = raw[sv]
		}
	}
	s.modelCaptured = true
}

// encode sends the cone of m to sat, each gate not yet sent after its
// inputs (iteratively, as cones can be deep). A gate is sent as one n-ary
// conjunction of its leaves (gateLeaves): the gates below it that nothing
// else in the circuit uses are folded in, not sent.
func (s *Solver) encode(m z.Lit) {
	v := m.Var()
	if v == 0 || int(v) >= s.c.Len() {
		panic(fmt.Sprintf("sat: literal %v outside the circuit", m))
	}
	if s.isSent(v) {
		return
	}
	if s.binary {
		s.encodeBinary(v)
		return
	}
	s.countRefs()
	type frame struct {
		v      z.Var
		leaves []z.Lit // nil until the gate is first visited
		next   int     // leaves[:next] are sent
		// contradictory: the leaves hold a literal and its negation
		contradictory bool
	}
	stack := []frame{{v: v}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.leaves == nil {
			if s.isSent(f.v) {
				stack = stack[:len(stack)-1]
				continue
			}
			if a, _ := s.c.Ins(f.v.Pos()); a == z.LitNull {
				s.markSent(f.v) // an input: no clauses of its own
				stack = stack[:len(stack)-1]
				continue
			}
			f.leaves, f.contradictory = s.gateLeaves(f.v)
		}
		for f.next < len(f.leaves) && s.isSent(f.leaves[f.next].Var()) {
			f.next++
		}
		if f.next < len(f.leaves) {
			stack = append(stack, frame{v: f.leaves[f.next].Var()})
			continue
		}
		g := f.v.Pos()
		s.markSent(f.v)
		if f.contradictory {
			// x ∧ ¬x: the gate is false (the long clause would be a
			// tautology)
			s.addClause(g.Not())
			stack = stack[:len(stack)-1]
			continue
		}
		long := make([]z.Lit, 0, len(f.leaves)+1)
		long = append(long, g)
		for _, l := range f.leaves {
			s.addClause(g.Not(), l)
			long = append(long, l.Not())
		}
		s.addClause(long...)
		stack = stack[:len(stack)-1]
	}
}

// gateLeaves lists the inputs of gate v's conjunction after folding: an
// input that is itself a positive, unsent gate with no other user in the
// circuit is replaced by its own inputs, recursively. Tseitin's binary
// gates turn a conjunction of n literals (and a disjunction, its negation)
// into a chain of n-1 variables, each of which the solver assigns in turn
// when it propagates through the chain; one gate assigns once
// (docs/performance.md, "N-ary gates"). Folded gates stay unsent: a later
// clause that names one sends it then, and the model evaluates them from
// the circuit (Value). contradictory reports leaves that hold a literal
// and its negation: the gate is then false.
func (s *Solver) gateLeaves(v z.Var) (leaves []z.Lit, contradictory bool) {
	var seen map[z.Var]z.Lit // past 16 leaves; before, a scan
	todo := []z.Lit{v.Pos()}
	for len(todo) > 0 {
		g := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		a, b := s.c.Ins(g)
		for _, in := range [2]z.Lit{b, a} {
			if s.foldable(in) {
				todo = append(todo, in)
				continue
			}
			// a literal twice is kept once; with its negation, the gate
			// is false
			if seen == nil && len(leaves) == 16 {
				seen = make(map[z.Var]z.Lit, 32)
				for _, l := range leaves {
					seen[l.Var()] = l
				}
			}
			prev, found := z.LitNull, false
			if seen != nil {
				prev, found = seen[in.Var()]
			} else if i := slices.IndexFunc(leaves, func(l z.Lit) bool { return l.Var() == in.Var() }); i >= 0 {
				prev, found = leaves[i], true
			}
			switch {
			case !found:
				leaves = append(leaves, in)
				if seen != nil {
					seen[in.Var()] = in
				}
			case prev != in:
				contradictory = true
			}
		}
	}
	return leaves, contradictory
}

// foldable says whether the gate input in can be folded into the gate
// that uses it: a positive gate, not sent, used by no other gate.
func (s *Solver) foldable(in z.Lit) bool {
	if !in.IsPos() || s.isSent(in.Var()) || s.refs[in.Var()] != 1 {
		return false
	}
	a, _ := s.c.Ins(in)
	return a != z.LitNull
}

// countRefs brings refs up to the circuit's gates: refs[v] counts, up to
// 2, the gates that take v as an input.
func (s *Solver) countRefs() {
	n := s.c.Len()
	if s.counted >= n {
		return
	}
	if len(s.refs) < n {
		grown := make([]uint8, n, n+n/2)
		copy(grown, s.refs)
		s.refs = grown
	}
	for i := max(s.counted, 2); i < n; i++ {
		a, b := s.c.Ins(z.Var(i).Pos())
		if a == z.LitNull {
			continue
		}
		for _, in := range [2]z.Var{a.Var(), b.Var()} {
			if s.refs[in] < 2 {
				s.refs[in]++
			}
		}
	}
	s.counted = n
}

// encodeBinary is encode with one Tseitin variable and three clauses per
// gate (SolverOptions.BinaryGates).
func (s *Solver) encodeBinary(v z.Var) {
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
		s.markSent(top)
		s.addClause(g.Not(), a)
		s.addClause(g.Not(), b)
		s.addClause(g, a.Not(), b.Not())
		stack = stack[:len(stack)-1]
	}
	s.stack = stack
}

// unnumbered is toSat's mark of a variable sent but not yet numbered.
const unnumbered = ^z.Var(0)

func (s *Solver) isSent(v z.Var) bool {
	return int(v) < len(s.toSat) && s.toSat[v] != 0
}

// markSent records v as sent; flush numbers it.
func (s *Solver) markSent(v z.Var) {
	if int(v) >= len(s.toSat) {
		grown := make([]z.Var, s.c.Len())
		copy(grown, s.toSat)
		s.toSat = grown
	}
	s.toSat[v] = unnumbered
	s.newVars = append(s.newVars, v)
	s.stats.Vars++
}

// solverFlushBatch is the number of pending literals at which addClause
// flushes, as cadicalSAT does (a second copy of a formula of millions of
// clauses is not held in Go).
const solverFlushBatch = 1 << 20

// flush numbers the unnumbered variables, in circuit order after those
// numbered before (as themselves when sparse), and hands the pending
// clauses to the backend.
func (s *Solver) flush() {
	if len(s.newVars) > 0 {
		slices.Sort(s.newVars)
		if len(s.fromSat) == 0 {
			s.fromSat = append(s.fromSat, 0)
		}
		for _, v := range s.newVars {
			sv := z.Var(len(s.fromSat))
			if s.sparse {
				sv = v
			}
			for int(sv) >= len(s.fromSat) {
				s.fromSat = append(s.fromSat, 0)
			}
			s.toSat[v], s.fromSat[sv] = sv, v
		}
		s.newVars = s.newVars[:0]
	}
	start := 0
	for i, m := range s.pending {
		if m == z.LitNull {
			cl := s.pending[start:i]
			for j, m := range cl {
				cl[j] = s.toSatLit(m)
			}
			s.sat.add(cl)
			start = i + 1
		}
	}
	s.pending = s.pending[:0]
}

// toSatLit is the backend's literal for the sent circuit literal m.
func (s *Solver) toSatLit(m z.Lit) z.Lit {
	sv := s.toSat[m.Var()]
	if m.IsPos() {
		return sv.Pos()
	}
	return sv.Neg()
}

// fromSatLit is the circuit literal of the backend's literal m.
func (s *Solver) fromSatLit(m z.Lit) z.Lit {
	v := s.fromSat[m.Var()]
	if m.IsPos() {
		return v.Pos()
	}
	return v.Neg()
}

// toSatLits translates sent circuit literals into a new slice.
func (s *Solver) toSatLits(lits []z.Lit) []z.Lit {
	out := make([]z.Lit, len(lits))
	for i, m := range lits {
		out[i] = s.toSatLit(m)
	}
	return out
}

// addClause queues the clause of sent literals for the backend.
func (s *Solver) addClause(lits ...z.Lit) {
	s.pending = append(s.pending, lits...)
	s.pending = append(s.pending, z.LitNull)
	s.stats.Clauses++
	if len(s.pending) >= solverFlushBatch {
		s.flush()
	}
}

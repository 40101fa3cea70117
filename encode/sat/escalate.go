package sat

import (
	"context"
	"runtime/debug"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// escalatingSAT is --solver auto with CaDiCaL compiled in. A formula
// with at least clauses clauses (0: no such limit) at its first solve
// starts on the large backend (CaDiCaL); a smaller one starts on gini and
// moves to the large backend the first time one solve needs more than
// after conflicts: it then loads every clause so far into the new
// backend, finishes that solve there and stays there. Small formulas
// (serial mining, litmus tests, the fast data-type tests) take gini a few
// thousand conflicts at most, and there gini is as fast or faster: no
// cgo, no CaDiCaL start-up. On larger ones CaDiCaL needs a fraction of
// gini's conflicts and time on the hard queries, and a move after gini's
// first conflicts pays for both (DefaultEscalateClauses). Clauses and
// conflicts do not depend on the machine, so neither does the choice.
type escalatingSAT struct {
	autoPolicy // the two thresholds (policy.go)
	large      func() satSolver
	cur        satSolver  // nil until the first solve chooses the backend
	log        ClauseList // every clause added, until escalation
	before     int64      // conflicts of the gini phase, after escalation
	moved      bool
}

func newEscalatingSAT(after int64, large func() satSolver) *escalatingSAT {
	return &escalatingSAT{autoPolicy: autoPolicy{after: after}, large: large}
}

// add only logs the clauses before the first solve: the formula's size
// then decides which backend gets them (start), so that one that starts
// on CaDiCaL never builds gini's copy.
func (e *escalatingSAT) add(lits []z.Lit) {
	if e.cur != nil {
		e.cur.add(lits)
	}
	if !e.moved {
		e.log.Add(lits)
	}
}

// start loads the clauses so far into the backend the formula's size
// chooses, at the first solve.
func (e *escalatingSAT) start() {
	if e.startsOnCadical(e.log.Len()) {
		e.escalate()
		return
	}
	e.cur = newGiniSATUnlogged()
	for cl := range e.log.All() {
		e.cur.add(cl)
	}
}

func (e *escalatingSAT) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	if e.cur == nil {
		e.start()
	}
	if e.moved {
		return e.cur.solve(ctx, limit, assumptions)
	}
	if e.startsOnCadical(e.log.Len()) {
		e.escalate()
		return e.cur.solve(ctx, limit, assumptions)
	}
	budget := e.after
	if limit > 0 && limit <= e.after {
		budget = limit
	}
	r := e.cur.solve(ctx, budget, assumptions)
	broken := e.cur.(*giniSAT).broken
	switch {
	case broken:
		// gini reached a model that violates a clause (giniSAT):
		// this solve starts again on the large backend
	case r != Budget || budget == limit:
		return r
	default:
		if limit > 0 {
			limit -= e.after
		}
	}
	e.escalate()
	return e.cur.solve(ctx, limit, assumptions)
}

// escalate replaces gini (if it started) by the large backend, with the
// same clauses.
func (e *escalatingSAT) escalate() {
	if e.cur != nil {
		e.before = e.cur.conflicts()
		// gini's clause database is garbage now. CaDiCaL allocates the
		// formula again in C memory, which cannot reuse Go's heap, so the
		// heap is returned to the system first: peak memory stays near
		// the larger of the two solvers instead of their sum.
		e.cur = nil
		debug.FreeOSMemory()
	}
	e.cur = e.large()
	for cl := range e.log.All() {
		e.cur.add(cl)
	}
	e.log, e.moved = ClauseList{}, true
}

func (e *escalatingSAT) model(dst []bool) { e.cur.model(dst) }

func (e *escalatingSAT) failed(assumptions []z.Lit) []z.Lit { return e.cur.failed(assumptions) }

func (e *escalatingSAT) close() {
	if e.cur != nil {
		closeSAT(e.cur)
	}
}

// conflicts counts gini's and then the large backend's.
func (e *escalatingSAT) conflicts() int64 {
	if e.cur == nil {
		return 0
	}
	return e.before + e.cur.conflicts()
}

// name is "gini" before the first solve, which is where a formula starts
// unless its size says otherwise.
func (e *escalatingSAT) name() string {
	if e.cur == nil {
		return string(Gini)
	}
	return e.cur.name()
}

package sat

import (
	"context"

	"github.com/checkfence/checkfence/internal/gini"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// giniSAT is the pure-Go backend: gini v1.0.4 with checkfence's conflict
// limit (internal/gini).
//
// gini v1.0.4 can, after some sequences of incremental solves, reach a
// "model" that violates one of its clauses (its own check used to exit the
// process: refcheck/testdata/regress/gini_sat_model.lsl). The patched
// solver reports that instead (ModelError); giniSAT then loads its clauses
// into a new instance and solves again. For that it keeps every clause
// (log), unless its owner does: escalatingSAT moves to CaDiCaL instead.
type giniSAT struct {
	g      *gini.Gini
	log    *ClauseList // nil: the owner keeps the clauses
	broken bool        // with log nil: the instance hit a model error
	base   int64       // conflicts of the instances replaced
}

func newGiniSAT() *giniSAT { return &giniSAT{g: gini.New(), log: &ClauseList{}} }

// newGiniSATUnlogged is a giniSAT whose owner keeps the clauses and
// replaces it after a model error (broken).
func newGiniSATUnlogged() *giniSAT { return &giniSAT{g: gini.New()} }

func (b *giniSAT) add(lits []z.Lit) {
	for _, m := range lits {
		b.g.Add(m)
	}
	b.g.Add(z.LitNull)
	if b.log != nil {
		b.log.Add(lits)
	}
}

func (b *giniSAT) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	r := b.solveOnce(ctx, limit, assumptions)
	if !b.g.ModelError() {
		return r
	}
	if b.log == nil {
		b.broken = true
		return Budget
	}
	// a new instance with the same clauses; a second model error would be
	// a bug of this package, not a state of gini's
	b.base += b.g.Conflicts()
	b.g = gini.New()
	for cl := range b.log.All() {
		for _, m := range cl {
			b.g.Add(m)
		}
		b.g.Add(z.LitNull)
	}
	r = b.solveOnce(ctx, limit, assumptions)
	if b.g.ModelError() {
		panic("sat: gini reached a model that violates a clause on a fresh instance")
	}
	return r
}

func (b *giniSAT) solveOnce(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	b.g.Assume(assumptions...)
	b.g.SetConflictLimit(limit)
	switch b.run(ctx) {
	case 1:
		return Sat
	case -1:
		return Unsat
	}
	if ctx.Err() == nil && limit > 0 {
		return Budget
	}
	return Canceled
}

// run solves in gini on the caller's goroutine; when ctx can end, gini
// polls its Done channel (SetStop) where it would poll a GoSolve's stop,
// every 20000 propagations. (Until 2026-11-25 a GoSolve ran in the
// background, polled from here by a busy wait and then timers: more code,
// a goroutine per query, and no faster.)
func (b *giniSAT) run(ctx context.Context) int {
	done := ctx.Done()
	if done == nil {
		return b.g.Solve()
	}
	b.g.SetStop(done)
	defer b.g.SetStop(nil)
	return b.g.Solve()
}

func (b *giniSAT) model(dst []bool) {
	maxVar := b.g.MaxVar()
	for v := 1; v < len(dst) && z.Var(v) <= maxVar; v++ {
		dst[v] = b.g.Value(z.Var(v).Pos())
	}
}

func (b *giniSAT) failed([]z.Lit) []z.Lit { return b.g.Why(nil) }

func (b *giniSAT) conflicts() int64 { return b.base + b.g.Conflicts() }

func (b *giniSAT) name() string { return "gini" }

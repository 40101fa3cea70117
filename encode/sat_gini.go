package encode

import (
	"context"
	"runtime"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// giniSAT is the pure-Go backend: gini v1.0.4 with checkfence's conflict
// limit (third_party/gini).
type giniSAT struct {
	g *gini.Gini
}

func newGiniSAT() *giniSAT { return &giniSAT{g: gini.New()} }

func (b *giniSAT) add(lits []z.Lit) {
	for _, m := range lits {
		b.g.Add(m)
	}
	b.g.Add(z.LitNull)
}

func (b *giniSAT) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
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

// run solves in gini, in the background when ctx can end. gini's controller
// offers no blocking wait that can be interrupted, so it is polled: busily
// for the first tens of microseconds, which is all most small solves take
// (a timer alone costs more than that), then with a growing interval up to
// a millisecond, which bounds how late a cancellation is noticed.
func (b *giniSAT) run(ctx context.Context) int {
	if ctx.Done() == nil {
		return b.g.Solve()
	}
	ctl := b.g.GoSolve()
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

func (b *giniSAT) model(dst []bool) {
	maxVar := b.g.MaxVar()
	for v := 1; v < len(dst) && z.Var(v) <= maxVar; v++ {
		dst[v] = b.g.Value(z.Var(v).Pos())
	}
}

func (b *giniSAT) failed([]z.Lit) []z.Lit { return b.g.Why(nil) }

func (b *giniSAT) conflicts() int64 { return b.g.Conflicts() }

func (b *giniSAT) name() string { return "gini" }

package axioms

import (
	"context"

	"github.com/checkfence/checkfence/internal/limits"
)

// Expansion is deeply recursive and returns no errors, so a cancellation
// (Options.Ctx: --timeout, --max-memory, Ctrl-C) or a refused allocation
// travels to Instantiate as a panic of type canceled, which Instantiate
// recovers into its error.

const phaseExpansion = "memory model expansion"

type canceled struct{ err error }

// expansionLimits polls the context in loops and checks allocations against the
// memory limit it carries.
type expansionLimits struct {
	ctx  context.Context
	poll limits.Poller
	n    uint32
}

func newLimits(ctx context.Context) *expansionLimits {
	return &expansionLimits{ctx: ctx, poll: limits.Poller{Ctx: ctx, Phase: phaseExpansion}}
}

// check stops the expansion once the context is done (cheap: it looks at
// the context every 64 calls, a few microseconds of expansion).
func (l *expansionLimits) check() {
	if l == nil {
		return
	}
	if l.n++; l.n%64 != 0 {
		return
	}
	if err := l.poll.Check(); err != nil {
		panic(canceled{err})
	}
}

// reserve stops the expansion before an allocation of n bytes that would
// exceed the memory limit (n < 0: a size that overflows).
func (l *expansionLimits) reserve(n int64) {
	if l == nil {
		return
	}
	if err := limits.Reserve(l.ctx, phaseExpansion, n); err != nil {
		panic(canceled{err})
	}
}

// recoverCanceled turns a canceled panic into *err.
func recoverCanceled(err *error) {
	if r := recover(); r != nil {
		c, ok := r.(canceled)
		if !ok {
			panic(r)
		}
		*err = c.err
	}
}

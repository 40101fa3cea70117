package limits

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
)

// Limits (--timeout, --max-memory, Ctrl-C) reach every phase as a
// context.Context in the phase's options. Long loops poll it; a phase that
// sees it done returns a *CanceledError naming itself, which the driver
// reports as INCONCLUSIVE (or exit 130 after Ctrl-C).

// ErrCanceled matches (errors.Is) every *CanceledError.
var ErrCanceled = errors.New("canceled")

// ErrMemoryLimit is the cancellation cause when the memory limit is
// reached (context.Cause of the context, or the Cause of a refused
// allocation).
var ErrMemoryLimit = errors.New("memory limit reached")

// CanceledError reports that a phase stopped because its context was done.
type CanceledError struct {
	Phase string // what was running: "unrolling", "the C front end", …
	Cause error  // context.DeadlineExceeded, context.Canceled or ErrMemoryLimit
}

func (e *CanceledError) Error() string {
	return fmt.Sprintf("%s stopped: %v", e.Phase, e.Cause)
}

// Is makes errors.Is(err, ErrCanceled) true.
func (e *CanceledError) Is(target error) bool { return target == ErrCanceled }

func (e *CanceledError) Unwrap() error { return e.Cause }

// Canceled returns a *CanceledError for phase if ctx (which may be nil) is
// done, else nil.
func Canceled(ctx context.Context, phase string) error {
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	return &CanceledError{Phase: phase, Cause: context.Cause(ctx)}
}

// Poller checks a context in a hot loop cheaply: a non-blocking receive
// from its Done channel (no lock; nanoseconds), so that a loop whose
// iterations are slow still stops at once.
type Poller struct {
	Ctx   context.Context
	Phase string
	done  <-chan struct{}
}

// Check returns a *CanceledError once the context is done.
func (p *Poller) Check() error {
	if p.Ctx == nil {
		return nil
	}
	if p.done == nil {
		if p.done = p.Ctx.Done(); p.done == nil {
			p.Ctx = nil // never canceled
			return nil
		}
	}
	select {
	case <-p.done:
		return Canceled(p.Ctx, p.Phase)
	default:
		return nil
	}
}

type memoryLimitKey struct{}

// WithMemoryLimit returns a context that carries the memory limit in bytes
// (for Reserve).
func WithMemoryLimit(ctx context.Context, limit int64) context.Context {
	return context.WithValue(ctx, memoryLimitKey{}, limit)
}

// MemoryLimit is the limit ctx carries (0: none).
func MemoryLimit(ctx context.Context) int64 {
	if ctx == nil {
		return 0
	}
	n, _ := ctx.Value(memoryLimitKey{}).(int64)
	return n
}

// Reserve is called before an allocation of n bytes whose size is known
// up front: if ctx is done, or the live heap plus n would exceed the
// memory limit ctx carries, it returns a *CanceledError (Cause
// ErrMemoryLimit for the latter) instead of letting the allocation take
// the process past the limit.
func Reserve(ctx context.Context, phase string, n int64) error {
	if err := Canceled(ctx, phase); err != nil {
		return err
	}
	limit := MemoryLimit(ctx)
	if limit <= 0 {
		return nil
	}
	if n < 0 || n > limit {
		return &CanceledError{Phase: phase, Cause: fmt.Errorf("%w: %s needs more than %d MiB", ErrMemoryLimit, phase, limit>>20)}
	}
	if used := HeapBytes(); used+n > limit {
		return &CanceledError{Phase: phase, Cause: fmt.Errorf("%w: %s needs %d MiB more, with %d MiB in use", ErrMemoryLimit, phase, n>>20, used>>20)}
	}
	return nil
}

// HeapBytes is the memory of the heap objects, live or not yet swept.
func HeapBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// Mul returns a*b, or -1 when it overflows an int64 (a, b ≥ 0): sizes of
// products of domains.
func Mul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a < 0 || b < 0 || a > (1<<63-1)/b {
		return -1
	}
	return a * b
}

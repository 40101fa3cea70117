package limits

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func canceledCtx() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

func TestCanceledError(t *testing.T) {
	var none context.Context // the phases' options may leave it unset
	if err := Canceled(none, "x"); err != nil {
		t.Errorf("nil context: %v", err)
	}
	if err := Canceled(context.Background(), "x"); err != nil {
		t.Errorf("live context: %v", err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(ErrMemoryLimit)
	err := Canceled(ctx, "unrolling")
	var ce *CanceledError
	if !errors.As(err, &ce) || ce.Phase != "unrolling" {
		t.Fatalf("got %v", err)
	}
	if !errors.Is(err, ErrCanceled) || !errors.Is(err, ErrMemoryLimit) {
		t.Errorf("%v should match ErrCanceled and its cause", err)
	}
}

// TestPoller: the poller notices a cancellation at the next call.
func TestPoller(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := Poller{Ctx: ctx, Phase: "p"}
	for i := 0; i < 1000; i++ {
		if p.Check() != nil {
			t.Fatal("a live context reported as canceled")
		}
	}
	cancel()
	if err := p.Check(); !errors.Is(err, context.Canceled) {
		t.Errorf("after cancel: %v", err)
	}
	for _, none := range []Poller{{}, {Ctx: context.Background()}} {
		for i := 0; i < 3; i++ {
			if none.Check() != nil {
				t.Fatal("a context that cannot be canceled reported a cancellation")
			}
		}
	}
}

func BenchmarkPoller(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := Poller{Ctx: ctx}
	for b.Loop() {
		p.Check()
	}
}

// TestReserve: allocations beyond the memory limit the context carries
// are refused before they are made; an overflowing size (-1) too.
func TestReserve(t *testing.T) {
	if err := Reserve(context.Background(), "x", 1<<50); err != nil {
		t.Errorf("no limit: %v", err)
	}
	ctx := WithMemoryLimit(context.Background(), 1<<40)
	if err := Reserve(ctx, "x", 1<<20); err != nil {
		t.Errorf("1 MiB of 1 TiB: %v", err)
	}
	for _, n := range []int64{1 << 41, -1, Mul(1<<40, 1<<40)} {
		err := Reserve(ctx, "expansion", n)
		if !errors.Is(err, ErrCanceled) || !errors.Is(err, ErrMemoryLimit) || !strings.Contains(err.Error(), "expansion") {
			t.Errorf("Reserve(%d) = %v, want a refusal", n, err)
		}
	}
	if err := Reserve(canceledCtx(), "x", 1); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: %v", err)
	}
}

func TestMul(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{
		{0, 5, 0}, {3, 4, 12}, {1 << 31, 1 << 31, 1 << 62}, {1 << 32, 1 << 31, -1}, {-1, 2, -1},
	} {
		if got := Mul(c.a, c.b); got != c.want {
			t.Errorf("Mul(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

package axioms

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/limits"
)

// wideLitmus is a universe of n threads that each store to X and load Y.
func wideLitmus(n int) *fakeUniverse {
	var threads []string
	for i := 0; i < n; i++ {
		threads = append(threads, "st X 1; ld Y 0")
	}
	return litmus(strings.Join(threads, " | "))
}

// TestInstantiateCanceled: a done context stops the expansion, eager
// transitivity included, with a *limits.CanceledError.
func TestInstantiateCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, enc := range []Encoding{Optimized, Generic} {
		_, err := Instantiate(mustBuiltin(t, "relaxed"), wideLitmus(60), Options{Encoding: enc, Ctx: ctx})
		var ce *limits.CanceledError
		if !errors.As(err, &ce) || ce.Phase != phaseExpansion || !errors.Is(err, context.Canceled) {
			t.Errorf("%v: got %v, want a cancellation of the expansion", enc, err)
		}
	}
	if _, err := Instantiate(mustBuiltin(t, "relaxed"), wideLitmus(3), Options{Ctx: context.Background()}); err != nil {
		t.Errorf("live context: %v", err)
	}
}

// TestInstantiateRefusesLargeTables: the n×n tables of the predefined
// relations are refused before they are allocated when they would exceed
// the memory limit.
func TestInstantiateRefusesLargeTables(t *testing.T) {
	ctx := limits.WithMemoryLimit(context.Background(), limits.HeapBytes()+4<<10)
	_, err := Instantiate(mustBuiltin(t, "relaxed"), wideLitmus(60), Options{Ctx: ctx})
	if !errors.Is(err, limits.ErrMemoryLimit) || !errors.Is(err, limits.ErrCanceled) {
		t.Errorf("got %v, want a refusal at the memory limit", err)
	}
	ctx = limits.WithMemoryLimit(context.Background(), 1<<40)
	if _, err := Instantiate(mustBuiltin(t, "relaxed"), wideLitmus(4), Options{Ctx: ctx}); err != nil {
		t.Errorf("ample limit: %v", err)
	}
}

package encode

import (
	"context"
	"errors"
	"testing"

	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestBuildCanceled: a done context stops the encoding (range analysis,
// symbolic execution, Ψ, the memory model) with a *limits.CanceledError.
func TestBuildCanceled(t *testing.T) {
	p, err := lsl.Parse("t.lsl", []byte("global X\nproc f() { L: { %x := load @X\n %y := add(%x, 1)\n store @X, %y\n continue L } }"))
	if err != nil {
		t.Fatal(err)
	}
	spec := lsl.ThreadSpec{Kind: lsl.ThreadConcurrent, Ops: []string{"f"}}
	u, err := lsl.Unroll(p, []lsl.ThreadSpec{spec, spec}, lsl.UnrollOptions{DefaultBound: 30})
	if err != nil {
		t.Fatal(err)
	}
	m := memmodel.MustBuiltin("relaxed")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Build(u, m, Options{Ctx: ctx})
	if !errors.Is(err, limits.ErrCanceled) || !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want a cancellation", err)
	}
	if _, err := Build(u, m, Options{Ctx: context.Background()}); err != nil {
		t.Errorf("live context: %v", err)
	}
}

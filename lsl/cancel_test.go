package lsl

import (
	"context"
	"errors"
	"testing"

	"github.com/checkfence/checkfence/internal/limits"
)

func canceledCtx() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestUnrollCanceled: a done context stops the unroller with an error
// naming it.
func TestUnrollCanceled(t *testing.T) {
	p := mustParse(t, "proc f() { L: { %x := 1\n continue L } }")
	_, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{DefaultBound: 5000, Ctx: canceledCtx()})
	var ce *limits.CanceledError
	if !errors.As(err, &ce) || ce.Phase != "unrolling" {
		t.Errorf("got %v, want a cancellation of the unrolling", err)
	}
	if _, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{DefaultBound: 3, Ctx: context.Background()}); err != nil {
		t.Errorf("live context: %v", err)
	}
}

// TestRangesCanceled: a done context stops the range analysis (Err set).
func TestRangesCanceled(t *testing.T) {
	p := mustParse(t, "global X\nproc f() { L: { %x := load @X\n %y := add(%x, 1)\n store @X, %y\n continue L } }")
	u, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{DefaultBound: 2000})
	if err != nil {
		t.Fatal(err)
	}
	r := AnalyzeRanges(u, RangeOptions{Ctx: canceledCtx()})
	if !errors.Is(r.Err, limits.ErrCanceled) {
		t.Errorf("Err = %v, want a cancellation", r.Err)
	}
	if r := AnalyzeRanges(u, RangeOptions{}); r.Err != nil {
		t.Errorf("without context: %v", r.Err)
	}
}

// TestRangesFullChoice: a choice over every int64 is unbounded (it used to
// overflow the size test and enumerate 2^64 values), and a choice that
// ends at MaxInt64 ends.
func TestRangesFullChoice(t *testing.T) {
	for _, src := range []string{
		"proc f() { %r := choose -9223372036854775808 .. 9223372036854775807 }",
		"proc f() { %r := choose 9223372036854775806 .. 9223372036854775807 }",
	} {
		p := mustParse(t, src)
		u, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r := AnalyzeRanges(u, RangeOptions{})
		if r.Width != 64 {
			t.Errorf("%s: width %d, want 64", src, r.Width)
		}
	}
}

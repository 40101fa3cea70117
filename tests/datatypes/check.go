package datatypes

import (
	"context"
	"fmt"
	"time"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// Options builds the mining options for a test of p on a built-in model.
func (p *Program) Options(model string, maxUnroll int, timeout time.Duration) (mining.Options, error) {
	m, ok := memmodel.Builtin(model)
	if !ok {
		return mining.Options{}, fmt.Errorf("no built-in model %q", model)
	}
	return mining.Options{Model: m, Spec: p.Spec, Omit: p.Omit, MaxUnroll: maxUnroll, Timeout: timeout}, nil
}

// Check runs one test of p.
func (p *Program) Check(ctx context.Context, test *lsl.Test, model string, maxUnroll int, timeout time.Duration) (*mining.Result, error) {
	opt, err := p.Options(model, maxUnroll, timeout)
	if err != nil {
		return nil, err
	}
	return mining.Check(ctx, p.Prog, test, opt)
}

// CheckRow runs the test of an expected.csv row with the row's settings.
func (p *Program) CheckRow(ctx context.Context, test *lsl.Test, row Row, timeout time.Duration, adjust ...func(*mining.Options)) (*mining.Result, error) {
	opt, err := p.Options(row.Model, row.MaxUnroll, timeout)
	if err != nil {
		return nil, err
	}
	opt.NoFairProgress = row.Unfair
	for _, f := range adjust {
		f(&opt)
	}
	return mining.Check(ctx, p.Prog, test, opt)
}

package mining

import (
	"context"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
)

// ExecutionSet summarizes every execution of a test on a model, for
// differential testing against an independent checker.
type ExecutionSet struct {
	// Observations of the executions in which every thread completes.
	Observations []encode.Observation
	// AnyError: some execution fails an assertion or runtime check.
	AnyError bool
	// AnyDeadlock: some execution deadlocks (and none is pruned).
	AnyDeadlock bool
	Bounds      map[string]int
}

// Executions enumerates the observation vectors of all complete executions
// of a test on opt.Model (serial: of the serial executions on sc), after
// lazy unrolling. It is the engine side of the differential tests.
func Executions(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options, serial bool) (*ExecutionSet, error) {
	opt.defaults()
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	model := opt.Model
	if serial {
		model, _ = axioms.Builtin("sc")
	}
	p, err := k.unroll(prog, ThreadSpecs(test), model, serial, false)
	if err == errStop {
		return nil, context.DeadlineExceeded
	}
	if err != nil {
		return nil, err
	}
	out := &ExecutionSet{Bounds: p.bounds}
	r, err := k.solve(p, p.enc.AnyError)
	if err != nil {
		return nil, err
	}
	out.AnyError = r == encode.Sat
	r, err = k.solve(p, p.enc.Deadlock)
	if err != nil {
		return nil, err
	}
	out.AnyDeadlock = r == encode.Sat
	obs, err := k.enumerate(p)
	if err != nil {
		return nil, err
	}
	out.Observations = obs
	return out, nil
}

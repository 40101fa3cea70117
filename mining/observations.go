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
	// Flags lists the flags of a cat model that fire in some complete
	// execution (herd's "Flag racy").
	Flags []string
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
	// flags before the enumeration, which blocks every execution it finds
	if ci := p.enc.Cat; ci != nil {
		for _, f := range ci.Flags {
			r, err := k.solve(p, p.enc.AllDone, f.Lit)
			if err != nil {
				return nil, err
			}
			if r == encode.Sat {
				out.Flags = append(out.Flags, f.Name)
			}
		}
	}
	obs, err := k.enumerate(p)
	if err != nil {
		return nil, err
	}
	out.Observations = obs
	return out, nil
}

// Witness finds an execution of test on opt.Model whose observation vector
// is want (after lazy unrolling); the Result carries the decoded trace and
// its encoding, or Verdict Fail with Reason "no-witness" when none exists.
func Witness(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options, want encode.Observation) (*Result, error) {
	opt.defaults()
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	p, err := k.unroll(prog, ThreadSpecs(test), opt.Model, false, false)
	if err == errStop {
		return k.res, nil
	}
	if err != nil {
		return nil, err
	}
	k.res.Enc = p.enc
	r, err := k.solve(p, p.enc.AllDone, p.enc.ObsEquals(want))
	if err == errStop {
		return k.res, nil
	}
	if err != nil {
		return nil, err
	}
	if r != encode.Sat {
		k.res.Verdict, k.res.Reason = Fail, "no-witness"
		return k.res, nil
	}
	k.res.Verdict = Pass
	k.res.Trace = p.enc.Decode(p.s.Value)
	k.res.Observation = &want
	k.res.Stats.Total = time.Since(k.start)
	return k.res, nil
}

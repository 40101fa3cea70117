package mining

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/trace"
)

// ExecutionSet summarizes every execution of a test on a model, for
// differential testing against an independent checker.
type ExecutionSet struct {
	// Observations of the executions in which every thread completes.
	Observations []trace.Observation
	// AnyError: some execution fails an assertion or runtime check (in an
	// execution that is a real prefix: encode.Encoding.Error).
	AnyError bool
	// AnyDeadlock: some execution deadlocks (and none is pruned).
	AnyDeadlock bool
	// Pruned lists the loop instances some execution reaches the bound of
	// (ExecutionsAt; empty after lazy unrolling), sorted.
	Pruned []lsl.LoopKey
	Bounds lsl.Bounds
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
		model = memmodel.SC()
	}
	p, err := k.unroll(prog, ThreadSpecs(test), model, serial, false)
	if err == errStop {
		return nil, k.stopped()
	}
	if err != nil {
		return nil, err
	}
	return k.executionSet(p)
}

// ExecutionsAt is Executions at fixed loop bounds (missing keys: 1),
// without raising them: the executions of a partly unrolled program,
// including those cut off at a bound, whose loop instances it lists. It
// lets the differential tests compare how both sides treat cut-off threads.
func ExecutionsAt(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options, serial bool, bounds lsl.Bounds) (*ExecutionSet, error) {
	opt.defaults()
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	model := opt.Model
	if serial {
		model = memmodel.SC()
	}
	p, err := k.encode(prog, ThreadSpecs(test), model, serial, bounds, 1)
	if err == errStop {
		return nil, k.stopped()
	}
	if err != nil {
		return nil, err
	}
	return k.executionSet(p)
}

// executionSet queries one encoding for its errors, deadlocks, cut-off
// loops and the observations of its complete executions.
func (k *checker) executionSet(p *problem) (*ExecutionSet, error) {
	out := &ExecutionSet{Bounds: p.bounds}
	sat := func(l ...z.Lit) (bool, error) {
		r, err := k.solve(p, l...)
		if err == errStop {
			return false, k.stopped()
		}
		return r == sat.Sat, err
	}
	var err error
	if out.AnyError, err = sat(p.enc.Error); err != nil {
		return nil, err
	}
	if out.AnyDeadlock, err = sat(p.enc.Deadlock); err != nil {
		return nil, err
	}
	byLoop := map[lsl.LoopKey][]z.Lit{}
	for _, th := range p.enc.Threads {
		for _, ps := range th.Pruned {
			byLoop[ps.Loop] = append(byLoop[ps.Loop], ps.Guard)
		}
	}
	for _, loop := range slices.Sorted(maps.Keys(byLoop)) {
		ok, err := sat(p.enc.C.Ors(byLoop[loop]...))
		if err != nil {
			return nil, err
		}
		if ok {
			out.Pruned = append(out.Pruned, loop)
		}
	}
	// flags before the enumeration, which blocks every execution it finds
	if out.Flags, err = firingFlags(p, sat); err != nil {
		return nil, err
	}
	if racy, err := k.racyExecution(p, out.Flags, func(l z.Lit) (bool, error) { return sat(l) }); err != nil {
		return nil, err
	} else if racy {
		out.Flags = append(out.Flags, RaceFlag)
	}
	obs, err := k.enumerate(p)
	if err == errStop {
		return nil, k.stopped()
	}
	if err != nil {
		return nil, err
	}
	out.Observations = obs
	return out, nil
}

// firingFlags lists the flags of the model that fire in some complete
// execution of p (sat asks the solver).
func firingFlags(p *problem, sat func(...z.Lit) (bool, error)) ([]string, error) {
	var fired []string
	for _, f := range p.enc.Flags() {
		ok, err := sat(p.enc.C.And(p.enc.AllDone, f.Lit))
		if err != nil {
			return nil, err
		}
		if ok {
			fired = append(fired, f.Name)
		}
	}
	return fired, nil
}

// Witness finds an execution of test on opt.Model whose observation vector
// is want (after lazy unrolling); the Result carries the decoded trace and
// its encoding, or Verdict Fail with Reason "no-witness" when none exists.
func Witness(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options, want trace.Observation) (*Result, error) {
	opt.defaults()
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	p, err := k.unroll(prog, ThreadSpecs(test), opt.Model, false, false)
	if err == errStop {
		return k.finish(), nil
	}
	if err != nil {
		return nil, err
	}
	k.res.enc = p.enc
	r, err := k.solve(p, p.enc.AllDone, p.enc.ObsEquals(want))
	if err == errStop {
		return k.finish(), nil
	}
	if err != nil {
		return nil, err
	}
	if r != sat.Sat {
		k.res.Verdict, k.res.Reason = Fail, "no-witness"
		return k.finish(), nil
	}
	k.res.Verdict = Pass
	k.res.Trace = p.enc.Decode(p.s.Value)
	k.res.Observation = &want
	k.res.Stats.Total = time.Since(k.start)
	return k.finish(), nil
}

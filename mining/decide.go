package mining

import (
	"context"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Decision is the outcome of Decide.
type Decision struct {
	// AnyError, AnyDeadlock: some execution fails a runtime check or
	// deadlocks (then Sat is not computed).
	AnyError, AnyDeadlock bool
	// Flags are the flags of a cat model that fire in some complete
	// execution.
	Flags []string
	// Sat: some complete execution satisfies the condition.
	Sat bool
}

// Decide asks whether some complete execution of test satisfies a
// condition over its observations (cond builds it on the encoding, e.g.
// from Encoding.ObsIs): one query where Executions enumerates every
// observation vector, one query each. The litmus front end decides a
// final condition so when only the verdict is wanted (the states of a
// test with many observed registers number in the thousands).
func Decide(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options, cond func(e *encode.Encoding) z.Lit) (*Decision, error) {
	opt.defaults()
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	p, err := k.unroll(prog, ThreadSpecs(test), opt.Model, false, false)
	if err == errStop {
		return nil, k.stopped()
	}
	if err != nil {
		return nil, err
	}
	sat := func(l ...z.Lit) (bool, error) {
		r, err := k.solve(p, l...)
		if err == errStop {
			return false, k.stopped()
		}
		return r == sat.Sat, err
	}
	d := &Decision{}
	if d.AnyError, err = sat(p.enc.Error); err != nil || d.AnyError {
		return d, err
	}
	if d.AnyDeadlock, err = sat(p.enc.Deadlock); err != nil || d.AnyDeadlock {
		return d, err
	}
	if d.Flags, err = firingFlags(p, sat); err != nil {
		return nil, err
	}
	racy, err := k.racyExecution(p, d.Flags, func(l z.Lit) (bool, error) { return sat(l) })
	if err != nil {
		return nil, err
	}
	if racy {
		d.Flags = append(d.Flags, RaceFlag)
	}
	d.Sat, err = sat(p.enc.AllDone, cond(p.enc))
	return d, err
}

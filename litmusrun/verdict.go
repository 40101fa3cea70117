package litmusrun

import (
	"context"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// runVerdict decides the condition with one query (mining.Decide) instead
// of enumerating the final states: exists P holds when some complete
// execution satisfies filter ∧ P, ~exists when none does, forall when none
// satisfies filter ∧ ¬P. The Result has no States (nor counts, nor
// witness). races is opt.Mining with the race check of t (raceMode).
func runVerdict(ctx context.Context, t *litmus.Test, opt Options, races mining.Options, start time.Time) (*Result, error) {
	want := t.Cond.Prop
	if t.Cond.Quant == litmus.Forall {
		want = &litmus.Not{X: want}
	}
	if t.Filter != nil {
		want = &litmus.And{L: t.Filter, R: want}
	}
	d, err := mining.Decide(ctx, t.Program, t.LSLTest, races, func(e *encode.Encoding) z.Lit {
		return propLit(t, e, want)
	})
	if err != nil {
		return nil, err
	}
	if d.AnyError || d.AnyDeadlock {
		return nil, failing(t, ctx, opt.Mining, d.AnyError)
	}
	r := &Result{Test: t, Flags: d.Flags, Holds: d.Sat}
	if t.Cond.Quant != litmus.Exists {
		r.Holds = !d.Sat
	}
	r.Time = time.Since(start)
	return r, nil
}

// propLit is the literal of a proposition over the observations of an
// encoding (Satisfies on the state an observation vector gives).
func propLit(t *litmus.Test, e *encode.Encoding, p litmus.Prop) z.Lit {
	c := e.C
	switch p := p.(type) {
	case *litmus.And:
		return c.And(propLit(t, e, p.L), propLit(t, e, p.R))
	case *litmus.Or:
		return c.Or(propLit(t, e, p.L), propLit(t, e, p.R))
	case *litmus.Implies:
		return c.Or(propLit(t, e, p.L).Not(), propLit(t, e, p.R))
	case *litmus.Not:
		return propLit(t, e, p.X).Not()
	case litmus.Const:
		return constLit(c, bool(p))
	case *litmus.Atom:
		k := obsKey(t, p.Term)
		if p.Value.Kind == lsl.KUndef {
			// an unobserved term has no value (stateOf: Undef)
			return e.ObsPresent(k).Not()
		}
		return e.ObsIs(k, p.Value)
	case *litmus.TermEq:
		return e.ObsSame(obsKey(t, p.L), obsKey(t, p.R))
	}
	panic("litmus: unknown proposition")
}

func constLit(c *logic.C, b bool) z.Lit {
	if b {
		return c.T
	}
	return c.F
}

// obsKey is the observation of a term: registers by their thread,
// locations by the final thread (stateOf).
func obsKey(t *litmus.Test, term litmus.Term) trace.ObsKey {
	th := term.Thread
	if th < 0 {
		th = len(t.Threads)
	}
	return trace.ObsKey{Thread: th, Kind: lsl.ObsOutput, Name: term.ObsName()}
}

package litmusrun

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// Result is the outcome of a litmus test on a memory model.
type Result struct {
	Test *litmus.Test
	// States are the reachable final states (after the filter), sorted.
	States []litmus.State
	// Holds follows herd: for exists some state satisfies the proposition;
	// for ~exists none does; for forall all do.
	Holds bool
	// Positive and Negative count the states that satisfy the proposition
	// and those that do not.
	Positive, Negative int
	// Witness is an execution ending in WitnessState: for exists and
	// ~exists a state satisfying the proposition, for forall one violating
	// it. Nil when there is none or it was not requested.
	Witness      *trace.Execution
	WitnessState *litmus.State
	Time         time.Duration
	// Flags are the flags of a cat model that fire in some execution.
	Flags []string
}

// Options control Run.
type Options struct {
	Mining  mining.Options // the model and its encoding
	Witness bool           // compute Result.Witness
	// VerdictOnly decides the condition with one query and leaves the
	// final states out of the Result (verdict.go): the suites, whose
	// tests may have thousands of states.
	VerdictOnly bool
	// NoRaces leaves out the data-race check of C11 tests on models
	// without flags of their own (race.go).
	NoRaces bool
}

// Run enumerates the final states of every complete execution of t on the
// model and evaluates the condition.
func Run(ctx context.Context, t *litmus.Test, opt Options) (*Result, error) {
	start := time.Now()
	if opt.Mining.Model == nil {
		return nil, fmt.Errorf("litmus.Run: no memory model")
	}
	if err := checkDialect(t, opt.Mining); err != nil {
		return nil, err
	}
	races := opt.Mining
	races.Races = raceMode(t, opt)
	if opt.VerdictOnly && !opt.Witness {
		return runVerdict(ctx, t, opt, races, start)
	}
	set, err := mining.Executions(ctx, t.Program, t.LSLTest, races, false)
	if err != nil {
		return nil, err
	}
	if set.AnyError || set.AnyDeadlock {
		return nil, failing(t, ctx, opt.Mining, set.AnyError)
	}
	r := &Result{Test: t, Flags: set.Flags}
	seen := map[string]bool{}
	var obsOf []trace.Observation
	for _, o := range set.Observations {
		s := stateOf(t, o)
		if !t.PassesFilter(s) {
			continue
		}
		key := t.FormatState(s)
		if seen[key] {
			continue
		}
		seen[key] = true
		r.States = append(r.States, s)
		obsOf = append(obsOf, o)
	}
	idx := make([]int, len(r.States))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return t.StateLess(r.States[idx[a]], r.States[idx[b]]) })
	states := make([]litmus.State, len(idx))
	obs := make([]trace.Observation, len(idx))
	for k, i := range idx {
		states[k], obs[k] = r.States[i], obsOf[i]
	}
	r.States = states
	witness := -1
	for i, s := range r.States {
		sat := t.Satisfies(s)
		if sat {
			r.Positive++
		} else {
			r.Negative++
		}
		if witness < 0 && sat == (t.Cond.Quant != litmus.Forall) {
			witness = i
		}
	}
	r.Holds = t.Cond.Holds(t.Satisfies, r.States)
	if opt.Witness && witness >= 0 {
		w, err := mining.Witness(ctx, t.Program, t.LSLTest, opt.Mining, obs[witness])
		if err != nil {
			return nil, err
		}
		if w.Verdict == mining.Pass && w.Trace != nil {
			r.Witness = w.Trace
			r.WitnessState = &r.States[witness]
		}
	}
	r.Time = time.Since(start)
	return r, nil
}

// stateOf reads the shown terms from an observation vector: registers are
// observed by their thread, locations by the final thread.
func stateOf(t *litmus.Test, o trace.Observation) litmus.State {
	s := litmus.State{Values: make([]lsl.Value, len(t.Shown))}
	for i, term := range t.Shown {
		th := term.Thread
		if th < 0 {
			th = len(t.Threads)
		}
		s.Values[i] = lsl.Undef
		for _, it := range o.Items {
			if it.Key.Thread == th && it.Key.Kind == lsl.ObsOutput && it.Key.Name == term.ObsName() {
				s.Values[i] = it.Value
			}
		}
	}
	return s
}

// failing is the error of a test some execution of which fails a runtime
// check or deadlocks: unsupported when a location plus a non-zero offset
// can be the cause, else failingExecution.
func failing(t *litmus.Test, ctx context.Context, opt mining.Options, anyError bool) error {
	if anyError && t.AddrArith {
		return &litmus.Unsupported{Pos: t.Pos, Reason: litmus.ReasonOffset, Detail: "a location plus an offset that is not 0 in some execution (only location + 0, an address dependency, is translated)"}
	}
	return failingExecution(ctx, t, opt)
}

// failingExecution explains why some execution of t fails a runtime check
// (a null or non-pointer address, a division by zero): an input error at
// the failing instruction.
func failingExecution(ctx context.Context, t *litmus.Test, opt mining.Options) error {
	r, err := mining.Check(ctx, t.Program, t.LSLTest, opt)
	if err != nil || r.Verdict != mining.Fail || r.Trace == nil || r.Trace.Failure == nil {
		return diag.Errorf(t.Pos, "test %s: some execution fails a runtime check", t.Name)
	}
	f := r.Trace.Failure
	return diag.Errorf(f.Pos, "%s (test %s, thread P%d)", f.Msg, t.Name, f.Thread)
}

package refcheck

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// ErrLimit marks a program too large for the reference checker, which is
// exponential by design; callers skip such programs.
var ErrLimit = errors.New("beyond the reference checker's limits")

// Options control Explore.
type Options struct {
	// Serial wraps every operation in an atomic block (lsl.UnrollOptions
	// Serial); with the sc model these are the serial executions.
	Serial bool
	// Bounds are the loop bounds to unroll with (missing keys: 1).
	Bounds lsl.Bounds
	// Unfair turns off fair progress (thread.go, iteration): every loop
	// iteration counts.
	Unfair bool
	// NoReload keeps fair progress without its reload rounds (reload.go).
	NoReload bool
	// NoStoringReload keeps reload rounds to rounds that store nothing.
	NoStoringReload bool
	// NoUnpublishedReload keeps storing reload rounds of a thread cut off
	// inside its loop to the case where the others are done (without the
	// unpublished-block case on sc, unpublished.go).
	NoUnpublishedReload bool
}

// Set summarizes every execution of a test on a model, as the engine's
// mining.ExecutionSet does.
type Set struct {
	// Observations are the canonical observation vectors (the format of
	// trace.Observation.Canon) of the executions in which every thread
	// completes, sorted.
	Observations []string
	// ErrorReasons lists the failure reasons (assertion, runtime-error)
	// of the executions in which some thread fails, sorted.
	ErrorReasons []string
	// Deadlock: some execution has a thread blocked in a spin loop on
	// final values, or livelocked (repeating a redundant loop iteration on
	// final values), and no thread failed or pruned. Livelock: in some
	// such execution a thread is livelocked.
	Deadlock, Livelock bool
	// Pruned lists the loop instances some execution reaches the bound of:
	// the program needs more unrolling than Bounds gives.
	Pruned []lsl.LoopKey
	// Combinations is the number of thread-run combinations examined,
	// Executions the number found consistent with the model.
	Combinations, Executions int
}

// AnyError reports whether some execution fails an assertion or a runtime
// check.
func (s *Set) AnyError() bool { return len(s.ErrorReasons) > 0 }

// Explore enumerates the executions of test on memory model m: unroll,
// enumerate each thread's runs, and for every combination of runs decide
// by brute force whether some seed function and valuation of the model's
// relation variables satisfies the axioms.
func Explore(prog *lsl.Program, test *lsl.Test, m *axioms.Model, opt Options) (*Set, error) {
	md, err := compileModel(m)
	if err != nil {
		return nil, err
	}
	u, err := lsl.Unroll(prog, test.ThreadSpecs(), lsl.UnrollOptions{Bounds: opt.Bounds, Serial: opt.Serial, KeepFaint: true})
	if err != nil {
		return nil, err
	}
	md.unpublished = !opt.Unfair && !opt.NoReload && !opt.NoStoringReload && !opt.NoUnpublishedReload && memmodel.FromMM(m).SequentiallyConsistent() && !forgesPointers(u)
	return explore(u, md, !opt.Unfair, reloadModeOf(!opt.NoReload, !opt.NoStoringReload))
}

// Serial enumerates the serial executions: operations atomic, memory
// sequentially consistent (the built-in sc model).
func Serial(prog *lsl.Program, test *lsl.Test, bounds lsl.Bounds, unfair bool) (*Set, error) {
	sc, ok := axioms.Builtin("sc")
	if !ok {
		return nil, fmt.Errorf("no built-in sc model")
	}
	return Explore(prog, test, sc, Options{Serial: true, Bounds: bounds, Unfair: unfair})
}

// maxCombinations bounds the combinations of runs examined.
const maxCombinations = 2000000

func explore(u *lsl.Unrolled, md *model, fair bool, reload reloadMode) (*Set, error) {
	builtin := md.props.Vetted
	if !fair || !builtin {
		reload = reloadOff
	}
	all, err := threadRuns(u, fair, reload, fair && builtin, dependenciesMatter(md.m, u))
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	set := &Set{}
	cur := make([]*run, len(all))
	var visit func(t int) error
	visit = func(t int) error {
		if t < len(all) {
			if !mayStart(u, cur, t) {
				cur[t] = &run{status: statusNotStarted, obs: map[obsKey]lsl.Value{}, canon: canonThread(t, nil), freedAt: -1}
				return visit(t + 1)
			}
			for _, r := range all[t] {
				cur[t] = r
				if err := visit(t + 1); err != nil {
					return err
				}
			}
			return nil
		}
		set.Combinations++
		if set.Combinations > maxCombinations {
			return fmt.Errorf("more than %d combinations of thread runs: %w", maxCombinations, ErrLimit)
		}
		fs := facts(cur)
		fresh := false
		for _, f := range fs {
			if !known[f] {
				fresh = true
			}
		}
		if !fresh {
			return nil // an execution here could not add anything new
		}
		c := newCombo(u, cur)
		if !c.supported() {
			return nil
		}
		c.silent, c.loadsInOrder = fair && builtin, md.props.LoadsInOrder
		ok, err := c.consistent(md)
		if err != nil || !ok {
			return err
		}
		set.Executions++
		for _, f := range fs {
			known[f] = true
		}
		return nil
	}
	if err := visit(0); err != nil {
		return nil, err
	}
	for f := range known {
		kind, rest, _ := strings.Cut(f, ":")
		switch kind {
		case "obs":
			set.Observations = append(set.Observations, rest)
		case "err":
			set.ErrorReasons = append(set.ErrorReasons, rest)
		case "pruned":
			set.Pruned = append(set.Pruned, lsl.LoopKey(rest))
		case "deadlock":
			set.Deadlock = true
		case "livelock":
			set.Livelock = true
		}
	}
	sort.Strings(set.Observations)
	sort.Strings(set.ErrorReasons)
	slices.Sort(set.Pruned)
	return set, nil
}

// mayStart reports whether thread t starts, given the runs of the threads
// before it: the concurrent threads are created after the init thread
// completes, the final thread runs after every other thread completed (it
// joins them). A thread that failed, blocked or stopped at a loop bound is
// never joined.
func mayStart(u *lsl.Unrolled, cur []*run, t int) bool {
	kind := u.Threads[t].Kind
	for i := 0; i < t; i++ {
		waits := (kind == lsl.ThreadConcurrent && u.Threads[i].Kind == lsl.ThreadInit) ||
			(kind == lsl.ThreadFinal && u.Threads[i].Kind != lsl.ThreadFinal)
		if waits && cur[i].status != statusDone {
			return false
		}
	}
	return true
}

// facts lists what an execution made of these runs would contribute to the
// Set: its observation vector if every thread completes, the reasons of
// failing threads, the loops reached, a deadlock. A failure counts when the
// execution is a real prefix of an execution: threads stopped at a loop
// bound have just not run further, unless one stopped inside an atomic
// block, whose remaining instructions would take effect at once.
func facts(runs []*run) []string {
	var out []string
	done, failed, pruned, blocked, livelock, cutAtomic := true, false, false, false, false, false
	for _, r := range runs {
		if r.status == statusPruned && r.inAtomic {
			cutAtomic = true
		}
	}
	for _, r := range runs {
		switch r.status {
		case statusError:
			if !cutAtomic {
				out = append(out, "err:"+r.reason)
			}
			failed = true
		case statusPruned:
			out = append(out, "pruned:"+r.loop.String())
			pruned = true
		case statusBlocked:
			blocked = true
			if r.livelock {
				livelock = true
			}
		}
		if r.status != statusDone {
			done = false
		}
	}
	if done {
		var b strings.Builder
		for _, r := range runs {
			b.WriteString(r.canon)
		}
		out = append(out, "obs:"+b.String())
	}
	if blocked && !failed && !pruned {
		out = append(out, "deadlock")
		if livelock {
			out = append(out, "livelock")
		}
	}
	return out
}

// Verdict is the reference's answer for a test, decided as mining.Check
// does: failures first, then deadlocks, then operation-level sequential
// consistency against the serial observations.
type Verdict struct {
	Verdict string   // "PASS", "FAIL" or "INCONCLUSIVE" (no serial execution completes)
	Reasons []string // FAIL, INCONCLUSIVE: every reason the engine may legitimately report
	// Observation is a non-serializable observation (consistency FAIL).
	Observation string
}

func (v Verdict) String() string {
	if len(v.Reasons) > 0 {
		return v.Verdict + " (" + strings.Join(v.Reasons, " or ") + ")"
	}
	return v.Verdict
}

// Decide computes the verdict from the concurrent and the serial
// execution sets. A set with pruned executions cannot be decided.
func Decide(conc, serial *Set) (Verdict, error) {
	if len(conc.Pruned) > 0 || len(serial.Pruned) > 0 {
		var loops []string
		for _, key := range append(slices.Clone(conc.Pruned), serial.Pruned...) {
			loops = append(loops, key.String())
		}
		return Verdict{}, fmt.Errorf("needs more unrolling: %s", strings.Join(loops, ", "))
	}
	if conc.AnyError() {
		return Verdict{Verdict: "FAIL", Reasons: conc.ErrorReasons}, nil
	}
	if conc.Deadlock {
		reasons := []string{ReasonDeadlock}
		if conc.Livelock {
			reasons = append(reasons, ReasonLivelock)
		}
		return Verdict{Verdict: "FAIL", Reasons: reasons}, nil
	}
	if len(serial.Observations) == 0 {
		// nothing to compare with (SPEC §6)
		return Verdict{Verdict: "INCONCLUSIVE", Reasons: []string{ReasonNoSerial}}, nil
	}
	mined := map[string]bool{}
	for _, o := range serial.Observations {
		mined[o] = true
	}
	for _, o := range conc.Observations {
		if !mined[o] {
			return Verdict{Verdict: "FAIL", Reasons: []string{ReasonConsistency}, Observation: o}, nil
		}
	}
	return Verdict{Verdict: "PASS"}, nil
}

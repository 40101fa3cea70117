package diff

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// Encoding is one way the engine encodes the memory model.
type Encoding struct {
	Name string
	Opts axioms.Options
}

// Encodings lists every encoding combination the engine offers.
var Encodings = []Encoding{
	{"generic", axioms.Options{Encoding: axioms.Generic}},
	{"optimized+sparse", axioms.Options{Encoding: axioms.Optimized, Transitivity: axioms.Sparse}},
	{"optimized+eager", axioms.Options{Encoding: axioms.Optimized, Transitivity: axioms.Eager}},
	{"optimized+lazy", axioms.Options{Encoding: axioms.Optimized, Transitivity: axioms.Lazy}},
}

// Config selects what Compare checks.
type Config struct {
	Models    []string   // built-in models (default: all of axioms.BuiltinNames)
	Encodings []Encoding // default: Encodings
	Verdicts  bool       // also compare mining.Check verdicts
	// Unfair runs both sides without fair progress (every loop iteration
	// counts toward the bounds).
	Unfair bool
	// NoReload runs both sides with fair progress but without its reload
	// rounds (encode/reload.go).
	NoReload bool
	// NoStoringReload runs both sides with reload rounds that store
	// nothing only.
	NoStoringReload bool
	// Timeout bounds each engine call (0: none).
	Timeout time.Duration
	// refModel replaces a model by another on the reference side only: the
	// tests use it to check that a difference is noticed.
	refModel map[string]string
}

// maxExtraBounds bounds the rounds in which the reference raises loop
// bounds beyond the engine's.
const maxExtraBounds = 3

// Disagreement is one difference between the engine and the reference.
type Disagreement struct {
	Case     string
	Test     string
	Model    string // "serial" for the serial executions
	Encoding string
	What     string // observations, errors, deadlock, verdict, engine-error, pruned
	Engine   string
	Ref      string
}

func (d Disagreement) String() string {
	return fmt.Sprintf("%s test %s, model %s, encoding %s: %s differ\n  engine:    %s\n  reference: %s",
		d.Case, d.Test, d.Model, d.Encoding, d.What, d.Engine, d.Ref)
}

// Report is the outcome of comparing one case.
type Report struct {
	Disagreements []Disagreement
	// Skipped is set when the reference declined the case (too large, or a
	// model outside what it can search); nothing was compared then.
	Skipped string
	// Compared counts the (test, model) pairs compared, per model name.
	Compared map[string]int
	// Verdicts counts the reference's verdicts ("relaxed FAIL (consistency)").
	Verdicts map[string]int
	Ref      time.Duration
	Engine   time.Duration
}

// Compare runs the engine and the reference on every test of the case and
// reports every difference in observation sets, error and deadlock flags
// and (with cfg.Verdicts) verdicts, for every model and encoding.
func Compare(ctx context.Context, c *refcheck.Case, cfg Config) *Report {
	rep := &Report{Compared: map[string]int{}, Verdicts: map[string]int{}}
	models := cfg.Models
	if len(c.Models) > 0 {
		models = c.Models
	}
	if len(models) == 0 {
		models = axioms.BuiltinNames()
	}
	encs := cfg.Encodings
	if len(encs) == 0 {
		encs = Encodings
	}
	for _, test := range c.Tests {
		if !compareTest(ctx, c, test, models, encs, cfg, rep) {
			return rep
		}
	}
	return rep
}

func compareTest(ctx context.Context, c *refcheck.Case, test *lsl.Test, models []string, encs []Encoding, cfg Config, rep *Report) bool {
	disagree := func(model, enc, what, eng, ref string) {
		rep.Disagreements = append(rep.Disagreements, Disagreement{Case: c.Name, Test: test.Name, Model: model, Encoding: enc, What: what, Engine: eng, Ref: ref})
	}
	engine := func(m *axioms.Model, enc Encoding, serial bool) (es *mining.ExecutionSet, err error) {
		cctx, cancel := withTimeout(ctx, cfg.Timeout)
		defer cancel()
		t0 := time.Now()
		defer func() { rep.Engine += time.Since(t0) }()
		defer recoverAs(&err, "engine panic")
		return mining.Executions(cctx, c.Prog, test, mining.Options{Options: encode.Options{Axioms: enc.Opts, NoFairProgress: cfg.Unfair, NoReloadRounds: cfg.NoReload, NoStoringReloads: cfg.NoStoringReload}, Model: memmodel.FromMM(m)}, serial)
	}
	engineAt := func(m *axioms.Model, enc Encoding, serial bool, bounds lsl.Bounds) (es *mining.ExecutionSet, err error) {
		cctx, cancel := withTimeout(ctx, cfg.Timeout)
		defer cancel()
		t0 := time.Now()
		defer func() { rep.Engine += time.Since(t0) }()
		defer recoverAs(&err, "engine panic")
		return mining.ExecutionsAt(cctx, c.Prog, test, mining.Options{Options: encode.Options{Axioms: enc.Opts, NoFairProgress: cfg.Unfair, NoReloadRounds: cfg.NoReload, NoStoringReloads: cfg.NoStoringReload}, Model: memmodel.FromMM(m)}, serial, bounds)
	}
	referenceAt := func(m *axioms.Model, serial bool, bounds lsl.Bounds) (rs *refcheck.Set, err error) {
		t0 := time.Now()
		defer func() { rep.Ref += time.Since(t0) }()
		defer recoverAs(&err, "reference panic")
		if serial {
			return refcheck.Serial(c.Prog, test, bounds, cfg.Unfair)
		}
		return refcheck.Explore(c.Prog, test, m, refcheck.Options{Bounds: bounds, Unfair: cfg.Unfair, NoReload: cfg.NoReload, NoStoringReload: cfg.NoStoringReload})
	}
	// reference starts at the engine's final bounds and raises them itself
	// while it finds executions cut off at a bound: with fair progress its
	// rule for redundant iterations is simpler than the engine's (it
	// compares every register), so it may need a few more iterations.
	// Once both sides converge, their sets must be equal.
	reference := func(m *axioms.Model, serial bool, bounds lsl.Bounds) (*refcheck.Set, error) {
		for extra := 0; ; extra++ {
			rs, err := referenceAt(m, serial, bounds)
			if err != nil || len(rs.Pruned) == 0 || cfg.Unfair || extra == maxExtraBounds {
				return rs, err
			}
			next := lsl.Bounds{}
			for k, b := range bounds {
				next[k] = b
			}
			for _, k := range rs.Pruned {
				next[k] = max(next[k], 1) + 1
			}
			bounds = next
		}
	}
	// compareSets compares one engine set with the reference's, which is
	// computed lazily with the bounds of the first engine answer.
	compareSets := func(model, enc string, es *mining.ExecutionSet, rs *refcheck.Set, atBound bool) {
		var eng []string
		for _, o := range es.Observations {
			eng = append(eng, o.Canon())
		}
		slices.Sort(eng)
		eng = slices.Compact(eng)
		if !slices.Equal(eng, rs.Observations) {
			disagree(model, enc, "observations", setDiff(eng, rs.Observations), setDiff(rs.Observations, eng))
		}
		if es.AnyError != rs.AnyError() {
			disagree(model, enc, "errors", fmt.Sprint(es.AnyError), fmt.Sprintf("%v %v", rs.AnyError(), rs.ErrorReasons))
		}
		if atBound && !cfg.Unfair {
			// At a fixed bound the two fair-progress rules differ in which
			// cut-off executions they see as repeating forever: the
			// engine's loops cut off must be among the reference's, and
			// deadlocks are compared once both converge.
			for _, l := range es.Pruned {
				if _, found := slices.BinarySearch(rs.Pruned, l); !found {
					disagree(model, enc, "pruned", joinLoops(es.Pruned), joinLoops(rs.Pruned))
					break
				}
			}
			return
		}
		if es.AnyDeadlock != rs.Deadlock {
			disagree(model, enc, "deadlock", fmt.Sprint(es.AnyDeadlock), fmt.Sprint(rs.Deadlock))
		}
		if !slices.Equal(es.Pruned, rs.Pruned) {
			disagree(model, enc, "pruned", joinLoops(es.Pruned), joinLoops(rs.Pruned))
		}
	}
	// compareCutOff compares the executions at the initial loop bounds,
	// where threads are cut off at loop bounds: which loops are reached,
	// and that nothing after a cut-off thread (the final thread) runs. Only
	// programs whose loops needed raising are compared (converged holds
	// the bounds lazy unrolling reached): otherwise this is the comparison
	// above again.
	compareCutOff := func(model string, m *axioms.Model, serial bool, converged lsl.Bounds) bool {
		if len(converged) == 0 {
			return true
		}
		initial := lsl.Bounds{}
		rm := m
		if alt, ok := cfg.refModel[model]; ok && !serial {
			rm, _ = axioms.Builtin(alt)
		}
		rs, err := referenceAt(rm, serial, initial)
		if err != nil {
			return declined(rep, model, err, disagree)
		}
		for _, enc := range encs {
			es, err := engineAt(m, enc, serial, initial)
			if err != nil {
				disagree(model+" at bound 1", enc.Name, "engine-error", err.Error(), "-")
				continue
			}
			compareSets(model+" at bound 1", enc.Name, es, rs, true)
		}
		return true
	}

	// Serial executions.
	sc, _ := axioms.Builtin("sc")
	var serialRef *refcheck.Set
	var serialBounds lsl.Bounds
	for _, enc := range encs {
		es, err := engine(sc, enc, true)
		if err != nil {
			disagree("serial", enc.Name, "engine-error", err.Error(), "-")
			continue
		}
		if serialRef == nil {
			rs, err := reference(sc, true, es.Bounds)
			if err != nil {
				return declined(rep, "serial", err, disagree)
			}
			if len(rs.Pruned) > 0 {
				disagree("serial", enc.Name, "pruned", "no pruned execution at bounds "+fmt.Sprint(es.Bounds), joinLoops(rs.Pruned))
				return true
			}
			serialRef = rs
		}
		compareSets("serial", enc.Name, es, serialRef, false)
		if serialBounds == nil {
			serialBounds = es.Bounds
		}
	}
	if serialRef != nil && !compareCutOff("serial", sc, true, serialBounds) {
		return false
	}

	for _, name := range models {
		m, ok := axioms.Builtin(name)
		if !ok {
			disagree(name, "-", "engine-error", "no built-in model "+name, "-")
			continue
		}
		var ref *refcheck.Set
		var converged lsl.Bounds
		for _, enc := range encs {
			es, err := engine(m, enc, false)
			if err != nil {
				disagree(name, enc.Name, "engine-error", err.Error(), "-")
				continue
			}
			if ref == nil {
				rm := m
				if alt, ok := cfg.refModel[name]; ok {
					rm, _ = axioms.Builtin(alt)
				}
				rs, err := reference(rm, false, es.Bounds)
				if err != nil {
					return declined(rep, name, err, disagree)
				}
				if len(rs.Pruned) > 0 {
					disagree(name, enc.Name, "pruned", "no pruned execution at bounds "+fmt.Sprint(es.Bounds), joinLoops(rs.Pruned))
					break
				}
				ref = rs
				converged = es.Bounds
			}
			compareSets(name, enc.Name, es, ref, false)
			if cfg.Verdicts && serialRef != nil {
				compareVerdict(ctx, c, test, m, enc, cfg, ref, serialRef, disagree)
			}
		}
		if ref != nil && !compareCutOff(name, m, false, converged) {
			return false
		}
		if ref != nil {
			rep.Compared[name]++
		}
		if ref != nil && serialRef != nil {
			if v, err := refcheck.Decide(ref, serialRef); err == nil {
				rep.Verdicts[name+" "+v.String()]++
			}
		}
	}
	return true
}

// declined records a reference failure: a program beyond its limits is
// skipped, anything else (an unsupported model, a panic) is reported.
func declined(rep *Report, model string, err error, disagree func(model, enc, what, eng, ref string)) bool {
	if errors.Is(err, refcheck.ErrLimit) {
		rep.Skipped = fmt.Sprintf("model %s: %v", model, err)
	} else {
		disagree(model, "-", "reference-error", "-", err.Error())
	}
	return false
}

func compareVerdict(ctx context.Context, c *refcheck.Case, test *lsl.Test, m *axioms.Model, enc Encoding, cfg Config,
	conc, serial *refcheck.Set, disagree func(model, enc, what, eng, ref string)) {
	want, err := refcheck.Decide(conc, serial)
	if err != nil {
		disagree(m.Name, enc.Name, "verdict", "-", err.Error())
		return
	}
	cctx, cancel := withTimeout(ctx, cfg.Timeout)
	defer cancel()
	res, err := func() (res *mining.Result, err error) {
		defer recoverAs(&err, "engine panic")
		return mining.Check(cctx, c.Prog, test, mining.Options{Options: encode.Options{Axioms: enc.Opts, NoFairProgress: cfg.Unfair, NoReloadRounds: cfg.NoReload, NoStoringReloads: cfg.NoStoringReload}, Model: memmodel.FromMM(m)})
	}()
	if err != nil {
		disagree(m.Name, enc.Name, "engine-error", err.Error(), want.String())
		return
	}
	got := string(res.Verdict)
	if res.Verdict != mining.Pass {
		got += " (" + res.Reason + ")"
	}
	ok := string(res.Verdict) == want.Verdict
	if ok && res.Verdict != mining.Pass {
		ok = slices.Contains(want.Reasons, res.Reason)
	}
	if !ok {
		disagree(m.Name, enc.Name, "verdict", got+": "+res.Message, want.String())
	}
	compareProgramVerdict(ctx, c, test, m, enc, cfg, conc, disagree)
}

// compareProgramVerdict checks the test as a whole program (like a pthread
// main: failures only, no consistency check), which lazy unrolling starts
// with the sizing pass (mining/sizing.go), once with it and once without:
// both must give the reference's verdict.
func compareProgramVerdict(ctx context.Context, c *refcheck.Case, test *lsl.Test, m *axioms.Model, enc Encoding, cfg Config,
	conc *refcheck.Set, disagree func(model, enc, what, eng, ref string)) {
	// Any failure the reference found may be the one the engine reports:
	// with the sizing pass off, a deadlock at small bounds can come before
	// an assertion that needs larger ones.
	want := refcheck.Verdict{Verdict: "PASS"}
	if conc.AnyError() || conc.Deadlock {
		want = refcheck.Verdict{Verdict: "FAIL", Reasons: slices.Clone(conc.ErrorReasons)}
		if conc.Deadlock {
			want.Reasons = append(want.Reasons, refcheck.ReasonDeadlock)
			if conc.Livelock {
				want.Reasons = append(want.Reasons, refcheck.ReasonLivelock)
			}
		}
	}
	whole := *test
	whole.Program = true
	for _, presize := range []bool{true, false} {
		cctx, cancel := withTimeout(ctx, cfg.Timeout)
		res, err := func() (res *mining.Result, err error) {
			defer recoverAs(&err, "engine panic")
			return mining.Check(cctx, c.Prog, &whole, mining.Options{Options: encode.Options{Axioms: enc.Opts, NoFairProgress: cfg.Unfair, NoReloadRounds: cfg.NoReload, NoStoringReloads: cfg.NoStoringReload}, Model: memmodel.FromMM(m), NoPresize: !presize})
		}()
		cancel()
		what := "program-verdict"
		if !presize {
			what += "-plain"
		}
		if err != nil {
			disagree(m.Name, enc.Name, what, "engine error: "+err.Error(), want.String())
			continue
		}
		ok := string(res.Verdict) == want.Verdict
		if ok && res.Verdict == mining.Fail {
			ok = slices.Contains(want.Reasons, res.Reason)
			if err := res.CheckCounterexample(); err != nil {
				disagree(m.Name, enc.Name, what, "counterexample is not a real execution: "+err.Error(), want.String())
			}
		}
		if !ok {
			got := string(res.Verdict)
			if res.Verdict != mining.Pass {
				got += " (" + res.Reason + ")"
			}
			disagree(m.Name, enc.Name, what, got+": "+res.Message, want.String())
		}
	}
}

// recoverAs turns a panic into an error, so that one bad case does not end
// a whole run.
func recoverAs(err *error, what string) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: %v", what, r)
	}
}

func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, d)
}

// setDiff renders the elements of a that are not in b (both sorted).
func setDiff(a, b []string) string {
	var only []string
	for _, x := range a {
		if _, found := slices.BinarySearch(b, x); !found {
			only = append(only, x)
		}
	}
	if len(only) == 0 {
		return fmt.Sprintf("%d observations, none missing on the other side", len(a))
	}
	return fmt.Sprintf("%d observations; only here: %s", len(a), strings.Join(only, " | "))
}

// joinLoops lists loop keys for a disagreement.
func joinLoops(keys []lsl.LoopKey) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = k.String()
	}
	return strings.Join(s, ", ")
}

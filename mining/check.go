package mining

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/trace"
)

// Options control Check and Mine.
type Options struct {
	// Options are the encoder's (axioms.Options, --int-width, the
	// fairness rules and their parts, symmetry breaking). The check sets
	// Ctx and the race fields itself (from Races below), and keeps
	// NoFairProgress off on a model where fair progress is not sound
	// (memmodel.Model.FairProgressSafe).
	encode.Options
	Model     *memmodel.Model     // memory model of the concurrent executions (.mm or cat)
	Spec      *lsl.Program        // mine observations from this reference implementation (nil: the implementation)
	MaxUnroll int                 // highest loop bound before INCONCLUSIVE (default 64)
	Timeout   time.Duration       // per test (0: none)
	MaxMemory int64               // heap bytes before INCONCLUSIVE (0: none)
	Witness   bool                // compute a witness execution for PASS
	Omit      map[*lsl.Fence]bool // fences of the program to leave out
	// SATMining enumerates the serial observations with the solver instead
	// of concretely (both give the same set; see serial.go).
	SATMining bool
	// KeepFaint keeps the assignments to faint registers in the unrolled
	// program (lsl.UnrollOptions.KeepFaint): a counter nothing reads then
	// keeps its loop from converging.
	KeepFaint bool
	Progress  func(Progress)    // called as phases change (may be nil)
	Solver    sat.SolverOptions // SAT backend (--solver)
	// NoPresize: start a whole program's lazy unrolling at bounds of one
	// instead of those of the sizing pass (sizing.go).
	NoPresize bool
	// FailureBudget is the conflicts a round of the check (or of the
	// sizing pass) spends looking for a failing execution once the answer
	// was a cut-off one, before it raises the bounds and defers the proof
	// that there is none (deferred.go). 0: the default (1000); negative: no
	// budget, so no proof is deferred (for tests).
	FailureBudget int64
	// NoSimulation: the sizing pass of a whole program does not start
	// from the bounds that random runs of the program need
	// (sizing_simulation.go), and a test's check does not raise its bounds to
	// those of random runs of the test (sizing_simulation_tst.go).
	NoSimulation bool
	// NoParamSymmetry: a whole program's threads that differ only in their
	// arguments are not rewritten to choose them (encode.Options.
	// ParamSymmetry; for the tests that compare).
	NoParamSymmetry bool
	// ChoosePool: every malloc of a whole program chooses its pool block,
	// also where no block can be handed out twice (lsl.UnrollOptions.
	// FixedPool; for the tests that compare).
	ChoosePool bool
	// FencedAllocator: malloc and free of a C11 program keep the full
	// fences and the untagged atomic block of CheckFence-style programs
	// instead of C11's acquire and release (lsl.UnrollOptions.
	// FencedAllocator; for the tests that compare).
	FencedAllocator bool
	// NoInheritInner: a new iteration's inner loops start at bound 1,
	// as SPEC §6 says (inheritInner; for the tests that compare).
	NoInheritInner bool
	// OnQuery, when set, is called after each encoding and each solver
	// query of the check (querylog.go; checkfence run --log-queries).
	OnQuery func(QueryEvent)
	// Races says what the check does about data races (race.go;
	// --races). The zero value checks none.
	Races RaceMode
	// NoDeadlock: deadlocks and livelocks are not failures, and
	// QuietError, when set, names the error sites that end their thread's
	// path without failing (property checks: property.go).
	NoDeadlock bool
	QuietError func(*encode.ErrorSite) bool
}

// Progress reports what Check is doing.
type Progress struct {
	Test         string
	Phase        string // "unroll", "simulate", "size", "errors", "mine", "check", "witness"
	Round        int
	Observations int
	Elapsed      time.Duration
	Detail       string // what the phase works on, e.g. "raising loop msn.c:45 to 3 iterations"
}

func (o *Options) defaults() {
	if o.MaxUnroll <= 0 {
		o.MaxUnroll = 64
	}
}

// ThreadSpecs turns a test into the thread list the unroller takes.
func ThreadSpecs(t *lsl.Test) []lsl.ThreadSpec { return t.ThreadSpecs() }

// checker carries the state of one Check call.
type checker struct {
	ctx   context.Context
	opt   Options
	test  *lsl.Test
	start time.Time
	res   *Result
	// serialBounds are the loop bounds the serial executions needed.
	serialBounds lsl.Bounds
	// serialWhy says why some serial execution did not complete (concrete
	// mining), e.g. an operation that waits for another one.
	serialWhy string
	// escalated: a concurrent encoding of this check moved from gini to
	// CaDiCaL under --solver auto, so later ones start there
	// (escalation.go).
	escalated bool
	// simulated: random runs sized this test's unrolling (sizing_simulation_tst.go)
	simulated bool
	// unrollDetail names the loops the next round raises (progress).
	unrollDetail string
	phase        string // the last progress phase, for INCONCLUSIVE messages
	// round is the unrolling round of the last encoding, and
	// loggedBounds the bounds of the last one logged, serial and not
	// (querylog.go)
	round        int
	loggedBounds map[bool]lsl.Bounds
	// queryPhase names the queries of the moment in the log when they are
	// not what the progress phase says ("failure")
	queryPhase string
	// breaking: the query being asked assumes SymmetryBreaking
	// (solveBreaking)
	breaking bool
}

// errStop ends a check early with the result already filled in.
var errStop = errors.New("stop")

// Check decides one test: runtime errors, assertions and deadlocks first,
// then operation-level sequential consistency against the mined observation
// set (ch. 6). Input errors are returned as errors; everything else is a
// Result.
func Check(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options) (*Result, error) {
	opt.defaults()
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	ctx, stop := limits.GuardMemory(ctx, opt.MaxMemory)
	defer stop()
	if opt.Races == RacesWarn {
		return checkWarningRaces(ctx, prog, test, opt)
	}
	return check(ctx, prog, test, opt)
}

// check is Check within its limits (ctx).
func check(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options) (*Result, error) {
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	if opt.Races.checks() || opt.Model.Props().C11RaceFlag != "" {
		// an earlier iteration of a spin loop can race (lsl/unspin.go)
		prog = lsl.UnspinPlainLoads(prog)
	}
	err := k.run(prog)
	k.res.Stats.Total = time.Since(k.start)
	if errors.Is(err, limits.ErrCanceled) {
		err = k.canceledIn(err)
	}
	if err == errStop {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	return k.finish(), nil
}

func (k *checker) progress(phase string, round, obs int) {
	k.progressDetail(phase, round, obs, "")
}

func (k *checker) progressDetail(phase string, round, obs int, detail string) {
	k.phase = phase
	if k.opt.Progress != nil {
		k.opt.Progress(Progress{Test: k.test.Name, Phase: phase, Round: round, Observations: obs, Elapsed: time.Since(k.start), Detail: detail})
	}
}

// raisedDetail says which loops the next round unrolls further, for the
// progress line: "raising loop msn.c:45 to 3 iterations (and 2 more)".
func raisedDetail(u *lsl.Unrolled, old, next lsl.Bounds) string {
	var keys []lsl.LoopKey
	for key, b := range next {
		if old[key] != b {
			keys = append(keys, key)
		}
	}
	if len(keys) == 0 {
		return ""
	}
	slices.Sort(keys)
	li := u.Loops[keys[0]]
	if li == nil {
		return ""
	}
	what := "loop " + li.Pos.String()
	if li.Recursion {
		what = "recursion of " + li.Proc
	}
	s := fmt.Sprintf("raising %s to %s", what, iterations(next[keys[0]]))
	if len(keys) > 1 {
		s += fmt.Sprintf(" (and %d more)", len(keys)-1)
	}
	return s
}

func iterations(n int) string {
	if n == 1 {
		return "1 iteration"
	}
	return fmt.Sprintf("%d iterations", n)
}

// canceled turns a canceled solver call into INCONCLUSIVE.
func (k *checker) canceled() error {
	k.res.Verdict = Inconclusive
	if errors.Is(context.Cause(k.ctx), limits.ErrMemoryLimit) {
		k.res.Reason = ReasonMemory
		k.res.Message = fmt.Sprintf("the check needed more than %d MiB (--max-memory)", k.opt.MaxMemory>>20) + k.inPhase()
	} else if errors.Is(k.ctx.Err(), context.DeadlineExceeded) {
		k.res.Reason = ReasonTimeout
		k.res.Message = fmt.Sprintf("no answer within %v", k.opt.Timeout) + k.inPhase()
	} else {
		k.res.Reason = ReasonInterrupted
		k.res.Message = "interrupted" + k.inPhase()
	}
	return errStop
}

func (k *checker) run(prog *lsl.Program) error {
	specs := ThreadSpecs(k.test)
	// 1. Mine the observations of the serial executions. A whole program
	// (a pthread main) has none: it is checked for failures only.
	var obs []trace.Observation
	if !k.test.Program {
		mineStart := time.Now()
		specProg := prog
		if k.opt.Spec != nil {
			specProg = k.opt.Spec
		}
		var err error
		obs, err = k.mine(specProg, specs)
		k.res.Stats.Mine = time.Since(mineStart)
		if err != nil {
			return err
		}
		k.res.Mined = obs
		k.res.Stats.Observations = len(obs)
	}
	// Without a completed serial execution there is nothing to compare
	// with; failures are still reported, and INCONCLUSIVE says why.
	compare := !k.test.Program && len(obs) > 0
	// 2. Concurrent executions, unrolled lazily. Each round asks one
	// question: is there an execution that fails, or that is cut off at a
	// loop bound? For a PASS this costs a single proof of unsatisfiability
	// on the final encoding instead of one per property. Every serial
	// execution is also a concurrent one, so the serial loop bounds are a
	// lower bound for the concurrent ones.
	bounds := lsl.Bounds{}
	for key, b := range k.serialBounds {
		bounds[key] = b
	}
	// A whole program has no serial bounds: the sizing pass (sizing.go)
	// finds the first unrolling, and its encoding is the first round's.
	// Rounds whose proof that no execution fails within their bounds was
	// put off (deferred.go), the sizing pass's included.
	var first *problem
	var deferred []deferredRound
	round := 1
	bounds = k.simulateTest(prog, specs, bounds, round, true)
	if k.test.Program && !k.opt.NoPresize {
		var err error
		first, bounds, round, deferred, err = k.presize(prog, specs, bounds)
		if err != nil {
			return err
		}
	}
	for ; ; round++ {
		p := first
		first = nil
		if p == nil {
			var err error
			p, err = k.encode(prog, specs, k.opt.Model, false, bounds, round)
			if err != nil {
				return err
			}
		}
		k.current(p, bounds)
		e := p.enc
		c := e.C
		failure, inconsistent := k.failureOf(e, obs, compare)
		k.progress("check", round, len(obs))
		conflicts0 := p.s.Stats().Conflicts
		r, err := k.solveBreaking(p, 0, e.SymmetryBreaking(obs), c.Or(failure, e.AnyPruned))
		if err != nil {
			return err
		}
		k.stats(p)
		if r == sat.Unsat {
			// no execution of this unrolling fails, so none of an
			// earlier (deferred) one does either
			if !compare && !k.test.Program {
				specProg := prog
				if k.opt.Spec != nil {
					specProg = k.opt.Spec
				}
				return k.noSerialExecution(specProg, specs)
			}
			k.res.Verdict = Pass
			if err := k.flags(p); err != nil {
				return err
			}
			return k.witness(p)
		}
		if !p.s.Value(failure) {
			// A cut-off execution only says which loops need more
			// iterations. A failing execution that fits the current
			// unrolling is reported before any bound is raised (SPEC §6):
			// it is looked for here under a budget, and if the budget
			// runs out, before any failure is reported (deferred.go).
			cut := p.s.KeepModel()
			r, err := k.lookForFailure(p, e.SymmetryBreaking(obs), failure) // breaks symmetry
			if err != nil {
				return err
			}
			if r != sat.Sat {
				if r == sat.Budget {
					deferred = append(deferred, deferredRound{round: round, bounds: bounds})
				}
				// back to the cut-off execution, whose loops are raised
				// (solving for one anew took up to 7,500 conflicts on
				// harris Saacr)
				p.s.RestoreModel(cut)
				next, limit, err := k.raiseAll(p, bounds, p.s.Stats().Conflicts-conflicts0)
				if err != nil {
					return err
				}
				if limit != nil {
					if len(deferred) > 0 {
						// a failure within the limit comes before INCONCLUSIVE
						q, err := k.earliestFailure(prog, specs, obs, compare, deferred, p, round)
						if err != nil {
							return err
						}
						if q != nil {
							return k.reportFailure(q)
						}
						// the limit's result, with the time spent since
						limit.Stats.Rounds, limit.Stats.Encode, limit.Stats.Solve = k.res.Stats.Rounds, k.res.Stats.Encode, k.res.Stats.Solve
					}
					*k.res = *limit
					return errStop
				}
				if round > 1 || p.s.Stats().Clauses >= simAfterClauses {
					next = k.simulateTest(prog, specs, next, round+1, false)
				}
				k.unrollDetail = raisedDetail(p.enc.U, bounds, next)
				bounds = next
				continue
			}
		}
		if len(deferred) > 0 {
			// The failure may fit an earlier unrolling whose proof was
			// deferred: look there first. This round's encoding is
			// dropped meanwhile (it is the largest) and redone if needed.
			k.res.enc = nil
			q, err := k.earliestFailure(prog, specs, obs, compare, append(deferred, deferredRound{round: round, bounds: bounds}), nil, 0)
			if err != nil {
				return err
			}
			if q == nil {
				return fmt.Errorf("internal error: the failing execution disappeared")
			}
			return k.reportFailure(q)
		}
		return k.reportFailure(&failingRound{p: p, inconsistent: inconsistent})
	}
}

// failureOf returns the failure literal of a round (a data race, an
// error, a deadlock, or an observation that no serial execution
// produces) and the last of these alone.
func (k *checker) failureOf(e *encode.Encoding, obs []trace.Observation, compare bool) (failure, inconsistent z.Lit) {
	c := e.C
	inconsistent = c.F
	if compare {
		notMined := make([]z.Lit, 0, len(obs))
		for _, o := range obs {
			notMined = append(notMined, e.ObsEquals(o).Not())
		}
		inconsistent = c.And(e.AllDone, c.Ands(notMined...))
	}
	return c.Ors(k.raceLit(e), k.errorLit(e), k.deadlockLit(e), k.boundLit(e), inconsistent), inconsistent
}

// reportFailure reports the failing execution of a round.
func (k *checker) reportFailure(f *failingRound) error {
	// the flags of a cat model say more about a failure (a data race
	// under rc11 explains most of them)
	if err := k.flags(f.p); err != nil {
		return err
	}
	return k.report(f.p, f.inconsistent)
}

// current records the round's encoding in the result, so that a limit
// reached in it reports the size of what was being checked.
func (k *checker) current(p *problem, bounds lsl.Bounds) {
	k.res.enc = p.enc
	k.res.Bounds = bounds
	k.res.Stats.Instrs, k.res.Stats.Loads, k.res.Stats.Stores, k.res.Stats.Width = p.enc.Stats.Instrs, p.enc.Stats.Loads, p.enc.Stats.Stores, p.enc.Stats.Width
	k.stats(p)
}

// report explains a failing execution of p, the simplest explanation
// first: a data race (RacesFail: whatever else fails in a racy execution
// may be the race's doing, race.go), a failed check in an execution where
// no thread is cut off, a failed check while some thread has not run
// further, a deadlock, and last an observation that no serial execution
// produces.
func (k *checker) report(p *problem, inconsistent z.Lit) error {
	e := p.enc
	c := e.C
	if found, err := k.reportRace(p); found || err != nil {
		return err
	}
	for _, q := range []z.Lit{c.And(k.errorLit(e), e.AnyPruned.Not()), k.errorLit(e)} {
		r, err := k.solve(p, q)
		if err != nil {
			return err
		}
		if r == sat.Sat {
			return k.fail(p, "")
		}
	}
	// threads waiting in spin loops before threads retrying forever, so
	// that the reason does not depend on the solver's choice
	for _, q := range []z.Lit{c.And(k.deadlockLit(e), e.AnyLivelock.Not()), k.deadlockLit(e)} {
		r, err := k.solve(p, q)
		if err != nil {
			return err
		}
		if r == sat.Sat {
			return k.fail(p, ReasonDeadlock)
		}
	}
	if r, err := k.solve(p, k.boundLit(e)); err != nil || r == sat.Sat {
		if err != nil {
			return err
		}
		return k.reportBound(p) // property.go
	}
	r, err := k.solve(p, inconsistent)
	if err != nil {
		return err
	}
	if r != sat.Sat {
		return fmt.Errorf("internal error: a failing execution was found but none of its explanations holds")
	}
	val := p.s.Value
	x := e.Decode(val)
	o := e.DecodeObs(val)
	k.res.Verdict = Fail
	k.res.Trace = x
	k.stats(p)
	k.res.Reason = ReasonConsistency
	k.res.Observation = &o
	k.res.Message = "observation " + o.Format(k.threadName(e), e.U.BaseName) + " is not produced by any serial execution"
	return errStop
}

// noSerialExecution reports a test none of whose serial executions
// completes: there is nothing to compare the concurrent executions with.
// Typically an operation waits for another one to run in the middle of
// it (a handoff between threads), which the serial executions, running
// each operation at once, never do.
func (k *checker) noSerialExecution(prog *lsl.Program, specs []lsl.ThreadSpec) error {
	k.res.Verdict = Inconclusive
	k.res.Reason = ReasonNoSerial
	k.res.Message = "no serial execution of the test completes, so there is no observation to compare with"
	if k.serialWhy != "" {
		k.res.Message = "no serial execution of the test completes: " + k.serialWhy
		return errStop
	}
	p, err := k.encode(prog, specs, memmodel.SC(), true, k.serialBounds, 0)
	if err != nil {
		return err
	}
	r, err := k.solve(p, p.enc.Deadlock)
	if err != nil {
		return err
	}
	if r == sat.Sat {
		x := p.enc.Decode(p.s.Value)
		k.res.Trace = x
		k.res.enc = p.enc
		if f := x.Failure; f != nil {
			th := p.enc.U.Threads[f.Thread]
			op := ""
			if f.Op >= 0 && f.Op < len(th.Ops) {
				op = "operation " + th.Ops[f.Op] + " of "
			}
			k.res.Message = fmt.Sprintf("%s: no serial execution of the test completes: %sthread %s waits forever there when the operations run one at a time (it needs another operation to run in the middle of it)", f.Pos, op, th.Name)
		}
	} else {
		k.res.Message += " (every serial execution is discarded by an assume)"
	}
	return errStop
}

// flags records the cat flags that fire in some complete execution, also
// as warnings; rc11's racy flag only when the check decides no races
// (race.go).
func (k *checker) flags(p *problem) error {
	fired, err := k.firedFlags(p)
	fired.addTo(k.res)
	return err
}

// flagsFired are the flags of a cat model that fire in some complete
// execution, as a result reports them.
type flagsFired struct {
	names, events []string
	warnings      []Warning
}

// firedFlags finds the flags of p's model that fire in some complete
// execution of p.
func (k *checker) firedFlags(p *problem) (flagsFired, error) {
	var out flagsFired
	for _, f := range p.enc.Flags() {
		if k.opt.Races != RacesNone && k.isRaceFlag(p.enc, f) {
			continue // the race check decides it
		}
		r, err := k.solve(p, p.enc.AllDone, f.Lit)
		if err != nil {
			return out, err
		}
		if r == sat.Sat {
			out.names = append(out.names, f.Name)
			out.events = append(out.events, p.enc.FlagWitness(f, p.s.Value))
			out.warnings = append(out.warnings, flagWarning(p.enc, f, p.s.Value))
		}
	}
	return out, nil
}

func (f flagsFired) addTo(r *Result) {
	r.Flags = append(slices.Clip(r.Flags), f.names...)
	r.FlagEvents = append(slices.Clip(r.FlagEvents), f.events...)
	r.Warnings = append(slices.Clip(r.Warnings), f.warnings...)
}

// witness finds an execution of a passing test to show (--html, -v).
func (k *checker) witness(p *problem) error {
	if !k.opt.Witness {
		return nil
	}
	k.progress("witness", 0, len(k.res.Mined))
	r, err := k.solve(p, p.enc.AllDone)
	if err != nil {
		return err
	}
	if r == sat.Sat {
		k.res.Trace = p.enc.Decode(p.s.Value)
	}
	return nil
}

func (k *checker) threadName(e *encode.Encoding) func(int) string {
	return func(i int) string { return e.U.Threads[i].Name }
}

func (k *checker) stats(p *problem) {
	ss := p.s.Stats()
	k.res.Stats.Vars = ss.Vars
	k.res.Stats.Clauses = ss.Clauses
	k.res.Stats.Solver, k.res.Stats.Conflicts = ss.Backend, ss.Conflicts
}

// fail records a counterexample found by the last query on p.
func (k *checker) fail(p *problem, reason string) error {
	x := p.enc.Decode(p.s.Value)
	k.res.paramChoices = p.enc.ParamChoices(p.s.Value)
	k.res.Verdict = Fail
	k.res.Reason = reason
	k.res.Trace = x
	k.stats(p)
	k.describeFailure(p, x)
	if p.serial {
		k.res.Reason = ReasonSpecError
		k.res.Message = "serial execution of the reference implementation fails: " + k.res.Message
	}
	return errStop
}

// describeFailure sets the reason and message from a decoded failure.
func (k *checker) describeFailure(p *problem, x *trace.Execution) {
	f := x.Failure
	if f == nil {
		return
	}
	k.res.Reason = f.Reason
	th := p.enc.U.Threads[f.Thread]
	where := th.Name
	if f.Op >= 0 && f.Op < len(th.Ops) {
		where += " in " + th.Ops[f.Op]
	}
	k.res.Message = fmt.Sprintf("%s: %s (%s)", f.Pos, f.Msg, where)
}

// problem is one encoding with its solver.
type problem struct {
	enc    *encode.Encoding
	s      *sat.Solver
	bounds lsl.Bounds
	serial bool
	// assume holds in every query on the problem (the fence selection of
	// a synthesis session; session.go).
	assume []z.Lit
	// params: the encoding rewrote threads to choose their arguments
	// (encode/paramsym.go)
	params bool
}

// solve runs one query, refining lazily encoded transitivity until the
// assignment is a real execution.
func (k *checker) solve(p *problem, assumptions ...z.Lit) (sat.Result, error) {
	return k.solveBudget(p, 0, assumptions...)
}

// solveBudget is solve with a budget of conflicts (0: none): Budget when
// the query is not decided within it (the solver keeps what it learned).
func (k *checker) solveBudget(p *problem, budget int64, assumptions ...z.Lit) (sat.Result, error) {
	t0 := time.Now()
	clock, budget0 := k.startClock(p), budget
	r := sat.Canceled
	defer func() {
		k.res.Stats.Solve += time.Since(t0)
		k.noteBackend(p)
		phase := k.phase
		if k.queryPhase != "" {
			phase = k.queryPhase
		}
		k.logQuery(clock, p, phase, budget0, r)
	}()
	assumptions = append(assumptions[:len(assumptions):len(assumptions)], p.assume...)
	if !k.breaking && p.params {
		// every other query asks about the threads with their own
		// arguments, so that what it finds is shown as written
		assumptions = append(assumptions, p.enc.ParamIdentity())
	}
	for {
		c0 := p.s.Stats().Conflicts
		if budget > 0 {
			r = p.s.SolveBudget(k.ctx, budget, assumptions...)
		} else {
			r = p.s.Solve(k.ctx, assumptions...)
		}
		switch r {
		case sat.Canceled:
			return r, k.canceled()
		case sat.Unsat, sat.Budget:
			return r, nil
		}
		lemmas := p.enc.Model.Lemmas(p.s.Value)
		if len(lemmas) == 0 {
			return r, nil
		}
		for _, cl := range lemmas {
			p.s.AddClause(cl...)
		}
		if budget > 0 {
			if budget -= p.s.Stats().Conflicts - c0; budget <= 0 {
				r = sat.Budget
				return r, nil
			}
		}
	}
}

// lookForFailure asks, under the failure budget, for a failing execution
// of a round whose answer was a cut-off one (deferred.go).
// Its callers break symmetry.
func (k *checker) lookForFailure(p *problem, assumptions ...z.Lit) (sat.Result, error) {
	k.queryPhase = "failure"
	defer func() { k.queryPhase = "" }()
	return k.solveBreaking(p, k.failureBudget(), assumptions...)
}

// solveBreaking is solveBudget for a query that assumes the encoding's
// SymmetryBreaking: the only queries that do not assume ParamIdentity
// (solveBudget), since the symmetry among threads rewritten to choose
// their arguments needs every choice (encode/paramsym.go).
func (k *checker) solveBreaking(p *problem, budget int64, assumptions ...z.Lit) (sat.Result, error) {
	k.breaking = true
	defer func() { k.breaking = false }()
	return k.solveBudget(p, budget, assumptions...)
}

// encode unrolls with the given bounds and encodes on model.
func (k *checker) encode(prog *lsl.Program, specs []lsl.ThreadSpec, model *memmodel.Model, serial bool, bounds lsl.Bounds, round int) (*problem, error) {
	k.res.Stats.Rounds++
	k.progressDetail("unroll", round, 0, k.unrollDetail)
	k.unrollDetail = ""
	if k.ctx.Err() != nil {
		return nil, k.canceled()
	}
	t0 := time.Now()
	clock := k.startClock(nil)
	defer func() { k.res.Stats.Encode += time.Since(t0) }()
	u, err := lsl.Unroll(prog, specs, lsl.UnrollOptions{Bounds: bounds, Serial: serial, Omit: k.opt.Omit, KeepFaint: k.opt.KeepFaint, FixedPool: k.fixedPool(),
		FixedPoolUnfenced: k.fixedPool() && !model.Props().MemoryOrder, FencedAllocator: k.opt.FencedAllocator, Ctx: k.ctx})
	if err != nil {
		return nil, err
	}
	if err := lsl.SanityBlock(&lsl.Block{Stmts: threadBodies(u)}, prog, true); err != nil {
		return nil, fmt.Errorf("internal error: unrolled program fails sanity check: %w", err)
	}
	// Fair progress holds on the models its checks accept (fairProgress);
	// symmetry breaking orders threads by memory_order on the .mm models,
	// by what they do on cat models (encode/catsymmetry.go).
	eopt := k.opt.Options
	eopt.Ctx = k.ctx
	eopt.NoFairProgress = !k.fairProgress(model)
	eopt.Races = !serial && k.opt.Races.checks()
	eopt.RaceCycles = eopt.Races && k.opt.Races == RacesFail
	eopt.IgnoreRaceFlag = k.opt.Races == RacesOff
	// a whole program's threads have no observations
	eopt.ParamSymmetry = !serial && k.test.Program && !k.opt.NoParamSymmetry
	enc, err := encode.Build(u, model, eopt)
	if err != nil {
		return nil, err
	}
	if k.ctx.Err() != nil {
		return nil, k.canceled()
	}
	s, err := enc.LoadSolver(k.solverOptions(serial))
	if err != nil {
		return nil, err
	}
	p := &problem{enc: enc, s: s, bounds: bounds, serial: serial}
	n, _ := enc.ParamClasses()
	p.params = n > 0
	p.assume = k.quietAssumptions(enc) // property.go
	k.logEncode(clock, p, round)
	return p, nil
}

// raise returns the bounds with every loop instance that the last model of p
// prunes raised by one (SPEC §6, §7.3.1), or, when one would pass
// --max-unroll, the INCONCLUSIVE result the check ends with there (the
// caller decides whether it does: atLimit).
func (k *checker) raise(p *problem, bounds lsl.Bounds) (lsl.Bounds, *Result, error) {
	next := lsl.Bounds{}
	for key, b := range bounds {
		next[key] = b
	}
	for _, th := range p.enc.Threads {
		for _, ps := range th.Pruned {
			if !p.s.Value(ps.Guard) {
				continue
			}
			li := p.enc.U.Loops[ps.Loop]
			nb := li.Bound + 1
			if next[ps.Loop] >= nb {
				continue
			}
			if nb > k.opt.MaxUnroll {
				return k.atLimit(p, li)
			}
			// the same loop of an identical thread is cut off in the
			// execution with the two threads swapped; in a whole
			// program, the same loop of a thread that runs the same
			// function likely is too (siblingLoops)
			keys := append([]lsl.LoopKey{ps.Loop}, p.enc.SymmetricLoops(ps.Loop)...)
			if k.test.Program {
				keys = append(keys, siblingLoops(p.enc.U, ps.Loop)...)
			}
			for _, key := range keys {
				if nb > next[key] {
					next[key] = nb
					if !k.opt.NoInheritInner {
						inheritInner(p.enc.U, next, key, nb, k.opt.MaxUnroll)
					}
				}
			}
		}
	}
	return next, nil, nil
}

// atLimit returns the result of a check that stops because loop li of
// the last model of p would pass --max-unroll: the result so far, with
// the verdict INCONCLUSIVE and that execution.
func (k *checker) atLimit(p *problem, li *lsl.LoopInfo) (lsl.Bounds, *Result, error) {
	// the cut-off execution is the solver's current model: decode it
	// before the flag queries below replace it
	limit := *k.res
	limit.Verdict = Inconclusive
	limit.Reason = ReasonUnrollLimit
	limit.Message = describeLoop(p.enc.U, li, k.opt.MaxUnroll)
	limit.Trace = p.enc.Decode(p.s.Value)
	// a flag that fires in a complete execution of this unrolling is an
	// answer of its own; a round with an access a flag names is kept
	// (encode/catfair.go), so a racy retry loop ends here
	fired, err := k.firedFlags(p)
	if errors.Is(err, errStop) {
		// the limit is the answer already: a timeout or an interrupt in
		// the flag queries only leaves their answer open, and the cut-off
		// execution stays in the result
		limit.Message += "; the flag queries after it did not finish: " + k.res.Message
		return nil, &limit, nil
	}
	if err != nil {
		return nil, nil, err
	}
	fired.addTo(&limit)
	return nil, &limit, nil
}

// inheritInner starts a loop inside the new iteration nb of loop instance
// key at bound 2 when it has at least 2 in every iteration before
// (docs/semantics.md, "A new iteration starts its inner loops at 2"), if
// --max-unroll (limit) allows 2.
func inheritInner(u *lsl.Unrolled, next lsl.Bounds, key lsl.LoopKey, nb, limit int) {
	if limit < 2 {
		return
	}
	least := map[string]int{} // per loop key within an iteration
	for k, li := range u.Loops {
		_, inner, ok := key.Within(k)
		if !ok {
			continue
		}
		if b, seen := least[inner]; !seen || li.Bound < b {
			least[inner] = li.Bound
		}
	}
	for inner, b := range least {
		if b >= 2 {
			nk := key.InIteration(nb, inner)
			next[nk] = max(next[nk], 2)
		}
	}
}

// minRaiseConflicts is the least conflict budget of raiseAll's queries.
const minRaiseConflicts = 2000

// raiseAll raises the bounds of the loop instances pruned in the last model
// of p and then looks for more pruned instances in the same encoding, each
// query excluding those already found, so that one round raises every bound
// it can justify. The extra queries get a budget of conflicts like that of
// the queries that found the first (at least minRaiseConflicts): proving
// that no other instance is pruned is the next round's job. A budget in
// conflicts, not time, makes the rounds, the encodings and the statistics
// the same on any machine (a portfolio, which races two solvers, is the
// exception).
func (k *checker) raiseAll(p *problem, bounds lsl.Bounds, spent int64) (lsl.Bounds, *Result, error) {
	next, limit, err := k.raise(p, bounds)
	if err != nil || limit != nil {
		return nil, limit, err
	}
	c := p.enc.C
	budget := max(spent, minRaiseConflicts)
	for {
		var open []z.Lit
		for _, th := range p.enc.Threads {
			for _, ps := range th.Pruned {
				if next[ps.Loop] <= p.enc.U.Loops[ps.Loop].Bound {
					open = append(open, ps.Guard)
				}
			}
		}
		if len(open) == 0 {
			return next, nil, nil
		}
		clock := k.startClock(p)
		r := p.s.SolveBudget(k.ctx, budget, append([]z.Lit{c.Ors(open...)}, p.assume...)...)
		k.noteBackend(p)
		k.logQuery(clock, p, "raise", budget, r)
		if r != sat.Sat || len(p.enc.Model.Lemmas(p.s.Value)) > 0 {
			// unsat, out of budget, or (lazy transitivity) not yet a real
			// execution: stop collecting
			if k.ctx.Err() != nil {
				return nil, nil, k.canceled()
			}
			return next, nil, nil
		}
		more, limit, err := k.raise(p, next)
		if err != nil || limit != nil {
			return nil, limit, err
		}
		next = more
	}
}

// unroll finds loop bounds under which no execution on model is pruned:
// it encodes, asks for a pruned execution, raises the bounds of the loop
// instances that execution names, and repeats (used for the serial
// executions; the concurrent ones fold this into the main query). Serial
// failures of a reference implementation (--spec) are reported.
func (k *checker) unroll(prog *lsl.Program, specs []lsl.ThreadSpec, model *memmodel.Model, serial, checkErrors bool) (*problem, error) {
	bounds := lsl.Bounds{}
	for round := 1; ; round++ {
		p, err := k.encode(prog, specs, model, serial, bounds, round)
		if err != nil {
			return nil, err
		}
		enc := p.enc
		if checkErrors {
			k.progress("errors", round, 0)
			r, err := k.solve(p, enc.Error)
			if err != nil {
				return nil, err
			}
			if r == sat.Sat {
				k.res.enc = enc
				return nil, k.fail(p, "")
			}
		}
		r, err := k.solve(p, enc.AnyPruned)
		if err != nil {
			return nil, err
		}
		if r == sat.Unsat {
			return p, nil
		}
		next, limit, err := k.raise(p, bounds)
		if limit != nil {
			*k.res = *limit
			err = errStop
		}
		if err != nil {
			k.res.enc = enc
			return nil, err
		}
		k.unrollDetail = raisedDetail(p.enc.U, bounds, next)
		bounds = next
	}
}

func describeLoop(u *lsl.Unrolled, li *lsl.LoopInfo, max int) string {
	what := "loop"
	if li.Recursion {
		what = "recursion of " + li.Proc
	}
	return fmt.Sprintf("%s: %s in %s needs more than %s (--max-unroll); loop instance %s", li.Pos, what, li.Proc, iterations(max), li.Key)
}

func threadBodies(u *lsl.Unrolled) []lsl.Stmt {
	var out []lsl.Stmt
	for _, t := range u.Threads {
		out = append(out, t.Body)
	}
	return out
}

// mine enumerates the observation set of the serial executions (§6.5.1):
// operations atomic, memory sequentially consistent.
func (k *checker) mine(prog *lsl.Program, specs []lsl.ThreadSpec) ([]trace.Observation, error) {
	if !k.opt.SATMining {
		obs, bounds, ok, err := k.mineConcrete(prog, specs)
		if err != nil {
			return nil, err
		}
		if ok {
			if k.opt.Spec == nil {
				k.serialBounds = bounds
			}
			return obs, nil
		}
		k.res.Unrolled = nil
	}
	p, err := k.unroll(prog, specs, memmodel.SC(), true, k.opt.Spec != nil)
	if err != nil {
		return nil, err
	}
	if k.opt.Spec == nil {
		k.serialBounds = p.bounds
	}
	k.res.Unrolled = p.enc.U
	return k.enumerate(p)
}

func (k *checker) enumerate(p *problem) ([]trace.Observation, error) {
	var obs []trace.Observation
	p.s.Assert(p.enc.AllDone)
	for {
		k.progress("mine", 0, len(obs))
		r, err := k.solve(p)
		if err != nil {
			return nil, err
		}
		if r != sat.Sat {
			break
		}
		o := p.enc.DecodeObs(p.s.Value)
		obs = append(obs, o)
		p.s.AddClause(p.enc.ObsEquals(o).Not())
	}
	sort.Slice(obs, func(i, j int) bool { return obs[i].Canon() < obs[j].Canon() })
	return obs, nil
}

// Mine computes the observation set of a test's serial executions (of
// opt.Spec when set) without checking anything else: "checkfence mine".
func Mine(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options) (*Result, error) {
	opt.defaults()
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	ctx, stop := limits.GuardMemory(ctx, opt.MaxMemory)
	defer stop()
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	specProg := prog
	if opt.Spec != nil {
		specProg = opt.Spec
	}
	t0 := time.Now()
	obs, err := k.mine(specProg, ThreadSpecs(test))
	k.res.Stats.Mine = time.Since(t0)
	k.res.Stats.Total = time.Since(k.start)
	if errors.Is(err, limits.ErrCanceled) {
		err = k.canceledIn(err)
	}
	if err == errStop {
		return k.res, nil
	}
	if err != nil {
		return nil, err
	}
	k.res.Mined = obs
	k.res.Stats.Observations = len(obs)
	k.res.Verdict = Pass
	return k.res, nil
}

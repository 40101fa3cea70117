package synth

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Options control Insert.
type Options struct {
	Mining mining.Options // Model, limits, … of every check
	// Kinds are the candidate fence kinds of a .mm model (nil: Choices).
	Kinds []lsl.FenceKind
	// Choices are the candidate barriers with their costs (nil:
	// DefaultChoices, or Kinds when given).
	Choices []Choice
	// Points decides which program points may hold a fence (nil: all);
	// SourceFilter keeps the points where a line can be inserted.
	Points lsl.PointFilter
	// Progress, if set, is told about every round.
	Progress func(Round)
	// Orders adds memory-order candidates: a stronger order for each C11
	// atomic access (lsl.InsertOrders) whose point OrderPoints accepts.
	Orders      bool
	OrderPoints lsl.OrderFilter
	// StartUnroll > 0 starts the search with loops unrolled at most
	// StartUnroll times and doubles the bound, up to Mining.MaxUnroll,
	// only while an execution at the bound mattered (see Insert).
	StartUnroll int
	// OnUnroll, if set, is told when a search at a bound starts.
	OnUnroll func(bound int, why string)
	// PlainClauses learns each counterexample's Kills as it is, without
	// growing it to a maximal failing selection (generalize): the plain
	// search, for differential tests and measurements.
	PlainClauses bool
	// Plain searches a C11 program's orders and fences without the
	// dominance of stronger ones (dominance.go) and without growing
	// clauses (as PlainClauses): the reference of the tests.
	Plain bool
}

// Round is one proposal of the search and what the tests said.
type Round struct {
	Unroll   int // the unroll bound of the search
	N        int
	Selected []*lsl.Candidate
	Test     string // the test that failed ("" when all passed)
	Verdict  mining.Verdict
	Reason   string
	Kills    int // candidates that rule the counterexample out
	// Clause is the size of the clause learned (Kills after generalize).
	Clause int
	// Lesson: the test's execution teaches a clause — a counterexample,
	// or an execution cut off at the unroll limit
	// (mining.SessionResult.LimitLesson). Without one an INCONCLUSIVE
	// round (a time or memory limit, a limit without its execution, an
	// untrusted atomic block: Reason) ends the search undecided.
	Lesson bool
}

// Outcome says how the search ended.
type Outcome string

const (
	// Found: the selection passes every test and no cheaper one does.
	Found Outcome = "found"
	// Unfixable: some test fails whatever candidates are selected.
	Unfixable Outcome = "unfixable"
	// Undecided: a check was INCONCLUSIVE (a limit), so the search stopped.
	Undecided Outcome = "inconclusive"
)

// Fence is one fence of the answer with the test that fails without it.
type Fence struct {
	*lsl.Candidate
	Test    string
	Verdict mining.Verdict
	Reason  string
	Message string
}

// Result is the answer of Insert.
type Result struct {
	Outcome    Outcome
	Model      string
	Kinds      []lsl.FenceKind // of the .mm kind choices
	Choices    []Choice
	Candidates []*lsl.Candidate
	Points     int
	Tests      int
	Fences     []*Fence       // Found: the fences, in source order
	Failure    *mining.Result // Unfixable, Undecided: the result that ended the search
	Rounds     int            // proposals checked
	Checks     int            // test checks (session calls), minimality included
	GrowChecks int            // of them, checks that grew clauses (generalize)
	Clauses    int            // constraints learned from counterexamples
	// LimitClauses of them come from executions at the unroll limit: the
	// answer is then a minimum among the sets that pass with loops
	// unrolled at most MaxUnroll times.
	LimitClauses int
	MaxUnroll    int
	// SearchUnroll is the bound of the search that answered (StartUnroll):
	// with no limit clauses its answer holds up to MaxUnroll.
	SearchUnroll int
	Monotone     bool // clauses from Kills (false: weaker clauses, see FenceMonotone)
	// Verified: the answer's fences, written into the program as plain
	// fences (lsl.SelectCandidates, no selector literals), pass every test
	// with mining.Check (Found only).
	Verified bool
	Elapsed  time.Duration
	// Sessions keeps the per-test results of the final selection's checks
	// (for callers that validate counterexamples).
	Checked []*mining.Result
	// seed are the clauses of real counterexamples, for a search at a
	// higher bound.
	seed []func(*optimizer)
}

// Insert searches for a cheapest set of candidate fences under which every
// test passes (package comment).
//
// With StartUnroll, the search runs with the unroll bound StartUnroll
// first. Its answer is final when no execution reached the bound (no
// clause came from the limit and no check stopped at it): every clause is
// then a necessary condition at any bound, and the answer passes with the
// loops unrolled as far as they can go. Otherwise the bound doubles (up to
// Mining.MaxUnroll) and the search runs again, starting from the clauses
// of real counterexamples, which hold at every bound. Retry loops that
// spin without a fence then cost a few small unrollings, not deep ones.
func Insert(ctx context.Context, prog *lsl.Program, tests []*lsl.Test, opt Options) (*Result, error) {
	max := opt.Mining.MaxUnroll
	if max <= 0 {
		max = 64 // mining's default
	}
	if opt.StartUnroll <= 0 || opt.StartUnroll >= max {
		return insert(ctx, prog, tests, opt, nil, false)
	}
	start := time.Now()
	var seed []func(*optimizer)
	checks, rounds, grow := 0, 0, 0
	why := ""
	for b := opt.StartUnroll; ; b = min(2*b, max) {
		o := opt
		o.Mining.MaxUnroll = b
		if opt.OnUnroll != nil {
			opt.OnUnroll(b, why)
		}
		r, err := insert(ctx, prog, tests, o, seed, b < max)
		if err != nil {
			return nil, err
		}
		checks += r.Checks
		rounds += r.Rounds
		grow += r.GrowChecks
		r.Checks, r.Rounds, r.GrowChecks = checks, rounds, grow
		r.Elapsed = time.Since(start)
		atLimit := r.LimitClauses > 0 || r.Outcome == Undecided && r.Failure != nil && r.Failure.Reason == mining.ReasonUnrollLimit
		r.SearchUnroll = b
		if !atLimit || b == max || ctx.Err() != nil {
			r.MaxUnroll = max
			return r, nil
		}
		switch {
		case r.Outcome == Undecided && r.Failure != nil:
			why = fmt.Sprintf("an execution of %s reached the bound %d", r.Failure.Test, b)
		case r.LimitClauses > 0:
			why = fmt.Sprintf("%d of the constraints came from executions at the bound %d", r.LimitClauses, b)
		default:
			why = fmt.Sprintf("%s reached the bound %d", r.Failure.Test, b)
		}
		seed = r.seed
	}
}

// raiseOnLimit (a bound below --max-unroll) ends the search at the first
// execution at the bound: the bound will be raised whatever the search
// at this bound answers (Insert), so the rest of it would be wasted.
func insert(ctx context.Context, prog *lsl.Program, tests []*lsl.Test, opt Options, seed []func(*optimizer), raiseOnLimit bool) (*Result, error) {
	start := time.Now()
	model := opt.Mining.Model
	if model == nil {
		return nil, fmt.Errorf("synth: no memory model")
	}
	choices := opt.Choices
	switch {
	case choices != nil:
	case opt.Kinds != nil:
		for _, k := range opt.Kinds {
			choices = append(choices, Choice{Barrier: lsl.KindBarrier(k), Cost: Rank(k)})
		}
	default:
		choices = DefaultChoices(prog, opt.Mining)
	}
	res := &Result{Model: modelName(opt.Mining), Choices: choices, Tests: len(tests), MaxUnroll: opt.Mining.MaxUnroll}
	res.Monotone = monotone(opt.Mining, choices, opt.Orders)
	for _, c := range choices {
		if len(c.Tags) == 0 && len(c.Kinds) == 1 {
			res.Kinds = append(res.Kinds, c.Kinds[0])
		}
	}
	if res.MaxUnroll <= 0 {
		res.MaxUnroll = 64 // mining's default
	}
	var barriers []*lsl.Barrier
	cost := map[*lsl.Barrier]int{}
	for _, c := range choices {
		barriers = append(barriers, c.Barrier)
		cost[c.Barrier] = c.Cost
	}
	cprog, cands := lsl.InsertBarriers(prog, barriers, opt.Points)
	if opt.Orders {
		var ocands []*lsl.Candidate
		cprog, ocands = lsl.InsertOrders(cprog, len(cands)+1, opt.OrderPoints)
		cands = append(cands, ocands...)
	}
	res.Candidates = cands
	points := map[string]bool{}
	for _, c := range cands {
		points[c.Point.Key()] = true
	}
	res.Points = len(points)
	byID := map[int]*lsl.Candidate{}
	var all []int
	for _, c := range cands {
		byID[c.ID] = c
		all = append(all, c.ID)
	}
	rank := func(id int) int {
		if c := byID[id]; c.Barrier != nil {
			return cost[c.Barrier]
		}
		return orderCost[byID[id].Order]
	}
	s := &search{ctx: ctx, prog: cprog, tests: tests, opt: opt, sessions: make([]*mining.Session, len(tests)), res: res}
	o := newOptimizer(rank)
	for _, add := range seed {
		add(o)
	}
	res.seed = seed
	defer func() { res.Elapsed = time.Since(start) }()

	order := make([]int, len(tests)) // tests in the order to check: last failure first
	for i := range order {
		order[i] = i
	}
	// The fewest changes first among the strongest candidates of each
	// site (dominance.go); passing is then the answer to beat.
	var incumbent []int
	c11Search := res.Monotone && !opt.Plain && c11Candidates(cands)
	if c11Search {
		if d := dominated(cands); len(d) > 0 {
			o.hide = d
		}
	}
	for {
		sel, ok, err := o.best(ctx)
		if err != nil {
			return nil, err
		}
		if !ok && o.hide != nil {
			o.hide = nil // (none passes then: strengthened, it would have been proposed)
			continue
		}
		if !ok {
			// Only reached with the weaker clauses: every selection was
			// tried (Kills being empty ends the search below).
			res.Outcome = Unfixable
			return res, nil
		}
		if incumbent != nil && o.hide == nil && len(sel) == len(incumbent) && o.cost(sel) >= o.cost(incumbent) {
			// no cheaper selection of the size satisfies the clauses
			if err := s.finish(byID, incumbent); err != nil || res.Outcome != Found {
				return res, err
			}
			return res, s.verify(incumbent)
		}
		res.Rounds++
		in := setOf(sel)
		round := Round{Unroll: res.MaxUnroll, N: res.Rounds, Selected: candidates(byID, sel)}
		failed := false
		for oi, ti := range order {
			r, err := s.check(ti, in)
			if err != nil {
				return nil, err
			}
			if r == nil {
				return res, nil // decided by mining (res filled)
			}
			if r.Verdict == mining.Pass {
				continue
			}
			round.Test, round.Verdict, round.Reason, round.Kills = r.Test, r.Verdict, r.Reason, len(r.Kills)
			round.Lesson = r.Verdict == mining.Fail || r.LimitLesson
			if r.LimitLesson && raiseOnLimit {
				round.Clause = round.Kills
				if opt.Progress != nil {
					opt.Progress(round)
				}
				res.LimitClauses++
				res.Outcome = Undecided
				res.Failure = r.Result
				return res, nil
			}
			kills := r.Kills
			if res.Monotone && !opt.PlainClauses && !opt.Plain && len(kills) > 0 && (r.Verdict == mining.Fail || r.LimitLesson) {
				kills, err = s.generalize(ti, kills, r.LimitLesson, all, rank)
				if err != nil {
					return nil, err
				}
			}
			round.Clause = len(kills)
			if opt.Progress != nil {
				opt.Progress(round)
			}
			// An unroll limit with the execution that reached it teaches
			// like a counterexample: the selections it survives cannot
			// pass within the limit (mining.SessionResult.Kills).
			if r.Verdict != mining.Fail && !r.LimitLesson {
				res.Outcome = Undecided
				res.Failure = r.Result
				return res, nil
			}
			if len(r.Kills) == 0 {
				res.Outcome = Unfixable
				res.Failure = r.Result
				return res, nil
			}
			res.Clauses++
			if r.LimitLesson {
				res.LimitClauses++
			}
			var add func(*optimizer)
			if res.Monotone {
				add = func(o *optimizer) { o.require(kills) }
			} else {
				add = func(o *optimizer) { o.forbid(sel, all) }
			}
			add(o)
			if !r.LimitLesson {
				// a real counterexample: the clause holds at every bound
				res.seed = append(res.seed, add)
			}
			// check the failing test first next time
			copy(order[1:oi+1], order[:oi])
			order[0] = ti
			failed = true
			break
		}
		if failed {
			continue
		}
		if opt.Progress != nil {
			opt.Progress(round)
		}
		if o.hide != nil {
			incumbent, o.hide = sel, nil
			continue
		}
		if err := s.finish(byID, sel); err != nil || res.Outcome != Found {
			return res, err
		}
		return res, s.verify(sel)
	}
}

// monotone reports whether counterexamples yield the strong clauses
// (Encoding.Kills): fences act monotonically on the model, and Kills sees
// every constraint that a selected fence brings in
// (memmodel.Model.MonotoneInFences). With orders, the tags of the C11
// memory orders are among those a selection brings in.
func monotone(opt mining.Options, choices []Choice, orders bool) bool {
	var tags []string
	for _, c := range choices {
		tags = append(tags, c.Tags...)
	}
	if orders {
		tags = append(tags, lsl.C11Orders...)
	}
	return opt.Model.MonotoneInFences(tags, opt.Axioms.Transitivity == axioms.Lazy)
}

func modelName(opt mining.Options) string { return opt.Model.Name() }

// search holds the sessions of one Insert call.
type search struct {
	ctx      context.Context
	prog     *lsl.Program
	tests    []*lsl.Test
	opt      Options
	sessions []*mining.Session
	res      *Result
}

// check runs test ti with the selection; nil with res.Outcome set when the
// test was decided before any selection mattered (its mining failed).
func (s *search) check(ti int, in map[int]bool) (*mining.SessionResult, error) {
	if s.sessions[ti] == nil {
		sess, r, err := mining.NewSession(s.ctx, s.prog, s.tests[ti], s.opt.Mining)
		if err != nil {
			return nil, err
		}
		if r != nil {
			s.res.Failure = r
			s.res.Outcome = Undecided
			if r.Verdict == mining.Fail {
				s.res.Outcome = Unfixable
			}
			return nil, nil
		}
		s.sessions[ti] = sess
	}
	s.res.Checks++
	return s.sessions[ti].Check(s.ctx, func(id int) bool { return in[id] })
}

// finish proves each fence of the optimal selection necessary: without it
// some test fails (which optimality guarantees; a pass here would be an
// unsound clause, reported as an internal error).
func (s *search) finish(byID map[int]*lsl.Candidate, sel []int) error {
	res := s.res
	res.Outcome = Found
	for _, id := range sel {
		without := setOf(sel)
		delete(without, id)
		f := &Fence{Candidate: byID[id]}
		for ti := range s.tests {
			r, err := s.check(ti, without)
			if err != nil {
				return err
			}
			if r == nil {
				return nil
			}
			if r.Verdict != mining.Pass {
				f.Test, f.Verdict, f.Reason, f.Message = r.Test, r.Verdict, r.Reason, r.Message
				res.Checked = append(res.Checked, r.Result)
				break
			}
		}
		if f.Test == "" {
			return fmt.Errorf("internal error: fence synthesis proposed %s %s, but every test passes without it", f.Point.Key(), f.Name())
		}
		res.Fences = append(res.Fences, f)
	}
	sort.SliceStable(res.Fences, func(i, j int) bool {
		cs := []*lsl.Candidate{res.Fences[i].Candidate, res.Fences[j].Candidate}
		lsl.SortCandidates(cs)
		return cs[0] == res.Fences[i].Candidate && cs[0] != cs[1]
	})
	return nil
}

// verify checks every test once more on the program with the selected
// candidates written in as plain fences (no selector literals, a fresh
// encoding and unrolling): the answer is only reported when this plain
// check passes. A FAIL here would mean the selector encoding differs from
// written fences, an internal error; a limit makes the outcome Undecided.
func (s *search) verify(sel []int) error {
	res := s.res
	in := setOf(sel)
	plain := lsl.SelectCandidates(s.prog, func(id int) bool { return in[id] })
	for _, test := range s.tests {
		r, err := mining.Check(s.ctx, plain, test, s.opt.Mining)
		if err != nil {
			return err
		}
		res.Checks++
		switch r.Verdict {
		case mining.Pass:
			continue
		case mining.Fail:
			return fmt.Errorf("internal error: fence synthesis found a fence set under which %s passes, but %s %s (%s) with the fences written in", test.Name, test.Name, r.Verdict, r.Reason)
		default:
			res.Outcome = Undecided
			res.Failure = r
			return nil
		}
	}
	res.Verified = true
	return nil
}

func setOf(ids []int) map[int]bool {
	m := map[int]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}

func candidates(byID map[int]*lsl.Candidate, ids []int) []*lsl.Candidate {
	var out []*lsl.Candidate
	for _, id := range ids {
		out = append(out, byID[id])
	}
	return out
}

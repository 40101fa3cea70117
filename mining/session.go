package mining

import (
	"context"
	"fmt"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Session checks one test of a program with candidate fences
// (lsl.InsertCandidates) under one fence selection after another, for
// fence synthesis. The serial observations are mined once; the encoding
// of the concurrent executions and its solver are kept from one selection
// to the next (the selection is a set of assumptions), and rebuilt only
// when lazy unrolling raises a loop bound. Bounds never go down: an
// unrolling that fits one selection is a valid unrolling for every other.
type Session struct {
	k       *checker
	prog    *lsl.Program
	specs   []lsl.ThreadSpec
	obs     []trace.Observation
	compare bool
	bounds  lsl.Bounds
	p       *problem
	round   int
	// failure and inconsistent of the current problem
	failure, inconsistent z.Lit
	mined                 *Result
}

// Verdict of a session check, with the counterexample's lesson.
type SessionResult struct {
	*Result
	// Kills, for a FAIL, lists the unselected candidates each of which,
	// added to the selection alone, rules the counterexample out (the
	// failing execution is no longer one of the program). Every selection
	// that passes the test contains one of them; when Kills is empty no
	// selection does. For an INCONCLUSIVE at the unroll limit, the same for
	// the execution that reached the limit: every selection that passes
	// within the limit contains one of them (nil when the execution could
	// not be recovered, which teaches nothing).
	Kills []int
	// LimitLesson: Kills comes from an execution at the unroll limit.
	LimitLesson bool
}

// NewSession mines the test's serial observations. A result is returned
// instead of a session when the test is decided already (a failing
// reference implementation, an interrupted mining).
func NewSession(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options) (*Session, *Result, error) {
	opt.defaults()
	k := &checker{ctx: ctx, opt: opt, test: test, start: time.Now(), res: &Result{Test: test.Name}}
	s := &Session{k: k, prog: prog, specs: ThreadSpecs(test), bounds: lsl.Bounds{}}
	if !test.Program {
		specProg := prog
		if opt.Spec != nil {
			specProg = opt.Spec
		}
		obs, err := k.mine(specProg, s.specs)
		if err == errStop {
			return nil, k.res, nil
		}
		if err != nil {
			return nil, nil, err
		}
		s.obs = obs
	}
	s.compare = !test.Program && len(s.obs) > 0
	for key, b := range k.serialBounds {
		s.bounds[key] = b
	}
	s.mined = k.res
	return s, nil, nil
}

// Check decides the test with the candidates for which selected holds
// (every other candidate fence is left out), like Check.
func (s *Session) Check(ctx context.Context, selected func(id int) bool) (*SessionResult, error) {
	k := s.k
	if k.opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, k.opt.Timeout)
		defer cancel()
	}
	ctx, stop := limits.GuardMemory(ctx, k.opt.MaxMemory)
	defer stop()
	k.ctx = ctx
	k.start = time.Now()
	k.res = &Result{Test: k.test.Name, Mined: s.obs, Unrolled: s.mined.Unrolled}
	k.res.Stats.Observations = len(s.obs)
	out := &SessionResult{}
	err := s.check(selected, out)
	k.res.Stats.Total = time.Since(k.start)
	out.Result = k.finish()
	if err == errStop {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Session) check(selected func(int) bool, out *SessionResult) error {
	k := s.k
	for {
		if s.p == nil {
			s.round++
			p, err := k.encode(s.prog, s.specs, k.opt.Model, false, s.bounds, s.round)
			if err != nil {
				return err
			}
			s.p = p
			e := p.enc
			c := e.C
			s.inconsistent = c.F
			if s.compare {
				notMined := make([]z.Lit, 0, len(s.obs))
				for _, o := range s.obs {
					notMined = append(notMined, e.ObsEquals(o).Not())
				}
				s.inconsistent = c.And(e.AllDone, c.Ands(notMined...))
			}
			s.failure = c.Ors(k.raceLit(e), e.Error, e.Deadlock, s.inconsistent) // a data race fails a test too (failureOf)
		}
		p := s.p
		e := p.enc
		c := e.C
		p.assume = e.Selection(selected)
		k.res.enc = e
		k.res.Bounds = s.bounds
		k.res.Stats.Instrs, k.res.Stats.Loads, k.res.Stats.Stores, k.res.Stats.Width = e.Stats.Instrs, e.Stats.Loads, e.Stats.Stores, e.Stats.Width
		k.progress("check", s.round, len(s.obs))
		conflicts0 := p.s.Stats().Conflicts
		r, err := k.solve(p, c.Or(s.failure, e.AnyPruned))
		if err != nil {
			return err
		}
		k.stats(p)
		if r == sat.Unsat {
			if !s.compare && !k.test.Program {
				specProg := s.prog
				if k.opt.Spec != nil {
					specProg = k.opt.Spec
				}
				return k.noSerialExecution(specProg, s.specs)
			}
			k.res.Verdict = Pass
			return nil
		}
		if !p.s.Value(s.failure) {
			r, err := k.solve(p, s.failure)
			if err != nil {
				return err
			}
			if r == sat.Unsat {
				if r, err := k.solve(p, e.AnyPruned); err != nil {
					return err
				} else if r != sat.Sat {
					return fmt.Errorf("internal error: the cut-off execution disappeared")
				}
				next, limit, err := k.raiseAll(p, s.bounds, p.s.Stats().Conflicts-conflicts0)
				if err != nil {
					return err
				}
				if limit != nil {
					*k.res = *limit
					out.Kills = s.limitKills(p, selected)
					out.LimitLesson = out.Kills != nil
					return errStop
				}
				k.unrollDetail = raisedDetail(e.U, s.bounds, next)
				s.bounds = next
				s.p = nil
				continue
			}
		}
		err = k.report(p, s.inconsistent)
		if err != errStop {
			return err
		}
		// The model of the last query is the counterexample.
		root := c.And(e.Phi, s.failure)
		if !p.s.Value(root) {
			return fmt.Errorf("internal error: the counterexample does not satisfy the encoding")
		}
		out.Kills = e.Kills(p.s.Value, root, unselectedOf(e, selected))
		return errStop
	}
}

// limitKills is the lesson of an unroll limit: the model of the last
// query is an execution that runs a loop instance to --max-unroll
// iterations (raise stopped at it). Every selection under which that
// execution survives has it too, so it cannot pass within the limit; the
// candidates that rule it out are computed like those of a counterexample.
func (s *Session) limitKills(p *problem, selected func(int) bool) []int {
	e := p.enc
	c := e.C
	var atLimit []z.Lit
	for _, th := range e.Threads {
		for _, ps := range th.Pruned {
			if e.U.Loops[ps.Loop].Bound+1 > s.k.opt.MaxUnroll {
				atLimit = append(atLimit, ps.Guard)
			}
		}
	}
	if len(atLimit) == 0 {
		return nil
	}
	// The solver's last model need not be that execution any more (raise
	// checks flags on it, which solves again): ask for one at the limit.
	root := c.And(e.Phi, c.Ors(atLimit...))
	if r, err := s.k.solve(p, c.Ors(atLimit...)); err != nil || r != sat.Sat || !p.s.Value(root) {
		return nil
	}
	return e.Kills(p.s.Value, root, unselectedOf(e, selected))
}

func unselectedOf(e *encode.Encoding, selected func(int) bool) []int {
	var out []int
	for _, id := range e.Candidates() {
		if !selected(id) {
			out = append(out, id)
		}
	}
	return out
}

package sat

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/checkfence/checkfence/internal/gini/logic"
)

// budgetBackends are the single backends of this build.
func budgetBackends() []testBackend {
	return filterBackends("gini", "cadical")
}

func filterBackends(names ...string) []testBackend {
	var out []testBackend
	for _, b := range testBackends() {
		if slices.Contains(names, b.name) {
			out = append(out, b)
		}
	}
	return out
}

// budgetRun is everything a run of budgetScript observes.
type budgetRun struct {
	Results   []Result
	Models    []string
	Conflicts []int64
}

// budgetScript mixes budgeted solves that run out, budgeted and plain
// solves that answer, and clauses added in between (as lazy unrolling and
// mining do), on a fresh solver, and records the answers, the models and
// the conflict counts after each solve.
func budgetScript(ctx context.Context, newSolver func(*logic.C) *Solver) budgetRun {
	c := logic.NewC()
	hard := pigeonhole(c, 9, 8)
	a, b := freshWord(c, 6), freshWord(c, 6)
	product := wordEq(c, wordMul(c, a, b), constWord(c, 36, 6))
	s := newSolver(c)
	var run budgetRun
	record := func(r Result) {
		run.Results = append(run.Results, r)
		if r == Sat {
			run.Models = append(run.Models, fmt.Sprintf("a=%d b=%d", wordValue(a, s.Value), wordValue(b, s.Value)))
		}
		run.Conflicts = append(run.Conflicts, s.Stats().Conflicts)
	}
	record(s.SolveBudget(ctx, 300, hard))
	record(s.SolveBudget(ctx, 50, hard))
	for i := 0; i < 4; i++ {
		r := s.SolveBudget(ctx, 100000, product)
		record(r)
		if r != Sat {
			break
		}
		s.AddClause(wordEq(c, a, constWord(c, wordValue(a, s.Value), 6)).Not())
	}
	record(s.SolveBudget(ctx, 200, hard))
	record(s.Solve(ctx, product, wordSlt(c, a, constWord(c, 0, 6))))
	record(s.SolveBudget(ctx, 1, pigeonhole(c, 3, 2)))
	return run
}

// TestSolveBudgetDeterministic runs the same script several times, with
// and without a cancellable context (gini then solves in the background),
// and requires identical answers, models and conflict counts. (A
// portfolio's winner depends on timing, so it is not deterministic.)
func TestSolveBudgetDeterministic(t *testing.T) {
	// Escalation is deterministic too: it moves on a conflict count.
	for _, b := range filterBackends("gini", "cadical", "escalating-gini-gini", "escalating-cadical", "escalating-by-size-cadical") {
		t.Run(b.name, func(t *testing.T) {
			first := budgetScript(context.Background(), b.new)
			if first.Results[0] != Budget || first.Results[1] != Budget {
				t.Fatalf("pigeonhole 9->8 answered within 300 conflicts: %v", first.Results)
			}
			if first.Results[2] != Sat || first.Results[len(first.Results)-2] != Sat {
				t.Fatalf("results %v: want sat for a*b=36", first.Results)
			}
			if first.Conflicts[0] <= 0 {
				t.Errorf("no conflicts counted: %v", first.Conflicts)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			defer cancel()
			for i := 0; i < 3; i++ {
				again := budgetScript(ctx, b.new)
				if !reflect.DeepEqual(again, first) {
					t.Fatalf("run %d differs:\n%+v\nfirst run:\n%+v", i+2, again, first)
				}
			}
		})
	}
}

// TestSolveBudgetCounts checks that a budget of n conflicts stops after n
// conflicts: exactly for gini; for CaDiCaL, which reports learned clauses,
// about n.
func TestSolveBudgetCounts(t *testing.T) {
	for _, b := range budgetBackends() {
		t.Run(b.name, func(t *testing.T) {
			c := logic.NewC()
			hard := pigeonhole(c, 10, 9)
			s := b.new(c)
			before := int64(0)
			for _, n := range []int64{1, 10, 1000, 5000} {
				if r := s.SolveBudget(context.Background(), n, hard); r != Budget {
					t.Fatalf("SolveBudget(%d) = %v, want budget", n, r)
				}
				used := s.Stats().Conflicts - before
				before += used
				if b.name == "gini" && used != n {
					t.Errorf("budget %d: %d conflicts", n, used)
				}
				// CaDiCaL enforces its own conflict count; the learned
				// clauses it reports stay within one of it.
				if used > n+1 || used < n*9/10 {
					t.Errorf("budget %d: %d conflicts counted", n, used)
				}
			}
		})
	}
}

// TestSolveBudgetAnswers checks every backend: a budget that runs out
// leaves the solver usable with the right answers, a budget that suffices
// gives the plain answer, and Value panics after Budget.
func TestSolveBudgetAnswers(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		hard := pigeonhole(c, 10, 9)
		easy := pigeonhole(c, 4, 3)
		x := c.Lit()
		s := newSolver(c)
		if r := s.SolveBudget(context.Background(), 100, hard); r != Budget {
			t.Fatalf("SolveBudget(hard) = %v, want budget", r)
		}
		mustPanic(t, "Value after budget", func() { s.Value(x) })
		if why := s.Why(); len(why) != 0 {
			t.Errorf("Why after budget = %v", why)
		}
		if r := s.SolveBudget(context.Background(), 100000, easy); r != Unsat {
			t.Errorf("SolveBudget(easy) = %v, want unsat", r)
		}
		if why := s.Why(); len(why) != 1 || why[0] != easy {
			t.Errorf("Why = %v, want [%v]", why, easy)
		}
		if r := s.SolveBudget(context.Background(), 100, hard.Not(), x); r != Sat || !s.Value(x) || s.Value(hard) {
			t.Errorf("SolveBudget(!hard, x) = %v", r)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if r := s.SolveBudget(ctx, 100, hard); r != Canceled {
			t.Errorf("SolveBudget with a done context = %v, want canceled", r)
		}
		mustPanic(t, "budget 0", func() { s.SolveBudget(context.Background(), 0, x) })
		if r := s.Solve(context.Background(), x, x.Not()); r != Unsat {
			t.Errorf("Solve(x, !x) = %v", r)
		}
	})
}

package sat

import (
	"context"
	"runtime"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// testBackend makes a Solver on one backend configuration.
type testBackend struct {
	name string
	new  func(c *logic.C) *Solver
}

// testBackends are the backends of this build: gini, escalation that never
// happens, escalation after one conflict and by size to a second gini, and
// a portfolio of two ginis always (so that the pure-Go build tests their
// logic too), and with CaDiCaL compiled in CaDiCaL alone, escalation to it
// after one conflict and by size (auto's start on CaDiCaL), and the real
// portfolio.
func testBackends() []testBackend {
	on := func(sat func() satSolver) func(c *logic.C) *Solver {
		return func(c *logic.C) *Solver { return newSolverOn(c, sat(), false) }
	}
	bs := []testBackend{
		{"gini", on(func() satSolver { return newGiniSAT() })},
		{"escalating-never", on(func() satSolver {
			return newEscalatingSAT(1<<40, func() satSolver { panic("escalated") })
		})},
		{"escalating-gini-gini", on(func() satSolver {
			return newEscalatingSAT(1, func() satSolver { return namedSAT{newGiniSAT(), "large"} })
		})},
		{"portfolio-gini-gini", on(func() satSolver { return newPortfolioSAT(newGiniSAT(), newGiniSAT()) })},
		{"escalating-by-size-gini", on(func() satSolver { return startsLarge(func() satSolver { return namedSAT{newGiniSAT(), "large"} }) })},
	}
	if cadicalCompiled {
		bs = append(bs,
			testBackend{"cadical", on(newCadicalSAT)},
			testBackend{"escalating-cadical", on(func() satSolver { return newEscalatingSAT(1, newCadicalSAT) })},
			testBackend{"escalating-by-size-cadical", on(func() satSolver { return startsLarge(newCadicalSAT) })},
			testBackend{"portfolio", func(c *logic.C) *Solver { return NewSolverWith(c, SolverOptions{Backend: Portfolio}) }},
		)
	}
	return bs
}

// startsLarge is auto's solver that starts every formula on large (the
// size rule with a limit of one clause) and never escalates by conflicts.
func startsLarge(large func() satSolver) *escalatingSAT {
	e := newEscalatingSAT(1<<40, large)
	e.clauses = 1
	return e
}

// eachBackend runs f as a subtest per backend of this build.
func eachBackend(t *testing.T, f func(t *testing.T, newSolver func(*logic.C) *Solver)) {
	for _, b := range testBackends() {
		t.Run(b.name, func(t *testing.T) { f(t, b.new) })
	}
}

// TestSolverClose frees solvers early and lets others be collected: no
// backend may free its memory twice.
func TestSolverClose(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		for i := 0; i < 3; i++ {
			c := logic.NewC()
			s := newSolver(c)
			s.Assert(pigeonhole(c, 5, 4).Not())
			if r := s.Solve(context.Background()); r != Sat {
				t.Fatalf("Solve = %v", r)
			}
			if i%2 == 0 {
				s.Close()
			}
		}
		runtime.GC()
		runtime.GC()
	})
}

// TestSolverLongChain gives every backend a formula of more literals than
// CaDiCaL's add batch (flushBatch): the clauses handed over while the
// formula is still being added count like those handed over at the solve.
func TestSolverLongChain(t *testing.T) {
	const n = 400000 // x1 → x2 → … → xn: 1.2 M literals with the ends
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		xs := make([]z.Lit, n)
		for i := range xs {
			xs[i] = c.Lit()
		}
		s := newSolver(c)
		defer s.Close()
		s.AddClause(xs[0])
		for i := 1; i < n; i++ {
			s.AddClause(xs[i-1].Not(), xs[i])
		}
		if r := s.Solve(context.Background()); r != Sat {
			t.Fatalf("Solve = %v, want Sat", r)
		}
		if !s.Value(xs[n-1]) {
			t.Fatalf("the chain's end is false in the model")
		}
		if r := s.Solve(context.Background(), xs[n-1].Not()); r != Unsat {
			t.Fatalf("Solve(¬xn) = %v, want Unsat", r)
		}
	})
}

package encode

import (
	"context"
	"runtime"
	"testing"

	"github.com/go-air/gini/logic"
)

// testBackend makes a Solver on one backend configuration.
type testBackend struct {
	name string
	new  func(c *logic.C) *Solver
}

// testBackends are the backends of this build: gini, escalation that never
// happens and escalation after one conflict to a second gini, and a
// portfolio of two ginis always (so that the pure-Go build tests their
// logic too), and with CaDiCaL compiled in CaDiCaL alone, escalation to it
// after one conflict, and the real portfolio.
func testBackends() []testBackend {
	on := func(sat func() satSolver) func(c *logic.C) *Solver {
		return func(c *logic.C) *Solver { return newSolverOn(c, sat()) }
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
	}
	if cadicalCompiled {
		bs = append(bs,
			testBackend{"cadical", on(newCadicalSAT)},
			testBackend{"escalating-cadical", on(func() satSolver { return newEscalatingSAT(1, newCadicalSAT) })},
			testBackend{"portfolio", func(c *logic.C) *Solver { return NewSolverWith(c, SolverOptions{Backend: Portfolio}) }},
		)
	}
	return bs
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

package encode

import (
	"testing"

	"github.com/go-air/gini/logic"
)

// testBackend makes a Solver on one backend configuration.
type testBackend struct {
	name string
	new  func(c *logic.C) *Solver
}

// testBackends are the backends of this build: gini, the size router and a
// portfolio of two ginis always (so that the pure-Go build tests their
// logic too), and with CaDiCaL compiled in CaDiCaL alone, the router
// choosing it, and the real portfolio.
func testBackends() []testBackend {
	on := func(sat func() satSolver) func(c *logic.C) *Solver {
		return func(c *logic.C) *Solver { return newSolverOn(c, sat()) }
	}
	bs := []testBackend{
		{"gini", on(func() satSolver { return newGiniSAT() })},
		{"routed-small", on(func() satSolver {
			return &routedSAT{from: 1 << 30, large: func() satSolver { panic("routed to the large backend") }}
		})},
		{"portfolio-gini-gini", on(func() satSolver { return newPortfolioSAT(newGiniSAT(), newGiniSAT()) })},
	}
	if cadicalCompiled {
		bs = append(bs,
			testBackend{"cadical", on(newCadicalSAT)},
			testBackend{"routed-cadical", on(func() satSolver { return &routedSAT{from: 1, large: newCadicalSAT} })},
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

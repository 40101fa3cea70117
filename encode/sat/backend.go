package sat

import (
	"context"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// satSolver is the raw incremental SAT solver behind a Solver. Its variables
// are the circuit's: literal m of the circuit is literal m of the solver.
// Solver (solver.go) does the Tseitin encoding and keeps the model; a
// satSolver only holds clauses. Implementations: gini (gini.go),
// CaDiCaL (cadical.go, build tag cadical), the portfolio of both
// (portfolio.go) and escalation from gini to CaDiCaL (escalate.go).
type satSolver interface {
	// add adds the clause lits (not zero-terminated; empty: unsatisfiable).
	add(lits []z.Lit)
	// solve decides the clauses under the assumptions. limit > 0 ends the
	// search with Budget after that many conflicts; a context that ends
	// first gives Canceled. The solver stays usable after either.
	solve(ctx context.Context, limit int64, assumptions []z.Lit) Result
	// model sets dst[v] to the value of variable v for 0 < v < len(dst) in
	// the model of the last solve, which returned Sat, with no add since.
	// Variables the solver never saw may get any value.
	model(dst []bool)
	// failed returns the assumptions of the last solve, which returned
	// Unsat, that its proof used (a subset that is already Unsat with the
	// clauses); none when the clauses alone are Unsat.
	failed(assumptions []z.Lit) []z.Lit
	// conflicts is the number of conflicts of every solve so far (see
	// SolverStats.Conflicts for what each backend counts).
	conflicts() int64
	// name says which backend answered the last solve ("gini", "cadical").
	name() string
}

// closer is implemented by satSolvers that hold memory outside Go's heap
// (or contain one that does).
type closer interface{ close() }

// closeSAT frees what b holds outside Go's heap, if anything.
func closeSAT(b satSolver) {
	if c, ok := b.(closer); ok {
		c.close()
	}
}

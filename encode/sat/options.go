package sat

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/internal/gini/logic"
)

// Backend names the SAT solver behind a Solver (--solver).
type Backend string

const (
	// Auto (the zero value) is gini, and with CaDiCaL compiled in, gini
	// until a solve needs more than SolverOptions.EscalateAfter conflicts,
	// then CaDiCaL.
	Auto Backend = ""
	// Gini is the embedded pure-Go solver.
	Gini Backend = "gini"
	// Cadical is CaDiCaL 1.5.3 through cgo (build tag cadical).
	Cadical Backend = "cadical"
	// Portfolio runs gini and CaDiCaL side by side on every solve and
	// takes the first answer (build tag cadical).
	Portfolio Backend = "portfolio"
)

// DefaultEscalateAfter is the number of conflicts after which Auto moves a
// solve from gini to CaDiCaL. Chosen on the data-type tests (CPU seconds of
// whole runs, built with -tags cadical, three thresholds back to back,
// 2026-11-23): against 20000, 5000 takes ms2 Tpc4 2.8 → 1.9 s, ms2 T56
// 2.2 → 1.4 s, msn Tpc5 6.2 → 4.3 s, msn T54 16.9 → 12.0 s, snark Dm
// 5.1 → 3.5 s, and costs msn Tpc4 1.1 → 1.7 s and lazylist S1 2.3 → 3.3 s
// (their final queries take gini 5000–20000 conflicts; CaDiCaL starts
// again from scratch); 2000 gains little more and loses on more rows
// (msn T53, Tpc3, lazylist Sacr2). Small queries — serial mining, litmus
// tests, the fast rows — stay on gini, where they are fastest. A check's
// later rounds start on CaDiCaL once a round has moved there
// (mining/escalation.go).
const DefaultEscalateAfter = 5000

// DefaultEscalateClauses is the formula size from which Auto starts a
// solve on CaDiCaL without trying gini first (docs/performance.md, "Which
// solver answers"). Measured 2026-11-30 with --log-queries on the c11bench
// rows (sc, relaxed, rc11) and the Fig. 8.4 rows, gini, CaDiCaL and auto
// back to back: the hard queries lie anywhere from 27k clauses up
// (treiber_3_3 on sc, 27k: gini 1.94 s, CaDiCaL 0.73 s, auto 1.19 s, which
// spends gini's 5000 conflicts and then all of CaDiCaL's; lazylist Sarr,
// 296k: 4.4 / 2.1 s), the easy large ones cost CaDiCaL 1.0-1.5x gini
// (msq_2_2 on rc11, 149k: 1.11 / 1.57 s; lazylist Saacr, 92k: 0.20 /
// 0.45 s), and over all rows CaDiCaL from the start took the least CPU.
// Below 20,000 clauses the two are even (treiber_2_2, the bug variants,
// the small Fig. 8.4 rows) and gini has no start-up cost. Serial
// encodings are exempt (mining.checker.solverOptions). Those counts were
// of one Tseitin variable per gate; since gates are folded
// (Solver.gateLeaves, 2026-12-01) the same formulas have 10-25 % fewer
// clauses (ms2 Tpc4 21,261 → 16,359, treiber_3_3 on sc 23,936 →
// 20,684), so the threshold moved from 20,000 to 16,000 with them.
const DefaultEscalateClauses = 16_000

// SolverOptions choose the SAT solver of a Solver.
type SolverOptions struct {
	Backend Backend
	// EscalateAfter overrides DefaultEscalateAfter for Auto (0: the
	// default).
	EscalateAfter int64
	// EscalateClauses overrides DefaultEscalateClauses for Auto (0: the
	// default, < 0: never by size).
	EscalateClauses int
	// SparseVars gives the backend the circuit's variable numbers, as
	// before 2026-11-30, instead of numbering the sent variables densely
	// (Solver.toSat): for tests and measurements only. The formulas are
	// the same up to the names of variables; the search, and so models
	// and conflict counts, differ.
	SparseVars bool
	// BinaryGates sends each gate as its own Tseitin variable with three
	// clauses, as before 2026-12-01, instead of folding the gates nothing
	// else uses into n-ary conjunctions (Solver.gateLeaves): for the
	// differential tests and measurements only. The formulas are
	// equisatisfiable and agree on every circuit literal; the search
	// differs.
	BinaryGates bool
}

// ParseBackend reads a --solver value: auto, gini, cadical or portfolio.
// Backends that need CaDiCaL are an error in a build without it.
func ParseBackend(name string) (Backend, error) {
	switch b := Backend(strings.ToLower(name)); b {
	case "auto", Auto:
		return Auto, nil
	case Gini:
		return b, nil
	case Cadical, Portfolio:
		if !cadicalCompiled {
			return "", fmt.Errorf("--solver %s: this checkfence was built without CaDiCaL; install libcadical-dev and build with `make build` (or go build -tags cadical ./cmd/checkfence)", name)
		}
		return b, nil
	}
	return "", fmt.Errorf("unknown --solver %q (use auto, gini, cadical or portfolio)", name)
}

// CompiledBackends lists the backends of this binary, for --help and
// checkfence version: gini, and cadical and portfolio when CaDiCaL is
// compiled in.
func CompiledBackends() []Backend {
	out := []Backend{Gini}
	if cadicalCompiled {
		out = append(out, Cadical, Portfolio)
	}
	return out
}

// CadicalSignature is the linked CaDiCaL library's signature (Debian's
// 1.5.3 says "cadical-sc2021"), or "" when CaDiCaL is not compiled in.
func CadicalSignature() string { return cadicalVersion() }

// newSAT makes the raw solver opt asks for.
func newSAT(opt SolverOptions) satSolver {
	switch opt.Backend {
	case Gini:
		return newGiniSAT()
	case Cadical:
		return newCadicalSAT()
	case Portfolio:
		return newPortfolioSAT(newGiniSAT(), newCadicalSAT())
	case Auto:
		if !cadicalCompiled {
			return newGiniSAT()
		}
		e := newEscalatingSAT(0, newCadicalSAT)
		e.autoPolicy = autoPolicyFor(opt, escalateEnv())
		return e
	}
	panic(fmt.Sprintf("sat: unknown backend %q", opt.Backend))
}

// NewSolverWith returns a solver for the circuit c on the backend opt
// chooses.
func NewSolverWith(c *logic.C, opt SolverOptions) *Solver {
	s := newSolverOn(c, newSAT(opt), opt.SparseVars)
	s.binary = opt.BinaryGates
	return s
}

func newSolverOn(c *logic.C, sat satSolver, sparse bool) *Solver {
	s := &Solver{c: c, sat: sat, sparse: sparse}
	// Variable 1 is the circuit's constant: c.T must hold.
	s.markSent(c.T.Var())
	s.addClause(c.T)
	return s
}

// CadicalCompiled reports whether this binary has the CaDiCaL backend.
func CadicalCompiled() bool { return cadicalCompiled }

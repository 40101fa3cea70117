package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// recordSAT records the highest variable a backend is given.
type recordSAT struct {
	satSolver
	maxVar z.Var
}

func (r *recordSAT) see(lits []z.Lit) {
	for _, m := range lits {
		r.maxVar = max(r.maxVar, m.Var())
	}
}

func (r *recordSAT) add(lits []z.Lit) {
	r.see(lits)
	r.satSolver.add(lits)
}

func (r *recordSAT) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	r.see(assumptions)
	return r.satSolver.solve(ctx, limit, assumptions)
}

// unusedGates builds n gates that no formula of the tests uses, as an
// encoding builds gates it never asserts.
func unusedGates(c *logic.C, n int) {
	a, b := c.Lit(), c.Lit()
	for range n {
		a, b = b, c.And(a, b.Not())
	}
}

// TestSolverDenseVars checks the numbering the backend sees
// (Solver.toSat): only the sent variables, 1..Stats.Vars, in circuit
// order within one flush, and later flushes above earlier ones. Given
// the circuit's numbers instead, CaDiCaL decided on the unused ones
// (docs/performance.md, "Dense solver variables").
func TestSolverDenseVars(t *testing.T) {
	for _, sparse := range []bool{false, true} {
		c := logic.NewC()
		unusedGates(c, 500)
		f := pigeonhole(c, 4, 4)
		unusedGates(c, 500)
		x, y := c.Lit(), c.Lit()
		g := c.Or(x, y)
		rec := &recordSAT{satSolver: newGiniSAT()}
		s := newSolverOn(c, rec, sparse)
		s.Assert(f)
		if r := s.Solve(context.Background(), g); r != Sat {
			t.Fatalf("sparse=%v: Solve = %v, want sat", sparse, r)
		}
		vars := s.Stats().Vars
		switch {
		case !sparse && int(rec.maxVar) != vars:
			t.Errorf("backend saw variables up to %d, want the %d sent", rec.maxVar, vars)
		case sparse && int(rec.maxVar) != int(g.Var()):
			t.Errorf("sparse: backend saw variables up to %d, want the circuit's %d", rec.maxVar, g.Var())
		}
		if sparse {
			continue
		}
		var sent []z.Var
		for v := z.Var(1); int(v) < c.Len(); v++ {
			if s.isSent(v) {
				sent = append(sent, v)
			}
		}
		if !slices.IsSortedFunc(sent, func(v, w z.Var) int { return int(s.toSat[v]) - int(s.toSat[w]) }) {
			t.Errorf("backend numbers are not in circuit order")
		}
		// a second flush: new variables above the old ones
		n := s.Stats().Vars
		h := c.And(c.Lit(), c.Lit())
		s.AddClause(h, x)
		if r := s.Solve(context.Background()); r != Sat {
			t.Fatalf("second Solve = %v, want sat", r)
		}
		if int(rec.maxVar) != s.Stats().Vars || int(s.toSat[h.Var()]) != s.Stats().Vars || int(s.toSat[h.Var()]) <= n {
			t.Errorf("second flush: maxVar %d, h numbered %d, vars %d → %d", rec.maxVar, s.toSat[h.Var()], n, s.Stats().Vars)
		}
	}
}

// randomCircuit builds gates over n inputs at random (with unused ones in
// between) and returns them.
func randomCircuit(c *logic.C, rng *rand.Rand, n, gates int) []z.Lit {
	ls := make([]z.Lit, 0, n+gates)
	for range n {
		ls = append(ls, c.Lit())
	}
	pick := func() z.Lit {
		m := ls[rng.IntN(len(ls))]
		if rng.IntN(2) == 0 {
			return m.Not()
		}
		return m
	}
	for range gates {
		if rng.IntN(4) == 0 {
			unusedGates(c, 3)
		}
		if rng.IntN(3) == 0 {
			ls = append(ls, c.Or(pick(), pick()))
		} else {
			ls = append(ls, c.And(pick(), pick()))
		}
	}
	return ls
}

// TestSolverSparseVarsSame is the differential test of the dense
// numbering against the circuit's (SparseVars): on random circuits, with
// assumptions and a second round of clauses, both answer the same, every
// model satisfies what was asserted and assumed, and every Why is a subset
// of the assumptions that is Unsat on its own.
func TestSolverSparseVarsSame(t *testing.T) {
	ctx := context.Background()
	backends := []struct {
		name string
		new  func() satSolver
	}{{"gini", func() satSolver { return newGiniSAT() }}}
	if cadicalCompiled {
		backends = append(backends, struct {
			name string
			new  func() satSolver
		}{"cadical", newCadicalSAT})
	}
	for _, be := range backends {
		results := map[Result]int{}
		for seed := range uint64(300) {
			var got [2][]Result
			for k, sparse := range []bool{false, true} {
				rng := rand.New(rand.NewPCG(seed, 7))
				c := logic.NewC()
				ls := randomCircuit(c, rng, 8, 40)
				s := newSolverOn(c, be.new(), sparse)
				var asserted []z.Lit
				for round := range 2 {
					for range 1 + round {
						m := ls[rng.IntN(len(ls))]
						asserted = append(asserted, m)
						s.Assert(m)
					}
					as := []z.Lit{ls[rng.IntN(len(ls))], ls[rng.IntN(len(ls))].Not(), ls[rng.IntN(len(ls))]}
					r := s.Solve(ctx, as...)
					got[k] = append(got[k], r)
					switch r {
					case Sat:
						checkModel(t, s, append(slices.Clone(asserted), as...), fmt.Sprintf("%s seed %d sparse=%v round %d", be.name, seed, sparse, round))
					case Unsat:
						checkWhy(t, s, as, fmt.Sprintf("%s seed %d sparse=%v", be.name, seed, sparse))
					}
				}
			}
			tallySame(t, results, got, fmt.Sprintf("%s seed %d: dense, sparse", be.name, seed))
		}
		if results[Sat] == 0 || results[Unsat] == 0 {
			t.Errorf("%s: the random circuits gave %v; want both answers", be.name, results)
		}
		t.Logf("%s: %v", be.name, results)
	}
}

// checkWhy checks the failed assumptions of an Unsat solve under as: a
// subset of as that is Unsat on its own.
func checkWhy(t *testing.T, s *Solver, as []z.Lit, label string) {
	t.Helper()
	why := s.Why()
	for _, m := range why {
		if !slices.Contains(as, m) {
			t.Fatalf("%s: Why %v not among assumptions %v", label, why, as)
		}
	}
	if len(why) > 0 {
		if r := s.Solve(context.Background(), why...); r != Unsat {
			t.Fatalf("%s: Why %v alone is %v", label, why, r)
		}
	}
}

// checkModel checks that the model of a Sat solve satisfies every literal
// of lits (what was asserted and assumed).
func checkModel(t *testing.T, s *Solver, lits []z.Lit, label string) {
	t.Helper()
	for _, m := range lits {
		if !s.Value(m) {
			t.Fatalf("%s: model falsifies %v", label, m)
		}
	}
}

// tallySame checks that the two encodings of a differential test gave the
// same answers, and counts them in results.
func tallySame(t *testing.T, results map[Result]int, got [2][]Result, label string) {
	t.Helper()
	if !slices.Equal(got[0], got[1]) {
		t.Fatalf("%s: %v against %v", label, got[0], got[1])
	}
	for _, r := range got[0] {
		results[r]++
	}
}

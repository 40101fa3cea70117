package sat

import (
	"context"
	"testing"
	"time"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// pigeonhole is the (unsatisfiable for pigeons > holes) claim that every
// pigeon sits in a hole and no hole holds two pigeons.
func pigeonhole(c *logic.C, pigeons, holes int) z.Lit {
	in := make([][]z.Lit, pigeons)
	var facts []z.Lit
	for p := range in {
		in[p] = make([]z.Lit, holes)
		for h := range in[p] {
			in[p][h] = c.Lit()
		}
		facts = append(facts, c.Ors(in[p]...))
	}
	for h := 0; h < holes; h++ {
		for p := 0; p < pigeons; p++ {
			for q := p + 1; q < pigeons; q++ {
				facts = append(facts, c.And(in[p][h], in[q][h]).Not())
			}
		}
	}
	return c.Ands(facts...)
}

func TestSolverAssertAndValue(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		x, y := c.Lit(), c.Lit()
		s := newSolver(c)
		s.Assert(c.And(x, y.Not()))
		if r := s.Solve(context.Background()); r != Sat {
			t.Fatalf("Solve = %v, want sat", r)
		}
		if !s.Value(x) || s.Value(y) || !s.Value(y.Not()) || !s.Value(c.T) || s.Value(c.F) {
			t.Fatalf("model x=%v y=%v T=%v F=%v, want x and not y", s.Value(x), s.Value(y), s.Value(c.T), s.Value(c.F))
		}
		s.Assert(x.Not())
		if r := s.Solve(context.Background()); r != Unsat {
			t.Fatalf("Solve after contradiction = %v, want unsat", r)
		}
		if why := s.Why(); len(why) != 0 {
			t.Errorf("Why without assumptions = %v, want empty", why)
		}
	})
}

// TestSolverEnumerate grows the circuit between solves: each model is
// blocked with a clause over gates built after the previous Solve.
func TestSolverEnumerate(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		a := freshWord(c, 4)
		s := newSolver(c)
		s.Assert(wordSlt(c, a, constWord(c, 5, 4)), wordSlt(c, constWord(c, -3, 4), a))
		seen := map[int64]bool{}
		for {
			r := s.Solve(context.Background())
			if r == Unsat {
				break
			}
			if r != Sat {
				t.Fatalf("Solve = %v", r)
			}
			v := wordValue(a, s.Value)
			if seen[v] {
				t.Fatalf("model %d found twice", v)
			}
			seen[v] = true
			s.AddClause(wordEq(c, a, constWord(c, v, 4)).Not())
		}
		for v := int64(-2); v <= 4; v++ {
			if !seen[v] {
				t.Errorf("value %d not enumerated", v)
			}
		}
		if len(seen) != 7 {
			t.Errorf("enumerated %v, want -2..4", seen)
		}
	})
}

func TestSolverAssumptionsAndWhy(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		x, y, z3 := c.Lit(), c.Lit(), c.Lit()
		s := newSolver(c)
		s.Assert(c.And(x, y).Not())
		if r := s.Solve(context.Background(), z3, x, y); r != Unsat {
			t.Fatalf("Solve(z, x, y) = %v, want unsat", r)
		}
		why := s.Why()
		has := map[z.Lit]bool{}
		for _, m := range why {
			has[m] = true
		}
		if !has[x] || !has[y] || has[z3] {
			t.Errorf("Why = %v, want x=%v and y=%v only", why, x, y)
		}
		// Assumptions last for one Solve only.
		if r := s.Solve(context.Background(), x); r != Sat {
			t.Fatalf("Solve(x) = %v, want sat", r)
		}
		if !s.Value(x) || s.Value(y) {
			t.Errorf("model x=%v y=%v, want x and not y", s.Value(x), s.Value(y))
		}
		if len(s.Why()) != 0 {
			t.Errorf("Why after sat = %v, want empty", s.Why())
		}
		// An assumption whose cone is new to the solver, and a constant one.
		g := c.Or(x.Not(), z3)
		if r := s.Solve(context.Background(), g, z3.Not(), x); r != Unsat {
			t.Fatalf("Solve(!x|z, !z, x) = %v, want unsat", r)
		}
		if r := s.Solve(context.Background(), c.F); r != Unsat {
			t.Fatalf("Solve(F) = %v, want unsat", r)
		}
		if why := s.Why(); len(why) != 1 || why[0] != c.F {
			t.Errorf("Why after Solve(F) = %v, want [F]", why)
		}
	})
}

func TestSolverCancel(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		hard := pigeonhole(c, 12, 11) // takes gini about a minute
		easy := pigeonhole(c, 4, 3)
		s := newSolver(c)

		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		start := time.Now()
		if r := s.Solve(ctx, hard); r != Canceled {
			t.Fatalf("Solve(hard) with deadline = %v, want canceled", r)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("deadline of 50ms honoured after %v", d)
		}

		ctx2, cancel2 := context.WithCancel(context.Background())
		time.AfterFunc(30*time.Millisecond, cancel2)
		start = time.Now()
		if r := s.Solve(ctx2, hard); r != Canceled {
			t.Fatalf("Solve(hard) canceled = %v, want canceled", r)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("cancellation after 30ms honoured after %v", d)
		}
		if r := s.Solve(ctx2, easy); r != Canceled {
			t.Errorf("Solve with a done context = %v, want canceled", r)
		}

		// The solver stays usable, also through the background path.
		ctx3, cancel3 := context.WithTimeout(context.Background(), time.Minute)
		defer cancel3()
		if r := s.Solve(ctx3, easy); r != Unsat {
			t.Errorf("Solve(php 4->3) = %v, want unsat", r)
		}
		if r := s.Solve(ctx3, hard.Not()); r != Sat {
			t.Errorf("Solve(!hard) = %v, want sat", r)
		}
		if r := s.Solve(context.Background(), easy.Not(), hard.Not()); r != Sat {
			t.Errorf("Solve(!easy, !hard) = %v, want sat", r)
		}
		if st := s.Stats(); st.Solves != 5 {
			t.Errorf("Stats.Solves = %d, want 5 (the done context never reaches gini)", st.Solves)
		}
	})
}

// TestSolverValueOutsideCone reads literals the solver never saw, including
// ones created after the Solve: they follow the circuit, with unseen inputs
// false.
func TestSolverValueOutsideCone(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		x, y := c.Lit(), c.Lit()
		unseen := c.Lit()
		s := newSolver(c)
		s.Assert(c.Or(x, y))
		if r := s.Solve(context.Background()); r != Sat {
			t.Fatalf("Solve = %v", r)
		}
		vx, vy := s.Value(x), s.Value(y)
		later := c.Lit()
		for _, tc := range []struct {
			name string
			m    z.Lit
			want bool
		}{
			{"unseen input", unseen, false},
			{"not unseen input", unseen.Not(), true},
			{"input created after solve", later, false},
			{"gate over unseen", c.And(x.Not(), unseen.Not()), !vx},
			{"gate created after solve", c.Xor(x, y), vx != vy},
			{"gate over later input", c.Or(later, y), vy},
		} {
			if got := s.Value(tc.m); got != tc.want {
				t.Errorf("%s: Value = %v, want %v", tc.name, got, tc.want)
			}
		}
	})
}

// TestSolverValueMatchesBackend compares Value with gini's own assignment for
// every variable sent, on a circuit with shared and negated gates.
func TestSolverValueMatchesBackend(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		a, b := freshWord(c, 6), freshWord(c, 6)
		s := newSolver(c)
		s.Assert(wordEq(c, wordMul(c, a, b), constWord(c, 12, 6)), wordSlt(c, a, b), wordSlt(c, constWord(c, 1, 6), a))
		if r := s.Solve(context.Background()); r != Sat {
			t.Fatalf("Solve = %v", r)
		}
		checked := 0
		raw := make([]bool, len(s.fromSat))
		s.sat.model(raw)
		for v := z.Var(1); int(v) < c.Len(); v++ {
			if !s.isSent(v) {
				continue
			}
			checked++
			if got, want := s.Value(v.Pos()), raw[s.toSat[v]]; got != want {
				t.Fatalf("Value(%v) = %v, %s says %v", v, got, s.sat.name(), want)
			}
		}
		if checked != s.Stats().Vars {
			t.Errorf("checked %d variables, Stats.Vars = %d", checked, s.Stats().Vars)
		}
		av, bv := wordValue(a, s.Value), wordValue(b, s.Value)
		if wrapWord(av*bv, 6) != 12 || av >= bv || av <= 1 {
			t.Errorf("model a=%d b=%d violates a*b=12 (mod 64), 1<a<b", av, bv)
		}
	})
}

// TestSolverModelSurvivesChanges reads the model only after adding clauses,
// which reset gini's assignment.
func TestSolverModelSurvivesChanges(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		x, y := c.Lit(), c.Lit()
		s := newSolver(c)
		either := c.Or(x, y)
		s.Assert(either)
		if r := s.Solve(context.Background()); r != Sat {
			t.Fatalf("Solve = %v", r)
		}
		s.AddClause(x.Not())
		s.Assert(y.Not())
		if !s.Value(either) || !(s.Value(x) || s.Value(y)) {
			t.Errorf("model after changes: x=%v y=%v x|y=%v, want x|y", s.Value(x), s.Value(y), s.Value(either))
		}
		if r := s.Solve(context.Background()); r != Unsat {
			t.Errorf("Solve = %v, want unsat", r)
		}
	})
}

// TestSolverRestoreModel: a model kept before other solves (one unsat under
// assumptions, one that finds another model) answers Value again after
// RestoreModel, for gates built since too.
func TestSolverRestoreModel(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		x, y, z := c.Lit(), c.Lit(), c.Lit()
		s := newSolver(c)
		s.Assert(c.Or(x, y))
		if r := s.Solve(context.Background(), x, y.Not(), z); r != Sat {
			t.Fatalf("Solve = %v", r)
		}
		kept := s.KeepModel()
		if r := s.Solve(context.Background(), x.Not(), y.Not()); r != Unsat {
			t.Fatalf("Solve = %v, want unsat", r)
		}
		if r := s.Solve(context.Background(), x.Not(), z.Not()); r != Sat {
			t.Fatalf("Solve = %v", r)
		}
		s.RestoreModel(kept)
		later := c.And(x, z) // a gate the kept model never saw
		if !s.Value(x) || s.Value(y) || !s.Value(z) || !s.Value(later) {
			t.Errorf("restored model: x=%v y=%v z=%v x&z=%v, want true false true true", s.Value(x), s.Value(y), s.Value(z), s.Value(later))
		}
	})
}

func TestSolverEmptyClause(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		s := newSolver(c)
		x := c.Lit()
		s.Assert(x)
		s.AddClause()
		if r := s.Solve(context.Background()); r != Unsat {
			t.Errorf("Solve after empty clause = %v, want unsat", r)
		}
	})
}

func TestSolverStats(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		x, y := c.Lit(), c.Lit()
		s := newSolver(c)
		if st := s.Stats(); st.Vars != 1 || st.Clauses != 1 {
			t.Errorf("new solver: %+v, want the constant only", st)
		}
		s.Assert(c.And(x, y))
		// Assert splits the conjunction: units x and y, no gate variable.
		if st := s.Stats(); st.Vars != 3 || st.Clauses != 3 {
			t.Errorf("after Assert(x&y): %+v, want 3 vars and 3 clauses", st)
		}
		s.AddClause(x, c.And(x, y))
		// A clause mentions the gate itself: its variable and Tseitin clauses.
		if st := s.Stats(); st.Vars != 4 || st.Clauses != 7 {
			t.Errorf("after a clause over a new gate: %+v, want 4 vars and 7 clauses", st)
		}
		s.Solve(context.Background())
		s.Solve(context.Background(), x)
		if st := s.Stats(); st.Solves != 2 || st.Solving <= 0 {
			t.Errorf("after two solves: %+v", st)
		}
	})
}

func TestSolverValuePanics(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		x := c.Lit()
		s := newSolver(c)
		mustPanic(t, "Value before Solve", func() { s.Value(x) })
		s.Assert(x, x.Not())
		s.Solve(context.Background())
		mustPanic(t, "Value after unsat", func() { s.Value(x) })
		mustPanic(t, "Assert of null literal", func() { s.Assert(z.LitNull) })
	})
}

func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", name)
		}
	}()
	f()
}

// TestSolverDeepCone sends a cone far deeper than a recursive encoder could
// comfortably walk.
func TestSolverDeepCone(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		first := c.Lit()
		m := first
		for i := 0; i < 200000; i++ {
			m = c.And(m, c.Lit()).Not()
		}
		s := newSolver(c)
		s.Assert(m)
		if r := s.Solve(context.Background()); r != Sat {
			t.Fatalf("Solve = %v", r)
		}
		if !s.Value(m) {
			t.Error("asserted root false in model")
		}
	})
}

// BenchmarkSolverSmall measures the fixed cost of Solve on a tiny instance,
// with and without a cancellable context (which polls gini's controller).
func BenchmarkSolverSmall(b *testing.B) {
	for _, name := range []string{"background", "timeout"} {
		b.Run(name, func(b *testing.B) {
			c := logic.NewC()
			a := freshWord(c, 8)
			s := NewSolver(c)
			s.Assert(wordSlt(c, constWord(c, 3, 8), a))
			ctx := context.Background()
			if name == "timeout" {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, time.Hour)
				defer cancel()
			}
			for i := 0; i < b.N; i++ {
				if s.Solve(ctx, a[i%7]) != Sat {
					b.Fatal("unsat")
				}
			}
		})
	}
}

// TestAssertFlattensClauses checks that asserting a conjunction of
// disjunctions sends one clause per disjunction and no gate variables, and
// that the result is equivalent to the Tseitin encoding.
func TestAssertFlattensClauses(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		c := logic.NewC()
		a, b, d, e := c.Lit(), c.Lit(), c.Lit(), c.Lit()
		f := c.Ands(c.Ors(a, b, d), c.Or(a.Not(), e), c.Or(c.And(b, e), d.Not()))
		s := newSolver(c)
		s.Assert(f)
		st := s.Stats()
		// constant + a, b, d, e + the gate b∧e; the constant's unit, three
		// clauses, and three Tseitin clauses for b∧e.
		if st.Vars != 6 || st.Clauses != 7 {
			t.Errorf("stats %+v, want 6 vars and 7 clauses", st)
		}
		// Equivalence with the plain encoding on every assignment.
		for m := 0; m < 16; m++ {
			lits := []z.Lit{a, b, d, e}
			var as []z.Lit
			want := true
			val := func(i int) bool { return m>>i&1 == 1 }
			want = (val(0) || val(1) || val(2)) && (!val(0) || val(3)) && ((val(1) && val(3)) || !val(2))
			for i, l := range lits {
				if val(i) {
					as = append(as, l)
				} else {
					as = append(as, l.Not())
				}
			}
			got := s.Solve(context.Background(), as...) == Sat
			if got != want {
				t.Errorf("assignment %04b: sat %v, want %v", m, got, want)
			}
		}
	})
}

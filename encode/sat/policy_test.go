package sat

import (
	"context"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
)

// TestAutoPolicyFor: SolverOptions' thresholds win over the measuring
// knob's, which win over the defaults; a negative size limit turns the
// size rule off, a non-positive conflict limit means the default.
func TestAutoPolicyFor(t *testing.T) {
	def := autoPolicy{after: DefaultEscalateAfter, clauses: DefaultEscalateClauses}
	for _, tc := range []struct {
		name string
		opt  SolverOptions
		env  escalateThresholds
		want autoPolicy
	}{
		{"defaults", SolverOptions{}, escalateThresholds{}, def},
		{"knob", SolverOptions{}, escalateThresholds{after: 300, clauses: 4000}, autoPolicy{300, 4000}},
		{"options win", SolverOptions{EscalateAfter: 10, EscalateClauses: 7}, escalateThresholds{after: 300, clauses: 4000}, autoPolicy{10, 7}},
		{"options off, knob on", SolverOptions{EscalateClauses: -1}, escalateThresholds{clauses: 4000}, autoPolicy{DefaultEscalateAfter, 0}},
		{"knob off", SolverOptions{}, escalateThresholds{clauses: -1}, autoPolicy{DefaultEscalateAfter, 0}},
		{"negative conflicts: default", SolverOptions{EscalateAfter: -5}, escalateThresholds{}, def},
	} {
		if got := autoPolicyFor(tc.opt, tc.env); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestStartsOnCadical: the size rule's boundary, and where the default
// puts the formulas its value was chosen on (docs/performance.md, "Which
// solver answers"): the easy C11 and data-type formulas below it on
// gini, the hard ones above it on CaDiCaL.
func TestStartsOnCadical(t *testing.T) {
	def := autoPolicyFor(SolverOptions{}, escalateThresholds{})
	for _, tc := range []struct {
		name    string
		p       autoPolicy
		clauses int
		want    bool
	}{
		{"below the limit", autoPolicy{clauses: 100}, 99, false},
		{"at the limit", autoPolicy{clauses: 100}, 100, true},
		{"no size rule", autoPolicy{clauses: 0}, 1 << 30, false},
		{"a litmus test", def, 300, false},
		{"treiber_2_2 on sc", def, 12_477, false},
		{"ms2 T53", def, 20_397, true},
		{"treiber_3_3 on sc", def, 27_033, true},
		{"msq_2_2 on sc", def, 88_977, true},
		{"lazylist Sarr", def, 295_951, true},
	} {
		if got := tc.p.startsOnCadical(tc.clauses); got != tc.want {
			t.Errorf("%s: %d clauses with limit %d: starts on CaDiCaL %v, want %v", tc.name, tc.clauses, tc.p.clauses, got, tc.want)
		}
	}
}

func TestParseEscalate(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    escalateThresholds
		wantErr string
	}{
		{"", escalateThresholds{}, ""},
		{"after=100", escalateThresholds{after: 100}, ""},
		{" after=100 , clauses=-1 ", escalateThresholds{after: 100, clauses: -1}, ""},
		{"clauses=x", escalateThresholds{}, "not an integer"},
		{"budget=3", escalateThresholds{}, "unknown threshold"},
	} {
		got, err := parseEscalate(tc.in)
		switch {
		case tc.wantErr == "" && (err != nil || got != tc.want):
			t.Errorf("parseEscalate(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("parseEscalate(%q) = %+v, %v; want an error with %q", tc.in, got, err, tc.wantErr)
		}
	}
}

// TestEscalatingSATStartsLazily: before its first solve the solver holds
// the clauses only in its log; the first solve gives them to the backend
// the size chooses (the large one never sees gini's conflicts), and later
// clauses go straight to it.
func TestEscalatingSATStartsLazily(t *testing.T) {
	for _, tc := range []struct {
		name    string
		clauses int
		want    string
	}{
		{"small: gini", 100, "gini"},
		{"large: the large backend", 3, "large"},
	} {
		c := logic.NewC()
		x, y := c.Lit(), c.Lit()
		built := 0
		e := newEscalatingSAT(1<<40, func() satSolver { built++; return namedSAT{newGiniSAT(), "large"} })
		e.clauses = tc.clauses
		s := newSolverOn(c, e, false)
		s.AddClause(x, y)
		s.AddClause(x.Not(), y)
		if e.cur != nil || e.conflicts() != 0 || e.name() != "gini" {
			t.Fatalf("%s: a backend before the first solve: %v", tc.name, e.cur)
		}
		ctx := context.Background()
		if r := s.Solve(ctx, y.Not()); r != Unsat || s.Stats().Backend != tc.want {
			t.Fatalf("%s: %v on %s, want unsat on %s", tc.name, r, s.Stats().Backend, tc.want)
		}
		s.AddClause(x.Not())
		if r := s.Solve(ctx); r != Sat || s.Value(x) || !s.Value(y) {
			t.Errorf("%s: %v x=%v y=%v, want sat with !x, y", tc.name, r, s.Value(x), s.Value(y))
		}
		if wantBuilt := map[bool]int{true: 1, false: 0}[tc.want == "large"]; built != wantBuilt {
			t.Errorf("%s: the large backend built %d times, want %d", tc.name, built, wantBuilt)
		}
		if tc.want == "large" && e.before != 0 {
			t.Errorf("%s: %d conflicts before the move, want none", tc.name, e.before)
		}
		s.Close()
	}
}

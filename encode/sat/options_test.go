package sat

import (
	"context"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
)

func TestParseBackend(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Backend
		wantErr string // substring; "" for success
	}{
		{"", Auto, ""},
		{"auto", Auto, ""},
		{"gini", Gini, ""},
		{"GINI", Gini, ""},
		{"minisat", "", "unknown --solver"},
		{"cadical", Cadical, map[bool]string{false: "-tags cadical"}[cadicalCompiled]},
		{"portfolio", Portfolio, map[bool]string{false: "-tags cadical"}[cadicalCompiled]},
	} {
		got, err := ParseBackend(tc.in)
		switch {
		case tc.wantErr == "" && (err != nil || got != tc.want):
			t.Errorf("ParseBackend(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("ParseBackend(%q) = %q, %v; want an error with %q", tc.in, got, err, tc.wantErr)
		}
	}
	if got := CompiledBackends(); got[0] != Gini || (len(got) > 1) != cadicalCompiled {
		t.Errorf("CompiledBackends() = %v with CaDiCaL compiled in: %v", got, cadicalCompiled)
	}
	if sig := CadicalSignature(); (sig != "") != cadicalCompiled || (sig != "" && !strings.HasPrefix(sig, "cadical-")) {
		t.Errorf("CadicalSignature() = %q with CaDiCaL compiled in: %v", sig, cadicalCompiled)
	}
}

// namedSAT is gini under another name, to see which one answers.
type namedSAT struct {
	*giniSAT
	label string
}

func (n namedSAT) name() string { return n.label }

// TestEscalatingSAT checks that a formula moves to the large backend only
// when a solve needs more conflicts than allowed, with every clause added
// before, and that budgets and conflict counts span both phases.
func TestEscalatingSAT(t *testing.T) {
	c := logic.NewC()
	x := c.Lit()
	hard := pigeonhole(c, 7, 6) // about 2000 conflicts for gini
	e := newEscalatingSAT(500, func() satSolver { return namedSAT{newGiniSAT(), "large"} })
	s := newSolverOn(c, e, false)
	s.Assert(x)
	ctx := context.Background()
	if r := s.Solve(ctx, x.Not()); r != Unsat || s.Stats().Backend != "gini" {
		t.Fatalf("easy query: %v on %s", r, s.Stats().Backend)
	}
	if r := s.SolveBudget(ctx, 100, hard); r != Budget || s.Stats().Backend != "gini" || s.Stats().Conflicts != 100 {
		t.Fatalf("budget 100 within the gini phase: %v on %s, %+v", r, s.Stats().Backend, s.Stats())
	}
	if r := s.SolveBudget(ctx, 700, hard); r != Budget || s.Stats().Backend != "large" {
		t.Fatalf("budget 700: %v on %s", r, s.Stats().Backend)
	}
	// 100 + 500 on gini, then 200 on the large backend.
	if got := s.Stats().Conflicts; got != 800 {
		t.Errorf("conflicts %d, want 800", got)
	}
	if r := s.Solve(ctx, hard); r != Unsat || s.Stats().Backend != "large" {
		t.Errorf("hard query: %v on %s", r, s.Stats().Backend)
	}
	// The clauses of the gini phase moved along: x holds.
	if r := s.Solve(ctx, x.Not()); r != Unsat {
		t.Errorf("!x after escalation: %v", r)
	}
	if r := s.Solve(ctx); r != Sat || !s.Value(x) {
		t.Errorf("after escalation: %v", r)
	}
}

// TestEscalatingSATBySize checks that a formula of at least the size limit
// starts its solve on the large backend, with its clauses, while a smaller
// one stays on gini.
func TestEscalatingSATBySize(t *testing.T) {
	c := logic.NewC()
	x, y := c.Lit(), c.Lit()
	e := newEscalatingSAT(500, func() satSolver { return namedSAT{newGiniSAT(), "large"} })
	e.clauses = 4
	s := newSolverOn(c, e, false) // one clause: the constant
	s.AddClause(x, y)
	ctx := context.Background()
	if r := s.Solve(ctx); r != Sat || s.Stats().Backend != "gini" {
		t.Fatalf("2 clauses: %v on %s", r, s.Stats().Backend)
	}
	s.AddClause(x.Not(), y)
	s.AddClause(x, y.Not())
	if r := s.Solve(ctx); r != Sat || s.Stats().Backend != "large" {
		t.Fatalf("4 clauses: %v on %s", r, s.Stats().Backend)
	}
	if !s.Value(x) || !s.Value(y) {
		t.Errorf("x=%v y=%v, want both (the clauses moved along)", s.Value(x), s.Value(y))
	}
	if got := s.Stats().Conflicts; got != 0 {
		t.Errorf("conflicts %d, want 0", got)
	}
}

// TestAutoEscalatesBySizeByDefault: Auto's solver has the default size
// limit, and a negative EscalateClauses turns it off.
func TestAutoEscalatesBySizeByDefault(t *testing.T) {
	if !cadicalCompiled {
		t.Skip("auto is gini alone without the cadical tag")
	}
	if e := newSAT(SolverOptions{Backend: Auto}).(*escalatingSAT); e.clauses != DefaultEscalateClauses {
		t.Errorf("default limit %d, want %d", e.clauses, DefaultEscalateClauses)
	}
	if e := newSAT(SolverOptions{Backend: Auto, EscalateClauses: -1}).(*escalatingSAT); e.clauses != 0 {
		t.Errorf("EscalateClauses -1: limit %d, want none", e.clauses)
	}
}

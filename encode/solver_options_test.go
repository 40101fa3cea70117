package encode

import (
	"context"
	"strings"
	"testing"

	"github.com/go-air/gini/logic"
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
	s := newSolverOn(c, e)
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

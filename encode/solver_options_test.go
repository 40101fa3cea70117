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

// namedSAT is gini under another name, to see which one a router picks.
type namedSAT struct {
	*giniSAT
	label string
}

func (n namedSAT) name() string { return n.label }

// TestRoutedSATChoosesBySize sends formulas of 4 and 5 clauses (the
// constant's unit, then one per asserted conjunct) to a router with a
// threshold of 5: the first stays on gini, the second goes to the large
// backend; clauses added after the choice go to the chosen one.
func TestRoutedSATChoosesBySize(t *testing.T) {
	for _, tc := range []struct {
		facts int
		want  string
	}{{3, "gini"}, {4, "large"}} {
		c := logic.NewC()
		r := &routedSAT{from: 5, large: func() satSolver { return namedSAT{newGiniSAT(), "large"} }}
		s := newSolverOn(c, r)
		if got := s.Stats().Backend; got != "auto" {
			t.Errorf("backend before the first solve: %q", got)
		}
		ins := FreshBV(c, tc.facts)
		for _, m := range ins {
			s.Assert(m)
		}
		if got := s.Solve(context.Background()); got != Sat {
			t.Fatalf("%d facts: %v", tc.facts, got)
		}
		if got := s.Stats().Backend; got != tc.want {
			t.Errorf("%d clauses: routed to %q, want %q", s.Stats().Clauses, got, tc.want)
		}
		s.Assert(ins[0].Not())
		if got := s.Solve(context.Background()); got != Unsat {
			t.Errorf("after a contradicting clause: %v", got)
		}
	}
}

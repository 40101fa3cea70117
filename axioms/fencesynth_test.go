package axioms

import (
	"os"
	"strings"
	"testing"
)

// TestFenceMonotone: the built-in models are fence-monotone; an axiom with
// two fence variables is not, and a total order over instructions orders
// fences.
func TestFenceMonotone(t *testing.T) {
	src, err := os.ReadFile("models/tso.mm")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		edit       func(string) string
		monotone   bool
		totalFence bool
	}{
		{"tso", func(s string) string { return s }, true, false},
		{"two fence variables", func(s string) string {
			s = strings.Replace(s, "F      : fence", "F, F' : fence", 1)
			return strings.Replace(s, "end model", "<ff> sl_fence(F) & sl_fence(F') & program_order(S, F) & program_order(F', L') => memory_order(S, L')\nend model", 1)
		}, false, false},
		{"total order over instructions", func(s string) string {
			s = strings.Replace(s, "relation memory_order(access, access)", "relation memory_order(instruction, instruction)", 1)
			return strings.Replace(s, "X, Y, Z : access", "X, Y, Z : instruction", 1)
		}, false, true},
	}
	for _, tc := range cases {
		m, err := Parse(tc.name+".mm", []byte(tc.edit(string(src))))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		err = FenceMonotone(m)
		if (err == nil) != tc.monotone {
			t.Errorf("%s: FenceMonotone = %v, want monotone %v", tc.name, err, tc.monotone)
		}
		if got := TotalOrderOverFences(m); got != tc.totalFence {
			t.Errorf("%s: TotalOrderOverFences = %v, want %v", tc.name, got, tc.totalFence)
		}
		if got := FencePredicates(m); strings.Join(got, " ") != "sl_fence" {
			t.Errorf("%s: fence predicates %v, want [sl_fence]", tc.name, got)
		}
	}
}

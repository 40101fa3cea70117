package diff

import "testing"

func TestKnownExplain(t *testing.T) {
	bugs := KnownBugList{
		{Name: "crash", Crash: "internal error in solve"},
		{Name: "deadlock", Matches: func(d Disagreement) bool { return d.What == "verdict" && d.Engine == "FAIL (deadlock)" }},
	}
	deadlock := Disagreement{What: "verdict", Engine: "FAIL (deadlock)", Ref: "FAIL (assertion)"}
	other := Disagreement{What: "observations", Engine: "3 observations", Ref: "2 observations"}
	tests := []struct {
		name  string
		o     Outcome
		known bool
	}{
		{"crash", Outcome{Crash: "log\nx y internal error in solve: sat model"}, true},
		{"other crash", Outcome{Crash: "panic: boom"}, false},
		{"verdict", Outcome{Report: &Report{Disagreements: []Disagreement{deadlock, deadlock}}}, true},
		{"mixed", Outcome{Report: &Report{Disagreements: []Disagreement{deadlock, other}}}, false},
		{"other verdict", Outcome{Report: &Report{Disagreements: []Disagreement{{What: "verdict", Engine: "PASS", Ref: "FAIL (deadlock)"}}}}, false},
		{"clean", Outcome{Report: &Report{}}, false},
		{"unbuildable", Outcome{Err: "syntax"}, false},
	}
	for _, tc := range tests {
		if got := len(bugs.Explain(tc.o)) > 0; got != tc.known {
			t.Errorf("%s: known = %v, want %v", tc.name, got, tc.known)
		}
	}
}

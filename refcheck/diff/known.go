package diff

import "strings"

// KnownBug is an engine bug the differential test has found and that is
// not fixed yet: random programs that show only known bugs are logged
// instead of failing the tests. Each has a regression file (with a
// "//# known" directive) in refcheck/testdata/regress; delete the entry and
// the directive once the bug is fixed.
type KnownBug struct {
	Name    string
	Regress string
	// Crash matches the output of a worker the bug killed.
	Crash string
	// Matches recognizes one disagreement the bug causes.
	Matches func(Disagreement) bool
}

// KnownBugs lists the open engine bugs.
var KnownBugs = []KnownBug{
	{
		Name:    "gini aborts the process when solving again after an unsatisfiable answer",
		Regress: "gini_unsat.lsl",
		Crash:   "internal error in solve: sat model",
	},
	{
		Name:    "mining.Check reports an error execution as a deadlock when a blocked thread precedes the failing one",
		Regress: "error_reported_as_deadlock.lsl",
		Matches: func(d Disagreement) bool {
			return d.What == "verdict" && strings.HasPrefix(d.Engine, "FAIL (deadlock)") &&
				strings.HasPrefix(d.Ref, "FAIL (") && !strings.Contains(d.Ref, "deadlock")
		},
	},
}

// Known returns the known bugs that explain everything wrong with an
// outcome, or nil if something is not explained (or nothing is wrong).
func Known(o Outcome) []string {
	var names []string
	seen := map[string]bool{}
	note := func(b KnownBug) {
		if !seen[b.Name] {
			seen[b.Name] = true
			names = append(names, b.Name)
		}
	}
	switch {
	case o.Crash != "":
		for _, b := range KnownBugs {
			if b.Crash != "" && strings.Contains(o.Crash, b.Crash) {
				note(b)
				return names
			}
		}
		return nil
	case o.Report == nil:
		return nil
	}
	for _, d := range o.Report.Disagreements {
		explained := false
		for _, b := range KnownBugs {
			if b.Matches != nil && b.Matches(d) {
				note(b)
				explained = true
				break
			}
		}
		if !explained {
			return nil
		}
	}
	return names
}

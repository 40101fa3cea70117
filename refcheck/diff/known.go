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

// KnownBugList is a list of known bugs.
type KnownBugList []KnownBug

// KnownBugs lists the open engine bugs.
var KnownBugs = KnownBugList{}

// Known returns the open engine bugs (KnownBugs) that explain everything
// wrong with an outcome, or nil if something is not explained (or nothing
// is wrong).
func Known(o Outcome) []string { return KnownBugs.Explain(o) }

// Explain returns the bugs of the list that explain everything wrong with
// an outcome, or nil.
func (bugs KnownBugList) Explain(o Outcome) []string {
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
		for _, b := range bugs {
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
		for _, b := range bugs {
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

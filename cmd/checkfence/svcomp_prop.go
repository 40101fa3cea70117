package main

import (
	"os"
	"regexp"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// SV-COMP property files (--prop): each line is
//
//	CHECK( init(main()), LTL(FORMULA) )
//
// and a file names one property: unreach-call, no-data-race,
// valid-memsafety (three lines: valid-free, valid-deref, valid-memtrack),
// valid-memcleanup, no-overflow or termination.

// The properties checkfence reads.
const (
	propUnreachCall  = "unreach-call"
	propNoDataRace   = "no-data-race"
	propMemSafety    = "valid-memsafety"
	propMemCleanup   = "valid-memcleanup"
	propNoOverflow   = "no-overflow"
	propTermination  = "termination"
	subValidFree     = "valid-free"
	subValidDeref    = "valid-deref"
	subValidMemtrack = "valid-memtrack"
	svcompEntryPoint = "main"
)

// checkLine is one CHECK line: the entry function and the LTL formula.
var checkLine = regexp.MustCompile(`^CHECK\(\s*init\(\s*([A-Za-z_][A-Za-z0-9_]*)\(\)\s*\)\s*,\s*LTL\((.*)\)\s*\)$`)

// formulas maps each LTL formula (spaces removed) to its property, and for
// valid-memsafety to its subproperty.
var formulas = map[string][2]string{
	"G!call(reach_error())":      {propUnreachCall, ""},
	"G!call(__VERIFIER_error())": {propUnreachCall, ""},
	"G!data-race":                {propNoDataRace, ""},
	"Gvalid-free":                {propMemSafety, subValidFree},
	"Gvalid-deref":               {propMemSafety, subValidDeref},
	"Gvalid-memtrack":            {propMemSafety, subValidMemtrack},
	"Gvalid-memcleanup":          {propMemCleanup, ""},
	"G!overflow":                 {propNoOverflow, ""},
	"Fend":                       {propTermination, ""},
}

// readProperty reads an SV-COMP property file and returns its property.
// A malformed file or a formula checkfence does not know is an error at
// its line.
func readProperty(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return parseProperty(path, string(data))
}

func parseProperty(path, text string) (string, error) {
	prop := ""
	subs := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		m := checkLine.FindStringSubmatch(line)
		if m == nil {
			return "", diag.ErrorfCode(diag.Pos{File: path, Line: i + 1, Col: 1}, diag.CodeSyntax, "not an SV-COMP property: want CHECK( init(main()), LTL(...) )")
		}
		if m[1] != svcompEntryPoint {
			return "", diag.ErrorfCode(diag.Pos{File: path, Line: i + 1, Col: 1}, diag.CodeUnsupported, "unsupported: the entry function must be main, not %s", m[1])
		}
		f, ok := formulas[strings.Join(strings.Fields(m[2]), "")]
		if !ok {
			return "", diag.ErrorfCode(diag.Pos{File: path, Line: i + 1, Col: 1}, diag.CodeUnsupported, "unsupported property LTL(%s): checkfence knows unreach-call, no-data-race, valid-memsafety, valid-memcleanup, no-overflow and termination", m[2])
		}
		if prop != "" && prop != f[0] {
			return "", diag.ErrorfCode(diag.Pos{File: path, Line: i + 1, Col: 1}, diag.CodeDuplicateDecl, "a second property (%s after %s): give one property per file", f[0], prop)
		}
		prop = f[0]
		subs[f[1]] = true
	}
	if prop == "" {
		return "", diag.ErrorfCode(diag.Pos{File: path, Line: 1, Col: 1}, diag.CodeSyntax, "no CHECK line: not an SV-COMP property file")
	}
	if prop == propMemSafety && !(subs[subValidFree] && subs[subValidDeref] && subs[subValidMemtrack]) {
		return "", diag.ErrorfCode(diag.Pos{File: path, Line: 1, Col: 1}, diag.CodeUnsupported, "unsupported: valid-memsafety needs its three lines (valid-free, valid-deref, valid-memtrack)")
	}
	return prop, nil
}

package cfront

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// Messages of cc rewritten in the user's words.

// ccConflictingTypes is cc's message for a name declared twice with
// different types; for typedefs it prints both types as the name ("T and
// T").
var ccConflictingTypes = lazyRegexp(`^conflicting types for '([^']+)', previous declaration at (.*?):(\d+):(\d+):?, (.*) and (.*)$`)

// mendCCMessage rewrites the message of e (a cc error in src) when cc's
// words do not say what is wrong.
func mendCCMessage(src Source, e *diag.Error) {
	switch e.Msg {
	case "unabalanced parenthesis": // sic
		e.Msg = "unbalanced parentheses in the #if expression: a ')' is missing"
		e.Code = diag.CodeSyntax
		return
	case "nested ranged desinations": // sic
		e.Msg = "nested range designators ([a ... b] within [c ... d]) are not supported"
		e.Code = diag.CodeUnsupported
		return
	}
	if m := ccConflictingTypes().FindStringSubmatch(e.Msg); m != nil {
		line, _ := strconv.Atoi(m[3])
		col, _ := strconv.Atoi(m[4])
		prev := diag.Pos{File: m[2], Line: line, Col: col}
		here, before := m[6], m[5]
		if e.Pos.File == src.Name && prev.File == src.Name {
			if t := declaredType(src.Text, e.Pos.Line, e.Pos.Col); t != "" {
				here = t
			}
			if t := declaredType(src.Text, prev.Line, prev.Col); t != "" {
				before = t
			}
		}
		if here == before {
			e.Msg = fmt.Sprintf("conflicting types for '%s' (previous declaration at %s)", m[1], prev)
			return
		}
		e.Msg = fmt.Sprintf("conflicting types for '%s': %s here, but %s in the previous declaration at %s", m[1], here, before, prev)
	}
}

// declaredType is the type a simple declaration spells before the name at
// line:col of src ("int" in "typedef int T;", "struct s *" in "static
// struct s *p;"), without storage classes; "" when the line does not read
// that way.
func declaredType(src []byte, line, col int) string {
	lines := strings.Split(string(src), "\n")
	if line < 1 || line > len(lines) || col < 1 || col > len(lines[line-1])+1 {
		return ""
	}
	text := lines[line-1][:col-1]
	if i := strings.LastIndexAny(text, ";{}(,"); i >= 0 {
		text = text[i+1:]
	}
	var words []string
	for _, w := range strings.Fields(text) {
		switch w {
		case "typedef", "extern", "static", "register", "inline", "_Thread_local":
			continue
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// mendUnpositioned gives cc's errors without a position that it reports
// for constructs it does not implement a position and a message (nil when
// msg is no such error).
func mendUnpositioned(src Source, msg string) *diag.Error {
	if strings.Contains(msg, "TODO: *cc.ArrayType") && strings.Contains(msg, "checkDesignatorList") {
		pos := diag.Pos{File: src.Name, Line: 1, Col: 1}
		text := string(src.Text)
		if i := strings.Index(text, "..."); i >= 0 {
			if j := strings.LastIndex(text[:i], "["); j >= 0 {
				i = j
			}
			pos.Line = strings.Count(text[:i], "\n") + 1
			pos.Col = i - strings.LastIndex(text[:i], "\n")
		}
		return &diag.Error{Pos: pos, Msg: "a range designator ([a ... b]) is only supported for an array of scalars", Code: diag.CodeUnsupported}
	}
	return nil
}

package diag

import (
	"fmt"
	"slices"
	"testing"
)

func TestErrorText(t *testing.T) {
	for _, tc := range []struct {
		err  *Error
		want string
	}{
		{Errorf(Pos{File: "a.c", Line: 3, Col: 7}, "bad %s", "x"), "a.c:3:7: bad x"},
		{Errorf(Pos{File: "a.c"}, "no line"), "a.c:1:1: no line"},
		{Errorf(Pos{}, "nowhere"), "nowhere"},
		{Errorf(Pos{File: "a.c\nb.c:9:9: error", Line: 1, Col: 1}, "m"), `"a.c\nb.c:9:9: error":1:1: m`},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestPosString(t *testing.T) {
	for _, tc := range []struct {
		p    Pos
		want string
	}{
		{Pos{File: "a.c", Line: 2, Col: 5}, "a.c:2:5"},
		{Pos{File: "a.c", Line: 2}, "a.c:2"},
		{Pos{File: "a.c"}, "a.c"},
		{Pos{}, "-"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%#v: got %q, want %q", tc.p, got, tc.want)
		}
	}
}

// An ErrorList prints sorted by position, and Codes follows that order.
func TestListAndCodes(t *testing.T) {
	l := ErrorList{
		ErrorfCode(Pos{File: "b.c", Line: 1, Col: 1}, CodeSyntax, "second file"),
		ErrorfCode(Pos{File: "a.c", Line: 9, Col: 1}, CodeUndeclared, "later line"),
		ErrorfCode(Pos{File: "a.c", Line: 2, Col: 4}, CodeUnsupported, "first"),
	}
	wrapped := fmt.Errorf("translating: %w", l)
	if got, want := l.Error(), "a.c:2:4: first\na.c:9:1: later line\nb.c:1:1: second file"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := Codes(wrapped), []ErrorCode{CodeUnsupported, CodeUndeclared, CodeSyntax}; !slices.Equal(got, want) {
		t.Errorf("codes %v, want %v", got, want)
	}
	if got := Codes(Errorf(Pos{}, "x")); !slices.Equal(got, []ErrorCode{CodeUnclassified}) {
		t.Errorf("codes of an uncoded error: %v", got)
	}
	if Codes(fmt.Errorf("plain")) != nil || IsInputError(fmt.Errorf("plain")) {
		t.Error("a plain error is not an input error")
	}
	if !IsInputError(wrapped) || ErrorList(nil).Err() != nil {
		t.Error("IsInputError or Err")
	}
}

// Every code has a name.
func TestCodeNames(t *testing.T) {
	seen := map[string]bool{}
	for c := CodeUnclassified; int(c) < len(codeNames); c++ {
		s := c.String()
		if s == "" || seen[s] {
			t.Errorf("code %d: name %q empty or repeated", c, s)
		}
		seen[s] = true
	}
	if int(CodeVacuous) != len(codeNames)-1 { // the last code
		t.Errorf("%d names for %d codes", len(codeNames), CodeVacuous+1)
	}
	if ErrorCode(len(codeNames)).String() != "ErrorCode(?)" {
		t.Error("an unknown code needs a placeholder name")
	}
}

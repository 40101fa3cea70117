package litmus

import (
	"strings"
	"testing"
)

func TestExpectations(t *testing.T) {
	src := "# herd results\nlitmus/X86/SB.litmus,1\n\nX86/MP.litmus, 0\nsuite/X86/MP.litmus,1\n"
	e, err := ParseExpectations("e.csv", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if e.Len() != 3 {
		t.Errorf("%d entries, want 3", e.Len())
	}
	for _, c := range []struct {
		file      string
		holds, ok bool
	}{
		{"../shared/suites/dat3m-x86/litmus/X86/SB.litmus", true, true},
		{"litmus/X86/SB.litmus", true, true},
		{"./litmus/X86/SB.litmus", true, true},
		{"other/xlitmus/X86/SB.litmus", false, false}, // not on a path boundary
		{"a/X86/MP.litmus", false, true},
		{"a/suite/X86/MP.litmus", true, true}, // the longest suffix wins
		{"X86/LB.litmus", false, false},
	} {
		holds, ok := e.Lookup(c.file)
		if holds != c.holds || ok != c.ok {
			t.Errorf("%s: (%v, %v), want (%v, %v)", c.file, holds, ok, c.holds, c.ok)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"SB.litmus", `e.csv:1:1: expected "path,0" or "path,1"`},
		{"ok.litmus,1\nSB.litmus,yes", `e.csv:2:11: expected 0 or 1 after the comma, found "yes"`},
	} {
		_, err := ParseExpectations("e.csv", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %s", c.src, err, c.want)
		}
	}
}

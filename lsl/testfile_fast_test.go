package lsl

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// sameTSTAsParticiple requires that the fast .tst parser, where it accepts
// src, builds the tree participle builds (positions included), and reports
// whether it accepted.
func sameTSTAsParticiple(t *testing.T, src string) bool {
	t.Helper()
	tokens, err := scanTST("x.tst", src)
	if err != nil {
		return false
	}
	fast, ok := parseTSTFast(tokens)
	slow, err := parseTSTParticiple("x.tst", tokens)
	if !ok {
		return false
	}
	if err != nil {
		t.Fatalf("the fast parser accepts what participle rejects (%v):\n%s", err, src)
	}
	if len(fast.Tests) == 0 && len(slow.Tests) == 0 {
		return true // nil and empty
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("the fast parser's tree differs from participle's:\nfast %#v\nslow %#v\n%s", fast, slow, src)
	}
	return true
}

func TestParseTSTFastMatchesParticiple(t *testing.T) {
	cases := []struct {
		src    string
		accept bool
	}{
		{"", true},
		{"test T = ( a | b )", true},
		{"test T0 = i ( e | d )\ntest T1 = i ( e e | d d ) f g", true},
		{"test T = i ( a | | b )", true}, // an empty thread is the checker's error, not a syntax error
		{"test T = ( )", true},
		{"test T = ( a ) test", true},   // "test" as a final operation
		{"test T = ( a ) test U", true}, // two of them
		{"test T = test ( test ) test test", true},
		{"test T = ( a ) f test U = ( b )", true}, // the final names stop at the next test
		{"test T = ( a.b | x+y )", true},
		{"test T ( a )", false},
		{"test = ( a )", false},
		{"T = ( a )", false},
		{"test T = ( a", false},
		{"test T = ( a ) )", false},
		{"test T = ( a ) = ", false},
		{"test T = ( ( a ) )", false},
		{"test T = a | b", false},
	}
	for _, c := range cases {
		if got := sameTSTAsParticiple(t, c.src); got != c.accept {
			t.Errorf("%q: fast parser accepts %v, want %v", c.src, got, c.accept)
		}
	}
	// every .tst file of the repository
	files, _ := filepath.Glob("../tests/*/*/*.tst")
	more, _ := filepath.Glob("../tests/*/*.tst")
	files = append(files, more...)
	if len(files) < 5 {
		t.Fatalf("found only %d .tst files", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTSTAsParticiple(t, string(src)) {
			if _, err := ParseTests(f, src); err == nil {
				t.Errorf("%s: the fast parser refuses a file that parses", f)
			}
		}
	}
}

package lsl

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// describe prints a test file compactly: name = init ( t1 | t2 ) final.
func describe(tf *TestFile) string {
	names := func(ops []OpRef) string {
		var s []string
		for _, o := range ops {
			s = append(s, o.Name)
		}
		return strings.Join(s, " ")
	}
	var out []string
	for _, t := range tf.Tests {
		var threads []string
		for _, th := range t.Threads {
			threads = append(threads, names(th))
		}
		out = append(out, fmt.Sprintf("%s = %s ( %s ) %s", t.Name, names(t.Init), strings.Join(threads, " | "), names(t.Final)))
	}
	return strings.Join(out, "\n")
}

func TestParseTests(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"spec example", "// queue tests\ntest T0   = i ( e | d )\ntest Ti2  = i e ( e d | d e )\ntest Tpc3 = i ( e e e | d d d )",
			"T0 = i ( e | d ) \nTi2 = i e ( e d | d e ) \nTpc3 = i ( e e e | d d d ) "},
		{"final operations and litmus names", "test 2+2W = ( a | b ) f g test SB.1=(a|b)",
			"2+2W =  ( a | b ) f g\nSB.1 =  ( a | b ) "},
		{"spanning lines, comments", "test\n  T /* x */ = i\n  ( a // one\n  | b )\n", "T = i ( a | b ) "},
		{"an operation called test", "test T = test ( test ) test test U = ( a )", "T = test ( test ) test\nU =  ( a ) "},
		{"one thread", "test T = (a)", "T =  ( a ) "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tf, err := ParseTests("t.tst", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(tf); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestParseTestsPositions(t *testing.T) {
	tf, err := ParseTests("t.tst", []byte("test A = i ( e | d )\n  test B = ( x ) y"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := tf.Tests[0], tf.Tests[1]
	for _, c := range []struct {
		what string
		got  diag.Pos
		want string
	}{
		{"test A", a.Pos, "t.tst:1:6"},
		{"init op", a.Init[0].Pos, "t.tst:1:10"},
		{"thread 2 op", a.Threads[1][0].Pos, "t.tst:1:18"},
		{"test B", b.Pos, "t.tst:2:8"},
		{"final op", b.Final[0].Pos, "t.tst:2:18"},
	} {
		if c.got.String() != c.want {
			t.Errorf("%s at %s, want %s", c.what, c.got, c.want)
		}
	}
}

// TestParseTestsRejects: each malformed test file gets errors with the
// right positions and codes (codedErrors).
func TestParseTestsRejects(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // "file:line:col code" per error
	}{
		{"no threads", "test T = i", "t.tst:1:11 syntax"},
		{"empty parentheses", "test T = ()", "t.tst:1:11 invalid-construct"},
		{"empty file", "", "t.tst:1:1 invalid-construct"},
		{"only comments", "// none\n/* nothing */\n", "t.tst:1:1 invalid-construct"},
		{"empty thread", "test T = ( a | | b )", "t.tst:1:16 invalid-construct"},
		{"empty last thread", "test T = ( a | )", "t.tst:1:16 invalid-construct"},
		{"missing =", "test T ( a )", "t.tst:1:8 syntax"},
		{"missing test keyword", "T = ( a )", "t.tst:1:1 syntax"},
		{"unclosed", "test T = ( a | b", "t.tst:1:17 syntax"},
		{"bad character", "test T = ( a - b )", "t.tst:1:14 syntax"},
		{"unterminated comment", "test T = ( a ) /*", "t.tst:1:16 syntax"},
		{"operation is not an identifier", "test T = ( a 2b x+y )", "t.tst:1:14 invalid-name\nt.tst:1:17 invalid-name"},
		{"duplicate test", "test T = ( a )\ntest T = ( b )", "t.tst:2:6 duplicate-decl"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseTests("t.tst", []byte(tt.src))
			if got := codedErrors(err); got != tt.want {
				t.Errorf("got  %s\nwant %s\n(%v)", got, tt.want, err)
			}
			if err != nil && !diag.IsInputError(err) {
				t.Errorf("%v is not an input error", err)
			}
		})
	}
}

func TestTestFileCheck(t *testing.T) {
	p := mustParse(t, "proc i() {} proc e() {} proc d() {} proc arg(%a) {} proc res() -> (%r) {}")
	tf, err := ParseTests("t.tst", []byte("test A = i ( e | d ) d\ntest B = x ( arg | res ) e"))
	if err != nil {
		t.Fatal(err)
	}
	want := "t.tst:2:10: unknown operation x\n" +
		"t.tst:2:14: operation arg has parameters (an operation must be a procedure without parameters and results)\n" +
		"t.tst:2:20: operation res has results (an operation must be a procedure without parameters and results)"
	if err := tf.Check(p); err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestTestdataTestFiles(t *testing.T) {
	for _, base := range []string{"queue", "litmus"} {
		src, err := os.ReadFile("testdata/" + base + ".tst")
		if err != nil {
			t.Fatal(err)
		}
		tf, err := ParseTests(base+".tst", src)
		if err != nil {
			t.Fatal(err)
		}
		if err := tf.Check(parseFile(t, "testdata/"+base+".lsl")); err != nil {
			t.Errorf("%s: %v", base, err)
		}
	}
}

func TestSelect(t *testing.T) {
	tf, err := ParseTests("q.tst", []byte("test A = (a) test B = (b) test C = (c)"))
	if err != nil {
		t.Fatal(err)
	}
	names := func(ts []*Test) string {
		var s []string
		for _, t := range ts {
			s = append(s, t.Name)
		}
		return strings.Join(s, ",")
	}
	for _, c := range []struct {
		sel  []string
		want string
	}{
		{nil, "A,B,C"},
		{[]string{"C", "A", "C"}, "C,A"},
	} {
		got, err := tf.Select(c.sel)
		if err != nil || names(got) != c.want {
			t.Errorf("Select(%v) = %s, %v; want %s", c.sel, names(got), err, c.want)
		}
	}
	_, err = tf.Select([]string{"A", "X", "Y"})
	if want := "unknown test X, Y (tests in q.tst: A, B, C)"; err == nil || err.Error() != want || !slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeUndeclared}) {
		t.Errorf("got %v, want input error %s", err, want)
	}
}

package refcheck

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

func TestParseCase(t *testing.T) {
	tests := []struct {
		name, src string
		err       diag.ErrorCode // with the error's line
		line      int
		tests     int
		models    []string
		known     string
	}{
		{"two tests", "//# test A = ( p )\n//# test B = ( p | p )\nproc p() { }\n", 0, 0, 2, nil, ""},
		{"directives", "//# test A = ( p )\n//# models sc rmo\n//# known engine bug\nproc p() { }\n", 0, 0, 1, []string{"sc", "rmo"}, "engine bug"},
		{"no test", "proc p() { }\n", diag.CodeSyntax, 1, 0, nil, ""},
		{"unknown directive", "proc p() { }\n//# tset A = ( p )\n", diag.CodeSyntax, 2, 0, nil, ""},
		{"unknown op", "//# test A = ( q )\nproc p() { }\n", diag.CodeUndeclared, 1, 0, nil, ""},
		{"bad program", "//# test A = ( p )\nproc p() { store }\n", diag.CodeSyntax, 2, 0, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCase("c.lsl", []byte(tc.src))
			if tc.err != 0 {
				if codes := diag.Codes(err); len(codes) != 1 || codes[0] != tc.err || errorLine(err) != tc.line {
					t.Fatalf("error %v (codes %v), want %s at line %d", err, diag.Codes(err), tc.err, tc.line)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Tests) != tc.tests || strings.Join(c.Models, ",") != strings.Join(tc.models, ",") || c.Known != tc.known {
				t.Errorf("got %d tests, models %v, known %q", len(c.Tests), c.Models, c.Known)
			}
		})
	}
}

// errorLine is the line of the first input error in err (0: none).
func errorLine(err error) int {
	var l diag.ErrorList
	if errors.As(err, &l) && len(l) > 0 {
		return l[0].Pos.Line
	}
	var e *diag.Error
	if errors.As(err, &e) {
		return e.Pos.Line
	}
	return 0
}

// FuzzParseCase: any input yields a case or an error, never a panic.
func FuzzParseCase(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.lsl")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte(Generate(1, SmallGen)))
	f.Add([]byte("//# test\n"))
	f.Add([]byte("//# models\n//# test T = ( a )\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		c, err := ParseCase("fuzz.lsl", src)
		if err == nil && (c.Prog == nil || len(c.Tests) == 0) {
			t.Fatalf("no error but an incomplete case")
		}
	})
}

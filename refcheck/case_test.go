package refcheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseCase(t *testing.T) {
	tests := []struct {
		name, src, err string
		tests          int
		models         []string
		known          string
	}{
		{"two tests", "//# test A = ( p )\n//# test B = ( p | p )\nproc p() { }\n", "", 2, nil, ""},
		{"directives", "//# test A = ( p )\n//# models sc rmo\n//# known engine bug\nproc p() { }\n", "", 1, []string{"sc", "rmo"}, "engine bug"},
		{"no test", "proc p() { }\n", "no //# test directive", 0, nil, ""},
		{"unknown directive", "//# tset A = ( p )\nproc p() { }\n", "unknown directive //# tset", 0, nil, ""},
		{"unknown op", "//# test A = ( q )\nproc p() { }\n", "unknown operation q", 0, nil, ""},
		{"bad program", "//# test A = ( p )\nproc p() { store }\n", "c.lsl:2:", 0, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCase("c.lsl", []byte(tc.src))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
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

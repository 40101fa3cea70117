package litmus

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/mining"
)

// TestMixedLayout pins which tests use the byte layout and the cells it
// cuts each location into.
func TestMixedLayout(t *testing.T) {
	arm := func(init, table string) string {
		return "AArch64 t\n{ " + init + " }\n P0 | P1 ;\n" + table + "exists (x=1)\n"
	}
	cases := []struct{ name, src, want string }{
		{"whole accesses", arm("0:X1=x; 1:X1=x;", " STR W0,[X1] | LDR W2,[X1] ;\n"), ""},
		{"64 bits whole", arm("uint64_t x; 0:X1=x;", " STR X0,[X1] | ;\n"), ""},
		{"untyped 64 bits", arm("0:X1=x;", " STR X0,[X1] | ;\n"), ""},
		{"one location per size", arm("0:X1=x; 0:X2=y;", " STR X0,[X1] | ;\n STR W0,[X2] | ;\n"), ""},
		{"halves", arm("uint64_t x; 0:X1=x; 1:X1=x;", " STR X0,[X1] | LDR W2,[X1,#4] ;\n"), "x:[0,4)[4,8)"},
		{"low half, 64-bit condition", arm("uint64_t x; 0:X1=x;", " STR W0,[X1] | ;\n"), "x:[0,4)[4,8)"},
		{"byte into word", arm("0:X1=x; 1:X1=x;", " STRB W0,[X1,#1] | LDR W2,[X1] ;\n"), "x:[0,1)[1,2)[2,4)"},
		{"pair", arm("uint64_t x; 0:X1=x;", " STP W2,W3,[X1] | ;\n"), "x:[0,4)[4,8)"},
		{"register offset", arm("uint64_t x; 0:X1=x; 0:X2=4;", " STR W0,[X1,X2] | ;\n"), "x:[0,4)[4,8)"},
		{"folded dependency", arm("uint64_t x; 0:X1=x;", " LDR X3,[X1] | ;\n EOR W4,W3,W3 | ;\n ADD W4,W4,#4 | ;\n STR W0,[X1,W4,SXTW] | ;\n"), "x:[0,4)[4,8)"},
		{"offset at run time", arm("uint32_t x; 0:X1=x;", " LDR W3,[X1] | ;\n AND W4,W3,#2 | ;\n LDRH W0,[X1,W4,SXTW] | ;\n"), "x:[0,1)[1,2)[2,3)[3,4)"},
		{"array", arm("uint8_t x[8]; 0:X1=x;", " STRB W0,[X1,#5] | ;\n"), "x:[0,1)[1,5)[5,6)"},
		{"through a pointer", arm("y=x; 0:X1=y; 1:X1=x;", " LDR X2,[X1] | STRH W0,[X1,#2] ;\n LDR W3,[X2] | ;\n"), "x:[0,2)[2,4) y:[0,8)"},
	}
	for _, c := range cases {
		_, p, err := parseWith("t.litmus", []byte(c.src), nil, false)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := ""
		if p.mixed.trigger != "" {
			got = p.mixed.describe()
		}
		if got != c.want {
			t.Errorf("%s: cells %q, want %q (trigger %q)", c.name, got, c.want, p.mixed.trigger)
		}
		if _, err := Parse("t.litmus", []byte(c.src)); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestMixedCellsMatchBytes compares the cells of the byte layout with
// herd's events, one per byte: every location cut into bytes must reach
// the same final states, on the built-in arm8 and on the suite's
// aarch64.cat. Tests: ours, and a sample of the suite's mixed-size tests
// (all of them with -suite).
func TestMixedCellsMatchBytes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "aarch64", "*.litmus"))
	suite, _ := Files([]string{filepath.Join(sharedSuites, "dat3m-aarch64", "litmus", "AARCH64", "mixed")})
	every := 150
	if *fullSuite {
		every = 1
	}
	for i := 0; i < len(suite); i += every {
		files = append(files, suite[i])
	}
	models := []*cat.Model{builtinCat(t, "arm8")}
	if m, err := cat.LoadFile(filepath.Join(sharedSuites, "cat", "aarch64.cat")); err == nil {
		models = append(models, m)
	}
	compared := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := Parse(file, src)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		bytes, err := parse(file, src, true)
		if _, ok := IsUnsupported(err); ok {
			continue // a pointer in a location cut into bytes
		}
		if err != nil {
			t.Fatalf("%s in bytes: %v", file, err)
		}
		for _, m := range models {
			a, b := finalStates(t, cells, m), finalStates(t, bytes, m)
			if a != b {
				t.Errorf("%s on %s: cells reach\n%s\nbytes reach\n%s", file, m.Name, a, b)
			}
		}
		compared++
	}
	t.Logf("%d tests compared", compared)
}

func finalStates(t *testing.T, tt *Test, m *cat.Model) string {
	t.Helper()
	r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Cat: m}})
	if err != nil {
		t.Fatalf("%s: %v", tt.File, err)
	}
	var out []string
	for _, s := range r.States {
		out = append(out, tt.FormatState(s))
	}
	return fmt.Sprint(keys(toSet(out)))
}

func toSet(xs []string) map[string]bool {
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

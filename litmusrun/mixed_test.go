package litmusrun

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// TestMixedCellsMatchBytes compares the cells of the byte layout with
// herd's events, one per byte: every location cut into bytes must reach
// the same final states, on the built-in arm8 and on the suite's
// aarch64.cat. Tests: ours, and a sample of the suite's mixed-size tests
// (all of them with -suite).
func TestMixedCellsMatchBytes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(litmusData, "aarch64", "*.litmus"))
	suite, _ := litmus.Files([]string{filepath.Join(sharedSuites, "dat3m-aarch64", "litmus", "AARCH64", "mixed")})
	every := 150
	if *fullSuite {
		every = 1
	}
	for i := 0; i < len(suite); i += every {
		files = append(files, suite[i])
	}
	models := []*memmodel.Model{builtinCat(t, "arm8")}
	if m, err := cat.LoadFile(filepath.Join(sharedSuites, "cat", "aarch64.cat")); err == nil {
		models = append(models, memmodel.FromCat(m))
	}
	compared, skipped := 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := litmus.Parse(file, src)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		bytes, err := litmus.ParseAllBytes(file, src)
		if _, ok := litmus.IsUnsupported(err); ok {
			continue // a pointer in a location cut into bytes
		}
		if err != nil {
			t.Fatalf("%s in bytes: %v", file, err)
		}
		for _, m := range models {
			a, err := finalStates(cells, m)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			b, err := finalStates(bytes, m)
			if err != nil {
				// in bytes an address built from a loaded value can have
				// too many values for the range analysis
				t.Logf("%s in bytes: %v", file, err)
				skipped++
				break
			}
			if a != b {
				t.Errorf("%s on %s: cells reach\n%s\nbytes reach\n%s", file, m.Name(), a, b)
			}
		}
		compared++
	}
	t.Logf("%d tests compared (%d too large in bytes)", compared, skipped)
}

func finalStates(tt *litmus.Test, m *memmodel.Model) (string, error) {
	r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: m}})
	if err != nil {
		return "", err
	}
	var out []string
	for _, s := range r.States {
		out = append(out, tt.FormatState(s))
	}
	return fmt.Sprint(keys(toSet(out))), nil
}

func toSet(xs []string) map[string]bool {
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// TestArmValues: AArch64 values are 64-bit patterns, locations hold the
// pattern of their size, and a condition's numbers are read as its
// terms' patterns. Each test's condition must hold on arm8.
func TestArmValues(t *testing.T) {
	cases := []struct{ name, src string }{
		{"negative init of an int", "{ x=-1; 0:X1=x; }\n P0 ;\n LDR W0,[X1] ;\nforall (x=-1 /\\ x=0xffffffff /\\ 0:X0=0xffffffff)"},
		{"64-bit location", "{ uint64_t x=-1; 0:X1=x; }\n P0 ;\n LDR X0,[X1] ;\nforall (x=-1 /\\ 0:X0=-1 /\\ 0:X0=0xffffffffffffffff)"},
		{"W store of a 64-bit register", "{ 0:X0=0x1234567887654321; 0:X1=x; }\n P0 ;\n STR W0,[X1] ;\nforall (x=0x87654321)"},
		{"typed register", "{ uint32_t 0:X0; 0:X1=x; }\n P0 ;\n MOV W0,#-2 ;\nforall (0:X0=-2 /\\ 0:X0=0xfffffffe)"},
		{"halfword read of a word", "{ uint32_t x=0x11223344; 0:X1=x; }\n P0 ;\n LDRH W0,[X1,#2] ;\n LDRSH X2,[X1] ;\nforall (0:X0=0x1122 /\\ 0:X2=0x3344)"},
		{"CAS on a halfword", "{ uint32_t x=0x11223344; 0:X1=x; 0:X2=0x3344; 0:X3=0xAABB; }\n P0 ;\n CASH W2,W3,[X1] ;\nforall (0:X2=0x3344 /\\ x=0x1122AABB)"},
		{"SWP of a byte", "{ uint32_t x=0x11223344; 0:X1=x; 0:X2=0xFF; }\n P0 ;\n SWPB W2,W3,[X1,#3] ;\nforall (0:X3=0x11 /\\ x=0xFF223344)"},
		{"pair", "{ uint64_t x; 0:X1=x; 0:X2=1; 0:X3=2; }\n P0 ;\n STP W2,W3,[X1] ;\n LDR X4,[X1] ;\nforall (0:X4=0x200000001)"},
	}
	for _, c := range cases {
		src := "AArch64 t\n" + c.src + "\n"
		tt, err := litmus.Parse("t.litmus", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: builtinCat(t, "arm8")}})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !r.Holds {
			t.Errorf("%s: the condition does not hold; states:\n%s", c.name, statesText(tt, r))
		}
	}
}

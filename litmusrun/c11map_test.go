package litmusrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// rc11NoThinAir is RC11 without its no-thin-air axiom (acyclic po | rf):
// the model the standard mappings are correct for. ARMv8, RISC-V and
// Power allow load buffering of plain loads and stores, which that axiom
// forbids (Lahav et al. PLDI 2017, §6: it needs a fake dependency after
// relaxed loads that compilers do not emit).
func rc11NoThinAir(t *testing.T) *memmodel.Model {
	t.Helper()
	src, ok := cat.BuiltinSource("rc11")
	if !ok {
		t.Fatal("no built-in rc11")
	}
	const nta = "acyclic po | rf as no-thin-air"
	if !strings.Contains(string(src), nta) {
		t.Fatalf("rc11.cat no longer says %q", nta)
	}
	m, err := cat.Parse("rc11-no-thin-air.cat", []byte(strings.Replace(string(src), nta, "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	return memmodel.FromCat(m)
}

// TestC11MappingsSound compiles the C11 suite's tests (a sample without
// -suite) and ours to each hardware model (cat.C11Mapping): every state
// a hardware model reaches must be one RC11 (without no-thin-air)
// allows, or a mapping is too weak and its FAILs are not real.
func TestC11MappingsSound(t *testing.T) {
	files, suite := c11MappingFiles()
	if suite == 0 {
		t.Skip("suite not available")
	}
	weak := statesOf(t, files, mining.Options{Model: rc11NoThinAir(t)})
	for _, hw := range []string{"arm8", "riscv", "power", "tso-cat", "sc-cat"} {
		strong := statesOf(t, files, mining.Options{Model: builtinCat(t, hw)})
		compared := 0
		for i := range files {
			if weak[i] == nil || strong[i] == nil {
				continue
			}
			compared++
			for s := range strong[i] {
				if !weak[i][s] {
					t.Errorf("%s: %s reachable on %s but not on RC11", files[i], s, hw)
				}
			}
		}
		t.Logf("%s ⊆ RC11 (without no-thin-air) on %d tests", hw, compared)
	}
}

// TestC11MappingsNotTooStrong: behaviours each hardware model is known to
// show must survive the mapping (a mapping that is too strong hides
// bugs): the outcome of each test, reachable or not, per model.
func TestC11MappingsNotTooStrong(t *testing.T) {
	for _, c := range []struct {
		name, src string
		reach     map[string]bool // model → the final condition is reachable
	}{
		{"MP+rlx", mpSrc("memory_order_relaxed", "memory_order_relaxed"),
			map[string]bool{"arm8": true, "riscv": true, "power": true, "tso-cat": false, "sc-cat": false}},
		{"MP+rel+acq", mpSrc("memory_order_release", "memory_order_acquire"),
			map[string]bool{"arm8": false, "riscv": false, "power": false, "tso-cat": false, "sc-cat": false}},
		// STLR then LDAR stay in order on ARMv8 (LDAPR would not)
		{"SB+rel+acq", sbSrc("memory_order_release", "memory_order_acquire"),
			map[string]bool{"arm8": false, "riscv": true, "power": true, "tso-cat": true, "sc-cat": false}},
		{"SB+sc", sbSrc("memory_order_seq_cst", "memory_order_seq_cst"),
			map[string]bool{"arm8": false, "riscv": false, "power": false, "tso-cat": false, "sc-cat": false}},
		{"IRIW+acq", iriwSrc("memory_order_acquire"),
			map[string]bool{"arm8": false, "riscv": false, "power": true, "tso-cat": false, "sc-cat": false}},
		{"SB+rlx", sbSrc("memory_order_relaxed", "memory_order_relaxed"),
			map[string]bool{"arm8": true, "riscv": true, "power": true, "tso-cat": true, "sc-cat": false}},
		{"IRIW+sc", iriwSrc("memory_order_seq_cst"),
			map[string]bool{"arm8": false, "riscv": false, "power": false, "tso-cat": false, "sc-cat": false}},
	} {
		path := filepath.Join(t.TempDir(), c.name+".litmus")
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		for model, want := range c.reach {
			RunFiles(t.Context(), []string{path}, SuiteOptions{Options: Options{Mining: mining.Options{Model: builtinCat(t, model)}}}, func(o Outcome) {
				if o.Err != nil {
					t.Fatalf("%s on %s: %v", c.name, model, o.Err)
				}
				if got := o.Result.Holds; got != want {
					t.Errorf("%s on %s: condition reachable %v, want %v", c.name, model, got, want)
				}
			})
		}
	}
}

func mpSrc(st, ld string) string {
	return `C MP
{ [x] = 0; [y] = 0; }
P0 (atomic_int* x, atomic_int* y) {
  atomic_store_explicit(x, 1, memory_order_relaxed);
  atomic_store_explicit(y, 1, ` + st + `);
}
P1 (atomic_int* x, atomic_int* y) {
  int r0 = atomic_load_explicit(y, ` + ld + `);
  int r1 = atomic_load_explicit(x, memory_order_relaxed);
}
exists (1:r0 = 1 /\ 1:r1 = 0)
`
}

func sbSrc(st, ld string) string {
	return `C SB
{ [x] = 0; [y] = 0; }
P0 (atomic_int* x, atomic_int* y) {
  atomic_store_explicit(x, 1, ` + st + `);
  int r0 = atomic_load_explicit(y, ` + ld + `);
}
P1 (atomic_int* x, atomic_int* y) {
  atomic_store_explicit(y, 1, ` + st + `);
  int r0 = atomic_load_explicit(x, ` + ld + `);
}
exists (0:r0 = 0 /\ 1:r0 = 0)
`
}

func iriwSrc(ld string) string {
	return `C IRIW
{ [x] = 0; [y] = 0; }
P0 (atomic_int* x) { atomic_store_explicit(x, 1, memory_order_seq_cst); }
P1 (atomic_int* y) { atomic_store_explicit(y, 1, memory_order_seq_cst); }
P2 (atomic_int* x, atomic_int* y) {
  int r0 = atomic_load_explicit(x, ` + ld + `);
  int r1 = atomic_load_explicit(y, ` + ld + `);
}
P3 (atomic_int* x, atomic_int* y) {
  int r0 = atomic_load_explicit(y, ` + ld + `);
  int r1 = atomic_load_explicit(x, ` + ld + `);
}
exists (2:r0 = 1 /\ 2:r1 = 0 /\ 3:r0 = 1 /\ 3:r1 = 0)
`
}

// TestC11FenceEventsShortcut compares the cat encoding that leaves out the
// fences only the .mm models see (and keeps one barrier per group of one
// role) with the plain one where every fence is an event
// (mining.Options.CatAllFences): the same final states on every model, on
// the C11 suite's tests (a sample without -suite) and ours.
func TestC11FenceEventsShortcut(t *testing.T) {
	files, _ := c11MappingFiles()
	for _, name := range []string{"arm8", "riscv", "power", "tso-cat", "rc11"} {
		m := builtinCat(t, name)
		short := statesOf(t, files, mining.Options{Model: m})
		plain := statesOf(t, files, mining.Options{Options: encode.Options{CatAllFences: true}, Model: m})
		for i := range files {
			if fmt.Sprint(keys(short[i])) != fmt.Sprint(keys(plain[i])) {
				t.Errorf("%s on %s: %v without the .mm-only fences, %v with them", files[i], name, keys(short[i]), keys(plain[i]))
			}
		}
		t.Logf("%s: same states on %d tests", name, len(files))
	}
}

// c11MappingFiles returns the C11 litmus tests the mapping tests run: the
// herd C11 suite (every third test without -suite; suite is how many) and
// ours in testdata (c11, c).
func c11MappingFiles() (files []string, suite int) {
	all, err := litmus.Files([]string{filepath.Join(sharedSuites, "dat3m-c11/litmus/C11")})
	if err != nil {
		all = nil
	}
	for i := 0; i < len(all); i++ {
		if *fullSuite || i%3 == 0 {
			files = append(files, all[i])
		}
	}
	suite = len(files)
	ours, _ := filepath.Glob(filepath.Join(litmusData, "c11", "*.litmus"))
	c, _ := filepath.Glob(filepath.Join(litmusData, "c", "*.litmus"))
	return append(append(files, ours...), c...), suite
}

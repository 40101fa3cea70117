package tests

import (
	"context"
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// poolSymmetryCases are tests over the lsl_malloc pool, and whether the
// encoding may order the untouched blocks the mallocs take
// (encode/poolsymmetry.go): not when block numbers can be seen.
var poolSymmetryCases = []struct {
	file, test string
	want       bool
}{
	{"pool", "Reuse2", true}, // a recycled block's stale contents are observed
	{"pool", "Reuse3", true},
	{"pool", "Keep", true},
	{"pool", "BaseMix", false}, // base observes a block's number
	{"pool", "Base", false},
	{"pool", "Forge2", false}, // forge makes a pointer from a number
	{"stack", "Push2", true},
	{"stack", "PushPop", true},
	{"stack", "Stack3", true}, // ABA: a freed node is read, a stale next installed
	{"stack", "Aba", true},
	{"stack", "Tagged", true}, // a number passed as a pointer, not a pool block's
}

// TestPoolSymmetry checks where the pool's blocks are found
// interchangeable, and compares the executions with the constraint and
// without, as TestSymmetryObservations does: the same errors, deadlocks
// and cut-offs, and the same observations up to permutations of identical
// threads (renaming blocks changes no observation); and the verdicts of
// mining.Check with and without.
func TestPoolSymmetry(t *testing.T) {
	for _, mname := range []string{"sc", "relaxed"} {
		m := model(t, mname)
		for _, c := range poolSymmetryCases {
			prog, test := symmetryTest(t, "lslpool/"+c.file+".tst", c.test, []string{"lslpool/" + c.file + ".lsl"})
			where := fmt.Sprintf("%s %s on %s", c.file, c.test, mname)
			u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2})
			if err != nil {
				t.Fatal(err)
			}
			e, err := encode.Build(u, m, encode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := e.PoolSymmetric(); got != c.want {
				t.Errorf("%s: pool blocks ordered %v, want %v", where, got, c.want)
			}
			off, err := encode.Build(u, m, encode.Options{NoSymmetry: true})
			if err != nil {
				t.Fatal(err)
			}
			if off.PoolSymmetric() {
				t.Errorf("%s: NoSymmetry still orders the pool blocks", where)
			}
			_, offSet := compareSymmetryBreaking(t, e, where)
			if c.file == "stack" && len(offSet) == 0 {
				t.Errorf("%s: no complete execution", where)
			}
			// the stack's push re-reads a stale top on relaxed and keeps
			// its storing rounds (docs/semantics.md, "Storing cycles"):
			// both run to the limit there, so the limit is low
			onR := check(t, prog, test, mining.Options{Model: m, MaxUnroll: 8})
			offC := check(t, prog, test, mining.Options{Options: encode.Options{NoSymmetry: true}, Model: m, MaxUnroll: 8})
			if onR.Verdict != offC.Verdict || onR.Reason != offC.Reason {
				t.Errorf("%s: %s %s with symmetry breaking, %s %s without", where, onR.Verdict, onR.Reason, offC.Verdict, offC.Reason)
			}
		}
	}
}

// TestPoolSymmetryExcludes: with two mallocs in different threads and both
// blocks untouched, the constraint leaves only executions in which the
// first malloc in memory order takes the pool's first block — so it is not
// the constant true, and it excludes something.
func TestPoolSymmetryExcludes(t *testing.T) {
	prog, test := symmetryTest(t, "lslpool/stack.tst", "Push2", []string{"lslpool/stack.lsl"})
	u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2})
	if err != nil {
		t.Fatal(err)
	}
	e, err := encode.Build(u, model(t, "sc"), encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sym := e.SymmetryBreaking(nil)
	s := e.NewSolver()
	if s.Solve(context.Background(), e.AllDone) != sat.Sat {
		t.Fatal("no complete execution")
	}
	if s.Solve(context.Background(), sym.Not(), e.AllDone) != sat.Sat {
		t.Error("the constraint excludes no complete execution")
	}
	if s.Solve(context.Background(), sym, e.AllDone) != sat.Sat {
		t.Error("the constraint excludes every complete execution")
	}
}

// TestCatPoolSymmetry: on a cat model the mallocs take untouched blocks
// in instruction order (encode/catsymmetry.go; with frees, the first
// taker of each block, the malloc whose flag store is first in
// coherence); the executions with the constraint and without compare as
// in TestPoolSymmetry, and so do the verdicts.
func TestCatPoolSymmetry(t *testing.T) {
	withFrees := 0
	for _, mname := range []string{"arm8", "riscv"} {
		m := catModel(t, mname)
		for _, c := range poolSymmetryCases {
			prog, test := symmetryTest(t, "lslpool/"+c.file+".tst", c.test, []string{"lslpool/" + c.file + ".lsl"})
			where := fmt.Sprintf("%s %s on %s", c.file, c.test, mname)
			u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2})
			if err != nil {
				t.Fatal(err)
			}
			e, err := encode.Build(u, m, encode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			frees := false
			for _, alloc := range u.Pool.FlagStores {
				frees = frees || !alloc
			}
			if got := e.PoolSymmetric(); got != c.want {
				t.Errorf("%s: pool blocks ordered %v, want %v", where, got, c.want)
			}
			if e.PoolSymmetric() && frees {
				withFrees++
			}
			compareSymmetryBreaking(t, e, where)
			onR := check(t, prog, test, mining.Options{Model: m})
			offC := check(t, prog, test, mining.Options{Options: encode.Options{NoSymmetry: true}, Model: m})
			if onR.Verdict != offC.Verdict || onR.Reason != offC.Reason {
				t.Errorf("%s: %s %s with symmetry breaking, %s %s without", where, onR.Verdict, onR.Reason, offC.Verdict, offC.Reason)
			}
		}
	}
	if withFrees == 0 {
		t.Error("no case with frees orders the pool blocks")
	}
}

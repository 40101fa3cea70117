package lsl_test

import (
	"path/filepath"
	"testing"

	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/refcheck"
)

// TestRangesWorklist: the worklist fixpoint of AnalyzeRanges gives exactly
// the ranges (every access's addresses and values, every register, with
// their derivation depths; width and pointer depth) of evaluating every
// statement in every pass, on random programs, the regression and corner
// cases of refcheck, and C11 pthread programs through clang, each unrolled
// with bounds 1 to 3.
func TestRangesWorklist(t *testing.T) {
	var cases []*refcheck.Case
	for seed := int64(1); seed <= 150; seed++ {
		for _, cfg := range []refcheck.GenConfig{refcheck.SmallGen, refcheck.LargeGen} {
			c, err := refcheck.ParseCase("random", []byte(refcheck.Generate(seed, cfg)))
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			cases = append(cases, c)
		}
	}
	files, _ := filepath.Glob("../refcheck/testdata/*/*.lsl")
	for _, f := range files {
		c, err := refcheck.ReadCase(f)
		if err != nil {
			continue // a case file the reference parses differently; not ours to judge
		}
		cases = append(cases, c)
	}
	for _, c := range cases {
		for _, test := range c.Tests {
			compareRanges(t, c.Name+" "+test.Name, c.Prog, test.ThreadSpecs())
		}
	}
	if _, err := llvmfront.FindClang(); err != nil {
		t.Logf("C programs skipped: %v", err)
		return
	}
	for _, f := range []string{"c11/msq_2_2.c", "c11/treiber_2_2.c", "msqueue_joins.c", "spsc1.c"} {
		lls, err := llvmfront.Compile([]string{filepath.Join("../tests/llvm/pthread", f)}, t.TempDir())
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		prog, err := llvmfront.Translate(lls)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		test, err := llvmfront.PthreadTest(prog)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		compareRanges(t, f, prog, test.ThreadSpecs())
	}
}

func compareRanges(t *testing.T, name string, prog *lsl.Program, specs []lsl.ThreadSpec) {
	t.Helper()
	for bound := 1; bound <= 3; bound++ {
		u, err := lsl.Unroll(prog, specs, lsl.UnrollOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		bounds := map[string]int{}
		for key := range u.Loops {
			bounds[key] = bound
		}
		if u, err = lsl.Unroll(prog, specs, lsl.UnrollOptions{Bounds: bounds}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := lsl.AnalyzeRanges(u, lsl.RangeOptions{})
		want := lsl.AnalyzeRangesSweep(u, lsl.RangeOptions{})
		if d := lsl.SameRanges(got, want); d != "" {
			t.Errorf("%s, bounds %d: the worklist's %s differ from the sweep's", name, bound, d)
		}
	}
}

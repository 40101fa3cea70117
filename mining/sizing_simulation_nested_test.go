package mining

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/refcheck"
)

// TestSimulationNestedLoops: the runs start the inner loop of an outer
// loop's later iterations at their first bound too (simSearch.unroll), so
// one round of runs finds every instance's need; with the unrolling
// capped below that size, the instances stay at 1 and the rounds raise
// them one after another to the same needs.
func TestSimulationNestedLoops(t *testing.T) {
	const src = `//# test T = ( t1a )
global X
proc t1a() {
    %i := 0
    l1: {
        %i := add(%i, 1)
        %j := 0
        l2: {
            %j := add(%j, 1)
            store @X, %j
            %d := lt(%j, 3)
            if %d { continue l2 }
        }
        %c := lt(%i, 3)
        if %c { continue l1 }
    }
}`
	c, err := refcheck.ParseCase("nested", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	whole := *c.Tests[0]
	whole.Program = true
	defer func(n int) { simNestedInstrs = n }(simNestedInstrs)
	for _, tc := range []struct {
		capped bool
		rounds int // of runs, at patience 0
	}{{false, 1}, {true, 5}} {
		if tc.capped {
			simNestedInstrs = 20
		}
		k := simChecker(Options{Model: memmodel.MustBuiltin("sc")}, &whole)
		ss := k.newSimSearch(c.Prog, ThreadSpecs(&whole), lsl.Bounds{})
		if ss == nil {
			t.Fatal("no simulation")
		}
		ss.search(0, simStepBudget)
		inner := 0
		for key, n := range ss.need {
			switch {
			case strings.HasSuffix(string(key), "/L1"):
				if n != 3 {
					t.Errorf("capped %v: %s needs %d, want 3", tc.capped, key, n)
				}
			case strings.HasSuffix(string(key), "/L2"):
				inner++
				if n != 3 {
					t.Errorf("capped %v: %s needs %d, want 3", tc.capped, key, n)
				}
			}
		}
		if inner != 3 {
			t.Errorf("capped %v: needs of %d inner instances, want 3: %v", tc.capped, inner, ss.need)
		}
		if got := ss.runs / simRunsPerRound; got != tc.rounds {
			t.Errorf("capped %v: %d rounds of runs, want %d", tc.capped, got, tc.rounds)
		}
	}
}

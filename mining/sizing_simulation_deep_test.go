package mining

import (
	"math/rand/v2"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestSimulationDeepSearchOnHarris: a test whose unrolling reaches 1,000
// instructions gets the whole program's longer search (searchSized).
// harris Saacr on sc needs loop bounds that only rare schedules reach (its
// check passes in one round at the bounds below, 1,602 instructions; with
// the short search it took 4 rounds, 17 s, each finding one more cut-off
// execution). The search is random: over eight seeds (the check uses the
// first) at least seven must reach every one of those bounds, and none may
// go above them (TestSimulatedBoundsAtMostNeededOnDataTypes). Before
// 2026-12-01 the check's seed reached them and three seeds in twenty did
// not; with the deep search stopping after eight idle rounds, as after
// four, seven of these eight did (the first missed); spending its budget,
// all eight do, at about 1.7 CPU s a search.
func TestSimulationDeepSearchOnHarris(t *testing.T) {
	if testing.Short() {
		t.Skip("eight searches of about a second")
	}
	want := map[lsl.LoopKey]int{
		"t1.0:a>do_add>add/L1":                       2,
		"t1.0:a>do_add>add>search/L1":                2,
		"t1.0:a>do_add>add>search/L1#1/L2":           2,
		"t1.0:a>do_add>add>search/L1#2/L2":           2,
		"t2.0:c>do_contains>contains>search/L1":      3,
		"t2.0:c>do_contains>contains>search/L1#1/L2": 3,
		"t2.0:c>do_contains>contains>search/L1#2/L2": 3,
		"t2.0:c>do_contains>contains>search/L1#3/L2": 2,
		"t3.0:r>do_remove>remove/L1":                 2,
		"t3.0:r>do_remove>remove>search/L1":          2,
		"t3.0:r>do_remove>remove>search/L1#1/L2":     3,
		"t3.0:r>do_remove>remove>search/L1#2/L2":     2,
	}
	prog, test := loadDataTypeTest(t, "harris", "Saacr")
	reached := 0
	for seed := uint64(1); seed <= 8; seed++ {
		k := simChecker(Options{Model: memmodel.MustBuiltin("sc")}, test)
		ss := k.newSimSearch(prog, ThreadSpecs(test), lsl.Bounds{})
		if ss == nil {
			t.Fatal("no simulation")
		}
		ss.rng = rand.New(rand.NewPCG(seed, 2))
		got := ss.searchSized(lsl.Bounds{})
		all := true
		for key, n := range want {
			if max(got[key], 1) < n {
				all = false
			}
		}
		for key, n := range got {
			if n > max(want[key], 1) {
				t.Errorf("seed %d: loop %s at %d, the check ends at %d", seed, key, n, max(want[key], 1))
			}
		}
		if all {
			reached++
		}
		t.Logf("seed %d: %d runs, every bound reached %v", seed, ss.runs, all)
	}
	if reached < 7 {
		t.Errorf("%d of 8 seeds reached the bounds, want at least 7", reached)
	}
}

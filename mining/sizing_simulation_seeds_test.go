package mining

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestSimulationSeeds measures how reliably the simulation's search
// (searchSized, as the sizing pass runs it) finds a whole program's
// bounds: it runs the search with CHECKFENCE_SIM_SEEDS seeds (the check
// always uses the first) on each of the c11bench programs that
// CHECKFENCE_SIM_PROGS names (comma-separated, default msq_2_2,msq_3_3),
// on sc, and logs how often each proposal came out, the run that last
// raised a need of a concurrent thread, and the runs made. The search is
// random (with a fixed seed), and the deep schedules of the queues are
// rare: a change to the simulation is judged by these rates, not by the
// one seed (docs/performance.md, "The MS queue 4+4 on sc: what the
// driver can and cannot do", (3)). It also logs the CPU time of a search
// (the process's, with the test's other work: run it alone). Skipped unless CHECKFENCE_SIM_SEEDS
// is set: a search takes a few seconds on a 3+3 program, about ten on
// the MS queue 4+4.
func TestSimulationSeeds(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CHECKFENCE_SIM_SEEDS"))
	if n <= 0 {
		t.Skip("set CHECKFENCE_SIM_SEEDS to the number of seeds")
	}
	progs := "msq_2_2,msq_3_3"
	if p := os.Getenv("CHECKFENCE_SIM_PROGS"); p != "" {
		progs = p
	}
	model, ok := memmodel.Builtin("sc")
	if !ok {
		t.Fatal("no model sc")
	}
	for _, f := range strings.Split(progs, ",") {
		prog, test := loadPthread(t, "c11bench/"+f+".c")
		proposals := map[string]int{}
		var lastNeed, runs []int
		cpu0 := processCPU()
		for seed := uint64(1); seed <= uint64(n); seed++ {
			k := simChecker(Options{Model: model}, test)
			ss := k.newSimSearch(prog, ThreadSpecs(test), lsl.Bounds{})
			if ss == nil {
				t.Fatalf("%s: no simulation", f)
			}
			ss.rng = rand.New(rand.NewPCG(seed, 2)) // seed 1 is the check's
			proposals[loopGroupBounds(ss.searchSized(lsl.Bounds{}), ss.concurrent)]++
			lastNeed, runs = append(lastNeed, ss.lastNeed), append(runs, ss.runs)
		}
		t.Logf("%s, %d seeds: last need at run %v; runs %v; %.2f CPU s a search", f, n, lastNeed, runs, (processCPU()-cpu0).Seconds()/float64(n))
		for _, p := range slices.Sorted(maps.Keys(proposals)) {
			t.Logf("  %2d× %s", proposals[p], p)
		}
	}
}

// loopGroupBounds summarizes bounds per loop of the concurrent threads'
// functions (the largest over the threads): "dequeue/L1=4 enqueue/L1=3".
func loopGroupBounds(b lsl.Bounds, concurrent map[string]bool) string {
	group := map[string]int{}
	for key, n := range b {
		if g, ok := loopGroup(key, concurrent); ok {
			g = g[strings.LastIndex(g, ">")+1:]
			group[g] = max(group[g], n)
		}
	}
	var out []string
	for g, n := range group {
		out = append(out, fmt.Sprintf("%s=%d", g, n))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

package mining

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestSimulationSchedulesInline: the threads that choose their own next
// step at a shared access (access, simSched) make the runs the scheduler's
// loop makes when it chooses every step (simHandBack): the same schedule,
// needs and failures, run after run (fresh and replayed schedules), from
// the same random numbers.
func TestSimulationSchedulesInline(t *testing.T) {
	defer func() { simHandBack = false }()
	for _, file := range []string{"c11/msq_2_2.c", "c11/treiber_2_2.c", "c11/msq_2_2_bug.c", "c11/treiber_2_2_bug.c"} {
		prog, test := loadPthread(t, file)
		model, _ := memmodel.Builtin("sc")
		k := simChecker(Options{Model: model}, test)
		specs := ThreadSpecs(test)
		ss := k.newSimSearch(prog, specs, lsl.Bounds{})
		if ss == nil {
			t.Fatalf("%s: no simulation", file)
		}
		u, err := ss.unroll()
		if err != nil {
			t.Fatal(err)
		}
		type outcome struct {
			sched  []int
			need   lsl.Bounds
			failed bool
			steps  int
		}
		runs := func(handBack bool) []outcome {
			simHandBack = handBack
			rng := rand.New(rand.NewPCG(3, 4))
			s := newSimulator(u, rng, k.supersedes())
			defer s.close()
			var out []outcome
			var last []int
			for run := 0; run < 60; run++ {
				var prefix []int
				if run%2 == 1 && len(last) > 0 {
					prefix = mutate(rng, last, len(u.Threads))
				}
				need, failed, err := s.run(prefix, rng.Uint64())
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				last = slices.Clone(s.sched)
				out = append(out, outcome{last, need, failed, s.steps})
			}
			return out
		}
		inline, handBack := runs(false), runs(true)
		for i := range inline {
			a, b := inline[i], handBack[i]
			if !slices.Equal(a.sched, b.sched) || a.failed != b.failed || a.steps != b.steps || len(a.need) != len(b.need) {
				t.Fatalf("%s: run %d differs: inline %v (failed %v, %d steps), handed back %v (failed %v, %d steps)",
					file, i, a.sched, a.failed, a.steps, b.sched, b.failed, b.steps)
			}
			for key, n := range a.need {
				if b.need[key] != n {
					t.Fatalf("%s: run %d: %s needs %d inline, %d handed back", file, i, key, n, b.need[key])
				}
			}
		}
	}
}

package mining

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestSimulationFinalMemo: a run whose final thread the memo replays
// (simulator_final.go) ends as the same run with the thread run: the same
// needs, failure, steps and schedule, and the same loads with the stores
// they read (readOutside judges the concurrent threads' cycles by them).
// Each run gets the same random numbers in both simulators, and half of
// them replay a mutated schedule of an earlier run. The memo must replay
// most final threads, or the test says nothing.
func TestSimulationFinalMemo(t *testing.T) {
	files := []string{"c11/msq_2_2.c", "c11/treiber_2_2.c", "c11/msq_2_2_bug.c", "c11bench/msq_2_2_free.c",
		"c11bench/treiber_2_2_2.c", "c11bench/treiber_2_2_store_bug.c"}
	for _, model := range []string{"sc", "tso-cat", "rc11"} {
		m, ok := memmodel.Builtin(model)
		if !ok {
			t.Fatalf("no model %s", model)
		}
		for _, file := range files {
			prog, test := loadPthread(t, file)
			k := simChecker(Options{Model: m}, test)
			ss := k.newSimSearch(prog, ThreadSpecs(test), lsl.Bounds{})
			if ss == nil {
				t.Fatalf("%s: no simulation", file)
			}
			u, err := ss.unroll()
			if err != nil {
				t.Fatal(err)
			}
			memo, plain := k.newRoundSimulator(u, nil), k.newRoundSimulator(u, nil)
			plain.noFinalMemo = true
			replays, finals := 0, 0
			var last []int
			for run := 0; run < 300; run++ {
				var prefix []int
				if run%2 == 1 && len(last) > 0 {
					prefix = mutate(rand.New(rand.NewPCG(uint64(run), 9)), last, len(u.Threads))
				}
				got := simOutcomeOf(t, memo, prefix, uint64(run))
				want := simOutcomeOf(t, plain, prefix, uint64(run))
				if memo.final != nil {
					finals++
					if memo.final.hit != nil {
						replays++
					}
				}
				if !got.equal(want) {
					t.Fatalf("%s on %s, run %d: with the memo %+v, without %+v", file, model, run, got, want)
				}
				last = slices.Clone(plain.sched)
			}
			memo.close()
			plain.close()
			if replays < finals/2 {
				t.Errorf("%s on %s: the memo replayed %d of %d final threads", file, model, replays, finals)
			}
		}
	}
}

type simOutcome struct {
	need   lsl.Bounds
	failed bool
	steps  int
	sched  []int
	loads  []simLoad
}

// simOutcomeOf makes one run of s with its own random numbers.
func simOutcomeOf(t *testing.T, s *simulator, prefix []int, seed uint64) simOutcome {
	t.Helper()
	s.rng = rand.New(rand.NewPCG(seed, 5))
	need, failed, err := s.run(prefix, seed)
	if err != nil {
		t.Fatal(err)
	}
	// a final thread's loads of its own stores are no one else's
	// business, and a replay does not make them
	own := map[int]bool{}
	for i, th := range s.threads {
		if s.u.Threads[i].Kind == lsl.ThreadFinal {
			for _, id := range th.storeIDs {
				own[id] = true
			}
		}
	}
	var loads []simLoad
	for _, l := range s.loads {
		if !own[l.store] {
			loads = append(loads, l)
		}
	}
	slices.SortFunc(loads, func(a, b simLoad) int {
		return cmp.Or(cmp.Compare(a.thread, b.thread), cmp.Compare(a.pos, b.pos), cmp.Compare(a.store, b.store))
	})
	return simOutcome{need: need, failed: failed, steps: s.steps, sched: slices.Clone(s.sched), loads: loads}
}

func (o simOutcome) equal(p simOutcome) bool {
	if o.failed != p.failed || o.steps != p.steps || !slices.Equal(o.sched, p.sched) || len(o.need) != len(p.need) {
		return false
	}
	for key, n := range o.need {
		if m, ok := p.need[key]; !ok || m != n {
			return false
		}
	}
	if o.need == nil { // an unfinished run says nothing else
		return true
	}
	return slices.Equal(o.loads, p.loads)
}

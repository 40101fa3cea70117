package tests

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/synth"
)

// TestFenceSynthesisGrowDifferential is the differential test of the
// grown clauses (synth/generalize.go): on small programs, on cat and .mm
// models, the search with grown clauses, the plain search (each
// counterexample's Kills as it is) and a brute-force search (every
// selection in order of size, then cost, checked until one passes) find
// answers of the same size and cost (the rounds are logged: fewer rounds
// is the point of growing, but not a property every search must have).
func TestFenceSynthesisGrowDifferential(t *testing.T) {
	cases := []struct {
		impl, tst, model string
		tests            []string
	}{
		{"litmus.c", "litmus.tst", "arm8", []string{"MP"}},
		{"litmus.c", "litmus.tst", "arm8", []string{"SB"}},
		{"litmus.c", "litmus.tst", "riscv", []string{"MP"}},
		{"litmus.c", "litmus.tst", "power", []string{"MP"}},
		{"peterson.c", "peterson.tst", "pso", nil},
		{"spsc.c", "spsc_full.tst", "tso", nil},
	}
	for _, tc := range cases {
		name := strings.TrimSuffix(tc.impl, ".c") + "/" + strings.TrimSuffix(tc.tst, ".tst") + strings.Join(tc.tests, "") + "/" + tc.model
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			prog, tests := loadSynth(t, tc.impl, tc.tst, tc.tests)
			mopt := modelOptions(t, tc.model)
			answer := func(plain bool) (*synth.Result, int, int) {
				r, err := synth.Insert(ctx, prog, tests, synth.Options{Mining: mopt, PlainClauses: plain})
				if err != nil {
					t.Fatal(err)
				}
				if r.Outcome != synth.Found || !r.Verified {
					t.Fatalf("plain %v: outcome %s, verified %v", plain, r.Outcome, r.Verified)
				}
				cost := 0
				for _, f := range r.Fences {
					cost += costOf(r, f.Candidate)
				}
				return r, len(r.Fences), cost
			}
			grown, gn, gc := answer(false)
			plain, pn, pc := answer(true)
			if gn != pn || gc != pc {
				t.Errorf("grown clauses: %d fences of cost %d, plain: %d of cost %d", gn, gc, pn, pc)
			}
			if !grown.Monotone {
				t.Errorf("the model counts as not fence-monotone: nothing grown")
			}
			bn, bc := bruteForceFences(t, prog, tests, mopt, grown, gn)
			if bn != gn || bc != gc {
				t.Errorf("brute force: %d fences of cost %d; search: %d of cost %d", bn, bc, gn, gc)
			}
			t.Logf("%d candidates; grown: %d rounds, %d checks (%d growing); plain: %d rounds, %d checks", len(grown.Candidates), grown.Rounds, grown.Checks, grown.GrowChecks, plain.Rounds, plain.Checks)
		})
	}
}

func costOf(r *synth.Result, c *lsl.Candidate) int {
	for _, ch := range r.Choices {
		if ch.Barrier == c.Barrier {
			return ch.Cost
		}
	}
	panic(fmt.Sprintf("candidate %d has no choice", c.ID))
}

// bruteForceFences checks the selections of at most limit candidates of
// r's candidate program in order of size, then cost, and returns the size
// and cost of the first that passes every test (limit+1 when none does).
func bruteForceFences(t *testing.T, prog *lsl.Program, tests []*lsl.Test, mopt mining.Options, r *synth.Result, limit int) (int, int) {
	t.Helper()
	ctx := context.Background()
	var barriers []*lsl.Barrier
	for _, c := range r.Choices {
		barriers = append(barriers, c.Barrier)
	}
	cprog, cands := lsl.InsertBarriers(prog, barriers, nil)
	if len(cands) != len(r.Candidates) {
		t.Fatalf("%d candidates, the search had %d", len(cands), len(r.Candidates))
	}
	sessions := make([]*mining.Session, len(tests))
	for i, test := range tests {
		s, res, err := mining.NewSession(ctx, cprog, test, mopt)
		if err != nil || res != nil {
			t.Fatalf("session %s: %v %v", test.Name, err, res)
		}
		sessions[i] = s
	}
	passes := func(sel []int) bool {
		in := map[int]bool{}
		for _, i := range sel {
			in[cands[i].ID] = true
		}
		for _, s := range sessions {
			res, err := s.Check(ctx, func(id int) bool { return in[id] })
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != mining.Pass {
				return false
			}
		}
		return true
	}
	for size := 0; size <= limit; size++ {
		best := -1
		var choose func(from int, sel []int)
		choose = func(from int, sel []int) {
			if len(sel) == size {
				cost := 0
				for _, i := range sel {
					cost += costOf(r, cands[i])
				}
				if (best < 0 || cost < best) && passes(sel) {
					best = cost
				}
				return
			}
			for i := from; i < len(cands); i++ {
				choose(i+1, append(sel, i))
			}
		}
		choose(0, nil)
		if best >= 0 {
			return size, best
		}
	}
	return limit + 1, 0
}

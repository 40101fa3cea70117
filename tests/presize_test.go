package tests

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
)

// TestPresizeSameVerdicts compares the sizing pass that starts a whole
// program's lazy unrolling (mining/sizing.go) with the plain driver,
// which starts every bound at one, and with the plain driver without
// symmetry breaking: same verdicts and reasons, every counterexample a
// real execution.
// refcheck/diff compares both with the reference checker on random
// programs (make fuzz-diff).
func TestPresizeSameVerdicts(t *testing.T) {
	needClang(t)
	files := []string{
		"msqueue_joins.c", "msqueue_bug.c", "racy.c", "mp_relaxed.c", "handoff.c", "spsc1.c",
		"c11/msq_1_1.c", "c11/msq_2_2_bug.c", "c11/treiber_2_2_bug.c",
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, m := range []string{"sc", "tso", "relaxed"} {
				plain := check(t, prog, test, mining.Options{Model: model(t, m), NoPresize: true})
				sized := check(t, prog, test, mining.Options{Model: model(t, m)})
				if plain.Verdict != sized.Verdict || plain.Reason != sized.Reason {
					t.Errorf("%s on %s: with the sizing pass %s %s (%s), without %s %s (%s)", file, m,
						sized.Verdict, sized.Reason, sized.Message, plain.Verdict, plain.Reason, plain.Message)
				}
				// symmetry breaking (and raising identical threads'
				// bounds together) off
				asym := check(t, prog, test, mining.Options{Options: encode.Options{NoSymmetry: true}, Model: model(t, m), NoPresize: true})
				if plain.Verdict != asym.Verdict || plain.Reason != asym.Reason {
					t.Errorf("%s on %s: with symmetry breaking %s %s (%s), without %s %s (%s)", file, m,
						plain.Verdict, plain.Reason, plain.Message, asym.Verdict, asym.Reason, asym.Message)
				}
				for _, r := range []*mining.Result{plain, sized, asym} {
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s: the counterexample is not a real execution: %v", file, m, err)
					}
				}
			}
		})
	}
}

// TestPresizeFailsAtUnrollLimit: the sizing pass stops raising at
// --max-unroll, so a failing execution within the limit is still reported
// (FAIL, not INCONCLUSIVE), as without it. The MS queue's bug needs two
// iterations of a retry loop: with a limit of one both say INCONCLUSIVE.
func TestPresizeFailsAtUnrollLimit(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "c11/msq_2_2_bug.c")
	for _, limit := range []int{1, 2, 3} {
		want := mining.Fail
		if limit == 1 {
			want = mining.Inconclusive
		}
		for _, presize := range []bool{true, false} {
			r := check(t, prog, test, mining.Options{Model: model(t, "sc"), MaxUnroll: limit, NoPresize: !presize})
			what := fmt.Sprintf("--max-unroll %d, sizing pass %v", limit, presize)
			if r.Verdict != want {
				t.Errorf("%s: %s %s (%s), want %s", what, r.Verdict, r.Reason, r.Message, want)
			}
			if err := r.CheckCounterexample(); err != nil {
				t.Errorf("%s: %v", what, err)
			}
			for key, b := range r.Bounds {
				if b > limit {
					t.Errorf("%s: loop %s unrolled %d times", what, key, b)
				}
			}
		}
	}
}

// TestPresizeDeterministic: the sizing pass spends budgets of conflicts,
// not time, and its simulation draws from a fixed seed, so two checks of
// a whole program give the same rounds, bounds and CNF (like
// TestLazyUnrollingDeterministic for tests with operations). Without the
// simulation the pass raises bounds itself (at least two rounds).
func TestPresizeDeterministic(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "c11/msq_2_1.c")
	var simulated [2]*mining.Result
	for i := range simulated {
		simulated[i] = check(t, prog, test, mining.Options{Model: model(t, "relaxed"), Solver: sat.SolverOptions{Backend: sat.Gini}})
	}
	sameRuns(t, simulated[0], simulated[1])
	var runs [2]*mining.Result
	for i := range runs {
		runs[i] = check(t, prog, test, mining.Options{Model: model(t, "relaxed"), Solver: sat.SolverOptions{Backend: sat.Gini}, NoSimulation: true})
		if runs[i].Verdict != mining.Pass {
			t.Fatalf("run %d: %s %s (%s), want PASS", i, runs[i].Verdict, runs[i].Reason, runs[i].Message)
		}
	}
	sameRuns(t, runs[0], runs[1])
	a := runs[0]
	if a.Stats.Rounds < 2 {
		t.Errorf("%d rounds: the test needs a program whose bounds are raised", a.Stats.Rounds)
	}
}

// TestDeepSimulationBeforeEncoding: an MS queue 3+3 unrolls to more than
// mining's simDeepInstrs instructions at the bounds the simulation's first
// search reaches, so the longer search runs before anything is encoded,
// and the sizing pass's first query is on an encoding that already has the
// dequeue bound a run needs (4: a failed Head CAS after helping the tail).
// Before, the first encoding was made, judged large by its clauses, and
// made again. The check is stopped at its first query, which is what
// costs (15 s).
func TestDeepSimulationBeforeEncoding(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "c11/msq_3_3.c")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var phases []string
	opt := mining.Options{Model: model(t, "sc"), Progress: func(p mining.Progress) {
		phases = append(phases, p.Phase)
		if p.Phase == "size" {
			cancel()
		}
	}}
	r, err := mining.Check(ctx, prog, test, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(phases, " "); !strings.HasPrefix(got, "simulate unroll size") {
		t.Errorf("phases %q, want one encoding (unroll) between the simulation and the first query", got)
	}
	deq := 0
	for key, b := range r.Bounds {
		if strings.Contains(key.String(), ">deq>dequeue/") {
			deq = max(deq, b)
		}
	}
	if deq < 4 {
		t.Errorf("first query's dequeue bound %d, want 4 (bounds %v)", deq, r.Bounds)
	}
}

// TestSimulationIgnoresAllocatorBlocks: the simulation's scheduler does
// not preempt around the allocator's atomic blocks (mining/simulator.go,
// allocatorBlock), so an MS queue whose mallocs are pool blocks (it frees
// its nodes at the end of main) starts at the dequeue bound the queue
// without frees starts at (3), in one round instead of two: preempting
// after each malloc took the preemptions that make a dequeuer retry.
func TestSimulationIgnoresAllocatorBlocks(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "c11bench/msq_2_2_free.c")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := mining.Options{Model: model(t, "sc"), Progress: func(p mining.Progress) {
		if p.Phase == "size" {
			cancel()
		}
	}}
	r, err := mining.Check(ctx, prog, test, opt)
	if err != nil {
		t.Fatal(err)
	}
	deq := 0
	for key, b := range r.Bounds {
		if strings.Contains(key.String(), ">dequeue/") && !strings.HasPrefix(key.String(), "final") {
			deq = max(deq, b)
		}
	}
	if deq != 3 {
		t.Errorf("first query's dequeue bound %d, want 3 (bounds %v)", deq, r.Bounds)
	}
}

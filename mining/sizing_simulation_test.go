package mining

import (
	"context"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/refcheck"
)

// simulateBounds is the simulation's short search alone (what a small
// unrolling gets): bounds raised as the runs find necessary,
// or bounds itself when it finds nothing (or the program has a feature
// the simulation does not run).
func (k *checker) simulateBounds(prog *lsl.Program, specs []lsl.ThreadSpec, bounds lsl.Bounds) lsl.Bounds {
	ss := k.newSimSearch(prog, specs, bounds)
	if ss == nil {
		return bounds
	}
	ss.search(simPatience, simStepBudget)
	return ss.bounds(bounds)
}

// loadPthread compiles tests/llvm/pthread/file with clang and returns the
// program with its whole-program test.
func loadPthread(t *testing.T, file string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	clangtest.Need(t)
	return clangtest.LoadPthread(t, filepath.Join("../tests/llvm/pthread", file))
}

// TestSimulationCountsLikeFairProgress: the iterations a simulated run
// needs are those the fair-progress rule leaves: a retry that changes
// nothing is no iteration (a waiting loop needs one), an iteration that
// changes the live state is, and so is one whose store another thread
// reads; a loop cut off at the runs' highest bound (24) needs one more,
// and the lazy unrolling goes on from there.
func TestSimulationCountsLikeFairProgress(t *testing.T) {
	cases := []struct {
		name, src string
		want      int // the bound of t1's loop
		least     int // or at least this (a schedule the runs may miss)
	}{
		{"waiting", `//# test T = ( t1a | t2a )
global X
proc t1a() {
    l1: {
        %r := load @X
        %c := eq(%r, 0)
        if %c { continue l1 }
    }
}
proc t2a() {
    store @X, 1
}`, 1, 0},
		{"counting", `//# test T = ( t1a | t2a )
global X
proc t1a() {
    %i := 0
    l1: {
        %i := add(%i, 1)
        store @X, %i
        %c := lt(%i, 3)
        if %c { continue l1 }
    }
}
proc t2a() {
    %r := load @X
}`, 3, 0},
		{"store read by another thread", `//# test T = ( t1a | t2a )
global X
global Y
proc t1a() {
    l1: {
        store @X, 1
        %r := load @Y
        store @X, 0
        %c := eq(%r, 0)
        if %c { continue l1 }
    }
}
proc t2a() {
    %a := load @X
    %b := load @X
    %c := load @X
    store @Y, 1
}`, 5, 4}, // t2 reads the stores of three iterations; a fourth, read by no one, is followed by the cut-off (what comes after might read it) and then by the one that exits
		{"storing round before the cut", `//# test T = ( t1a | t2a )
global F
global Y
proc t1a() {
    %c := 0
    l1: {
        %f := load @F
        %two := eq(%f, 2)
        if %two {
            store @Y, 1
            continue l1
        }
        %three := eq(%f, 3)
        %first := eq(%c, 0)
        %both := and(%three, %first)
        if %both {
            %c := 1
            continue l1
        }
    }
}
proc t2a() {
    store @F, 2
    store @F, 3
}`, 3, 3}, // a round that sees F == 2 stores Y and changes nothing else: the last such round is no cycle the check deletes when t1 is cut off after it (its store is not superseded), so it counts with the two that follow; the rounds before it are superseded by its store
		{"beyond the runs' bound", `//# test T = ( t1a )
global X
proc t1a() {
    %i := 0
    l1: {
        %i := add(%i, 1)
        %c := lt(%i, 30)
        if %c { continue l1 }
    }
}`, 25, 0}, // cut off at the runs' bound of 24: at least one more
	}
	model := memmodel.MustBuiltin("sc")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := refcheck.ParseCase(tc.name, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			whole := *c.Tests[0]
			whole.Program = true
			k := simChecker(Options{Model: model}, &whole)
			sim := k.simulateBounds(c.Prog, ThreadSpecs(&whole), lsl.Bounds{})
			got := 1
			for key, b := range sim {
				if strings.HasPrefix(key.String(), "t1.") {
					got = b
				}
			}
			if got != tc.want && (got < tc.least || got > tc.want) {
				t.Errorf("t1's loop starts at %d, want %d (bounds %v)", got, tc.want, sim)
			}
			// never above what the lazy unrolling needs without it
			if tc.want > 24 {
				return
			}
			r, err := Check(context.Background(), c.Prog, &whole, Options{Model: model, NoSimulation: true})
			if err != nil {
				t.Fatal(err)
			}
			for key, b := range sim {
				if b > max(1, r.Bounds[key]) {
					t.Errorf("%s: simulated %d, the unrolling ends at %d", key, b, r.Bounds[key])
				}
			}
		})
	}
}

// TestSimulatedBoundsAtMostNeeded: the bounds the simulation starts a
// whole program from are never above those the plain lazy unrolling
// (every bound from one, raised one cut-off execution at a time) ends
// with on a PASS, so the simulation only saves rounds; the verdicts with and
// without it agree. On the queues it must find some raise, or the test
// would say nothing.
func TestSimulatedBoundsAtMostNeeded(t *testing.T) {
	cases := []struct {
		file      string
		mustRaise bool
		// the bound the plain run ends with for the dequeuers' loop: a
		// failed dequeue retry is a cycle (its result register is dead at
		// the loop head), so each dequeuer needs at most one iteration per
		// lagging tail it helps swing, plus the last (4 before the
		// liveness followed exits to where they go)
		deq int
	}{
		{"c11/msq_1_1.c", false, 0},
		{"c11/msq_2_1.c", true, 0},
		{"c11/msq_2_2.c", true, 3},
		{"c11/treiber_2_2.c", true, 0},
		{"c11/msq_2_2_bug.c", false, 0},
		{"msqueue_joins.c", false, 0},
		{"handoff.c", false, 0},
		{"spsc1.c", false, 0},
		{"counter.c", false, 0},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, tc.file)
			for _, m := range []string{"sc", "relaxed"} {
				model, ok := memmodel.Builtin(m)
				if !ok {
					t.Fatalf("no model %s", m)
				}
				k := simChecker(Options{Model: model}, test)
				sim := k.simulateBounds(prog, ThreadSpecs(test), lsl.Bounds{})
				again := k.simulateBounds(prog, ThreadSpecs(test), lsl.Bounds{})
				if !maps.Equal(sim, again) {
					t.Errorf("%s: the simulation is not deterministic: %v, then %v", m, sim, again)
				}
				// the runs delete reload rounds as the encoding does
				// (simulator_reload.go): compare with the lazy
				// unrolling with them
				plain, err := Check(context.Background(), prog, test, Options{Model: model, NoPresize: true})
				if err != nil {
					t.Fatal(err)
				}
				raised := false
				for _, b := range sim {
					if b > 1 {
						raised = true
					}
				}
				checkSimAtMost(t, m, sim, plain)
				for key, b := range plain.Bounds {
					if tc.deq > 0 && strings.Contains(key.String(), ">deq>dequeue/") && b != tc.deq {
						t.Errorf("%s: the dequeue loop %s ends at bound %d, want %d", m, key, b, tc.deq)
					}
				}
				if tc.mustRaise && !raised {
					t.Errorf("%s: the simulation raised no bound (plain run ended at %v)", m, plain.Bounds)
				}
				sized := checkSizedAgrees(t, m, prog, test, Options{Model: model}, plain)
				if err := sized.CheckCounterexample(); err != nil {
					t.Errorf("%s: %v", m, err)
				}
			}
		})
	}
}

// TestSimulatedBoundsOnCatModels: on a cat model, which has no fair
// progress, the simulation's bounds (sc runs with fair progress) are still
// at most what the lazy unrolling ends with, and starting from them gives
// the same verdicts (simulationApplies).
func TestSimulatedBoundsOnCatModels(t *testing.T) {
	for _, file := range []string{"c11/msq_1_1.c", "c11/msq_2_1.c", "c11/treiber_2_2.c", "c11/treiber_2_2_bug.c", "handoff.c", "spsc1.c", "counter.c"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, m := range []string{"arm8", "riscv"} {
				model, ok := memmodel.Builtin(m)
				if !ok {
					t.Fatalf("no cat model %s", m)
				}
				k := simChecker(Options{Model: model}, test)
				if !k.simulationApplies() {
					t.Fatalf("%s: the simulation does not apply", m)
				}
				sim := k.simulateBounds(prog, ThreadSpecs(test), lsl.Bounds{})
				plain, err := Check(context.Background(), prog, test, Options{Model: model, NoPresize: true, NoSimulation: true})
				if err != nil {
					t.Fatal(err)
				}
				checkSimAtMost(t, m, sim, plain)
				sized := checkSizedAgrees(t, m, prog, test, Options{Model: model}, plain)
				if sized.Verdict == Pass && !maps.Equal(sized.Bounds, plain.Bounds) {
					t.Logf("%s: bounds with simulation %v, plain %v", m, sized.Bounds, plain.Bounds)
				}
			}
		})
	}
}

// simChecker is a checker with options opt for test, to call the
// simulation on.
func simChecker(opt Options, test *lsl.Test) *checker {
	opt.defaults()
	return &checker{ctx: context.Background(), opt: opt, test: test, res: &Result{}}
}

// checkSimAtMost: on a PASS, no simulated bound exceeds the bound the
// plain lazy unrolling ends with (a FAIL ends it early).
func checkSimAtMost(t *testing.T, m string, sim lsl.Bounds, plain *Result) {
	t.Helper()
	for key, b := range sim {
		if plain.Verdict == Pass && b > max(plain.Bounds[key], 1) {
			t.Errorf("%s: the simulation starts loop %s at %d, the lazy unrolling ends at %d", m, key, b, plain.Bounds[key])
		}
	}
}

// checkSizedAgrees checks with simulation and sizing (opt) and compares
// the verdict with the plain run's.
func checkSizedAgrees(t *testing.T, m string, prog *lsl.Program, test *lsl.Test, opt Options, plain *Result) *Result {
	t.Helper()
	sized, err := Check(context.Background(), prog, test, opt)
	if err != nil {
		t.Fatal(err)
	}
	if sized.Verdict != plain.Verdict || sized.Reason != plain.Reason {
		t.Errorf("%s: with simulation and sizing %s %s, plain %s %s", m, sized.Verdict, sized.Reason, plain.Verdict, plain.Reason)
	}
	return sized
}

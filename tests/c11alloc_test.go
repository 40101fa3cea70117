package tests

import (
	"slices"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestC11Allocator compares C11's allocator (lsl/unroll_pool.go,
// allocatorOrder: malloc an acquire and free a release read-modify-write
// of the block's flag) with CheckFence's fenced one (mining.Options.
// FencedAllocator: full fences around an untagged atomic block, seq_cst
// on rc11), on programs whose verdict must not depend on which (each
// allocator call that matters for them is ordered by the program or by
// the free-to-malloc synchronization both provide): the same verdicts
// and reasons, and real counterexamples. sb_free.c is the program where
// it matters: two unrelated allocator calls order nothing in C11, so
// store buffering across them fails where the fences hid it.
func TestC11Allocator(t *testing.T) {
	needClang(t)
	models := []string{"sc", "relaxed", "rc11", "arm8"}
	rows := []struct {
		file string
		want []mining.Verdict // C11's allocator, on models
		same bool             // the fenced allocator gives the same
	}{
		{"free_at_end.c", []mining.Verdict{P, P, P, P}, true},
		{"free_at_end_double.c", []mining.Verdict{F, F, F, F}, true},
		{"free_at_end_uaf.c", []mining.Verdict{F, F, F, F}, true},
		{"free_at_end_lost.c", []mining.Verdict{F, F, F, F}, true},
		{"free_handoff.c", []mining.Verdict{P, P, P, P}, true},
		{"free_reuse_mp.c", []mining.Verdict{P, P, P, P}, true},
		{"sb_free.c", []mining.Verdict{P, F, F, F}, false},
	}
	for _, row := range rows {
		t.Run(row.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, row.file)
			for mi, m := range models {
				run := func(fenced bool) *mining.Result {
					opt := modelOptions(t, m)
					opt.FencedAllocator = fenced
					opt.Witness = true
					r := check(t, prog, test, opt)
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s (fenced %v): %v", row.file, m, fenced, err)
					}
					return r
				}
				c11, fenced := run(false), run(true)
				if c11.Verdict != row.want[mi] {
					t.Errorf("%s on %s: %s (%s), want %s", row.file, m, c11.Verdict, c11.Message, row.want[mi])
				}
				if row.same && (fenced.Verdict != c11.Verdict || fenced.Reason != c11.Reason) {
					t.Errorf("%s on %s: %s (%s) with C11's allocator, %s (%s) with the fenced one",
						row.file, m, c11.Verdict, c11.Reason, fenced.Verdict, fenced.Reason)
				}
				if !row.same && fenced.Verdict != P {
					t.Errorf("%s on %s: %s with the fenced allocator, want PASS (its fences order the calls)", row.file, m, fenced.Verdict)
				}
			}
		})
	}
}

// TestC11AllocatorReference: the reference checker, which unrolls the same
// program (the allocator's fences and tags come from lsl.Unroll) and
// enumerates its executions without the SAT encoding, agrees with the
// check on the allocator's litmus programs on the .mm models.
func TestC11AllocatorReference(t *testing.T) {
	needClang(t)
	for _, file := range []string{"free_reuse_mp.c", "sb_free.c"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, m := range []string{"sc", "relaxed"} {
				am, ok := axioms.Builtin(m)
				if !ok {
					t.Fatalf("no built-in %s", m)
				}
				ref, err := refcheck.Explore(prog, test, am, refcheck.Options{})
				if err != nil {
					t.Fatal(err)
				}
				r := check(t, prog, test, modelOptions(t, m))
				refFails := slices.Contains(ref.ErrorReasons, mining.ReasonAssertion)
				if refFails != (r.Verdict == F) || len(ref.Pruned) > 0 {
					t.Errorf("%s on %s: check %s (%s), reference errors %v (pruned %v)", file, m, r.Verdict, r.Message, ref.ErrorReasons, ref.Pruned)
				}
			}
		})
	}
}

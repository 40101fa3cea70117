package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestFixedPool compares the pool without reuse (lsl.UnrollOptions.
// FixedPool: in a whole program whose frees all come after its threads,
// malloc instance i takes block i) with the pool's choice
// (mining.Options.ChoosePool), on programs that free at the end of main,
// with and without a double free, a use after free and a lost node, and
// on one that frees in a thread (the pool keeps its choice): the same
// verdicts and reasons on a .mm model with a memory order and on a cat
// model, real counterexamples, and the fixed pool where it applies.
func TestFixedPool(t *testing.T) {
	needClang(t)
	rows := []struct {
		file  string
		want  mining.Verdict
		fixed bool
	}{
		{"free_at_end.c", P, true},
		{"free_at_end_double.c", F, true},
		{"free_at_end_uaf.c", F, true},
		{"free_at_end_lost.c", F, true},
		{"free_handoff.c", P, false},
	}
	for _, row := range rows {
		t.Run(row.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, row.file)
			for _, m := range []string{"sc", "relaxed", "rc11"} {
				run := func(choose bool) *mining.Result {
					opt := modelOptions(t, m)
					opt.ChoosePool = choose
					opt.Witness = true // the trace's program is the final unrolling
					r := check(t, prog, test, opt)
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s (choose %v): %v", row.file, m, choose, err)
					}
					if r.Trace == nil || r.Trace.Program == nil {
						t.Errorf("%s on %s (choose %v): %s without an execution", row.file, m, choose, r.Verdict)
					} else if pool := r.Trace.Program.Pool; pool != nil && pool.Fixed != (row.fixed && !choose) {
						t.Errorf("%s on %s (choose %v): fixed pool %v", row.file, m, choose, pool.Fixed)
					}
					return r
				}
				fixed, chosen := run(false), run(true)
				if fixed.Verdict != row.want || chosen.Verdict != row.want {
					t.Errorf("%s on %s: %s (%s) with the fixed pool, %s (%s) with the choice, want %s",
						row.file, m, fixed.Verdict, fixed.Message, chosen.Verdict, chosen.Message, row.want)
				}
				if fixed.Reason != chosen.Reason {
					t.Errorf("%s on %s: FAIL for %s with the fixed pool, %s with the choice", row.file, m, fixed.Reason, chosen.Reason)
				}
			}
		})
	}
}

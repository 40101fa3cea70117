package tests

import (
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
	"github.com/checkfence/checkfence/mining"
)

// Racy retry rounds (docs/semantics.md, "Data races"): fair progress
// leaves out a retry round that repeats an earlier one unless one of its
// accesses races, and then only if a later access of the thread has the
// same race (encode/race.go, raceCovered). Each program is checked with
// --races=fail under that rule, under the plain one that keeps every
// racy round (encode.Options.PlainRaceCycles), and without fair progress:
// the same verdict and reason under both rules, the expected one; without
// fair progress, the same when it answers (a race-free retry loop then
// does not converge).
func TestRaceCyclesDifferential(t *testing.T) {
	needClang(t)
	programs := []struct {
		file string
		racy bool
	}{
		{"races/retry_racy_before_acquire.c", true},
		{"races/retry_store_relaxed_publish.c", true},
		{"races/retry_store_release_publish.c", false},
		{"llvm/pthread/race_in_retry.c", true},
		{"races/mp_cas_fail_rlx.c", true},
		{"races/mp_cas_fail_acq.c", false},
		{"races/release_sequence.c", false},
	}
	for _, p := range programs {
		t.Run(p.file, func(t *testing.T) {
			t.Parallel()
			prog, test := clangtest.LoadPthread(t, p.file)
			for _, m := range []string{"sc", "relaxed", "arm8", "rc11"} {
				var got []string
				for _, rule := range []struct{ plain, unfair bool }{{false, false}, {true, false}, {false, true}} {
					opt := modelOptions(t, m)
					opt.Races = mining.RacesFail
					opt.PlainRaceCycles = rule.plain
					opt.NoFairProgress = rule.unfair
					opt.MaxUnroll = 4
					r := check(t, prog, test, opt)
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s: %v", p.file, m, err)
					}
					got = append(got, fmt.Sprintf("%s %s", r.Verdict, r.Reason))
				}
				want := string(mining.Pass) + " "
				if p.racy {
					want = fmt.Sprintf("%s %s", mining.Fail, mining.ReasonDataRace)
				}
				if got[0] != want || got[1] != want {
					t.Errorf("%s on %s: %q, the plain rule %q, want %q", p.file, m, got[0], got[1], want)
				}
				if got[2] != want && (p.racy || got[2][:len(mining.Inconclusive)] != string(mining.Inconclusive)) {
					t.Errorf("%s on %s: without fair progress %q, want %q", p.file, m, got[2], want)
				}
			}
		})
	}
}

package tests

import (
	"fmt"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
	"github.com/checkfence/checkfence/mining"
)

// TestRaceEncodingDifferential: the race check reading rc11's own
// happens-before and checking po | rf on the rf endpoints
// (encode/racemodel.go, racethinair.go) against its plain form
// (encode.Options.PlainRaceHB) on the race shapes and the racy retry
// loops, on the models whose encoding changed (rc11: hb shared; relaxed
// and arm8: po | rf): the same verdict and reason, the table's.
func TestRaceEncodingDifferential(t *testing.T) {
	needClang(t)
	files := map[string]bool{ // racy on these models
		"races/retry_racy_before_acquire.c":   true,
		"races/retry_store_relaxed_publish.c": true,
		"races/retry_store_release_publish.c": false,
		"llvm/pthread/race_in_retry.c":        true,
	}
	for file, want := range raceTable {
		files["races/"+file] = want[slices.Index(raceModels, "relaxed")] == R
		for _, m := range []string{"arm8", "rc11"} {
			if want[slices.Index(raceModels, m)] != want[slices.Index(raceModels, "relaxed")] {
				t.Fatalf("%s: the table's relaxed and %s verdicts differ", file, m)
			}
		}
	}
	for file, racy := range files {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := clangtest.LoadPthread(t, file)
			for _, m := range []string{"relaxed", "arm8", "rc11"} {
				var got []string
				for _, plain := range []bool{false, true} {
					opt := modelOptions(t, m)
					opt.Races = mining.RacesFail
					opt.PlainRaceHB = plain
					opt.MaxUnroll = 4
					r := check(t, prog, test, opt)
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s: %v", file, m, err)
					}
					got = append(got, fmt.Sprintf("%s %s", r.Verdict, r.Reason))
				}
				want := string(mining.Pass) + " "
				if racy {
					want = fmt.Sprintf("%s %s", mining.Fail, mining.ReasonDataRace)
				}
				if got[0] != want || got[1] != want {
					t.Errorf("%s on %s: %q, the plain encoding %q, want %q", file, m, got[0], got[1], want)
				}
			}
		})
	}
}

package tests

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Data races of C11 programs (docs/semantics.md, "Data races"): the
// classic racy and race-free shapes under tests/races, each on every
// built-in model, with the verdict --races=fail (the default for C11
// programs) gives: FAIL with reason data-race, or PASS.

// raceModels are the models of the race table, in its column order.
var raceModels = []string{"sc", "tso", "pso", "relaxed", "rmo", "arm8", "riscv", "power", "rc11"}

// raceRow: R a race (FAIL data-race), P no failure at all.
const R = mining.Verdict("RACE")

var raceTable = map[string][]mining.Verdict{
	//                        sc tso pso relaxed rmo arm8 riscv power rc11
	"two_writers.c":      {R, R, R, R, R, R, R, R, R},
	"mp_plain_rlx.c":     {R, R, R, R, R, R, R, R, R},
	"mp_plain_ra.c":      {P, P, P, P, P, P, P, P, P},
	"mp_plain_consume.c": {P, P, P, P, P, P, P, P, P},
	"mp_fences.c":        {P, P, P, P, P, P, P, P, P},
	"mp_fence_missing.c": {R, R, R, R, R, R, R, R, R},
	"dcl_plain.c":        {R, R, R, R, R, R, R, R, R},
	"dcl_atomic.c":       {P, P, P, P, P, P, P, P, P},
	"lock_protects.c":    {P, P, P, P, P, P, P, P, P},
	"lock_missed.c":      {R, R, R, R, R, R, R, R, R},
	"join_orders.c":      {P, P, P, P, P, P, P, P, P},
	"atomics_only.c":     {P, P, P, P, P, P, P, P, P},
	"release_sequence.c": {P, P, P, P, P, P, P, P, P},
	"sb_sc_fences.c":     {P, P, P, P, P, P, P, P, P},
	"sb_weak_race.c":     {P, R, R, R, R, R, R, R, R}, // a race only weak executions show
	"lb_thin_air.c":      {P, P, P, P, P, P, P, P, P}, // its race needs a po|rf cycle
	// a failed compare-exchange reads with its failure order
	"mp_cas_fail_rlx.c": {R, R, R, R, R, R, R, R, R},
	"mp_cas_fail_acq.c": {P, P, P, P, P, P, P, P, P},
	// a race only an earlier iteration of a spin loop shows (lsl/unspin.go)
	"spin_race_earlier.c":  {R, R, R, R, R, R, R, R, R},
	"spin_plain_ordered.c": {P, P, P, P, P, P, P, P, P},
}

func loadRaceProgram(t *testing.T, file string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	return clangtest.LoadPthread(t, filepath.Join("races", file))
}

// TestRaceShapes checks the race table with --races=fail, and that every
// race FAIL is a real execution of the model whose two accesses conflict.
func TestRaceShapes(t *testing.T) {
	needClang(t)
	for file, want := range raceTable {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadRaceProgram(t, file)
			if !mining.C11Semantics(prog) {
				t.Fatalf("%s is not a C11 program", file)
			}
			for i, m := range raceModels {
				opt := modelOptions(t, m)
				opt.Races = mining.RacesFail
				r := check(t, prog, test, opt)
				got := r.Verdict
				if got == F && r.Reason == mining.ReasonDataRace {
					got = R
				}
				if got != want[i] {
					t.Errorf("%s on %s: %s %s, want %s (%s)", file, m, r.Verdict, r.Reason, want[i], r.Message)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
			}
		})
	}
}

// TestRaceModes: --races=warn reports the race as a warning with the
// verdict the other checks give, the same as --races=off's, which
// reports none (nor rc11's racy flag).
func TestRaceModes(t *testing.T) {
	needClang(t)
	for _, file := range []string{"mp_plain_rlx.c", "mp_plain_ra.c", "two_writers.c"} {
		prog, test := loadRaceProgram(t, file)
		for _, m := range []string{"sc", "relaxed", "arm8", "rc11"} {
			racy := raceTable[file][slices.Index(raceModels, m)] == R
			var verdicts []mining.Verdict
			for _, mode := range []mining.RaceMode{mining.RacesWarn, mining.RacesOff} {
				opt := modelOptions(t, m)
				opt.Races = mode
				r := check(t, prog, test, opt)
				verdicts = append(verdicts, r.Verdict)
				if r.Reason == mining.ReasonDataRace {
					t.Errorf("%s on %s, races %s: a data-race FAIL", file, m, mode)
				}
				warned := false
				for _, w := range r.Warnings {
					if w.Kind == mining.WarnDataRace {
						warned = true
						if !w.Pos.IsValid() || len(w.Related) != 1 || !w.Related[0].IsValid() {
							t.Errorf("%s on %s: the race warning does not locate both accesses: %+v", file, m, w)
						}
					}
					if w.Kind == mining.WarnFlag && w.Name == "racy" {
						t.Errorf("%s on %s, races %s: rc11's racy flag is reported besides the race check", file, m, mode)
					}
				}
				if want := racy && mode == mining.RacesWarn; warned != want {
					t.Errorf("%s on %s, races %s: race warning %v, want %v", file, m, mode, warned, want)
				}
			}
			if verdicts[0] != verdicts[1] {
				t.Errorf("%s on %s: --races=warn gives %s, --races=off %s", file, m, verdicts[0], verdicts[1])
			}
		}
	}
}

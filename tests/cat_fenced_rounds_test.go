package tests

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestCatRoundsC11Stack runs the C11 Treiber programs on hardware cat
// models with a C11 mapping (docs/semantics.md, "Reload rounds on cat
// models" and "Storing rounds behind fences", on cat models) three ways:
// with reload rounds compared by the mapped tags and the cat fence case,
// without the fence case, and without reload rounds. The verdicts and
// reasons must agree, every counterexample must be a real execution, and
// where the push goes round, the full rule must need fewer push rounds
// than either without.
func TestCatRoundsC11Stack(t *testing.T) {
	needClang(t)
	for _, c := range []struct {
		file, model string
		want        string
		fewer       bool
	}{
		{"c11bench/treiber_2_2.c", "arm8", "PASS", true},
		{"c11bench/treiber_2_2_free.c", "arm8", "PASS", true},
		{"c11bench/treiber_2_2_store_bug.c", "arm8", "FAIL", false},
		{"c11bench/treiber_2_2_relaxed_bug.c", "arm8", "FAIL", false},
		{"c11bench/treiber_2_2_pop_acq_rlx_bug.c", "arm8", "FAIL", false},
		{"c11bench/treiber_2_2_store_bug.c", "power", "FAIL", false},
		{"c11bench/treiber_2_2_relaxed_bug.c", "power", "FAIL", false},
	} {
		t.Run(c.file+"/"+c.model, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, c.file)
			m := model(t, c.model)
			base := mining.Options{Model: m, Races: mining.RacesFail, Timeout: datatypeTimeout}
			with := check(t, prog, test, base)
			noFence := base
			noFence.NoFencedRounds = true
			noReload := base
			noReload.NoReloadRounds = true
			results := map[string]*mining.Result{"the full rule": with}
			results["without the fence case"] = check(t, prog, test, noFence)
			results["without reload rounds"] = check(t, prog, test, noReload)
			want := verdictReason(with)
			if !strings.HasPrefix(want, c.want) {
				t.Errorf("%s on %s: %s, want %s", c.file, c.model, want, c.want)
			}
			for name, r := range results {
				if got := verdictReason(r); got != want {
					t.Errorf("%s on %s: %s gave %s, the full rule %s", c.file, c.model, name, got, want)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s, %s: %v", c.file, c.model, name, err)
				}
				if c.fewer && r != with && pushRounds(with.Bounds) >= pushRounds(r.Bounds) {
					t.Errorf("%s on %s: push rounds %d with the full rule, %d %s", c.file, c.model, pushRounds(with.Bounds), pushRounds(r.Bounds), name)
				}
			}
			t.Logf("%s on %s: push rounds %d, %d without the fence case, %d without reload rounds", c.file, c.model,
				pushRounds(with.Bounds), pushRounds(results["without the fence case"].Bounds), pushRounds(results["without reload rounds"].Bounds))
		})
	}
}

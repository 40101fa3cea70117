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
			with, results := checkRuleVariants(t, c.file, c.model, c.want, map[string]func(*mining.Options){
				"without the fence case": func(o *mining.Options) { o.NoFencedRounds = true },
				"without reload rounds":  func(o *mining.Options) { o.NoReloadRounds = true },
			})
			for name, r := range results {
				if c.fewer && pushRounds(with.Bounds) >= pushRounds(r.Bounds) {
					t.Errorf("%s on %s: push rounds %d with the full rule, %d %s", c.file, c.model, pushRounds(with.Bounds), pushRounds(r.Bounds), name)
				}
			}
			t.Logf("%s on %s: push rounds %d, %d without the fence case, %d without reload rounds", c.file, c.model,
				pushRounds(with.Bounds), pushRounds(results["without the fence case"].Bounds), pushRounds(results["without reload rounds"].Bounds))
		})
	}
}

// checkRuleVariants checks a pthread program on a model with the default
// options (races fail) and with each variant of them: every verdict and
// reason must be the same and start with want, and every counterexample
// must be a real execution. It returns the default run and the variants'.
func checkRuleVariants(t *testing.T, file, modelName, want string, variants map[string]func(*mining.Options)) (*mining.Result, map[string]*mining.Result) {
	t.Helper()
	prog, test := loadPthread(t, file)
	base := mining.Options{Model: model(t, modelName), Races: mining.RacesFail, Timeout: datatypeTimeout}
	with := check(t, prog, test, base)
	got := verdictReason(with)
	if !strings.HasPrefix(got, want) {
		t.Errorf("%s on %s: %s, want %s", file, modelName, got, want)
	}
	if err := with.CheckCounterexample(); err != nil {
		t.Errorf("%s on %s: %v", file, modelName, err)
	}
	results := map[string]*mining.Result{}
	for name, set := range variants {
		opt := base
		set(&opt)
		r := check(t, prog, test, opt)
		results[name] = r
		if v := verdictReason(r); v != got {
			t.Errorf("%s on %s: %s gave %s, the default %s", file, modelName, name, v, got)
		}
		if err := r.CheckCounterexample(); err != nil {
			t.Errorf("%s on %s, %s: %v", file, modelName, name, err)
		}
	}
	return with, results
}

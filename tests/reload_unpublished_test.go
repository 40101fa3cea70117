package tests

import (
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// TestUnpublishedReloadRoundsC11: on sc, storing reload rounds whose
// stores go to a node no store has published are deleted although other
// threads still run (docs/semantics.md, "Storing reload rounds into
// unpublished blocks"). The C11 Treiber programs, with both bug variants,
// are checked with the rule and without it (NoUnpublishedReloads): the
// same answers and every counterexample a real execution.
func TestUnpublishedReloadRoundsC11(t *testing.T) {
	needClang(t)
	m := memmodel.MustBuiltin("sc")
	for _, file := range []string{"c11bench/treiber_2_2.c", "c11bench/treiber_2_2_store_bug.c", "c11bench/treiber_2_2_relaxed_bug.c"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			with := check(t, prog, test, mining.Options{Model: m, Timeout: datatypeTimeout})
			without := check(t, prog, test, mining.Options{Options: encode.Options{NoUnpublishedReloads: true}, Model: m, Timeout: datatypeTimeout})
			if a, b := answer(with), answer(without); a != b {
				t.Errorf("%s: the rule gave %s, without it %s", file, a, b)
			}
			for _, r := range []*mining.Result{with, without} {
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s: %v", file, err)
				}
			}
		})
	}
}

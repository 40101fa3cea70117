package tests

import (
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// TestStoringReloadRoundsC11: Treiber's push stores n->next in every
// round, and storing reload rounds (docs/semantics.md) delete its failed
// rounds on the .mm models. The C11 Treiber programs (c11bench, with a
// bug variant whose counterexample goes through the stack) are checked
// with the rule and without it (NoStoringReloads) on sc and relaxed: the
// same answers, every counterexample a real execution, and on
// treiber_2_2.c a smaller unrolling with the rule on sc. (On relaxed a
// round of a pusher cut off inside its loop is kept since 2026-11-30,
// superseded or not: docs/semantics.md, "Superseded reload rounds on
// weak models"; there the push needs the same bound either way.)
func TestStoringReloadRoundsC11(t *testing.T) {
	needClang(t)
	for _, model := range []string{"sc", "relaxed"} {
		m := memmodel.MustBuiltin(model)
		for _, file := range []string{"c11bench/treiber_2_2.c", "c11bench/treiber_2_2_store_bug.c"} {
			t.Run(model+"/"+file, func(t *testing.T) {
				t.Parallel()
				prog, test := loadPthread(t, file)
				with := check(t, prog, test, mining.Options{Model: m, Timeout: datatypeTimeout})
				without := check(t, prog, test, mining.Options{Options: encode.Options{NoStoringReloads: true}, Model: m, Timeout: datatypeTimeout})
				if a, b := answer(with), answer(without); a != b {
					t.Errorf("%s: storing reload rounds deleted %s, kept %s", file, a, b)
				}
				for _, r := range []*mining.Result{with, without} {
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s: %v", file, err)
					}
				}
				if model == "sc" && file == "c11bench/treiber_2_2.c" && with.Stats.Instrs >= without.Stats.Instrs {
					t.Errorf("%s: %d instructions with storing reload rounds deleted, %d kept", file, with.Stats.Instrs, without.Stats.Instrs)
				}
			})
		}
	}
}

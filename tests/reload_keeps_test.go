package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestReloadKeepsConsistentC11Stack: on riscv and tso-cat a compare-and-
// swap's read carries tags a plain load does not (X and AMO, A), which
// only add order, so a relaxed load before the loop may take its place
// (docs/semantics.md, "Reload rounds: tags that only add order"). The C11
// Treiber programs and their bugs are checked with that rule and with the
// exact comparison (NoReloadRetag): the verdicts and reasons must agree,
// every counterexample must be a real execution, and the PASS programs
// must unroll to fewer instructions with the rule.
func TestReloadKeepsConsistentC11Stack(t *testing.T) {
	needClang(t)
	for _, c := range []struct {
		file, model string
		want        string
		fewer       bool
	}{
		{"c11bench/treiber_2_2.c", "tso-cat", "PASS", true},
		{"c11bench/treiber_2_2_free.c", "tso-cat", "PASS", true},
		{"c11bench/treiber_2_2_store_bug.c", "tso-cat", "FAIL", false},
		{"c11bench/treiber_2_2.c", "riscv", "PASS", true},
		{"c11bench/treiber_2_2_relaxed_bug.c", "riscv", "FAIL", false},
		{"c11bench/treiber_2_2_pop_acq_rlx_bug.c", "riscv", "FAIL", false},
	} {
		t.Run(c.file+"/"+c.model, func(t *testing.T) {
			t.Parallel()
			with, results := checkRuleVariants(t, c.file, c.model, c.want, map[string]func(*mining.Options){
				"the exact comparison": func(o *mining.Options) { o.NoReloadRetag = true },
			})
			without := results["the exact comparison"]
			if c.fewer && with.Stats.Instrs >= without.Stats.Instrs {
				t.Errorf("%s on %s: %d instructions with the rule, %d with the exact comparison", c.file, c.model, with.Stats.Instrs, without.Stats.Instrs)
			}
			t.Logf("%s on %s: %d instructions with the rule, %d with the exact comparison (push rounds %d, %d)", c.file, c.model,
				with.Stats.Instrs, without.Stats.Instrs, pushRounds(with.Bounds), pushRounds(without.Bounds))
		})
	}
}

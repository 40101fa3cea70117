package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// catAtomicVerdicts are the verdicts of catatomic/ on sc-cat, arm8 and
// riscv, derived from the models. RVWMO's ppo rule 3 orders the store of
// an AMO or SC before a later load of its thread that reads it, and rule
// 11 a store control-dependent on that load, so a CAS (an lr/sc loop or
// amocas on RISC-V) orders the writer's two stores; a plain store is
// forwarded to the load and orders nothing. ARMv8 orders neither (no rfi
// in ob).
var catAtomicVerdicts = map[string][3]mining.Verdict{
	"MP+cas+rfi+ctrl+ll": {P, F, P},
	"MP+rfi+ctrl+ll":     {P, F, F},
}

// TestCatAtomicBlockRule3 checks that riscv treats the store of an atomic
// block as an SC's in ppo rule 3: msn's T1 and T53 failed on riscv
// without it (tests/datatypes/README.md).
func TestCatAtomicBlockRule3(t *testing.T) {
	prog, tf := load(t, "catatomic/catatomic.tst", "catatomic/catatomic.lsl")
	models := []string{"sc-cat", "arm8", "riscv"}
	for _, test := range tf.Tests {
		want, ok := catAtomicVerdicts[test.Name]
		if !ok {
			t.Errorf("%s: not in the verdict table", test.Name)
			continue
		}
		for mi, name := range models {
			r := check(t, prog, test, mining.Options{Model: catModel(t, name)})
			if r.Verdict != want[mi] {
				t.Errorf("%s on %s: %s, want %s (%s)", test.Name, name, r.Verdict, want[mi], r.Message)
			}
			if err := r.CheckCounterexample(); err != nil {
				t.Errorf("%s on %s: %v", test.Name, name, err)
			}
		}
	}
}

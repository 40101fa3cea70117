package tests

import (
	"strings"
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
		if _, sb := sbBlockRelaxed[test.Name]; !ok && !sb {
			t.Errorf("%s: not in a verdict table", test.Name)
		}
		if !ok {
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

// sbBlockRelaxed says, per test of catatomic/ whose name starts with SB
// and per model of sbBlockModels, whether the store-buffering outcome
// (both loads read 0) is observed. tso orders through an atomic block
// that executes a load and a store (a1, a2 make it one point of the
// memory order); tso-cat through every block that has a load and a store,
// as x86's lock cmpxchg is a barrier whether or not it stores (the C11
// mapping's Block tags); neither through a block that only loads. arm8,
// riscv and power: an untagged block orders nothing.
var sbBlockRelaxed = map[string][]bool{
	"SB+cas":     {false, false, false, false, true, true, true},
	"SB+failcas": {false, true, false, false, true, true, true},
	"SB+rblock":  {false, true, true, false, true, true, true},
}

var sbBlockModels = []string{"sc", "tso", "tso-cat", "sc-cat", "arm8", "riscv", "power"}

// TestCatAtomicBlockLocked checks sbBlockRelaxed: tso-cat's atomic
// blocks are x86's locked instructions (a pthread mutex or a CAS in C
// gave spurious store-buffering counterexamples on tso-cat before).
func TestCatAtomicBlockLocked(t *testing.T) {
	prog, tf := load(t, "catatomic/catatomic.tst", "catatomic/catatomic.lsl")
	seen := 0
	for _, test := range tf.Tests {
		want, ok := sbBlockRelaxed[test.Name]
		if !ok {
			continue
		}
		seen++
		for mi, name := range sbBlockModels {
			obs := catObservations(t, prog, test, mining.Options{Model: model(t, name)})
			t.Logf("%s on %s: %v", test.Name, name, sortedKeys(obs))
			got := false
			for o := range obs {
				if strings.Contains(o, "y=0") && strings.Contains(o, "x=0") {
					got = true
				}
			}
			if got != want[mi] {
				t.Errorf("%s on %s: store buffering observed %v, want %v (%v)", test.Name, name, got, want[mi], sortedKeys(obs))
			}
		}
	}
	if seen != len(sbBlockRelaxed) {
		t.Errorf("%d of the %d tests of sbBlockRelaxed are in catatomic.tst", seen, len(sbBlockRelaxed))
	}
}

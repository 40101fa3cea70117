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

// TestSimulationStoringRoundsCat: the sizing runs delete a run of failed
// pushes round by round, each judged as the first round of the execution
// without the ones before it, whose stores to the node's next field are
// then no accesses before it (mining's storesAccessedBefore). They judged
// the second round with the first one's store before it, kept it, and
// proposed push bound 4 for the C11 Treiber stack at 2+2+2 on arm8 where
// the lazy unrolling ends at 2 (twice the clauses). Now the runs never
// start above the lazy unrolling's end, and the verdict is the same.
func TestSimulationStoringRoundsCat(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "c11bench/treiber_2_2_2.c")
	base := mining.Options{Model: model(t, "arm8"), Races: mining.RacesFail, Timeout: datatypeTimeout}
	sim := check(t, prog, test, base)
	lazy := base
	lazy.NoSimulation = true
	plain := check(t, prog, test, lazy)
	if sim.Verdict != mining.Pass || plain.Verdict != mining.Pass {
		t.Fatalf("treiber_2_2_2 on arm8: %s with the runs, %s without, want PASS", sim.Verdict, plain.Verdict)
	}
	if got, end := pushRounds(sim.Bounds), pushRounds(plain.Bounds); got > end {
		t.Errorf("treiber_2_2_2 on arm8: the runs start the push at %d, the lazy unrolling ends at %d", got, end)
	}
}

// TestReloadFenceMoveRISCV: riscv compiles the Treiber pop's acquire load
// to `lw; fence r,rw` and its acquire compare-and-swap to `amocas.aq`,
// with no fence after it; the reload round's moved load takes the load's
// own fence, moved over the CAS (docs/semantics.md, "Reload rounds: the
// load's fence moved over the compare-and-swap"). The C11 Treiber programs
// and their bugs are checked with that rule and without it
// (NoReloadFenceMove): the verdicts and reasons must agree, every
// counterexample must be a real execution, and the PASS programs must
// unroll to fewer instructions with the rule.
func TestReloadFenceMoveRISCV(t *testing.T) {
	needClang(t)
	for _, c := range []struct {
		file  string
		want  string
		fewer bool
	}{
		{"c11bench/treiber_2_2.c", "PASS", true},
		{"c11bench/treiber_2_2_free.c", "PASS", true},
		{"c11bench/treiber_2_2_2.c", "PASS", true},
		{"c11bench/treiber_2_2_relaxed_bug.c", "FAIL", false},
		{"c11bench/treiber_2_2_store_bug.c", "FAIL", false},
		{"c11bench/treiber_2_2_pop_acq_rlx_bug.c", "FAIL", false},
		{"c11bench/treiber_2_2_pop_sc_rlx_bug.c", "FAIL", false},
		{"c11/treiber_2_2.c", "PASS", false},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			with, results := checkRuleVariants(t, c.file, "riscv", c.want, map[string]func(*mining.Options){
				"without the fence move": func(o *mining.Options) { o.NoReloadFenceMove = true },
			})
			without := results["without the fence move"]
			if c.fewer && with.Stats.Instrs >= without.Stats.Instrs {
				t.Errorf("%s on riscv: %d instructions with the rule, %d without", c.file, with.Stats.Instrs, without.Stats.Instrs)
			}
			t.Logf("%s on riscv: %d instructions with the rule, %d without", c.file, with.Stats.Instrs, without.Stats.Instrs)
		})
	}
}

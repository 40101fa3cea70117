package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
)

// TestCatFairProgressDifferential: fair progress on cat models
// (docs/semantics.md, "Fair progress on cat models") changes how far the
// loops are unrolled, never an answer. Each pthread program on each model
// is checked with it and without it (--fair=false, every iteration
// counts): the same verdict, and for a PASS the same flags; every
// counterexample is a real execution. (A buggy program fails in several
// ways, and which one the solver meets first depends on the encoding; a
// FAIL's flags are those of the round that failed, whose unrolling
// differs.)
func TestCatFairProgressDifferential(t *testing.T) {
	needClang(t)
	programs := []string{
		"counter.c", "handoff.c", "spsc1.c", "mp_release.c", "mp_relaxed.c", "racy.c",
		"c11/msq_1_1.c", "c11/treiber_2_2_bug.c", "c11/msq_2_2_bug.c",
	}
	models := []string{"arm8", "riscv", "tso-cat", "rc11", "power"}
	for _, file := range programs {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, m := range models {
				if m == "rc11" && file == "c11/msq_2_2_bug.c" {
					continue // 20 CPU s without fair progress
				}
				fair := check(t, prog, test, mining.Options{Model: catModel(t, m)})
				plain := check(t, prog, test, mining.Options{Options: encode.Options{NoFairProgress: true}, Model: catModel(t, m)})
				if a, b := answer(fair), answer(plain); a != b {
					t.Errorf("%s on %s: fair progress gives %s, without it %s", file, m, a, b)
				}
				for _, r := range []*mining.Result{fair, plain} {
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s: %v", file, m, err)
					}
				}
			}
		})
	}
}

func answer(r *mining.Result) string {
	switch r.Verdict {
	case mining.Fail:
		return "FAIL"
	case mining.Inconclusive:
		return fmt.Sprintf("%s %s", r.Verdict, r.Reason)
	}
	flags := slices.Clone(r.Flags)
	slices.Sort(flags)
	return fmt.Sprintf("%s flags %v", r.Verdict, flags)
}

// TestRaceInRetryRound: a data race that only failed CAS rounds show
// (tests/llvm/pthread/race_in_retry.c). Such a round stores nothing and
// ends as it started, a cycle; deleting it would leave only executions
// without the race, and rc11's racy flag would never fire: a PASS with no
// race reported (what the engine gave without catFlagCycles). A cycle
// with an event in a flag's relation is kept, so here the retry loop does
// not converge, as without fair progress: INCONCLUSIVE at the unroll
// limit, with the race reported (the flags of the last unrolling's
// complete executions).
func TestRaceInRetryRound(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "race_in_retry.c")
	for _, noFair := range []bool{false, true} {
		r := check(t, prog, test, mining.Options{Options: encode.Options{NoFairProgress: noFair}, Model: catModel(t, "rc11"), MaxUnroll: 3})
		if r.Verdict != mining.Inconclusive || !slices.Contains(r.Flags, "racy") {
			t.Errorf("fair progress off %v: %s with flags %v, want INCONCLUSIVE with racy", noFair, r.Verdict, r.Flags)
		}
	}
}

// A pthread program that frees keeps the lsl_malloc pool, whose
// use-after-free check needs the memory order of a .mm model: on a cat
// model it is an input error at the free, with the models that work; on
// the .mm models the program passes.
func TestFreeOnCatModels(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "free_handoff.c")
	for _, name := range []string{"sc", "relaxed"} {
		if r := check(t, prog, test, mining.Options{Model: model(t, name)}); r.Verdict != mining.Pass {
			t.Errorf("%s: %s (%s), want PASS", name, r.Verdict, r.Message)
		}
	}
	// cat models have no memory order: a use after free is judged by the
	// order every execution has (encode/memsafety.go, useAfterFreeStatic)
	for _, name := range []string{"arm8", "rc11"} {
		if r := check(t, prog, test, mining.Options{Model: catModel(t, name)}); r.Verdict != mining.Pass {
			t.Errorf("%s: %s (%s), want PASS", name, r.Verdict, r.Message)
		}
	}
}

// A flag that fires names what it fires on: rc11's racy flag on racy.c
// gives the two accesses of counter, with their source lines.
func TestFlagNamesItsEvents(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "racy.c")
	r := check(t, prog, test, mining.Options{Model: catModel(t, "rc11")})
	i := slices.Index(r.Flags, "racy")
	if i < 0 || i >= len(r.FlagEvents) {
		t.Fatalf("flags %v, events %v: want racy with its events", r.Flags, r.FlagEvents)
	}
	ev := r.FlagEvents[i]
	if strings.Count(ev, "counter at ") != 2 || !strings.Contains(ev, "racy.c:10:") {
		t.Errorf("racy fires on %q, want the two accesses of counter at racy.c:10", ev)
	}
}

// TestCatStoringCyclesDifferential: on arm8 and riscv, fair progress
// deletes retry rounds that store (docs/semantics.md, "Fair progress on
// cat models"). Each program is checked with the rule, with storeless
// cycles only (NoCatStoringCycles) and without fair progress: the same
// answers, and every counterexample a real execution. (Heavier programs:
// CHECKFENCE_CATFAIR=all adds the Vyukov queue and snark's Da, about a
// minute.)
func TestCatStoringCyclesDifferential(t *testing.T) {
	programs := []struct {
		tst, test string
		impl      []string
	}{
		{"fairness/cascounter.tst", "T2", []string{"fairness/cascounter.c"}},
		{"fairness/dekker.tst", "T2", []string{"fairness/dekker.c"}},
		{"fairness/dekker.tst", "T2", []string{"fairness/dekker_fenced.c"}},
		{"fencesynth/chaselev.tst", "T2", []string{"fairness/chaselev_fenced.c"}},
		{"fairness/seqlock.tst", "R2", []string{"fairness/seqlock.c"}},
		{"unbounded/vyukov.tst", "T0", []string{"unbounded/vyukov_nofence.c"}},
		{"datatypes/snark/snark.tst", "D0", []string{"datatypes/snark/snark_buggy.c", "datatypes/snark/harness.c"}},
		{"datatypes/msn/msn.tst", "T0", []string{"datatypes/msn/msn.c", "datatypes/msn/harness.c"}},
		{"datatypes/msn/msn.tst", "T0", []string{"datatypes/msn/msn_nofence.c", "datatypes/msn/harness.c"}},
	}
	if os.Getenv("CHECKFENCE_CATFAIR") == "all" {
		programs = append(programs, []struct {
			tst, test string
			impl      []string
		}{
			{"unbounded/vyukov.tst", "T1", []string{"unbounded/vyukov.c"}},
			{"datatypes/snark/snark.tst", "Da", []string{"datatypes/snark/snark.c", "datatypes/snark/harness.c"}},
		}...)
	}
	for _, p := range programs {
		t.Run(p.impl[0]+"/"+p.test, func(t *testing.T) {
			t.Parallel()
			prog, tf := load(t, p.tst, p.impl...)
			var test = tf.Tests[0]
			for _, x := range tf.Tests {
				if x.Name == p.test {
					test = x
				}
			}
			for _, m := range []string{"arm8", "riscv"} {
				stores := check(t, prog, test, mining.Options{Model: catModel(t, m), Timeout: datatypeTimeout})
				storeless := check(t, prog, test, mining.Options{Options: encode.Options{NoCatStoringCycles: true}, Model: catModel(t, m), Timeout: datatypeTimeout})
				plain := check(t, prog, test, mining.Options{Options: encode.Options{NoFairProgress: true}, Model: catModel(t, m), MaxUnroll: 6, Timeout: datatypeTimeout})
				a, b := answer(stores), answer(storeless)
				if a != b {
					t.Errorf("%s on %s: with cycles that store %s, storeless only %s", p.impl[0], m, a, b)
				}
				if c := answer(plain); plain.Verdict != mining.Inconclusive && c != a {
					t.Errorf("%s on %s: fair progress %s, without it %s", p.impl[0], m, a, c)
				}
				for _, r := range []*mining.Result{stores, storeless, plain} {
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s: %v", p.impl[0], m, err)
					}
				}
			}
		})
	}
}

// TestCatSupersededRC11: rc11 is coherent per location through its
// irreflexive hb; eco? (cat.CoherentPerLocation), so a retry round that
// stores is deleted from a cut-off execution when superseded, as on arm8
// (Treiber's push, which stores n->next in every round). The C11 Treiber
// stack, its bug variant and the cut-off programs of TestCutOffStoringCycle
// are checked with the rule and with storeless cycles only
// (NoCatStoringCycles, which also turns the superseded case off): the
// same answers, every counterexample a real execution, and the cut-off
// programs fail without the simulation as on the .mm models.
func TestCatSupersededRC11(t *testing.T) {
	needClang(t)
	m := catModel(t, "rc11")
	for _, file := range []string{"c11bench/treiber_2_2.c", "c11bench/treiber_2_2_store_bug.c"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			with := check(t, prog, test, mining.Options{Model: m, Timeout: datatypeTimeout})
			without := check(t, prog, test, mining.Options{Options: encode.Options{NoCatStoringCycles: true}, Model: m, Timeout: datatypeTimeout})
			if a, b := answer(with), answer(without); a != b {
				t.Errorf("%s: superseded rounds deleted %s, storeless cycles only %s", file, a, b)
			}
			for _, r := range []*mining.Result{with, without} {
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s: %v", file, err)
				}
			}
		})
	}
	for _, name := range []string{"cutoff_reads_cycle", "cutoff_storing_round"} {
		prog, tf := load(t, filepath.Join("fairness", name+".tst"), filepath.Join("fairness", name+".c"))
		r := check(t, prog, tf.Tests[0], mining.Options{Model: m, Timeout: datatypeTimeout, NoSimulation: true})
		if got := verdictCode(r); got != "F:assertion" {
			t.Errorf("%s on rc11 without simulation: %s (%s), want F:assertion", name, got, r.Message)
		}
		if err := r.CheckCounterexample(); err != nil {
			t.Errorf("%s on rc11: %v", name, err)
		}
	}
}

// TestCatReloadRoundsRC11: on rc11 (a cat model that sees the C11 tags
// as written) the encoding deletes reload rounds when the moved load
// carries the re-read's tags and its fences are no events
// (docs/semantics.md, "Reload rounds on cat models"). C11 programs with
// the retry idiom — Treiber's pop in two harnesses and its bug variants,
// one of them racy, and a retry whose load is acquire and whose CAS is
// relaxed (reload_tags.c: FAIL, which moving the load would hide) — are
// checked
// with the rule and without it (NoReloadRounds): the same answers, the
// same flags, every counterexample a real execution; and on
// treiber_2_2.c the rule does delete rounds (the unrolling is smaller).
func TestCatReloadRoundsRC11(t *testing.T) {
	needClang(t)
	m := catModel(t, "rc11")
	for _, file := range []string{
		"c11bench/treiber_2_2.c", "c11bench/treiber_2_2_store_bug.c", "c11bench/treiber_2_2_relaxed_bug.c",
		"c11/treiber_2_2_bug.c", "c11/treiber_2_2.c", "reload_tags.c",
	} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			with := check(t, prog, test, mining.Options{Model: m, Timeout: datatypeTimeout})
			without := check(t, prog, test, mining.Options{Options: encode.Options{NoReloadRounds: true}, Model: m, Timeout: datatypeTimeout})
			if a, b := answer(with), answer(without); a != b {
				t.Errorf("%s: reload rounds deleted %s, kept %s", file, a, b)
			}
			if fmt.Sprint(with.Flags) != fmt.Sprint(without.Flags) {
				t.Errorf("%s: flags %v with reload rounds deleted, %v kept", file, with.Flags, without.Flags)
			}
			for _, r := range []*mining.Result{with, without} {
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s: %v", file, err)
				}
			}
			if file == "reload_tags.c" && with.Verdict != mining.Fail {
				t.Errorf("%s: %s, want FAIL (the acquire load must not move to the relaxed CAS)", file, with.Verdict)
			}
			if file == "c11bench/treiber_2_2.c" && with.Stats.Instrs >= without.Stats.Instrs {
				t.Errorf("%s: %d instructions with reload rounds deleted, %d kept", file, with.Stats.Instrs, without.Stats.Instrs)
			}
		})
	}
}

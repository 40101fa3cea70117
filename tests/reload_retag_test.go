package tests

import (
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
)

// TestReloadRetagRC11: reload rounds on rc11 may move a load whose tags
// differ from the re-read's where rc11 cannot tell the two reads apart
// (docs/semantics.md, "Reload rounds: tags a model does not see on a
// read") — Treiber's push loads Top relaxed and re-reads it with a
// release CAS. The C11 Treiber programs (two harnesses, their bugs, one
// racy) and reload_tags.c (an acquire load re-read by a relaxed CAS:
// FAIL), and the small pthread programs of the fair-progress tests, are
// checked with the model-aware comparison and with the exact
// one (NoReloadRetag): the same answers and flags, every counterexample a
// real execution, and on the Treiber stacks a smaller unrolling with it.
// Races fail the check, as the CLI has it for C11 programs: only then
// does rc11 delete a push round of a pusher cut off inside its loop
// (docs/semantics.md, "Superseded reload rounds on weak models").
func TestReloadRetagRC11(t *testing.T) {
	needClang(t)
	m := catModel(t, "rc11")
	for _, file := range []string{
		"c11bench/treiber_2_2.c", "c11bench/treiber_2_2_store_bug.c", "c11bench/treiber_2_2_relaxed_bug.c",
		"c11/treiber_2_2_bug.c", "c11/treiber_2_2.c", "reload_tags.c",
		"counter.c", "handoff.c", "spsc1.c", "mp_release.c", "mp_relaxed.c", "racy.c", "c11/msq_1_1.c",
	} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			with := check(t, prog, test, mining.Options{Model: m, Races: mining.RacesFail, Timeout: datatypeTimeout})
			without := check(t, prog, test, mining.Options{Options: encode.Options{NoReloadRetag: true}, Model: m, Races: mining.RacesFail, Timeout: datatypeTimeout})
			if a, b := answer(with), answer(without); a != b {
				t.Errorf("%s: %s with retagged reloads, %s with the exact comparison", file, a, b)
			}
			if fmt.Sprint(with.Flags) != fmt.Sprint(without.Flags) {
				t.Errorf("%s: flags %v with retagged reloads, %v with the exact comparison", file, with.Flags, without.Flags)
			}
			for _, r := range []*mining.Result{with, without} {
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s: %v", file, err)
				}
			}
			if file == "reload_tags.c" && with.Verdict != mining.Fail {
				t.Errorf("%s: %s, want FAIL", file, with.Verdict)
			}
			if (file == "c11bench/treiber_2_2.c" || file == "c11/treiber_2_2.c") && with.Stats.Instrs >= without.Stats.Instrs {
				t.Errorf("%s: %d instructions with retagged reloads, %d with the exact comparison", file, with.Stats.Instrs, without.Stats.Instrs)
			}
			t.Logf("%s: %s, %d instructions with retagged reloads, %d without", file, answer(with), with.Stats.Instrs, without.Stats.Instrs)
		})
	}
}

// TestReloadRetagLSL: reloadretag/ has a retry whose load before the loop
// and re-read have matching fences and differ only in a tag: acquire
// against relaxed, which rc11 sees (the failure needs the failed round:
// moving the acquire load would hide it), and release against relaxed,
// which it does not (the rule deletes the round, the failure stays).
// Both FAIL with the model-aware comparison and with the exact one, every
// counterexample a real execution. A compare-exchange whose failure order
// is relaxed (fail.RLX) after an acquire load keeps its round (failrlx). (A mutant that accepts every retagging
// answers PASS on acq.)
func TestReloadRetagLSL(t *testing.T) {
	prog, tf := load(t, "reloadretag/reloadretag.tst", "reloadretag/reloadretag.lsl")
	m := catModel(t, "rc11")
	for _, test := range tf.Tests {
		with := check(t, prog, test, mining.Options{Model: m})
		without := check(t, prog, test, mining.Options{Options: encode.Options{NoReloadRetag: true}, Model: m})
		want := mining.Fail
		if test.Name == "failrlx" {
			// a failure order is no tag to compare literally: the
			// round stays, as with the exact comparison
			want = mining.Pass
			if with.Stats.Instrs != without.Stats.Instrs {
				t.Errorf("failrlx: %d instructions with retagged reloads, %d with the exact comparison", with.Stats.Instrs, without.Stats.Instrs)
			}
		}
		for _, r := range []*mining.Result{with, without} {
			if r.Verdict != want {
				t.Errorf("%s: %s (%s), want %s", test.Name, r.Verdict, r.Message, want)
			}
			if err := r.CheckCounterexample(); err != nil {
				t.Errorf("%s: %v", test.Name, err)
			}
		}
	}
}

// TestReloadMappedTagsLSL: on a hardware cat model the reload rule
// compares the tags the C11 mapping gives (encode/reloadtags.go,
// mappedTagsMatch). On arm8 the acquire load before the loop is LDAR (A)
// and the relaxed CAS's read untagged: the round must stay, and the
// program FAILs as without reload rounds (a mutant that accepts any
// mapped tags answers PASS for acq); the release load is untagged on
// arm8 like the CAS's read, and the retry still reads x unsynchronised.
func TestReloadMappedTagsLSL(t *testing.T) {
	prog, tf := load(t, "reloadretag/reloadretag.tst", "reloadretag/reloadretag.lsl")
	m := catModel(t, "arm8")
	want := map[string]mining.Verdict{"acq": mining.Fail, "rel": mining.Fail, "failrlx": mining.Pass}
	for _, test := range tf.Tests {
		with := check(t, prog, test, mining.Options{Model: m})
		without := check(t, prog, test, mining.Options{Options: encode.Options{NoReloadRounds: true}, Model: m})
		for _, r := range []*mining.Result{with, without} {
			if r.Verdict != want[test.Name] {
				t.Errorf("%s on arm8: %s (%s), want %s", test.Name, r.Verdict, r.Message, want[test.Name])
			}
			if err := r.CheckCounterexample(); err != nil {
				t.Errorf("%s on arm8: %v", test.Name, err)
			}
		}
	}
}

// TestReloadMatchedFencesLSL: reloadretag/reloadfence.lsl's acquire load
// is followed by a barrier on power (lwsync) and riscv (fence r,rw). The
// moved load may take it to the CAS's place only where the failed CAS is
// followed by the same barrier (encode/reload.go, catReloadFences): after
// a relaxed CAS the round stays and the program FAILs (a mutant that
// accepts any fences answers PASS on power); after an acquire CAS, power's
// lwsync matches and the round goes (fewer instructions than without
// reload rounds), and on riscv, whose amocas.aq has no fence after it, the
// round goes too: the load's own fence r,rw moves over the CAS, whose .aq
// orders what the fence would (cat.Model.FenceMoveKeepsConsistent). Every
// counterexample must be a real execution.
func TestReloadMatchedFencesLSL(t *testing.T) {
	prog, tf := load(t, "reloadretag/reloadfence.tst", "reloadretag/reloadfence.lsl")
	want := map[string]mining.Verdict{"acqfenced": mining.Fail, "acqcas": mining.Pass}
	for _, name := range []string{"power", "riscv", "arm8"} {
		m := catModel(t, name)
		for _, test := range tf.Tests {
			with := check(t, prog, test, mining.Options{Model: m})
			without := check(t, prog, test, mining.Options{Options: encode.Options{NoReloadRounds: true}, Model: m})
			for _, r := range []*mining.Result{with, without} {
				if r.Verdict != want[test.Name] {
					t.Errorf("%s on %s: %s (%s), want %s", test.Name, name, r.Verdict, r.Message, want[test.Name])
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", test.Name, name, err)
				}
			}
			deleted := with.Stats.Instrs < without.Stats.Instrs
			if wantDeleted := test.Name == "acqcas"; deleted != wantDeleted {
				t.Errorf("%s on %s: %d instructions with reload rounds, %d without: round deleted %v, want %v", test.Name, name, with.Stats.Instrs, without.Stats.Instrs, deleted, wantDeleted)
			}
		}
	}
}

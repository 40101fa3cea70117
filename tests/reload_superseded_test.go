package tests

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// TestPlainSupersededRC11: on rc11 with races failing the check, a
// storing reload round of a thread cut off inside its loop is deleted
// when later plain stores of the thread overwrite its stores, whether or
// not the other threads are done (docs/semantics.md, "Superseded reload
// rounds on weak models"). The C11 Treiber programs, their bug variants
// and the stale-read programs are checked with the rule and without it
// (encode.Options.NoPlainSuperseded): the same verdicts and reasons,
// every counterexample a real execution, and on treiber_2_2_2 the push
// needs fewer rounds with the rule (its failed rounds store n->next, a
// plain field of the still unpublished node).
func TestPlainSupersededRC11(t *testing.T) {
	needClang(t)
	m := memmodel.MustBuiltin("rc11")
	for _, c := range []struct {
		file  string
		want  string // the verdict and reason with and without the rule
		fewer bool   // the push needs fewer rounds with the rule
	}{
		{file: "c11bench/treiber_2_2.c", want: "PASS"},
		{file: "c11bench/treiber_2_2_2.c", want: "PASS", fewer: true},
		{file: "c11bench/treiber_2_2_store_bug.c", want: "FAIL"},
		{file: "c11bench/treiber_2_2_relaxed_bug.c", want: "FAIL data-race"},
		{file: "c11bench/treiber_2_2_pop_acq_rlx_bug.c", want: "FAIL data-race"},
		// a relaxed reader may read the stores of two failed rounds of
		// an atomic field: only with three rounds
		{file: "unpublished_stale_bug.c", want: "FAIL assertion"},
		{file: "unpublished_stale_plain_bug.c", want: "FAIL data-race"},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, c.file)
			with := check(t, prog, test, mining.Options{Model: m, Races: mining.RacesFail, Timeout: datatypeTimeout})
			without := check(t, prog, test, mining.Options{Options: encode.Options{NoPlainSuperseded: true}, Model: m, Races: mining.RacesFail, Timeout: datatypeTimeout})
			a, b := verdictReason(with), verdictReason(without)
			if a != b || !strings.HasPrefix(a, c.want) {
				t.Errorf("%s: the rule gave %s, without it %s, want %s", c.file, a, b, c.want)
			}
			for _, r := range []*mining.Result{with, without} {
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s: %v", c.file, err)
				}
			}
			if c.fewer && pushRounds(with.Bounds) >= pushRounds(without.Bounds) {
				t.Errorf("%s: push rounds %d with the rule, %d without", c.file, pushRounds(with.Bounds), pushRounds(without.Bounds))
			}
		})
	}
}

// TestStaleReadAfterCut: a reader that gets the pusher's node through a
// relaxed store made after the pusher's last round may read the stores
// of failed rounds that later rounds overwrote — reload rounds
// (unpublished_stale_bug.c) and cycles, rounds that read nothing new
// (cycle_stale_bug.c). "Superseded while the others are done" deleted
// those rounds on pso, relaxed and rmo (the cycles also on rc11), and the
// check stopped at two rounds with PASS; it holds on sc, sc-cat and tso
// only. The answers must be those without fair progress.
func TestStaleReadAfterCut(t *testing.T) {
	needClang(t)
	for _, file := range []string{"unpublished_stale_bug.c", "cycle_stale_bug.c"} {
		prog, test := loadPthread(t, file)
		for _, c := range []struct{ model, want string }{
			{"sc", "PASS"}, {"sc-cat", "PASS"}, {"tso", "PASS"}, {"pso", "FAIL"}, {"relaxed", "FAIL"}, {"rmo", "FAIL"}, {"rc11", "FAIL"},
			// hardware cat models: reload rounds by their C11 mapping's
			// tags and the fence case on cat models must not hide the
			// stale reads (tso-cat agrees with tso)
			{"arm8", "FAIL"}, {"power", "FAIL"}, {"riscv", "FAIL"}, {"tso-cat", "PASS"},
		} {
			t.Run(file+"/"+c.model, func(t *testing.T) {
				t.Parallel()
				m := memmodel.MustBuiltin(c.model)
				r := check(t, prog, test, mining.Options{Model: m, Races: mining.RacesFail, Timeout: datatypeTimeout})
				if got := verdictReason(r); !strings.HasPrefix(got, c.want) {
					t.Errorf("%s on %s: %s, want %s", file, c.model, got, c.want)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, c.model, err)
				}
			})
		}
	}
}

func verdictReason(r *mining.Result) string {
	if r.Verdict == mining.Fail {
		return "FAIL " + r.Reason
	}
	return answer(r)
}

// pushRounds is the largest bound of a loop of push.
func pushRounds(b lsl.Bounds) int {
	n := 0
	for k, v := range b {
		if strings.HasSuffix(string(k), ">push/L1") && v > n {
			n = v
		}
	}
	return n
}

// TestReloadRoundsSCCat: sc-cat, whose C11 mapping adds no tag and no
// fence, gets reload rounds and the sc cases of superseded ones
// (memmodel.Model.SequentiallyConsistentCat; docs/semantics.md,
// "Superseded reload rounds on weak models"). The C11 Treiber 2+2
// program, two bug variants and the stale-read programs are checked on
// sc-cat with reload rounds and without (NoReloadRounds), and on sc: the
// same answers everywhere, and a smaller unrolling of the Treiber stack
// with the rounds.
func TestReloadRoundsSCCat(t *testing.T) {
	needClang(t)
	scCat, sc := memmodel.MustBuiltin("sc-cat"), memmodel.MustBuiltin("sc")
	for _, file := range []string{
		"c11bench/treiber_2_2.c", "c11bench/treiber_2_2_store_bug.c", "c11bench/treiber_2_2_relaxed_bug.c",
		"unpublished_stale_bug.c", "unpublished_stale_plain_bug.c",
	} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			with := check(t, prog, test, mining.Options{Model: scCat, Races: mining.RacesFail, Timeout: datatypeTimeout})
			without := check(t, prog, test, mining.Options{Options: encode.Options{NoReloadRounds: true}, Model: scCat, Races: mining.RacesFail, Timeout: datatypeTimeout})
			onSC := check(t, prog, test, mining.Options{Model: sc, Races: mining.RacesFail, Timeout: datatypeTimeout})
			a, b, c := verdictReason(with), verdictReason(without), verdictReason(onSC)
			if a != b || a != c {
				t.Errorf("%s: sc-cat %s with reload rounds, %s without; sc %s", file, a, b, c)
			}
			for _, r := range []*mining.Result{with, without} {
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s: %v", file, err)
				}
			}
			if file == "c11bench/treiber_2_2.c" && with.Stats.Instrs >= without.Stats.Instrs {
				t.Errorf("%s: %d instructions with reload rounds, %d without", file, with.Stats.Instrs, without.Stats.Instrs)
			}
		})
	}
}

package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// The benchmark programs of issue 52 (llvm/pthread/c11bench: an MS queue
// and a Treiber stack with harnesses that check values, FIFO order, a
// drain and a node counter) whose checks take about a second: the correct
// 2+2 stack passes on every model; each bug fails, the relaxed
// publication only on the weak models, where rc11 also flags the race on
// the node's value. The larger rows are in the pthread table of make bench.
func TestC11BenchVerdicts(t *testing.T) {
	models := []string{"sc", "relaxed", "rc11"}
	checkPthreadTable(t, models, map[string]verdictRow{
		"c11bench/treiber_2_2.c":  {want: []mining.Verdict{P, P, P}},
		"c11bench/msq_fifo_bug.c": {want: []mining.Verdict{F, F, F}},
	}, nil)
	// the plain store for the CAS: on rc11 it also breaks the release
	// sequence, so a popper's read of the node's value races with the
	// push that wrote it (the CLI's FAIL there is that race)
	checkPthreadTable(t, models, map[string]verdictRow{
		"c11bench/treiber_2_2_store_bug.c": {want: []mining.Verdict{F, F, F}, racy: true},
	}, nil)
	checkPthreadTable(t, models, map[string]verdictRow{
		"c11bench/treiber_2_2_relaxed_bug.c": {want: []mining.Verdict{P, F, F}, reason: mining.ReasonRuntimeError, racy: true}, // or an assertion (orReason)
	}, nil)
	// pop's CAS with a relaxed failure order (docs/semantics.md,
	// "Compare-exchange"): the next round reads top->next without
	// synchronising with its push, which rc11 flags as a race and which
	// fails on the weak models; rc11 saw neither until 2026-11-30 (the
	// failed CAS's read was taken for an acquire). sc has no failure
	// but the race (TestTreiberPopFailRelaxedRaces).
	checkPthreadTable(t, models, map[string]verdictRow{
		"c11bench/treiber_2_2_pop_acq_rlx_bug.c": {want: []mining.Verdict{P, F, F}, reason: mining.ReasonRuntimeError, racy: true},
	}, nil)
	checkPthreadTable(t, models[:1], map[string]verdictRow{
		"c11bench/msq_2_2_store_bug.c": {want: []mining.Verdict{F}},
	}, nil)
	// power's preserved program order and observation at this size
	// (docs/semantics.md, "Power's model at C11 sizes")
	checkPthreadTable(t, []string{"power"}, map[string]verdictRow{
		"c11bench/treiber_2_2_store_bug.c": {want: []mining.Verdict{F}},
	}, nil)
}

// TestTreiberPopFailRelaxedRaces: with the race check (--races=fail, the
// default for C11 programs), pop's CAS with a relaxed failure order is a
// data race on every model, sc included, and with an acquire failure
// order (treiber_2_2.c) there is none.
func TestTreiberPopFailRelaxedRaces(t *testing.T) {
	needClang(t)
	for _, c := range []struct {
		file   string
		models []string
		race   bool
	}{
		{"c11bench/treiber_2_2_pop_acq_rlx_bug.c", []string{"sc"}, true},
		{"c11bench/treiber_2_2_pop_sc_rlx_bug.c", []string{"sc", "rc11"}, true},
		{"c11bench/treiber_2_2.c", []string{"sc", "rc11"}, false},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, c.file)
			for _, m := range c.models {
				opt := modelOptions(t, m)
				opt.Races = mining.RacesFail
				r := check(t, prog, test, opt)
				race := r.Verdict == F && r.Reason == mining.ReasonDataRace
				if race != c.race || !c.race && r.Verdict != P {
					t.Errorf("%s on %s: %s %s, want a race %v (%s)", c.file, m, r.Verdict, r.Reason, c.race, r.Message)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", c.file, m, err)
				}
			}
		})
	}
}

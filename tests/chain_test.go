package tests

import (
	"slices"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// chainPrograms: pthread programs whose retry rounds store and then write
// back what they read — polling under a mutex, a reader that retries with
// fetch_add and fetch_sub (docs/semantics.md, "Chains of
// read-modify-writes"). They converge on the five .mm models; before the
// rule every one was INCONCLUSIVE at any loop bound.
var chainPrograms = map[string]struct {
	want   mining.Verdict
	reason string
}{
	"poll_mutex.c":       {P, ""},
	"poll_mutex_late.c":  {F, mining.ReasonAssertion},
	"poll_mutex_never.c": {F, mining.ReasonLivelock},
	"rwlock_retry.c":     {P, ""},
	// two pollers read each other's unlocks: they converge by the rule for
	// globals only read-modify-writes reach, and without the flag they
	// livelock together (docs/semantics.md, "Cut-off threads and joint
	// livelocks"); before it, INCONCLUSIVE at any bound
	"poll_mutex_two.c":       {P, ""},
	"poll_mutex_two_late.c":  {F, mining.ReasonAssertion},
	"poll_mutex_two_never.c": {F, mining.ReasonLivelock},
	"poll_mutex_two_init.c":  {P, ""}, // main's pthread_mutex_init stores plainly
}

func TestChainPrograms(t *testing.T) {
	needClang(t)
	for file, tc := range chainPrograms {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			// the cat models with the rule too (docs/semantics.md,
			// "Silent read-modify-writes on rc11 and sc-cat", "… on
			// the hardware models"): the programs are race-free, so
			// rc11 answers as sc does, and a pthread mutex's fences
			// order the rounds on arm8
			for _, m := range append(slices.Clone(llvmModels), catSilentModels...) {
				r := check(t, prog, test, mining.Options{Model: model(t, m), MaxUnroll: 8})
				if r.Verdict != tc.want {
					t.Errorf("%s on %s: %s, want %s (%s)", file, m, r.Verdict, tc.want, r.Message)
					continue
				}
				if r.Verdict == F && r.Reason != tc.reason {
					t.Errorf("%s on %s: FAIL for %s, want %s", file, m, r.Reason, tc.reason)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
			}
		})
	}
}

// TestChainCutNeeded: without the rule for chains on globals only
// read-modify-writes reach (encode/chaincut.go), two pollers of one mutex
// never converge: every bound has executions that cut them off after
// rounds the other read, and their joint livelock is no livelock of
// either thread alone.
func TestChainCutNeeded(t *testing.T) {
	needClang(t)
	for _, file := range []string{"poll_mutex_two.c", "poll_mutex_two_never.c"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, m := range []string{"sc", "rc11"} {
				r := check(t, prog, test, mining.Options{Options: encode.Options{NoChainCut: true}, Model: model(t, m), MaxUnroll: 4})
				if r.Verdict != mining.Inconclusive || r.Reason != mining.ReasonUnrollLimit {
					t.Errorf("%s on %s without the rule: %s (%s) %s, want INCONCLUSIVE at the unroll limit", file, m, r.Verdict, r.Reason, r.Message)
				}
			}
		})
	}
}

// TestChainCutMatchesWithout: at the bounds two pollers converge at with
// the rule for chains on globals only read-modify-writes reach, the check
// without it sees the same observations and failures (it deletes no
// execution that does not reduce to one it keeps); without it some
// execution is still cut off there.
func TestChainCutMatchesWithout(t *testing.T) {
	needClang(t)
	var progs []ruleProgram
	for _, file := range []string{"poll_mutex_two.c", "poll_mutex_two_late.c"} {
		prog, test := loadPthread(t, file)
		progs = append(progs, ruleProgram{file, prog, test})
	}
	c, err := refcheck.ReadCase("testdata/fair_chain_two_pollers.lsl")
	if err != nil {
		t.Fatal(err)
	}
	progs = append(progs, ruleProgram{"fair_chain_two_pollers.lsl", c.Prog, c.Tests[0]})
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			for _, m := range append(slices.Clone(llvmModels), catSilentModels...) {
				if catRuleUnconverged(m, p.name) {
					continue
				}
				// without the fence case too: a pthread mutex's lock and
				// unlock are fenced, so on pso, relaxed and rmo it also
				// deletes the rounds (docs/semantics.md, "Storing rounds
				// behind fences")
				plain := sameAtConvergedBounds(t, p, m, "with the rule", "without", func(o *mining.Options) { o.NoChainCut, o.NoFencedRounds = true, true })
				if len(plain.Pruned) == 0 {
					t.Errorf("%s on %s: nothing cut off without the rule either at the bounds it converged at (the rule is not what converges)", p.name, m)
				}
			}
		})
	}
}

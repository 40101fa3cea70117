package tests

import (
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
	"github.com/checkfence/checkfence/report"
	"github.com/checkfence/checkfence/trace"
)

// silentRMWVerdicts: spin loops on read-modify-writes that write back what
// they read (docs/semantics.md, "Silent read-modify-writes"), on the .mm
// models (columns: sc, tso, pso, relaxed, rmo). Before the rule none of
// them converged: each failed exchange is read by the next, so every round
// counted and the lazy unrolling ran to --max-unroll.
var silentRMWVerdicts = map[string]struct {
	want   [5]mining.Verdict
	reason string // of the FAILs
}{
	"tas_lock.c":         {[5]mining.Verdict{P, P, P, P, P}, ""},
	"tas_lock_relaxed.c": {[5]mining.Verdict{P, P, F, F, F}, mining.ReasonAssertion},
	"tas_no_unlock.c":    {[5]mining.Verdict{F, F, F, F, F}, mining.ReasonLivelock},
	"fetch_add_wait.c":   {[5]mining.Verdict{P, P, P, P, P}, ""},
	// a loop on pthread_mutex_trylock: a failed attempt exchanges 1 for 1
	"trylock.c":     {[5]mining.Verdict{P, P, P, P, P}, ""},
	"trylock_bug.c": {[5]mining.Verdict{F, F, F, F, F}, mining.ReasonAssertion},
}

func TestSilentRMWPrograms(t *testing.T) {
	needClang(t)
	for file, tc := range silentRMWVerdicts {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for mi, m := range llvmModels {
				r := check(t, prog, test, mining.Options{Model: model(t, m)})
				if r.Verdict != tc.want[mi] {
					t.Errorf("%s on %s: %s, want %s (%s)", file, m, r.Verdict, tc.want[mi], r.Message)
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

// TestSilentRMWMatchesPlainEncoding compares the rule, and the rule for
// chains of read-modify-writes (encode/chain.go), with the encoding
// without them (mining.Options.NoSilentRMW) at the bounds where the rules
// converge: the same observations of complete executions and the same
// failures. The rule only deletes executions that reduce to others at the
// same bounds; without it the spins stay cut off at those bounds, which is
// why the plain encoding alone never converges.
func TestSilentRMWMatchesPlainEncoding(t *testing.T) {
	needClang(t)
	var progs []ruleProgram
	for _, file := range []string{"tas_lock.c", "tas_lock_relaxed.c", "fetch_add_wait.c", "poll_mutex.c", "poll_mutex_late.c", "rwlock_retry.c"} {
		prog, test := loadPthread(t, file)
		progs = append(progs, ruleProgram{file, prog, test})
	}
	for _, file := range []string{"fair_tas.lsl", "fair_tas_forward.lsl", "fair_silent_forwarded.lsl", "fair_chain_poll.lsl", "fair_chain_poll_twice.lsl", "fair_chain_rw.lsl"} {
		path := "../refcheck/testdata/corners/" + file
		if file == "fair_chain_poll_twice.lsl" {
			path = "testdata/" + file // too slow for the reference
		}
		c, err := refcheck.ReadCase(path)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, ruleProgram{file, c.Prog, c.Tests[0]})
	}
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			for _, m := range llvmModels {
				if p.name == "fair_tas_forward.lsl" && (m == "relaxed" || m == "rmo") {
					continue // does not converge there (its comment)
				}
				if strings.HasPrefix(p.name, "fair_chain_poll") && (m == "pso" || m == "relaxed" || m == "rmo") {
					// the poller's rounds store to a lock the setter
					// reads plainly, with no fence: a round of a poller
					// cut off inside its loop is kept there
					// (docs/semantics.md, "Storing cycles")
					continue
				}
				sameAtConvergedBounds(t, p, m, "with the rule", "without", func(o *mining.Options) { o.NoSilentRMW = true })
			}
		})
	}
}

// canons returns the canonical forms of observations, sorted.
func canons(obs []trace.Observation) []string {
	var out []string
	for _, o := range obs {
		out = append(out, o.Canon())
	}
	slices.Sort(out)
	return out
}

// TestCatSilentRMWHint: on a cat model a test-and-set spin does not
// converge (the rule is the .mm models'), and the INCONCLUSIVE result says
// why; on a .mm model it converges.
func TestCatSilentRMWHint(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "tas_lock.c")
	r := check(t, prog, test, mining.Options{Model: catModel(t, "rc11"), MaxUnroll: 4})
	if r.Verdict != mining.Inconclusive {
		t.Fatalf("tas_lock.c on rc11 at --max-unroll 4: %s, want INCONCLUSIVE", r.Verdict)
	}
	if h := report.Hint(r); !strings.Contains(h, "on a cat model that is a write") {
		t.Errorf("the hint does not name the read-modify-write: %q", h)
	}
	if r := check(t, prog, test, mining.Options{Model: model(t, "sc"), MaxUnroll: 4}); r.Verdict != P {
		t.Errorf("tas_lock.c on sc at --max-unroll 4: %s, want PASS", r.Verdict)
	}
}

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

// TestCatSilentRMWHint: on a cat model without the rule (herd's own
// power.cat, which is no built-in model: a failed exchange there is a
// write other loads order against) a test-and-set spin does not
// converge, and the INCONCLUSIVE result says why; on a .mm model, rc11,
// sc-cat, arm8, riscv, tso-cat and power it converges. On arm8 and power a
// relaxed exchange's rounds count when its value reaches an address
// (tas_lock_fence_index.c), and the hint says what would order them on
// the model; without the index (tas_lock_fence_after.c) they do not.
func TestCatSilentRMWHint(t *testing.T) {
	needClang(t)
	herd := herdTwin(t, "power")
	// fair_tas.lsl with full fences around the critical section (without
	// them the counter is lost on Power)
	c, err := refcheck.ParseCase("fair_tas_fenced", []byte(fairTASFenced))
	if err != nil {
		t.Fatal(err)
	}
	r := check(t, c.Prog, c.Tests[0], mining.Options{Model: herd, MaxUnroll: 4})
	if r.Verdict != mining.Inconclusive {
		t.Fatalf("fair_tas_fenced on herd's power.cat at --max-unroll 4: %s, want INCONCLUSIVE (%s: %s)", r.Verdict, r.Reason, r.Message)
	}
	if h := report.Hint(r); !strings.Contains(h, "on this cat model that is a write") {
		t.Errorf("the hint does not name the read-modify-write: %q", h)
	}
	if r := check(t, c.Prog, c.Tests[0], mining.Options{Model: catModel(t, "power"), MaxUnroll: 4}); r.Verdict != P {
		t.Errorf("fair_tas_fenced on power at --max-unroll 4: %s, want PASS (%s)", r.Verdict, report.Hint(r))
	}
	prog, test := loadPthread(t, "tas_lock.c")
	for _, m := range []string{"sc", "rc11", "sc-cat", "arm8", "riscv", "tso-cat", "power"} {
		if r := check(t, prog, test, mining.Options{Model: model(t, m), MaxUnroll: 4}); r.Verdict != P {
			t.Errorf("tas_lock.c on %s at --max-unroll 4: %s, want PASS (%s)", m, r.Verdict, report.Hint(r))
		}
	}
	prog, test = loadPthread(t, "tas_lock_fence_index.c")
	for _, m := range []string{"arm8", "power"} {
		r = check(t, prog, test, mining.Options{Model: catModel(t, m), MaxUnroll: 4})
		if r.Verdict != mining.Inconclusive {
			t.Fatalf("tas_lock_fence_index.c on %s at --max-unroll 4: %s, want INCONCLUSIVE", m, r.Verdict)
		}
		if h := report.Hint(r); !strings.Contains(h, "on "+m+" its round is left out only when") {
			t.Errorf("the hint on %s does not say what orders the round: %q", m, h)
		}
	}
	for _, m := range []string{"sc", "relaxed", "rc11", "riscv", "tso-cat"} {
		if r := check(t, prog, test, mining.Options{Model: model(t, m), MaxUnroll: 4}); r.Verdict != P {
			t.Errorf("tas_lock_fence_index.c on %s at --max-unroll 4: %s, want PASS (%s)", m, r.Verdict, report.Hint(r))
		}
	}
	// without the index the exchange's value only decides whether the
	// loop goes round: the rounds are deleted on arm8 and power too
	prog, test = loadPthread(t, "tas_lock_fence_after.c")
	for _, m := range []string{"arm8", "power"} {
		if r := check(t, prog, test, mining.Options{Model: catModel(t, m), MaxUnroll: 4}); r.Verdict != P {
			t.Errorf("tas_lock_fence_after.c on %s at --max-unroll 4: %s, want PASS (%s)", m, r.Verdict, report.Hint(r))
		}
	}
}

// fairTASFenced: a test-and-set lock with a full fence after each
// exchange and before the release (refcheck's fair_tas.lsl with fences,
// without its watcher, whose reads inside the others' critical sections
// no serial execution has).
const fairTASFenced = `//# test T = ( inc | inc ) final
global L
global C
proc inc() {
    observe label "inc"
    l: {
        atomic {
            %r := load @L
            store @L, 1
        }
        fence full
        %c := eq(%r, 1)
        if %c { continue l }
    }
    %v := load @C
    %w := add(%v, 1)
    store @C, %w
    fence full
    store @L, 0
}
proc final() {
    observe label "final"
    %x := load @C
    observe output "C" %x
}
`

// arm8Unordered: programs whose spins do not converge on arm8 and power,
// where a load of the spinning thread that reads a silent store needs an
// acquire (arm8), a load barrier or a dependency (docs/semantics.md, "Silent
// read-modify-writes on the hardware models").
var arm8Unordered = map[string]bool{"tas_lock_relaxed.c": true, "silent_release.c": true, "silent_stale.c": true, "silent_stale_fence_before.c": true, "chain_stale.c": true}

// catRuleUnconverged reports the programs that tests comparing the
// fair-progress rules at the bounds they converge at leave out on cat
// model m, because the rules do not converge there:
//   - on rc11, LSL programs: their plain accesses are non-atomic, they
//     race, and a racy round is never deleted;
//   - on arm8 and power, LSL programs (plain accesses without fences) and
//     arm8Unordered: the next round reads the silent store unordered, the
//     round is kept and the spin does not converge (silent_stale.c shows
//     why it must be kept; docs/semantics.md, "Silent read-modify-writes
//     on the hardware models");
//   - on riscv, the LSL pollers, as on pso, relaxed and rmo: the poller's
//     rounds store to a lock the setter reads plainly, with no fence, and
//     a round of a poller cut off inside its loop is kept
//     (docs/semantics.md, "Storing cycles").
func catRuleUnconverged(m, name string) bool {
	lslProg := strings.HasSuffix(name, ".lsl")
	switch m {
	case "rc11":
		return lslProg
	case "arm8", "power":
		return lslProg || arm8Unordered[name]
	case "riscv":
		return strings.HasPrefix(name, "fair_chain_poll")
	}
	return false
}

// catSilentModels are the cat models with the rule, in the column order
// of catSilentVerdicts.
var catSilentModels = []string{"rc11", "sc-cat", "arm8", "riscv", "tso-cat", "power"}

// catSilentVerdicts: spin loops on read-modify-writes that write back
// what they read, on the cat models with the rule (docs/semantics.md,
// "Silent read-modify-writes on rc11 and sc-cat", "… on the hardware
// models"; columns: catSilentModels). Before the rule none of the PASS
// rows converged there (INCONCLUSIVE at --max-unroll), and the livelock
// was INCONCLUSIVE too.
var catSilentVerdicts = map[string]struct {
	want   [6]mining.Verdict
	reason string // of rc11's FAIL, where only one failure is possible
}{
	"tas_lock.c": {[6]mining.Verdict{P, P, P, P, P, P}, ""},
	// a relaxed exchange, an acquire fence after the loop: on arm8 and
	// power the rounds go by the control dependency (ctrlReader)
	"tas_lock_fence_after.c": {[6]mining.Verdict{P, P, P, P, P, P}, ""},
	"tas_lock_relaxed.c":     {[6]mining.Verdict{F, F, F, F, F, F}, ""}, // relaxed: the counter races (a race or a lost increment)
	"tas_no_unlock.c":        {[6]mining.Verdict{F, F, F, F, F, F}, mining.ReasonLivelock},
	"fetch_add_wait.c":       {[6]mining.Verdict{P, P, P, P, P, P}, ""},
	"trylock.c":              {[6]mining.Verdict{P, P, P, P, P, P}, ""},
	"trylock_bug.c":          {[6]mining.Verdict{F, F, F, F, F, F}, ""}, // a race or a lost increment
	"silent_twice.c":         {[6]mining.Verdict{P, P, P, P, P, P}, ""},
	"silent_release.c":       {[6]mining.Verdict{F, F, F, F, F, F}, mining.ReasonDataRace},
	"silent_reload.c":        {[6]mining.Verdict{P, P, P, P, P, P}, ""},
	// arm8 and power keep the relaxed round (the stale data); rc11 fails
	// without any round (a relaxed load of l does not synchronize)
	"silent_stale.c":         {[6]mining.Verdict{F, P, F, P, P, F}, mining.ReasonAssertion},
	"silent_stale_acquire.c": {[6]mining.Verdict{F, P, P, P, P, P}, mining.ReasonAssertion},
	"silent_stale_fence.c":   {[6]mining.Verdict{F, P, P, P, P, P}, mining.ReasonAssertion},
	// a chain of two exchanges: on arm8 and power the first must be an
	// acquire
	"chain_stale.c":         {[6]mining.Verdict{F, P, F, P, P, F}, mining.ReasonAssertion},
	"chain_stale_acquire.c": {[6]mining.Verdict{F, P, P, P, P, P}, mining.ReasonAssertion},
	// the fence comes before the exchange: no order on arm8 and power
	"silent_stale_fence_before.c": {[6]mining.Verdict{F, P, F, P, P, F}, mining.ReasonAssertion},
}

func TestCatSilentRMWPrograms(t *testing.T) {
	needClang(t)
	for file, tc := range catSilentVerdicts {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for mi, m := range catSilentModels {
				want := tc.want[mi]
				r := check(t, prog, test, mining.Options{Model: model(t, m), MaxUnroll: 12, Races: mining.RacesFail})
				if r.Verdict != want {
					t.Errorf("%s on %s: %s, want %s (%s %s)", file, m, r.Verdict, want, r.Message, report.Hint(r))
					continue
				}
				if m == "rc11" && r.Verdict == F && tc.reason != "" && r.Reason != tc.reason {
					t.Errorf("%s on rc11: FAIL for %s, want %s", file, r.Reason, tc.reason)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
			}
		})
	}
}

// TestCatSilentRMWMatchesPlainEncoding compares, on rc11, sc-cat, arm8,
// riscv and tso-cat, the
// encoding that deletes rounds of silent read-modify-writes with the one
// that keeps them (mining.Options.NoSilentRMW), at the bounds where the
// rule converges: the same observations of complete executions and the
// same failures. The programs include loads of another thread and of the
// spinning thread that read a silent store (silent_reload.c), a release
// exchange whose silent store an acquire load reads (silent_release.c)
// and a lock taken twice by one thread (silent_twice.c: its address is
// accessed before the rounds), and on arm8 the order a load of the
// spinning thread needs (silent_stale*.c: a relaxed exchange, an acquire
// one, a relaxed one with a fence after it or before it).
func TestCatSilentRMWMatchesPlainEncoding(t *testing.T) {
	needClang(t)
	var progs []ruleProgram
	for _, file := range []string{"tas_lock.c", "tas_lock_fence_after.c", "tas_lock_relaxed.c", "fetch_add_wait.c", "trylock.c", "trylock_bug.c", "silent_twice.c", "silent_release.c", "silent_reload.c", "silent_stale.c", "silent_stale_acquire.c", "silent_stale_fence.c", "silent_stale_fence_before.c", "chain_stale.c", "chain_stale_acquire.c", "poll_mutex.c", "poll_mutex_late.c"} {
		prog, test := loadPthread(t, file)
		progs = append(progs, ruleProgram{file, prog, test})
	}
	// the chain corners (the rule for chains applies where the silent
	// one does)
	for _, file := range []string{"fair_tas.lsl", "fair_chain_poll.lsl", "fair_chain_rw.lsl"} {
		c, err := refcheck.ReadCase("../refcheck/testdata/corners/" + file)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, ruleProgram{file, c.Prog, c.Tests[0]})
	}
	c, err := refcheck.ReadCase("testdata/fair_chain_poll_twice.lsl")
	if err != nil {
		t.Fatal(err)
	}
	progs = append(progs, ruleProgram{"fair_chain_poll_twice.lsl", c.Prog, c.Tests[0]})
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			for _, m := range catSilentModels {
				if catRuleUnconverged(m, p.name) {
					continue
				}
				sameAtConvergedBounds(t, p, m, "with the rule", "without", func(o *mining.Options) { o.NoSilentRMW = true })
			}
		})
	}
}

package tests

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// TestSealedAndSilentRounds: on the weak models, storing cycles of a
// thread cut off inside its loop are deleted only when no load after the
// cut can read their stores (docs/semantics.md, "Storing cycles"): stores
// into a sealed block (a global no other thread accesses) and silent
// read-modify-writes (a spin on atomic_exchange). With the two cases
// turned off (encode.Options.NoSealedBlocks) the same programs run to the
// unroll limit; with them they PASS, as on sc. A global another thread
// reads keeps the rounds (INCONCLUSIVE at the limit on relaxed).
func TestSealedAndSilentRounds(t *testing.T) {
	src, err := os.ReadFile("../refcheck/testdata/retry_store.lsl")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lsl.Parse("retry_store.lsl", src)
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests("sealed.tst", []byte("test Sealed = ( retry | set )\ntest Shared = ( retry | setRead )\n"))
	if err != nil {
		t.Fatal(err)
	}
	weakConverges(t, "sealed.lsl Sealed", prog, tf.Tests[0], "relaxed", "rmo")
	t.Run("retry_counters.c", func(t *testing.T) {
		needClang(t)
		p, test := loadPthread(t, "retry_counters.c")
		weakConverges(t, "retry_counters.c", p, test, "pso", "relaxed", "rmo")
	})
	shared := check(t, prog, tf.Tests[1], mining.Options{Model: model(t, "relaxed"), MaxUnroll: 8})
	if shared.Verdict != mining.Inconclusive || shared.Reason != mining.ReasonUnrollLimit {
		t.Errorf("Shared on relaxed: %s (%s), want INCONCLUSIVE at the unroll limit", shared.Verdict, shared.Reason)
	}
	// the hint says what would let the rounds go (encode.StoringRoundsNote)
	if h := report.Hint(shared); !strings.Contains(h, "a full or store-store fence follows") {
		t.Errorf("Shared on relaxed: the hint does not say what the fence case needs: %q", h)
	}
	if r := check(t, prog, tf.Tests[1], mining.Options{Model: model(t, "sc"), MaxUnroll: 8}); r.Verdict != mining.Pass {
		t.Errorf("Shared on sc: %s (%s), want PASS", r.Verdict, r.Message)
	}
}

// weakConverges checks that the program PASSes on pso, relaxed and rmo
// within 8 rounds, and runs to that limit without the sealed and silent
// cases (and the fence case, which retry_counters.c's seq_cst exchange
// meets on pso, and the rule for chains of a thread cut off alone, which
// its rounds meet there once the other threads are done) on the models off (on pso the sealed program's retry reads the
// new value after one failed round: its loads stay in order).
func weakConverges(t *testing.T, name string, prog *lsl.Program, test *lsl.Test, off ...string) {
	for _, m := range []string{"pso", "relaxed", "rmo"} {
		r := check(t, prog, test, mining.Options{Model: model(t, m), MaxUnroll: 8})
		if r.Verdict != mining.Pass {
			t.Errorf("%s on %s: %s (%s), want PASS", name, m, r.Verdict, r.Message)
		}
		if !slices.Contains(off, m) {
			continue
		}
		without := check(t, prog, test, mining.Options{Model: model(t, m), MaxUnroll: 8, Options: encode.Options{NoSealedBlocks: true, NoFencedRounds: true, NoChainCut: true}})
		if without.Verdict != mining.Inconclusive || without.Reason != mining.ReasonUnrollLimit {
			t.Errorf("%s on %s without the sealed and silent cases: %s (%s), want INCONCLUSIVE at the unroll limit", name, m, without.Verdict, without.Reason)
		}
	}
}

package tests

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestCatTwinsRandom: the cat models written as twins of .mm models
// reach what their twins reach on random LSL programs (refcheck.Generate:
// atomic blocks, CAS, fences of every kind, retry loops, allocation):
// sc-cat what sc does, tso-cat what tso does, except that a CAS that
// fails is a barrier on tso-cat only (docs/models.md, "Atomic blocks on
// tso-cat"), where tso-cat's executions must be within tso's. The same
// failures, deadlocks and observations of complete executions, each side
// at the bounds its lazy unrolling converges at. The litmus suites
// compare the twins on straight-line code only; an atomic block that was
// no locked instruction on tso-cat showed first in a test of another
// rule. 300 seeds of refcheck.SepGen (barriers and blocks of every shape
// between accesses, litmus-like), 60 of four others; CHECKFENCE_FULL=1
// ten times as many.
func TestCatTwinsRandom(t *testing.T) {
	full := 1
	if os.Getenv("CHECKFENCE_FULL") != "" {
		full = 10
	}
	gens := []struct {
		name string
		cfg  refcheck.GenConfig
		n    int
	}{{"separators", refcheck.SepGen, 300}, {"small", refcheck.SmallGen, 60}, {"reload", refcheck.ReloadGen, 60}, {"push", refcheck.PushGen, 60}, {"silent", refcheck.SilentGen, 60}}
	for _, pair := range [][2]string{{"sc", "sc-cat"}, {"tso", "tso-cat"}} {
		for _, g := range gens {
			n := g.n * full
			t.Run(pair[1]+"/"+g.name, func(t *testing.T) {
				t.Parallel()
				compared := 0
				for seed := int64(21000); seed < 21000+int64(n); seed++ {
					if catTwinSeed(t, pair[0], pair[1], g.cfg, seed) {
						compared++
					}
				}
				if compared < n/2 {
					t.Errorf("only %d of %d seeds converged on both: the test compares too little", compared, n)
				}
				t.Logf("compared %d of %d seeds", compared, n)
			})
		}
	}
}

// catTwinSeed compares mm and its cat twin ct on one random program; it
// reports whether both converged.
func catTwinSeed(t *testing.T, mm, ct string, cfg refcheck.GenConfig, seed int64) bool {
	src := refcheck.Generate(seed, cfg)
	c, err := refcheck.ParseCase(fmt.Sprint("twin", seed), []byte(src))
	if err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, err, src)
	}
	run := func(m string) *mining.ExecutionSet {
		set, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: model(t, m), MaxUnroll: 6, Timeout: 20 * time.Second}, false)
		if err != nil || len(set.Pruned) > 0 {
			return nil
		}
		return set
	}
	a, b := run(mm), run(ct)
	if a == nil || b == nil {
		return false
	}
	oa, ob := canons(a.Observations), canons(b.Observations)
	if ct == "tso-cat" && blockMayNotStore(c.Prog) {
		if b.AnyError && !a.AnyError || !subset(ob, oa) {
			t.Errorf("seed %d: %s is not within %s: failures %v and %v, observations\n%v on %s\n%v on %s\n%s", seed, ct, mm, b.AnyError, a.AnyError, ob, ct, oa, mm, src)
		}
		return true
	}
	if a.AnyError != b.AnyError || a.AnyDeadlock != b.AnyDeadlock || !slices.Equal(oa, ob) {
		t.Errorf("seed %d: failures/deadlocks %v/%v on %s, %v/%v on %s; observations\n%v on %s\n%v on %s\n%s",
			seed, a.AnyError, a.AnyDeadlock, mm, b.AnyError, b.AnyDeadlock, ct, oa, mm, ob, ct, src)
	}
	return true
}

// TestCatHerdTwinsRandom: the built-in arm8, power and sc-cat reach what
// the suites' own aarch64.cat, power.cat and sc.cat do (herdWrappers map
// LSL's fence kinds onto their barriers) on random programs: power's text
// is rewritten for size (docs/semantics.md, "Power's model, rewritten for
// size"), and the built-ins get the encoding's shortcuts (silent rounds,
// chains) that a model read from a file does not. The litmus tests
// compare them on straight-line code (TestCatLitmusMatchesHerd); here
// branches, loops and atomic blocks of every shape join in. Compared
// where both sides converge. riscv and tso-cat order more than herd's
// through an untagged atomic block, by decision (docs/models.md): they
// are compared on the programs without one.
func TestCatHerdTwinsRandom(t *testing.T) {
	dir, err := filepath.Abs("../../shared/suites/cat")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("suite not available: %v", err)
	}
	full := 1
	if os.Getenv("CHECKFENCE_FULL") != "" {
		full = 10
	}
	tmp := t.TempDir()
	for _, name := range []string{"arm8", "power", "sc-cat", "riscv", "tso-cat"} {
		blocksDiffer := name == "riscv" || name == "tso-cat"
		file := filepath.Join(tmp, name+".cat")
		if err := os.WriteFile(file, []byte(fmt.Sprintf(herdWrappers[name], dir)), 0o644); err != nil {
			t.Fatal(err)
		}
		herd, err := cat.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range []struct {
			name string
			cfg  refcheck.GenConfig
			n    int
		}{{"separators", refcheck.SepGen, 60}, {"small", refcheck.SmallGen, 40}} {
			if blocksDiffer && g.name == "separators" {
				g.cfg = refcheck.SepFenceGen
			}
			t.Run(name+"/"+g.name, func(t *testing.T) {
				t.Parallel()
				compared := 0
				for seed := int64(23000); seed < 23000+int64(g.n*full); seed++ {
					src := refcheck.Generate(seed, g.cfg)
					if blocksDiffer && strings.Contains(src, "atomic {") {
						continue
					}
					c, err := refcheck.ParseCase(fmt.Sprint("herd", seed), []byte(src))
					if err != nil {
						t.Fatalf("seed %d: %v\n%s", seed, err, src)
					}
					run := func(m *memmodel.Model) *mining.ExecutionSet {
						set, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: m, MaxUnroll: 6, Timeout: 20 * time.Second}, false)
						if err != nil || len(set.Pruned) > 0 {
							return nil
						}
						return set
					}
					a, b := run(memmodel.FromCat(herd)), run(catModel(t, name))
					if a == nil || b == nil {
						continue
					}
					compared++
					oa, ob := canons(a.Observations), canons(b.Observations)
					if a.AnyError != b.AnyError || a.AnyDeadlock != b.AnyDeadlock || !slices.Equal(oa, ob) {
						t.Errorf("seed %d: failures/deadlocks %v/%v on the suite's model, %v/%v on %s; observations\n%v\n%v\n%s",
							seed, a.AnyError, a.AnyDeadlock, b.AnyError, b.AnyDeadlock, name, oa, ob, src)
					}
				}
				if compared < g.n*full/2 && !blocksDiffer || compared == 0 {
					t.Errorf("only %d of %d seeds converged on both", compared, g.n*full)
				}
				t.Logf("compared %d of %d seeds", compared, g.n*full)
			})
		}
	}
}

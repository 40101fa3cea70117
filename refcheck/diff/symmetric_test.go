package diff

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

func TestSymmetricVariant(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"//# test T = ( t1a | t2a )\nx", "//# test T = ( t1a | t1a | t2a )\nx"},
		{"//# test T = init ( t1a t1b | t2a ) final", "//# test T = init ( t1a t1b | t1a t1b | t2a ) final"},
	} {
		got, err := SymmetricVariant(c.in)
		if err != nil || got != c.want {
			t.Errorf("SymmetricVariant(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := SymmetricVariant("proc a() {}"); err == nil {
		t.Error("no error without a test line")
	}
}

// TestDiffSymmetric compares engine and reference on random programs whose
// test runs one thread twice, so that the verdicts of mining.Check come
// with the symmetry reduction: 25 programs (sampleCount: 13 in make test;
// CHECKFENCE_SYM_N for more).
// It also checks that the reduction applies to most of them.
func TestDiffSymmetric(t *testing.T) {
	n := sampleCount(25, 10)
	if s := os.Getenv("CHECKFENCE_SYM_N"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("CHECKFENCE_SYM_N: %v", err)
		}
	}
	skipped, symmetric, anchored := 0, 0, 0
	relaxed, _ := memmodel.Builtin("relaxed")
	compared := map[string]int{}
	for seed := int64(1); seed <= int64(n); seed++ {
		src, err := SymmetricVariant(refcheck.Generate(seed, refcheck.SmallGen))
		if err != nil {
			t.Fatal(err)
		}
		c, err := refcheck.ParseCase("symmetric seed "+strconv.FormatInt(seed, 10), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		u, err := lsl.Unroll(c.Prog, mining.ThreadSpecs(c.Tests[0]), lsl.UnrollOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := encode.Build(u, relaxed, encode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(e.SymmetricThreads()) > 0 {
			// the serial observations are closed under the permutations
			serial, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: relaxed}, true)
			if err != nil {
				t.Fatal(err)
			}
			if e.SymmetryBreaking(serial.Observations) == e.C.T {
				t.Errorf("%s: the serial observations are not closed under permutations of %v", c.Name, e.SymmetricThreads())
			}
			symmetric++
			for _, a := range e.SymmetryAnchors() {
				if a >= 0 {
					anchored++ // sorted by a store (encode/catsymmetry.go)
					break
				}
			}
		}
		rep := Compare(context.Background(), c, Config{Encodings: Encodings[1:2], Verdicts: true, Timeout: time.Minute})
		if rep.Skipped != "" {
			skipped++
			continue
		}
		for m, k := range rep.Compared {
			compared[m] += k
		}
		for _, d := range rep.Disagreements {
			if known := KnownBugs.Explain(Outcome{Report: &Report{Disagreements: []Disagreement{d}}}); len(known) > 0 {
				t.Logf("%s: known engine bug: %s", c.Name, strings.Join(known, "; "))
				continue
			}
			t.Errorf("%v\n%s", d, src)
		}
	}
	t.Logf("%d programs, %d with identical threads (%d sorted by an anchor store), %d too large for the reference; compared per model: %v", n, symmetric, anchored, skipped, compared)
	if symmetric >= 5 && anchored == 0 {
		t.Errorf("no program's threads are sorted by an anchor store")
	}
	if symmetric < n*8/10 {
		t.Errorf("only %d of %d programs have identical threads", symmetric, n)
	}
}

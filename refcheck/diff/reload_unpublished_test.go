package diff

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/refcheck"
)

// TestUnpublishedReloadRounds runs the engine with storing reload rounds
// into unpublished blocks (docs/semantics.md, "Storing reload rounds into
// unpublished blocks") and without (encode.Options.NoUnpublishedReloads)
// on the corner written for them, and the reference (which implements the
// rule, refcheck/unpublished.go) at the bounds the engine found: the same
// observations and failures on every model it names, and no cut-off; on
// sc the pushers' loops need fewer iterations with the rule in T, where
// each pusher's node is unpublished while it retries, and the reference
// without the rule cuts them off at those bounds.
func TestUnpublishedReloadRounds(t *testing.T) {
	c, err := refcheck.ReadCase("../testdata/corners/fair_reload_store_unpublished.lsl")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range c.Models {
		m, ok := memmodel.Builtin(name)
		if !ok {
			t.Fatalf("no model %s", name)
		}
		for _, test := range c.Tests {
			with, without := executionsWithAndWithout(t, c.Prog, test, m, encode.Options{NoUnpublishedReloads: true})
			if !slices.Equal(canons(with), canons(without)) || with.AnyError != without.AnyError {
				t.Errorf("%s on %s: observations %v / error %v with the rule, %v / %v without", test.Name, name, canons(with), with.AnyError, canons(without), without.AnyError)
			}
			ref, err := refcheck.Explore(c.Prog, test, m.Axiomatic(), refcheck.Options{Bounds: with.Bounds})
			if err != nil {
				t.Fatalf("%s on %s: reference: %v", test.Name, name, err)
			}
			if got := canons(with); strings.Join(got, "\n") != strings.Join(ref.Observations, "\n") || with.AnyError != (len(ref.ErrorReasons) > 0) {
				t.Errorf("%s on %s: engine %v (error %v), reference %v (errors %v)", test.Name, name, got, with.AnyError, ref.Observations, ref.ErrorReasons)
			}
			if len(ref.Pruned) > 0 {
				t.Errorf("%s on %s: the reference cuts off %v at the engine's bounds %v", test.Name, name, ref.Pruned, with.Bounds)
			}
			if name == "sc" && test.Name == "T" {
				// the reference needs the rule for those bounds too
				off, err := refcheck.Explore(c.Prog, test, m.Axiomatic(), refcheck.Options{Bounds: with.Bounds, NoUnpublishedReload: true})
				if err != nil {
					t.Fatal(err)
				}
				if len(off.Pruned) == 0 {
					t.Errorf("T on sc: the reference without the rule cuts nothing off at %v", with.Bounds)
				}
			}
			if test.Name == "T3" && !with.AnyError {
				t.Errorf("T3 on %s: no failing execution (bounds %v)", name, with.Bounds)
			}
			if test.Name == "T2" && !strings.Contains(strings.Join(canons(with), " "), `"n"=10;`) {
				t.Errorf("T2 on %s: observations %v, without n = 10 (a failed round's store read)", name, canons(with))
			}
			if name != "sc" || test.Name != "T" {
				continue
			}
			fewer := false
			for loop, b := range without.Bounds {
				if with.Bounds[loop] > b {
					t.Errorf("T: loop %s needs %d with the rule, %d without", loop, with.Bounds[loop], b)
				}
				fewer = fewer || with.Bounds[loop] < b
			}
			if !fewer {
				t.Errorf("T: bounds %v with the rule, %v without: it changed nothing", with.Bounds, without.Bounds)
			}
		}
	}
}

// TestDiffUnpublishedReloads compares engine and reference, both with the
// rule, on random programs with pushes of fresh nodes published before,
// after or never, and readers of them (refcheck.PushGen), on sc (where
// the rule applies) and tso (where it does not).
func TestDiffUnpublishedReloads(t *testing.T) {
	jobs := seedJobs(40, 15, 10500, Job{Push: true})
	checkJobs(t, "push", Config{Models: []string{"sc", "tso"}, Verdicts: true, Timeout: time.Minute}, jobs)
}

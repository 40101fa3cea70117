package diff

import (
	"context"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestStoringReloadRounds runs the engine with reload rounds that may
// store (docs/semantics.md, "Storing reload rounds") and without
// (encode.Options.NoStoringReloads) on the corners written for them: the
// same observations and failures on every model they name; on sc, the
// push's loop needs fewer iterations with the rule where nobody else
// reads the failed rounds' stores (T), and the assertion that only a
// failed round's store breaks fails with and without it.
func TestStoringReloadRounds(t *testing.T) {
	for _, tc := range []struct {
		file   string
		fewer  string // a test whose bounds must shrink on sc
		failed bool   // every test has a failing execution
	}{
		{file: "fair_reload_store_push.lsl", fewer: "T"},
		{file: "fair_reload_store_cutoff.lsl", failed: true},
	} {
		c, err := refcheck.ReadCase("../testdata/corners/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		models := c.Models
		if len(models) == 0 {
			models = []string{"sc", "tso", "pso", "relaxed"}
		}
		for _, name := range models {
			m, ok := memmodel.Builtin(name)
			if !ok {
				t.Fatalf("no model %s", name)
			}
			for _, test := range c.Tests {
				with, without := executionsWithAndWithout(t, c.Prog, test, m, encode.Options{NoStoringReloads: true})
				if !slices.Equal(canons(with), canons(without)) || with.AnyError != without.AnyError {
					t.Errorf("%s %s on %s: observations %v / error %v with the rule, %v / %v without", tc.file, test.Name, name, canons(with), with.AnyError, canons(without), without.AnyError)
				}
				if tc.failed && !with.AnyError {
					t.Errorf("%s %s on %s: no failing execution", tc.file, test.Name, name)
				}
				if name != "sc" || test.Name != tc.fewer {
					continue
				}
				fewer := false
				for loop, b := range without.Bounds {
					if with.Bounds[loop] > b {
						t.Errorf("%s %s: loop %s needs %d with the rule, %d without", tc.file, test.Name, loop, with.Bounds[loop], b)
					}
					fewer = fewer || with.Bounds[loop] < b
				}
				if !fewer {
					t.Errorf("%s %s: bounds %v with the rule, %v without: it changed nothing", tc.file, test.Name, with.Bounds, without.Bounds)
				}
			}
		}
	}
}

// executionsWithAndWithout are the engine's executions of test on m with
// its default options and with off (a rule switched off).
func executionsWithAndWithout(t *testing.T, prog *lsl.Program, test *lsl.Test, m *memmodel.Model, off encode.Options) (with, without *mining.ExecutionSet) {
	t.Helper()
	with, err := mining.Executions(context.Background(), prog, test, mining.Options{Model: m}, false)
	if err != nil {
		t.Fatal(err)
	}
	without, err = mining.Executions(context.Background(), prog, test, mining.Options{Options: off, Model: m}, false)
	if err != nil {
		t.Fatal(err)
	}
	return with, without
}

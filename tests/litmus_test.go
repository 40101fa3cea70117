package tests

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
)

// litmusVerdicts is the verdict table of tests/litmus, derived by hand from
// the axioms: FAIL means the model allows an outcome no interleaving
// produces. Columns: sc, relaxed, rmo.
var litmusVerdicts = map[string][3]mining.Verdict{
	"SB":        {P, F, F}, // store→load reordering
	"SB+sl":     {P, P, P},
	"SB+full":   {P, P, P},
	"MP":        {P, F, F}, // Fig. 3.2
	"MP+ss":     {P, F, F}, // the loads still reorder
	"MP+ll":     {P, F, F}, // the stores still reorder
	"MP+ss+ll":  {P, P, P}, // Fig. 3.3
	"LB":        {P, F, F},
	"LB+ls":     {P, P, P},
	"IRIW":      {P, F, F},
	"IRIW+ll":   {P, P, P}, // Fig. 3.5: stores are globally ordered in relaxed and rmo
	"CoRR":      {P, F, F}, // aliased loads reorder in relaxed and rmo
	"CoRR+al":   {P, P, P}, // rmo declares the aliased-loads fence too (docs/models.md)
	"CoRR+ll":   {P, P, P},
	"2+2W":      {P, F, F},
	"2+2W+ss":   {P, P, P},
	"Fwd":       {P, F, F}, // Fig. 3.4: store forwarding
	"Fwd+sl":    {P, P, P},
	"MPdep":     {P, F, P}, // relaxed reorders data-dependent loads; rmo's dependence order does not
	"MPdep+ddl": {P, P, P},
}

const (
	P = mining.Pass
	F = mining.Fail
)

var litmusModels = []string{"sc", "relaxed", "rmo"}

func TestLitmusVerdicts(t *testing.T) {
	prog, tf := load(t, "litmus/litmus.tst", "litmus/litmus.lsl")
	if len(tf.Tests) != len(litmusVerdicts) {
		t.Errorf("litmus.tst has %d tests, the table %d", len(tf.Tests), len(litmusVerdicts))
	}
	for mi, mname := range litmusModels {
		m := model(t, mname)
		for _, test := range tf.Tests {
			want, ok := litmusVerdicts[test.Name]
			if !ok {
				t.Errorf("%s: not in the verdict table", test.Name)
				continue
			}
			for _, enc := range encodings {
				r := check(t, prog, test, mining.Options{Options: encode.Options{Axioms: enc.opt}, Model: m})
				if r.Verdict != want[mi] {
					t.Errorf("%s on %s (%s): %s, want %s (%s)", test.Name, mname, enc.name, r.Verdict, want[mi], r.Message)
				}
				if r.Verdict == F && r.Reason != mining.ReasonConsistency {
					t.Errorf("%s on %s: FAIL for %s, want consistency", test.Name, mname, r.Reason)
				}
			}
		}
	}
}

var encodings = []struct {
	name string
	opt  axioms.Options
}{
	{"optimized/sparse", axioms.Options{Encoding: axioms.Optimized, Transitivity: axioms.Sparse}},
	{"optimized/eager", axioms.Options{Encoding: axioms.Optimized, Transitivity: axioms.Eager}},
	{"optimized/lazy", axioms.Options{Encoding: axioms.Optimized, Transitivity: axioms.Lazy}},
	{"generic", axioms.Options{Encoding: axioms.Generic}},
}

// TestLitmusEncodingsAgree checks that every encoding of every model yields
// the same set of observations over all executions of every litmus test (a
// stronger property than equal verdicts).
func TestLitmusEncodingsAgree(t *testing.T) {
	prog, tf := load(t, "litmus/litmus.tst", "litmus/litmus.lsl")
	for _, mname := range litmusModels {
		m := model(t, mname)
		for _, test := range tf.Tests {
			var ref []string
			for i, enc := range encodings {
				set, err := mining.Executions(context.Background(), prog, test, mining.Options{Options: encode.Options{Axioms: enc.opt}, Model: m}, false)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, o := range set.Observations {
					got = append(got, o.Canon())
				}
				sort.Strings(got)
				if i == 0 {
					ref = got
					continue
				}
				if strings.Join(got, "\n") != strings.Join(ref, "\n") {
					t.Errorf("%s on %s: %s gives %d observations, %s %d:\n%s\nvs\n%s", test.Name, mname,
						enc.name, len(got), encodings[0].name, len(ref), strings.Join(got, "\n"), strings.Join(ref, "\n"))
				}
			}
		}
	}
}

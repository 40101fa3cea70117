package tests

import (
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
)

// litmusVerdictsTSO extends the verdict table of tests/litmus with the tso
// and pso models: FAIL means the model allows an outcome no interleaving
// produces. Columns: tso, pso.
var litmusVerdictsTSO = map[string][2]mining.Verdict{
	"SB":        {F, F}, // the store buffer
	"SB+sl":     {P, P},
	"SB+full":   {P, P},
	"MP":        {P, F}, // pso reorders the stores
	"MP+ss":     {P, P}, // loads stay in order on both
	"MP+ll":     {P, F},
	"MP+ss+ll":  {P, P},
	"LB":        {P, P}, // loads are never passed by later accesses
	"LB+ls":     {P, P},
	"IRIW":      {P, P}, // stores are globally ordered, loads in order
	"IRIW+ll":   {P, P},
	"CoRR":      {P, P},
	"CoRR+al":   {P, P},
	"CoRR+ll":   {P, P},
	"2+2W":      {P, F},
	"2+2W+ss":   {P, P},
	"Fwd":       {F, F}, // Fig. 3.4: store forwarding
	"Fwd+sl":    {P, P},
	"MPdep":     {P, P},
	"MPdep+ddl": {P, P},
}

func TestLitmusVerdictsTSO(t *testing.T) {
	prog, tf := load(t, "litmus/litmus.tst", "litmus/litmus.lsl")
	if len(tf.Tests) != len(litmusVerdictsTSO) {
		t.Errorf("litmus.tst has %d tests, the table %d", len(tf.Tests), len(litmusVerdictsTSO))
	}
	for mi, mname := range []string{"tso", "pso"} {
		m := model(t, mname)
		for _, test := range tf.Tests {
			want, ok := litmusVerdictsTSO[test.Name]
			if !ok {
				t.Errorf("%s: not in the tso/pso verdict table", test.Name)
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

package encode

import (
	"context"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// TestCatRestrictedCompositions: compositions between filters encoded on
// their filters' rows and columns (catrestrict.go, forced on every such
// composition with CatRestrictAll) give the evaluator's answer on every
// candidate execution of the evaluator-comparison programs, for every
// model, consistency and flags; rc11's psc-base is among them (the
// programs with atomic blocks have seq_cst accesses). CatRestrictAll also
// encodes every restricted upper composition by path clauses (composeOn);
// a mutant that composes with an empty right operand there fails.
func TestCatRestrictedCompositions(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl")
	models := catModels(t)
	restricted := 0
	for pname, src := range catPrograms {
		base := buildCat(t, src, none)
		proj := projection(base)
		cands := candidates(t, base, proj, 5000)
		if len(cands) == 0 {
			t.Fatalf("%s: no candidate execution (or too many)", pname)
		}
		for mname, m := range models {
			restricted += restrictedMismatches(t, pname+"/"+mname, src, m, base, proj, cands)
		}
	}
	if restricted == 0 {
		t.Error("no composition was encoded restricted")
	}
}

// restrictedMismatches compares the encoding with CatRestrictAll against
// the evaluator on each candidate; it returns how many compositions the
// encoding restricted.
func restrictedMismatches(t *testing.T, name, src string, m *cat.Model, base *Encoding, proj []z.Lit, cands [][]bool) int {
	enc := buildCatOpt(t, src, m, Options{CatRestrictAll: true})
	ms := enc.NewSolver()
	solve := func(assume ...z.Lit) bool {
		for {
			if ms.Solve(context.Background(), assume...) != sat.Sat {
				return false
			}
			lemmas := enc.Model.Lemmas(ms.Value)
			if len(lemmas) == 0 {
				return true
			}
			for _, cl := range lemmas {
				ms.AddClause(cl...)
			}
		}
	}
	for _, vals := range cands {
		assume := candidateAssumptions(proj, vals)
		r := s0(t, base, assume)
		if r == nil {
			t.Fatalf("%s: candidate lost", name)
		}
		want := m.Eval(base.catInst.Decode(r).Candidate.Execution())
		got := solve(assume...)
		if got != want.Consistent() {
			t.Errorf("%s: restricted encoding says consistent=%v, evaluator %v (violated %v) on\n%s", name, got, want.Consistent(), want.Violated, describeCandidate(base, r))
			continue
		}
		if !got {
			continue
		}
		for _, f := range enc.catInst.Flags {
			fired := false
			for _, w := range want.Flagged {
				fired = fired || flagName(w) == f.Name
			}
			if g := solve(append(assume, f.Lit)...); g != fired {
				t.Errorf("%s: flag %s: restricted encoding %v, evaluator %v on\n%s", name, f.Name, g, fired, describeCandidate(base, r))
			}
		}
	}
	return enc.catInst.restricted
}

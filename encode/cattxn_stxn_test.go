package encode

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// stxnModels name the base relation stxn: power with a transaction's
// stores multicopy-atomic (tests/dcaslitmus/power-txn.cat), and checks
// that read it directly, through an inverse and a difference, and one
// whose violations in CoRR+dcas go through stxn's identity pairs; the
// block of "branch" is a transaction only when its branch stores.
var stxnModels = map[string]string{
	"power-txn": `include "power.cat"
let prop-txn = prop | (stxn ; rfe) | (rfe ; stxn ; [W])
irreflexive fre ; prop-txn ; hb* as observation-txn
acyclic co | prop-txn as propagation-txn`,
	"stxn-order": `acyclic po | rf | co | fr as sc
acyclic (stxn ; rfe) | (fre ; stxn^-1) | po as txn-visible`,
	"stxn-id": "irreflexive stxn ; rfe ; po ; fre as txn-seen",
	"stxn-empty": `empty stxn & ext as txn-in-one-thread
empty [W] ; (stxn \ id) ; [W] as one-store-per-txn`,
	"stxn-loc": `empty (stxn \ id) & loc as txn-one-access-per-location`,
}

// TestStxnBaseMatchesEvaluator compares the encoding of the base
// relation stxn (sameTransaction) with the evaluator's (cat.Candidate),
// on every candidate of programs with multi-location atomic blocks.
func TestStxnBaseMatchesEvaluator(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl")
	models := map[string]*cat.Model{}
	for name, src := range stxnModels {
		m, err := cat.Parse(name+".cat", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		models[name] = m
	}
	type prog struct{ name, src string }
	progs := []prog{{"CoRR+dcas", `global X global Y
proc p0() { atomic { store @X, 1  store @Y, 1 } }
proc p1() { %r := load @X  %s := load @X }`}}
	for _, set := range []map[string]string{txnPrograms, txnWalkPrograms} {
		for name, src := range set {
			progs = append(progs, prog{name, src})
		}
	}
	for seed := int64(1); seed <= int64(*txnSeeds); seed++ {
		progs = append(progs, prog{fmt.Sprintf("seed %d", seed), randomWalkProgram(rand.New(rand.NewSource(seed)))})
	}
	txns := 0
	for _, p := range progs {
		base := buildCat(t, p.src, none)
		proj := projection(base)
		cands := candidates(t, base, proj, 400)
		if cands == nil {
			continue
		}
		for _, vals := range cands {
			if decodeCandidate(t, base, proj, vals).Stxn != nil {
				txns++
			}
		}
		for mname, m := range models {
			compareCandidates(t, p.name+"/"+mname, p.src, m, false, base, proj, cands)
		}
	}
	if txns == 0 {
		t.Fatal("no candidate has a transaction")
	}
}

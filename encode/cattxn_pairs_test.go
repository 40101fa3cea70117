package encode

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// TestTxnPairsMatchPlain: the two-cycle clauses of the transaction checks
// (cattxn_pairs.go) allow the same executions — events, reads-from and
// coherence projected — as the lazy check alone, and fire each flag in
// the same ones, on herd's models and the built-in arm8, riscv and power,
// over the programs with multi-location atomic blocks; and they are
// added (the comparison is not vacuous). The lazy check alone is the one
// TestTxnEncodingMatchesEvaluator compares with stronglift as written.
func TestTxnPairsMatchPlain(t *testing.T) {
	models := catModels(t)
	for _, name := range []string{"arm8", "riscv", "power"} {
		m, _ := cat.Builtin(name)
		models["builtin-"+name] = m
	}
	programs := map[string]string{}
	for k, v := range txnPrograms {
		programs[k] = v
	}
	seeds := 4
	if testing.Short() {
		seeds = 2
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		programs[fmt.Sprintf("random %d", seed)] = randomTxnProgram(rand.New(rand.NewSource(200 + seed)))
	}
	pairs, allowed := 0, 0
	for pname, src := range programs {
		for mname, m := range models {
			name := pname + "/" + mname
			with := buildCat(t, src, m)
			txnPairClauses = false
			plain := buildCat(t, src, m)
			txnPairClauses = true
			if plain.catInst.txnPairs != 0 {
				t.Fatalf("%s: two-cycle clauses while switched off", name)
			}
			pairs += with.catInst.txnPairs
			if sameAllowedExecutions(t, name, src, plain, with, "lazy check alone", "with two-cycle clauses") {
				allowed++
			}
		}
	}
	if allowed == 0 {
		t.Fatal("no program has an execution on any model")
	}
	if pairs == 0 {
		t.Fatal("no two-cycle clause was added: the comparison is vacuous")
	}
}

package encode

import (
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// TestCatPlainRelations: leaving statically empty terms out, splitting a
// check's diagonal before a closure at its end and implying recursion
// bodies path by path (the shortcuts Options.CatPlainRelations turns off)
// allow the same executions — events, reads-from and every co variable
// projected — and fire each flag in the same ones as the plain encoding,
// on every program and model the cat tests compare (the suites' and the
// built-in power, with its preserved program order and observation, and
// the small models rec-compose and observation). TestCatEncodingMatches
// Evaluator compares the shortcuts with the concrete evaluator; mutants
// that drop half of a body's paths, call a union empty when one operand
// is, or leave out a middle factor of the split fail it.
func TestCatPlainRelations(t *testing.T) {
	if !sameExecutionsAs(t, catPrograms, func(*cat.Model) bool { return true }, Options{CatPlainRelations: true}) {
		t.Fatal("the shortcuts changed no encoding: the test exercises nothing")
	}
}

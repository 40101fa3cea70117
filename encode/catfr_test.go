package encode

import (
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// frPrograms exercise fromReads: reads with several possible sources,
// and a read that may not execute (the choice skips it) while fr is
// otherwise empty.
var frPrograms = map[string]string{
	"CoWR+CoRW": catPrograms["CoWR+CoRW"],
	"skipped-read": `global X
proc p0() { store @X, 1 }
proc p1() { %c := choose 0 .. 1  if %c { %s := load @X } }`,
}

// frModel asks fr in both directions, with no check that would rule out
// the executions where a wrong fr shows (fr;rf is a cycle): a flag that
// fires when fr is empty (needs fr at least) and one that fires when it
// is not (needs fr at most).
const frModel = `flag ~empty fr as some-fr
flag empty fr as no-fr`

// TestCatFromReadsExact compares fromReads with the evaluator, then drops
// each of its clause families in turn and expects the comparison to
// catch it: each family is needed for fr to be exact.
func TestCatFromReadsExact(t *testing.T) {
	none := trackingModel(t, "po")
	m, err := cat.Parse("fr.cat", []byte(frModel))
	if err != nil {
		t.Fatal(err)
	}
	mismatches := func(errorf func(string, ...any)) int {
		n := 0
		for pname, src := range frPrograms {
			base := buildCat(t, src, none)
			proj := projection(base)
			cands := candidates(t, base, proj, 1000)
			if len(cands) == 0 {
				t.Fatalf("%s: no candidate execution (or too many)", pname)
			}
			n += candidateMismatches(t, pname, src, m, false, base, proj, cands, errorf)
		}
		return n
	}
	mismatches(t.Errorf)
	for _, mut := range []struct {
		name string
		flag *bool
	}{
		{"without rf∧co → v", &frDropAtLeast},
		{"without v∧rf → co", &frDropOnlyAfter},
		{"without v → some rf", &frDropSome},
	} {
		*mut.flag = true
		n := mismatches(func(string, ...any) {})
		*mut.flag = false
		if n == 0 {
			t.Errorf("fromReads %s: the evaluator comparison did not notice", mut.name)
		}
	}
}

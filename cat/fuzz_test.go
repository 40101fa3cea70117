package cat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// FuzzParse checks that Parse never panics, that errors are input errors,
// and that an accepted model prints to a text that parses back to the
// same printed form, with an evaluator that does not panic either.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(suiteCat, "*.cat"))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(string(src))
		}
	}
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		f.Add(string(src))
	}
	f.Add("let rec a = po | a;a and b = [R];a\nacyclic b as x\nflag ~empty a \\ b as y")
	f.Add("let f(X, Y) = X * Y\nempty f(R, W) & po\nirreflexive ~(po^-1)?")
	f.Fuzz(func(t *testing.T, src string) {
		m, err := Parse("fuzz.cat", []byte(src))
		if err != nil {
			if !diag.IsInputError(err) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		checkFormat(t, "fuzz", m)
		m.Eval(exampleExecution())
	})
}

func exampleExecution() *Execution {
	c := &Candidate{
		Events: []Event{
			{Thread: -1, Kind: Write, Loc: 0}, {Thread: 0, Kind: Write, Loc: 0, Tags: []string{"A"}},
			{Thread: 0, Kind: Fence, Loc: -1, Tags: []string{"DMB.SY"}}, {Thread: 1, Kind: Read, Loc: 0},
		},
		PO: [][2]int{{1, 2}}, RF: [][2]int{{1, 3}}, CO: [][2]int{{0, 1}},
	}
	return c.Execution()
}

package axioms

import (
	"testing"
)

// FuzzParse checks that Parse never panics, that accepted models print
// and parse back to the same model, and that the optimized encodings of an
// accepted model agree with the generic one on a tiny execution.
func FuzzParse(f *testing.F) {
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		f.Add(string(src))
	}
	for _, src := range []string{scQuantified, weirdModel, quantModel} {
		f.Add(src)
	}
	f.Add(header + "<a> ~(mo(X, Y) => mo(Y, X)) <=> (true | false) & ~~X = Y\nend model\n")
	f.Fuzz(func(t *testing.T, src string) {
		m, err := Parse("fuzz.mm", []byte(src))
		if err != nil {
			if m != nil {
				t.Fatal("model returned with an error")
			}
			return
		}
		if !smallEnough(m) {
			checkRoundTrip(t, m)
			return
		}
		u := litmus("st X 1; f ll,ss; ld Y 0 | st Y 1; ld Y 1; st X 2 cd; ld X 1 dd")
		want := satisfiable(t, m, u, Options{Encoding: Generic})
		for _, opts := range allOptions[1:] {
			if got := satisfiable(t, m, u, opts); got != want {
				t.Fatalf("%v/%v: satisfiable=%v, generic=%v\n%s", opts.Encoding, opts.Transitivity, got, want, m)
			}
		}
		checkRoundTrip(t, m)
	})
}

// smallEnough bounds the expansion a fuzzed model may need.
func smallEnough(m *Model) bool {
	cm, err := compileModel(m)
	if err != nil {
		return false
	}
	for _, ax := range cm.axioms {
		if ax.nslots > 4 {
			return false
		}
	}
	return len(cm.axioms) <= 24
}

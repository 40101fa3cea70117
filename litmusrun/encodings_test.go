package litmusrun

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
)

// TestSuiteEncodingsAgree checks on the suite sample that every encoding of
// the memory model — sparse, eager and lazy transitivity and the generic
// expansion — reaches the same final states on tso and relaxed, and on
// the cat models sc-cat and rc11, whose orders (acyclic po | x, and
// rc11's co) take the transitivity option too (encode/orderacyclic.go).
func TestSuiteEncodingsAgree(t *testing.T) {
	files, _ := suiteFiles(t)
	encodings := []axioms.Options{
		{Encoding: axioms.Generic},
		{Encoding: axioms.Optimized, Transitivity: axioms.Sparse},
		{Encoding: axioms.Optimized, Transitivity: axioms.Eager},
		{Encoding: axioms.Optimized, Transitivity: axioms.Lazy},
	}
	for _, mn := range []string{"tso", "relaxed", "sc-cat", "rc11"} {
		states := make([][]string, len(encodings)) // [encoding][file] → sorted states
		for ei, enc := range encodings {
			opt := SuiteOptions{Options: Options{Mining: mining.Options{Options: encode.Options{Axioms: enc}, Model: builtin(t, mn)}}}
			RunFiles(context.Background(), files, opt, func(o Outcome) {
				var got []string
				if o.Err != nil {
					t.Errorf("%s on %s (%v): %v", o.File, mn, enc, o.Err)
				} else {
					for _, s := range o.Result.States {
						got = append(got, o.Test.FormatState(s))
					}
				}
				slices.Sort(got)
				states[ei] = append(states[ei], strings.Join(got, "; "))
			})
		}
		for ei := 1; ei < len(encodings); ei++ {
			for fi, file := range files {
				if states[ei][fi] != states[0][fi] {
					t.Errorf("%s on %s: %v/%v reaches {%s}, generic {%s}", file, mn, encodings[ei].Encoding,
						encodings[ei].Transitivity, states[ei][fi], states[0][fi])
				}
			}
		}
	}
}

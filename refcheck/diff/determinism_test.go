package diff

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
	"github.com/checkfence/checkfence/report"
)

// outcome is everything a user sees of one check.
func outcome(r *mining.Result) string {
	var b strings.Builder
	b.WriteString(string(r.Verdict) + " " + r.Reason + ": " + r.Message + "\n")
	for _, o := range r.Mined {
		b.WriteString("mined " + o.Canon() + "\n")
	}
	var trace bytes.Buffer
	report.WriteTrace(&trace, r, report.TextOptions{})
	b.Write(trace.Bytes())
	return b.String()
}

// determinismKnown describes the open engine bug behind nondeterministic
// answers; while it is set, TestDeterminism skips instead of failing when
// it sees one (CHECKFENCE_KNOWN=1 fails anyway). Clear it once fixed.
// (Fixed in bcc2364: encode.ObsEquals and mining ranged over Go maps while
// building circuits, so counterexamples varied between runs.)
const determinismKnown = ""

// TestDeterminism runs the engine three times in one process on the same
// inputs and requires the same verdicts, messages, mined observations and
// counterexample text.
func TestDeterminism(t *testing.T) {
	var differences []string
	defer func() {
		if len(differences) == 0 {
			return
		}
		if determinismKnown != "" && os.Getenv("CHECKFENCE_KNOWN") == "" {
			t.Skipf("known engine bug (%s); %d differences, the first:\n%s", determinismKnown, len(differences), differences[0])
		}
		for _, d := range differences {
			t.Error(d)
		}
	}()
	files, err := filepath.Glob("../testdata/determinism/*.lsl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no determinism cases: %v", err)
	}
	for _, f := range files {
		c, err := refcheck.ReadCase(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range c.Tests {
			for _, name := range axioms.BuiltinNames() {
				m, _ := memmodel.Builtin(name)
				for _, enc := range Encodings {
					opt := mining.Options{Options: encode.Options{Axioms: enc.Opts}, Model: m, Witness: true}
					var first string
					for run := 0; run < 3; run++ {
						r, err := mining.Check(context.Background(), c.Prog, test, opt)
						if err != nil {
							t.Fatalf("%s %s %s %s: %v", f, test.Name, name, enc.Name, err)
						}
						got := outcome(r)
						if run == 0 {
							first = got
							t.Logf("%s %s %s %s: %s %s", filepath.Base(f), test.Name, name, enc.Name, r.Verdict, r.Reason)
						} else if got != first {
							differences = append(differences, fmt.Sprintf("%s test %s, model %s, encoding %s: run %d differs from run 0\n--- run 0:\n%s\n--- run %d:\n%s",
								f, test.Name, name, enc.Name, run, first, run, got))
						}
					}
				}
			}
		}
	}
}

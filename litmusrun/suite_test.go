package litmusrun

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/mining"
)

var fullSuite = flag.Bool("suite", false, "run the whole dat3m-x86 suite instead of a sample")

// suiteDir is herd's x86 suite with expected TSO results (../shared next
// to the repository).
const suiteDir = "../../shared/suites/dat3m-x86"

// suiteFiles returns the suite's tests: all with -suite, else every tenth
// (about 50), and the expectations.
func suiteFiles(t *testing.T) ([]string, *litmus.Expectations) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(suiteDir, "TSO-expected.csv"))
	if err != nil {
		t.Skipf("suite not available: %v", err)
	}
	exp, err := litmus.ParseExpectations("TSO-expected.csv", src)
	if err != nil {
		t.Fatal(err)
	}
	files, err := litmus.Files([]string{filepath.Join(suiteDir, "litmus", "X86")})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 487 {
		t.Fatalf("the suite has %d tests, want 487", len(files))
	}
	if !*fullSuite {
		var sample []string
		for i := 0; i < len(files); i += 10 {
			sample = append(sample, files[i])
		}
		files = sample
	}
	return files, exp
}

// TestSuiteAgreesWithHerd runs the suite (a sample without -suite) on tso
// and compares with herd's results.
func TestSuiteAgreesWithHerd(t *testing.T) {
	files, exp := suiteFiles(t)
	agree := 0
	opt := SuiteOptions{Options: Options{Mining: mining.Options{Model: builtin(t, "tso")}}}
	RunFiles(context.Background(), files, opt, func(o Outcome) {
		if o.Err != nil {
			t.Errorf("%s: %v", o.File, o.Err)
			return
		}
		want, ok := exp.Lookup(o.File)
		switch {
		case !ok:
			t.Errorf("%s: no expectation", o.File)
		case want != o.Result.Holds:
			t.Errorf("%s: holds=%v, herd says %v", o.File, o.Result.Holds, want)
		default:
			agree++
		}
	})
	t.Logf("%d tests, %d agree", len(files), agree)
}

// TestSuiteModelInclusion checks on the suite that every final state
// reachable on sc is reachable on tso, pso and relaxed, and every state
// reachable on tso on pso and relaxed (and pso's on relaxed).
func TestSuiteModelInclusion(t *testing.T) {
	files, _ := suiteFiles(t)
	chain := []string{"sc", "tso", "pso", "relaxed"}
	reach := make([][]map[string]bool, len(chain)) // [model][file] → states
	total := make([]int, len(chain))
	for mi, mn := range chain {
		opt := SuiteOptions{Options: Options{Mining: mining.Options{Model: builtin(t, mn)}}}
		RunFiles(context.Background(), files, opt, func(o Outcome) {
			states := map[string]bool{}
			if o.Err != nil {
				t.Errorf("%s on %s: %v", o.File, mn, o.Err)
			} else {
				for _, s := range o.Result.States {
					states[o.Test.FormatState(s)] = true
				}
			}
			total[mi] += len(states)
			reach[mi] = append(reach[mi], states)
		})
	}
	stricter := make([]int, len(chain)-1) // tests where the weaker model reaches more
	for fi, file := range files {
		for a := 0; a < len(chain); a++ {
			for b := a + 1; b < len(chain); b++ {
				for s := range reach[a][fi] {
					if !reach[b][fi][s] {
						t.Errorf("%s: %s reachable on %s but not on %s", file, s, chain[a], chain[b])
					}
				}
			}
		}
		for a := 0; a+1 < len(chain); a++ {
			if len(reach[a+1][fi]) > len(reach[a][fi]) {
				stricter[a]++
			}
		}
	}
	for mi, mn := range chain {
		t.Logf("%-8s %d reachable states in %d tests", mn, total[mi], len(files))
	}
	for a := 0; a+1 < len(chain); a++ {
		t.Logf("%s reaches more states than %s in %d tests", chain[a+1], chain[a], stricter[a])
		if stricter[a] == 0 && *fullSuite {
			t.Errorf("%s and %s agree on every test", chain[a], chain[a+1])
		}
	}
}

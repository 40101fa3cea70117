package litmusrun

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// catSuites are the dat3m litmus suites with herd's expected results, the
// third-party .cat file herd used (read from ../shared, never copied) and
// the built-in model that must agree as well. sample: every sample-th
// test runs without -suite.
var catSuites = []struct {
	name, dir, csv, model, builtin string
	sample                         int
}{
	{"dat3m-aarch64", "dat3m-aarch64/litmus/AARCH64", "dat3m-aarch64/expected.csv", "aarch64.cat", "arm8", 60},
	{"dat3m-riscv", "dat3m-riscv/litmus/RISCV", "dat3m-riscv/expected.csv", "riscv.cat", "riscv", 60},
	{"dat3m-ppc", "dat3m-ppc/litmus/PPC", "dat3m-ppc/expected.csv", "power.cat", "power", 25},
	{"dat3m-c11/C11", "dat3m-c11/litmus/C11", "dat3m-c11/C11-expected.csv", "c11.cat", "", 4},
	{"dat3m-c11/RC11", "dat3m-c11/litmus/C11", "dat3m-c11/RC11-expected.csv", "rc11.cat", "rc11", 4},
	{"dat3m-x86/tso", "dat3m-x86/litmus/X86", "dat3m-x86/TSO-expected.csv", "tso.cat", "tso-cat", 20},
	{"dat3m-lkmm", "dat3m-lkmm/litmus/LKMM", "dat3m-lkmm/expected.csv", "linux-kernel.cat", "lkmm", 40},
}

const sharedSuites = "../../shared/suites"

// litmusData holds the litmus tests of the front end's own tests.
var litmusData = filepath.Join("..", "frontend", "litmus", "testdata")

// knownDifferences are the suite tests whose herd verdict checkfence does
// not reproduce, with why; each must still differ (a test that starts to
// agree is reported, so that the list stays true).
var knownDifferences = map[string]string{
	// herd's symbolic values let a racy cycle of plain accesses read a
	// value no store wrote (out of thin air); checkfence's loads read
	// values some store writes (encode/doc.go)
	"dat3m-lkmm/litmus/LKMM/manual/plain/C-OOTA.litmus": "out-of-thin-air value",
}

// knownDifference returns the reason file is a known difference.
func knownDifference(file string) (string, bool) {
	for suffix, why := range knownDifferences {
		if strings.HasSuffix(filepath.ToSlash(file), suffix) {
			return why, true
		}
	}
	return "", false
}

// TestCatSuites runs each suite (a sample without -suite) on its .cat file
// and on the built-in model: every supported test must agree with herd;
// the unsupported ones are counted by reason.
func TestCatSuites(t *testing.T) {
	for _, s := range catSuites {
		t.Run(s.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(sharedSuites, s.csv))
			if err != nil {
				t.Skipf("suite not available: %v", err)
			}
			exp, err := litmus.ParseExpectations(s.csv, src)
			if err != nil {
				t.Fatal(err)
			}
			files, err := litmus.Files([]string{filepath.Join(sharedSuites, s.dir)})
			if err != nil {
				t.Fatal(err)
			}
			if !*fullSuite {
				var sample []string
				for i := 0; i < len(files); i += s.sample {
					sample = append(sample, files[i])
				}
				files = sample
			}
			third, err := cat.LoadFile(filepath.Join(sharedSuites, "cat", s.model))
			if err != nil {
				t.Fatal(err)
			}
			models := []*memmodel.Model{memmodel.FromCat(third)}
			if s.builtin != "" {
				models = append(models, builtinCat(t, s.builtin))
			}
			for _, m := range models {
				start, cpu0 := time.Now(), cpuTime()
				agree, unsupported := 0, map[string]int{}
				opt := SuiteOptions{Options: Options{Mining: mining.Options{Model: m}, VerdictOnly: true}}
				RunFiles(context.Background(), files, opt, func(o Outcome) {
					if u, ok := litmus.IsUnsupported(o.Err); ok {
						unsupported[u.Reason]++
						return
					}
					if o.Err != nil {
						t.Errorf("%s: %v", o.File, o.Err)
						return
					}
					want, ok := exp.Lookup(o.File)
					why, known := knownDifference(o.File)
					switch {
					case !ok:
						t.Errorf("%s: no expectation", o.File)
					case known && want != o.Result.Holds:
						t.Logf("%s on %s: %s, herd says %s (known difference: %s)", o.File, m.Name(), holdsWord(o.Result.Holds), holdsWord(want), why)
					case known:
						t.Errorf("%s on %s agrees with herd: remove it from knownDifferences", o.File, m.Name())
					case want != o.Result.Holds:
						t.Errorf("%s on %s: %s, herd says %s", o.File, m.Name(), holdsWord(o.Result.Holds), holdsWord(want))
					default:
						agree++
					}
				})
				t.Logf("%s: %d tests, %d agree, unsupported %s (%v wall, %v CPU)", m.Name(), len(files), agree, reasons(unsupported),
					time.Since(start).Round(time.Millisecond), (cpuTime() - cpu0).Round(time.Millisecond))
			}
		})
	}
}

// cpuTime is the CPU time (user and system) of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reasons(m map[string]int) string {
	var out []string
	for r, n := range m {
		out = append(out, fmt.Sprintf("%s: %d", r, n))
	}
	sort.Strings(out)
	return "{" + strings.Join(out, ", ") + "}"
}

// statesOf runs files on a model and returns, per file, its reachable
// states (nil when unsupported).
func statesOf(t *testing.T, files []string, opt mining.Options) []map[string]bool {
	var out []map[string]bool
	RunFiles(context.Background(), files, SuiteOptions{Options: Options{Mining: opt}}, func(o Outcome) {
		if _, ok := litmus.IsUnsupported(o.Err); ok {
			out = append(out, nil)
			return
		}
		if o.Err != nil {
			t.Fatalf("%s: %v", o.File, o.Err)
		}
		states := map[string]bool{}
		for _, s := range o.Result.States {
			states[o.Test.FormatState(s)] = true
		}
		out = append(out, states)
	})
	return out
}

// TestCatMatchesMM: sc and tso written in cat reach exactly the states of
// the .mm models on the x86 suite (a sample without -suite) and on our
// x86 tests.
func TestCatMatchesMM(t *testing.T) {
	files, _ := suiteFiles(t)
	ours, _ := filepath.Glob(filepath.Join(litmusData, "x86", "*.litmus"))
	files = append(files, ours...)
	for _, pair := range [][2]string{{"sc", "sc-cat"}, {"tso", "tso-cat"}} {
		mm := statesOf(t, files, mining.Options{Model: builtin(t, pair[0])})
		ct := statesOf(t, files, mining.Options{Model: builtinCat(t, pair[1])})
		for i := range files {
			if fmt.Sprint(keys(mm[i])) != fmt.Sprint(keys(ct[i])) {
				t.Errorf("%s: %s reaches %v, %s %v", files[i], pair[0], keys(mm[i]), pair[1], keys(ct[i]))
			}
		}
		t.Logf("%s and %s agree on %d tests", pair[0], pair[1], len(files))
	}
}

// TestCatInclusions checks model inclusions the literature establishes,
// on the states of suite tests (a sample without -suite): SC ⊆ RC11 on
// the C11 suite, SC ⊆ TSO on the x86 suite.
func TestCatInclusions(t *testing.T) {
	for _, c := range []struct {
		dir            string
		weaker, strong string
		every          int
	}{
		{"dat3m-c11/litmus/C11", "rc11", "sc-cat", 4},
		{"dat3m-x86/litmus/X86", "tso-cat", "sc-cat", 20},
	} {
		files, err := litmus.Files([]string{filepath.Join(sharedSuites, c.dir)})
		if err != nil {
			t.Skipf("suite not available: %v", err)
		}
		if !*fullSuite {
			var sample []string
			for i := 0; i < len(files); i += c.every {
				sample = append(sample, files[i])
			}
			files = sample
		}
		strong := statesOf(t, files, mining.Options{Model: builtinCat(t, c.strong)})
		weak := statesOf(t, files, mining.Options{Model: builtinCat(t, c.weaker)})
		more := 0
		for i := range files {
			for s := range strong[i] {
				if weak[i] != nil && !weak[i][s] {
					t.Errorf("%s: %s reachable on %s but not on %s", files[i], s, c.strong, c.weaker)
				}
			}
			if len(weak[i]) > len(strong[i]) {
				more++
			}
		}
		t.Logf("%s ⊆ %s on %d tests of %s (%s reaches more in %d)", c.strong, c.weaker, len(files), c.dir, c.weaker, more)
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

package tests

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/checkfence/checkfence/frontend"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Every clang from 14 up must work (frontend/llvm opaque.go): clang 14
// writes typed pointers, later versions opaque ones, which the reader
// rewrites into the typed IR clang 14 writes. TestClangVersions compiles a
// representative set of the repository's C programs with each clang-NN
// on PATH: each gives the verdicts of its table, and each translates to
// the LSL clang 14's IR translates to. Versions not installed are
// skipped, saying so. With -clang-all every C program of the repository
// is compared; make check-clang runs the LLVM tests with each version.

var clangAll = flag.Bool("clang-all", false, "TestClangVersions: compare the translations of every C program of the repository, with each installed clang")

// clangTested are the versions the reader was built and tested with.
var clangTested = []int{14, 15, 16, 19, 22}

// versionPrograms are checked with every version: C11 litmus programs
// and C++ (with their .tst files), pthread programs, the constructs the
// reader could not read.
var versionPrograms = []struct {
	file   string // under tests/
	tst    string // "": a pthread program
	models []string
	want   []mining.Verdict
	reason string // of a FAIL ("": an assertion)
}{
	{"llvm/litmus/mp_rlx.c", "llvm/litmus/mp.tst", []string{"sc", "relaxed"}, []mining.Verdict{P, F}, ""},
	{"llvm/litmus/sb_ra.c", "llvm/litmus/sb.tst", []string{"sc", "tso"}, []mining.Verdict{P, F}, ""},
	{"llvm/cxx/treiber_relaxed.cpp", "llvm/cxx/treiber.tst", []string{"sc", "pso"}, []mining.Verdict{P, F}, mining.ReasonRuntimeError},
	{"llvm/pthread/msqueue_bug.c", "", []string{"sc"}, []mining.Verdict{F}, ""},
	{"llvm/pthread/condvar_lost.c", "", []string{"sc"}, []mining.Verdict{F}, mining.ReasonDeadlock},
	{"llvm/pthread/string_literal.c", "", []string{"relaxed"}, []mining.Verdict{P}, ""},
	{"llvm/pthread/container_of_null_bug.c", "", []string{"sc"}, []mining.Verdict{F}, ""},
	{"llvm/pthread/aligned_alloc_bug.c", "", []string{"sc", "relaxed"}, []mining.Verdict{P, F}, mining.ReasonRuntimeError},
}

// sameTranslation are compared with clang 14's translation, besides the
// programs above.
var sameTranslation = []string{"../frontend/llvm/testdata/semantics/basics.c"}

// translationDiffers are the programs another version translates
// differently, and why.
var translationDiffers = map[string]string{
	// clang 14 folds &arr[2] of int arr[2] to &arr[1][0], one past a
	// single object, which the front end refuses; clang 19 keeps arr + 2
	"memsafety/errors.c": "clang 14's constant folding",
	// libstdc++'s atomics: clang 15 computes the address after the
	// switch on the memory order, clang 14 before it
	"llvm/cxx/treiber_relaxed.cpp": "clang's order of the IR of std::atomic",
}

func TestClangVersions(t *testing.T) {
	installed := map[int]llvmfront.Clang{}
	var versions []int
	for _, c := range llvmfront.InstalledClangs() {
		installed[c.Version] = c
		versions = append(versions, c.Version)
	}
	for _, v := range clangTested {
		if _, ok := installed[v]; !ok {
			t.Logf("clang-%d is not installed: skipped", v)
		}
	}
	if len(versions) == 0 {
		t.Skip("skipped: no clang-NN (NN ≥ 14) on PATH")
	}
	t.Logf("clang versions on PATH: %v", versions)
	files := sameTranslation
	for _, p := range versionPrograms {
		files = append(files, p.file)
	}
	if *clangAll {
		files = append(allCPrograms(t), "llvm/cxx/treiber_relaxed.cpp")
	}
	// each version compiles each file once: its translation, then the
	// verdicts of the programs that have them
	var mu sync.Mutex
	lslOf := map[int]map[string]string{}
	t.Run("versions", func(t *testing.T) {
		for _, v := range versions {
			c := installed[v]
			t.Run(fmt.Sprintf("clang-%d", v), func(t *testing.T) {
				t.Parallel()
				out := map[string]string{}
				for _, file := range files {
					if llvmfront.IsCxx(file) && c.Cxx == "" {
						t.Logf("%s: skipped (clang++-%d is not installed)", file, v)
						continue
					}
					prog, text := translation(t, llvmfront.Compilers{C: c.C, Cxx: c.Cxx}, file)
					out[file] = text
					if prog != nil {
						checkVersionVerdicts(t, prog, file)
					}
				}
				mu.Lock()
				lslOf[v] = out
				mu.Unlock()
			})
		}
	})
	base, ok := lslOf[llvmfront.MinClangVersion]
	if !ok {
		t.Logf("clang-%d is not installed: translations not compared", llvmfront.MinClangVersion)
		return
	}
	for file, why := range translationDiffers {
		if slices.Contains(files, file) {
			t.Logf("%s: translations not compared (%s)", file, why)
		}
	}
	for _, v := range versions {
		for _, file := range files {
			got, ok := lslOf[v][file]
			if _, differs := translationDiffers[file]; v == llvmfront.MinClangVersion || !ok || differs {
				continue
			}
			if want := base[file]; got != want {
				t.Errorf("%s: clang-%d's translation differs from clang-%d's:\n%s", file, v, llvmfront.MinClangVersion, firstDifference(want, got))
			}
		}
	}
}

// checkVersionVerdicts checks a program of versionPrograms on its models.
func checkVersionVerdicts(t *testing.T, prog *lsl.Program, file string) {
	t.Helper()
	for _, p := range versionPrograms {
		if p.file != file {
			continue
		}
		var test *lsl.Test
		if p.tst != "" {
			test = loadTests(t, prog, p.tst).Tests[0]
		} else {
			var err error
			if test, err = llvmfront.PthreadTest(prog); err != nil {
				t.Errorf("%s: %v", file, err)
				return
			}
		}
		for i, m := range p.models {
			r := check(t, prog, test, modelOptions(t, m))
			reason := p.reason
			if reason == "" {
				reason = mining.ReasonAssertion
			}
			if r.Verdict != p.want[i] || r.Verdict == F && r.Reason != reason {
				t.Errorf("%s on %s: %s %s, want %s (%s)", file, m, r.Verdict, r.Reason, p.want[i], r.Message)
			}
		}
	}
}

// llPath matches the .ll files of the temporary directories in
// messages.
var llPath = regexp.MustCompile(`\S*/[^/\s]+\.ll\b`)

// translation compiles and translates a program: the program (nil if it
// is refused) and its LSL, or the error.
func translation(t *testing.T, cc llvmfront.Compilers, file string) (*lsl.Program, string) {
	t.Helper()
	lls, err := llvmfront.CompileWith(t.Context(), cc, []string{file}, t.TempDir())
	if err != nil {
		return nil, "compile error: " + err.Error()
	}
	prog, err := frontend.Load(lls)
	if err != nil {
		return nil, "error: " + llPath.ReplaceAllString(err.Error(), "FILE.ll")
	}
	return prog, lsl.Format(prog, lsl.PrintOptions{})
}

// firstDifference shows the first line where two texts differ.
func firstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, x, y)
		}
	}
	return ""
}

// allCPrograms lists the C files of the repository that compile alone
// (not the harnesses and headers of tests/datatypes, which are included
// or compiled with an implementation).
func allCPrograms(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, root := range []string{".", "../frontend/llvm/testdata", "../docs/examples"} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "fuzz" || d.Name() == "bench") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, ".c") && !strings.Contains(path, "harris") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(out)
	return out
}

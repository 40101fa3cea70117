package tests

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// The C11/C++ corpus (tests/c11corpus/MANIFEST, issue 47): programs as
// people write them for GenMC, Dat3M and the SV-COMP verifiers, each with
// its verdict, the kind of failure and a word of its message. make test
// checks every program on the first model its manifest gives;
// CHECKFENCE_CORPUS=all (make check-corpus) checks every line.

const corpusDir = "c11corpus"

// corpusRun is one line of the manifest.
type corpusRun struct {
	file    string
	model   string
	clang   bool // a .tst data type through clang rather than the C front end
	verdict string
	reason  string
	// racesOff: checked as with --races=off (MODEL/races-off), to see
	// what a racy program does beyond its race
	racesOff bool
	text     string
	slow     bool
	line     int
}

func readCorpusManifest(t *testing.T) []corpusRun {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "MANIFEST"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var runs []corpusRun
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 3 {
			t.Fatalf("MANIFEST:%d: want FILE MODEL VERDICT", n)
		}
		r := corpusRun{file: fs[0], model: fs[1], verdict: fs[2], line: n}
		if m, ok := strings.CutSuffix(r.model, "/races-off"); ok {
			r.model, r.racesOff = m, true
		}
		if m, ok := strings.CutSuffix(r.model, "/clang"); ok {
			r.model, r.clang = m, true
		}
		rest := fs[3:]
		if len(rest) > 0 && rest[len(rest)-1] == "slow" {
			r.slow, rest = true, rest[:len(rest)-1]
		}
		switch r.verdict {
		case "PASS":
		case "FAIL":
			if len(rest) > 0 {
				r.reason, rest = rest[0], rest[1:]
			}
		case "REFUSED":
		default:
			t.Fatalf("MANIFEST:%d: verdict %q (PASS, FAIL or REFUSED)", n, r.verdict)
		}
		r.text = strings.Join(rest, " ")
		runs = append(runs, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return runs
}

// refusal is the form of every error for a construct a front end does
// not translate.
var refusal = regexp.MustCompile(`:\d+:\d+: unsupported: `)

func TestC11Corpus(t *testing.T) {
	needClang(t)
	runs := readCorpusManifest(t)
	all := os.Getenv("CHECKFENCE_CORPUS") == "all"
	// the lines of each program and front end, checked by one subtest
	type key struct {
		file  string
		clang bool
	}
	byProg := map[key][]corpusRun{}
	var order []key
	for _, r := range runs {
		k := key{r.file, r.clang}
		if _, ok := byProg[k]; !ok {
			order = append(order, k)
		}
		byProg[k] = append(byProg[k], r)
	}
	files := map[string]bool{}
	for _, k := range order {
		files[k.file] = true
	}
	// every program of the directory has a line
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		switch filepath.Ext(name) {
		case ".c", ".cpp":
			if !files[name] {
				t.Errorf("%s has no line in MANIFEST", name)
			}
		}
	}
	for _, k := range order {
		lines := byProg[k]
		name := k.file
		if k.clang {
			name += "/clang"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var todo []corpusRun
			for i, r := range lines {
				if all || (i == 0 && !r.slow) {
					todo = append(todo, r)
				}
			}
			if len(todo) == 0 {
				t.Skip("slow: CHECKFENCE_CORPUS=all checks it")
			}
			prog, test, err := loadCorpusProgram(t, k.file, k.clang)
			for _, r := range todo {
				checkCorpusRun(t, r, prog, test, err)
			}
		})
	}
}

// loadCorpusProgram translates a corpus program: a whole program through
// clang (its main is the test), or a FILE.c with FILE.tst by the C front
// end or clang. The error is a translation's (a refusal).
func loadCorpusProgram(t *testing.T, file string, clang bool) (*lsl.Program, *lsl.Test, error) {
	t.Helper()
	path := filepath.Join(corpusDir, file)
	tst := strings.TrimSuffix(path, filepath.Ext(path)) + ".tst"
	if _, err := os.Stat(tst); err != nil {
		lls, err := llvmfront.Compile([]string{path}, t.TempDir())
		if err != nil {
			return nil, nil, err
		}
		prog, err := frontend.Load(lls)
		if err != nil {
			return nil, nil, err
		}
		test, err := llvmfront.PthreadTest(prog)
		if err != nil {
			t.Fatal(err)
		}
		return prog, test, nil
	}
	impl := []string{path}
	if clang {
		lls, err := llvmfront.Compile(impl, t.TempDir())
		if err != nil {
			return nil, nil, err
		}
		impl = lls
	}
	prog, err := frontend.Load(impl)
	if err != nil {
		return nil, nil, err
	}
	src, err := os.ReadFile(tst)
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests(tst, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := tf.Check(prog); err != nil {
		t.Fatal(err)
	}
	if len(tf.Tests) != 1 {
		t.Fatalf("%s: %d tests, want one", tst, len(tf.Tests))
	}
	return prog, tf.Tests[0], nil
}

func checkCorpusRun(t *testing.T, r corpusRun, prog *lsl.Program, test *lsl.Test, loadErr error) {
	t.Helper()
	where := r.model
	if r.verdict == "REFUSED" {
		switch {
		case loadErr == nil:
			t.Errorf("MANIFEST:%d: %s translated, want a refusal", r.line, r.file)
		case !diag.IsInputError(loadErr) || !refusal.MatchString(loadErr.Error()) ||
			!slices.Contains(diag.Codes(loadErr), diag.CodeUnsupported):
			t.Errorf("MANIFEST:%d: %s: %v, want FILE:LINE:COL: unsupported: ...", r.line, r.file, loadErr)
		case !strings.Contains(loadErr.Error(), r.text):
			t.Errorf("MANIFEST:%d: %s: %v, want it to contain %q", r.line, r.file, loadErr, r.text)
		}
		return
	}
	if loadErr != nil {
		t.Errorf("MANIFEST:%d: %s: %v", r.line, r.file, loadErr)
		return
	}
	opt := modelOptions(t, r.model)
	switch {
	case r.racesOff:
		opt.Races = mining.RacesOff
	case prog.C11 && !prog.CheckFenceSync:
		opt.Races = mining.RacesFail // the CLI's default for C11 programs
	}
	res, err := mining.Check(context.Background(), prog, test, opt)
	if err != nil {
		t.Errorf("MANIFEST:%d: %s on %s: %v", r.line, r.file, where, err)
		return
	}
	want := mining.Pass
	if r.verdict == "FAIL" {
		want = mining.Fail
	}
	if res.Verdict != want {
		t.Errorf("MANIFEST:%d: %s on %s: %s, want %s (%s)", r.line, r.file, where, res.Verdict, want, res.Message)
		return
	}
	if want != mining.Fail {
		return
	}
	if r.reason != "" && res.Reason != r.reason {
		t.Errorf("MANIFEST:%d: %s on %s: FAIL for %s, want %s (%s)", r.line, r.file, where, res.Reason, r.reason, res.Message)
	}
	if r.text != "" && !strings.Contains(res.Message, r.text) {
		t.Errorf("MANIFEST:%d: %s on %s: %q, want it to contain %q", r.line, r.file, where, res.Message, r.text)
	}
	if err := res.CheckCounterexample(); err != nil {
		t.Errorf("MANIFEST:%d: %s on %s: %v", r.line, r.file, where, err)
	}
}

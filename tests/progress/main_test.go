package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A module with a passing and a failing package: progress names each
// package as it starts, prints go test's ok/FAIL lines with the failing
// test's output, counts the tests, and exits with go test's status.
func TestRunKeepsStatusAndShowsPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a scratch module")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":             "module scratch\n\ngo 1.21\n",
		"good/good_test.go":  "package good\n\nimport \"testing\"\n\nfunc TestGood(t *testing.T) {}\nfunc TestSkip(t *testing.T) { t.Skip(\"not here\") }\n",
		"bad/bad_test.go":    "package bad\n\nimport \"testing\"\n\nfunc TestBad(t *testing.T) { t.Log(\"the reason it failed\"); t.Fail() }\nfunc TestFine(t *testing.T) {}\n",
		"nothing/nothing.go": "package nothing\n",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errs bytes.Buffer
	code := run(dir, []string{"./..."}, &out, &errs)
	if code != 1 {
		t.Errorf("exit status %d, want go test's 1\n%s%s", code, out.String(), errs.String())
	}
	got := out.String()
	for _, want := range []string{
		"▶ scratch/good\n", "▶ scratch/bad\n",
		"ok  \tscratch/good\t",
		"the reason it failed",
		"FAIL\tscratch/bad\t",
		"skipped tests:\n  scratch/good TestSkip: not here\n",
		"tests: 2 passed, 1 failed, 1 skipped\n",
		"slowest tests:\n", "s scratch/good TestSkip\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	// all good: status 0
	out.Reset()
	if code := run(dir, []string{"./good"}, &out, &errs); code != 0 {
		t.Errorf("exit status %d for a passing package\n%s", code, out.String())
	}
	// a build error is shown and fails
	if err := os.WriteFile(filepath.Join(dir, "good", "broken_test.go"), []byte("package good\n\nfunc broken( {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errs.Reset()
	if code := run(dir, []string{"./good"}, &out, &errs); code == 0 {
		t.Errorf("exit status 0 for a package that does not build")
	}
	if !strings.Contains(out.String()+errs.String(), "broken_test.go") {
		t.Errorf("the build error is not shown:\n%s%s", out.String(), errs.String())
	}
}

// Output that is not a test2json event is passed through.
func TestReadPassesOtherLines(t *testing.T) {
	var out bytes.Buffer
	p := &progress{out: &out, pkgs: map[string]*pkgState{}}
	p.read(strings.NewReader("go: downloading something\n{\"Action\":\"start\",\"Package\":\"x\"}\n{\"Action\":\"pass\",\"Package\":\"x\",\"Elapsed\":1.5}\n"))
	if want := "go: downloading something\n▶ x\nok  \tx\t1.500s\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// Whatever go test prints, the reader neither panics nor loses a line that
// is not an event (the scanner reads lines up to 64 MiB).
func FuzzRead(f *testing.F) {
	f.Add("{\"Action\":\"start\",\"Package\":\"x\"}\n{\"Action\":\"run\",\"Package\":\"x\",\"Test\":\"T\"}\n{\"Action\":\"fail\",\"Package\":\"x\",\"Test\":\"T\"}\n{\"Action\":\"fail\",\"Package\":\"x\"}\n")
	f.Add("{\"Action\":\"output\",\"Package\":\"y\",\"Output\":\"panic: boom\\n\"}\n{\"Action\":\"fail\",\"Package\":\"y\"}\n")
	f.Add("not json\n{broken\n{\"Action\":\"build-output\",\"Output\":\"x.go:1: error\\n\"}\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		p := &progress{out: &out, pkgs: map[string]*pkgState{}}
		p.read(strings.NewReader(in))
		p.closing()
		for _, l := range strings.Split(in, "\n") {
			l = strings.TrimSuffix(l, "\r") // a line's CR is dropped with its LF
			if l != "" && !strings.HasPrefix(l, "{") && !strings.Contains(out.String(), l) {
				t.Fatalf("line %q was lost", l)
			}
		}
	})
}

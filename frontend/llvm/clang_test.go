package llvmfront

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// needClang skips a test when no clang is installed.
func needClang(t *testing.T) {
	t.Helper()
	if _, err := FindClang(); err != nil {
		t.Skipf("skipped: %v", err)
	}
}

// compileC compiles C files with clang and translates the IR.
func compileC(t *testing.T, extra []string, files ...string) *lsl.Program {
	t.Helper()
	lls, err := Compile(files, t.TempDir(), extra...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Translate(lls)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func checkOne(t *testing.T, p *lsl.Program, model string, test *lsl.Test) *mining.Result {
	t.Helper()
	m, ok := memmodel.Builtin(model)
	if !ok {
		t.Fatalf("no model %s", model)
	}
	r, err := mining.Check(context.Background(), p, test, mining.Options{Model: m})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// single is the test "( t )".
func single() *lsl.Test {
	return &lsl.Test{Name: "T", Threads: [][]lsl.OpRef{{{Name: "t"}}}}
}

// The lowering keeps C's meaning: the assertions of sequential programs
// hold, at -O0 and at -O1, and a wrong one fails.
func TestSemantics(t *testing.T) {
	needClang(t)
	tests := []struct {
		file    string
		verdict mining.Verdict
		reason  string
	}{
		{"basics.c", mining.Pass, ""},
		{"fails.c", mining.Fail, mining.ReasonAssertion},
		{"spin.c", mining.Fail, mining.ReasonDeadlock},
	}
	for _, tc := range tests {
		for _, opt := range []string{"-O0", "-O1"} {
			t.Run(tc.file+opt, func(t *testing.T) {
				p := compileC(t, []string{opt}, filepath.Join("testdata/semantics", tc.file))
				r := checkOne(t, p, "sc", single())
				if r.Verdict != tc.verdict || tc.reason != "" && r.Reason != tc.reason {
					t.Errorf("%s %s: %s %s (%s), want %s %s", tc.file, opt, r.Verdict, r.Reason, r.Message, tc.verdict, tc.reason)
				}
			})
		}
	}
}

// Compiler errors are input errors at clang's positions.
func TestCompileErrors(t *testing.T) {
	needClang(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.c")
	if err := os.WriteFile(bad, []byte("int f(void) {\n  return undeclared;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Compile([]string{bad}, dir)
	// clang's diagnostic, at the position clang gives
	if !slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeCompiler}) || !strings.HasPrefix(err.Error(), bad+":2:10: ") {
		t.Errorf("got %v", err)
	}
}

// A missing compiler is reported as such.
func TestNoClang(t *testing.T) {
	t.Setenv(ClangEnv, "no-such-clang-for-checkfence")
	_, err := Compile([]string{"x.c"}, t.TempDir())
	if !errors.Is(err, ErrNoClang) || !strings.Contains(err.Error(), "no-such-clang-for-checkfence") {
		t.Errorf("got %v", err)
	}
}

// The headers written for clang include the C front end's API.
func TestWriteHeaders(t *testing.T) {
	dir := t.TempDir()
	if err := writeHeaders(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"c/lsl_protos.h", "c/checkfence.h", "c/assert.h", "c/stdlib.h", "llvm/pthread.h", "cxx/lsl_protos.h"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s is missing", name)
		}
	}
}

// headerDir writes the headers to a fresh directory under ramTempDir and
// removes it afterwards; where that directory is missing, or TMPDIR is
// set, it writes them beside clang's output instead.
func TestHeaderDir(t *testing.T) {
	old := ramTempDir
	defer func() { ramTempDir = old }()
	for _, tc := range []struct {
		name, ram, tmpdir string
		inRAM             bool
	}{
		{"in memory", t.TempDir(), "", true},
		{"no such directory", filepath.Join(t.TempDir(), "missing"), "", false},
		{"TMPDIR set", t.TempDir(), os.TempDir(), false},
	} {
		ramTempDir = tc.ram
		t.Setenv("TMPDIR", tc.tmpdir)
		out := t.TempDir()
		inc, remove, err := headerDir(out)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := filepath.Dir(inc) == tc.ram; got != tc.inRAM {
			t.Errorf("%s: headers in %s, want under %s: %v", tc.name, inc, tc.ram, tc.inRAM)
		}
		if !tc.inRAM && inc != filepath.Join(out, "include") {
			t.Errorf("%s: headers in %s, want %s/include", tc.name, inc, out)
		}
		if _, err := os.Stat(filepath.Join(inc, "c", "stdatomic.h")); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		remove()
		if _, err := os.Stat(inc); tc.inRAM && !os.IsNotExist(err) {
			t.Errorf("%s: %s left behind (%v)", tc.name, inc, err)
		}
	}
}

package main

import (
	"strings"
	"testing"

	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
)

// --clang names the compiler: a missing one is an input error naming
// it; an installed version other than the default compiles the program.
func TestClangFlag(t *testing.T) {
	prog := "../../tests/llvm/pthread/string_literal_bug.c"
	code, _, errs := runCLI("run", prog, "--clang", "no-such-clang-for-checkfence", "--model", "sc")
	if code != exitUsage || !strings.Contains(errs, "no no-such-clang-for-checkfence in PATH") {
		t.Errorf("missing compiler: exit %d, stderr %q", code, errs)
	}
	installed := llvmfront.InstalledClangs()
	if len(installed) == 0 {
		t.Skip("skipped: no clang-NN on PATH")
	}
	newest := installed[len(installed)-1]
	code, out, errs := runCLI("run", prog, "--clang", newest.C, "--model", "sc", "-q")
	if code != exitFail || !strings.Contains(out, "FAIL") {
		t.Errorf("--clang %s: exit %d\n%s%s", newest.C, code, out, errs)
	}
}

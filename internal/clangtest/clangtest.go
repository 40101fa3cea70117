// Package clangtest loads C programs through clang and the LLVM front
// end for tests in several packages (tests, mining).
package clangtest

import (
	"context"
	"testing"

	"github.com/checkfence/checkfence/frontend"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
)

// Need skips the test, saying why, when no clang is installed.
func Need(t testing.TB) {
	t.Helper()
	if _, err := llvmfront.FindClang(); err != nil {
		t.Skipf("skipped: %v", err)
	}
}

// Load compiles C files with clang (extra flags after the default -O0)
// and translates them with the LLVM front end.
func Load(t testing.TB, extra []string, files ...string) *lsl.Program {
	t.Helper()
	return LoadWith(t, llvmfront.Compilers{}, extra, files...)
}

// LoadWith is Load with the compilers named.
func LoadWith(t testing.TB, cc llvmfront.Compilers, extra []string, files ...string) *lsl.Program {
	t.Helper()
	lls, err := llvmfront.CompileWith(context.Background(), cc, files, t.TempDir(), extra...)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := frontend.Load(lls)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// LoadPthread compiles a pthread program and returns it with its
// whole-program test (main is the test).
func LoadPthread(t testing.TB, file string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	return LoadPthreadWith(t, llvmfront.Compilers{}, file)
}

// LoadPthreadWith is LoadPthread with the compilers named.
func LoadPthreadWith(t testing.TB, cc llvmfront.Compilers, file string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	prog := LoadWith(t, cc, nil, file)
	test, err := llvmfront.PthreadTest(prog)
	if err != nil {
		t.Fatal(err)
	}
	return prog, test
}

package llvmfront

import (
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/internal/gccref"
)

// TestSemanticsAgainstGCC compiles the C front end's semantics programs
// (../c/testdata/sem) and this front end's own (testdata/sem: unsigned
// values, which clang writes as negative constants) with clang at -O0 and
// -O1, runs every test_* function with the LSL interpreter, and compares
// the result with the same code compiled by gcc.
func TestSemanticsAgainstGCC(t *testing.T) {
	needClang(t)
	var files []string
	for _, pattern := range []string{"../c/testdata/sem/*.c", "testdata/sem/*.c"} {
		more, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	if len(files) < 4 {
		t.Fatalf("semantics programs missing: %v", files)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var bin string
			for _, opt := range []string{"-O0", "-O1"} {
				p := compileC(t, []string{opt}, file)
				tests := gccref.Tests(p)
				if len(tests) == 0 {
					t.Fatal("no test_ functions")
				}
				if bin == "" {
					bin = gccref.Build(t, file, tests)
				}
				t.Run(opt, func(t *testing.T) { gccref.Compare(t, p, bin, tests) })
			}
		})
	}
}

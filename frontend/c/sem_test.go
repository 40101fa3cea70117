package cfront

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/internal/gccref"
)

// TestSemanticsAgainstGCC runs every test_* function of testdata/sem/*.c
// with the LSL interpreter and compares the result with the same C code
// compiled by gcc (when gcc is available; without it, the interpreter runs
// must still succeed). The LLVM front end runs the same files
// (frontend/llvm TestSemanticsAgainstGCC).
func TestSemanticsAgainstGCC(t *testing.T) {
	files, err := filepath.Glob("testdata/sem/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p := mustTranslate(t, Source{Name: filepath.Base(file), Text: src})
			tests := gccref.Tests(p)
			if len(tests) == 0 {
				t.Fatal("no test_ functions")
			}
			gccref.Compare(t, p, gccref.Build(t, file, tests), tests)
		})
	}
}

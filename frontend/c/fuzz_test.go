package cfront

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// FuzzTranslate: arbitrary input never panics or trips an internal error,
// and whatever translates is a well-formed LSL program.
func FuzzTranslate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.c")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"int f(int n) { switch (n) { case 1: n++; default: return n; } }",
		"void f(int n) { if (n) goto L; n++; L: ; }",
		"#include <checkfence.h>\nint x; void f(void) { lsl_lock(&x); lsl_cas_32(&x, 0, 1); }",
		"struct s { int a[2]; } g = { { 1 } }; int *p = &g.a[1];",
		"struct node { struct node *", // cc loops at this end of file without the sentinel
		"\"\\",                        // … and here without padSource
		"'\\",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := TranslateSources([]Source{{Name: "fuzz.c", Text: data}})
		if err != nil {
			if slices.Contains(diag.Codes(err), diag.CodeInternal) {
				t.Fatalf("%v\ninput:\n%s", err, data)
			}
			if !diag.IsInputError(err) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if err := lsl.Sanity(p); err != nil {
			t.Fatalf("sanity: %v\ninput:\n%s", err, data)
		}
		if err := p.Check(); err != nil {
			t.Fatalf("check: %v\ninput:\n%s", err, data)
		}
	})
}

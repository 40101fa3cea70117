package cfront

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// translateC translates one C source named test.c.
func translateC(src string) (*lsl.Program, error) {
	return TranslateSources([]Source{{Name: "test.c", Text: []byte(src)}})
}

// mustTranslate translates and checks the program is well formed: it
// passes lsl.Sanity and Check, and its printed form parses back to the
// same text.
func mustTranslate(t *testing.T, srcs ...Source) *lsl.Program {
	t.Helper()
	p, err := TranslateSources(srcs)
	if err != nil {
		t.Fatalf("translate: %v", err)
	}
	checkWellFormed(t, p)
	return p
}

func checkWellFormed(t *testing.T, p *lsl.Program) {
	t.Helper()
	if err := lsl.Sanity(p); err != nil {
		t.Fatalf("sanity: %v\n%s", err, lsl.Format(p, lsl.PrintOptions{}))
	}
	if err := p.Check(); err != nil {
		t.Fatalf("check: %v\n%s", err, lsl.Format(p, lsl.PrintOptions{}))
	}
	if os.Getenv("CFRONT_NOROUNDTRIP") != "" {
		return
	}
	text := lsl.Format(p, lsl.PrintOptions{Positions: true})
	q, err := lsl.Parse("printed.lsl", []byte(text))
	if err != nil {
		t.Fatalf("printed program does not parse: %v\n%s", err, text)
	}
	if again := lsl.Format(q, lsl.PrintOptions{Positions: true}); again != text {
		t.Fatalf("printed program does not round-trip:\n%s\n---\n%s", text, again)
	}
}

func cSource(src string) Source { return Source{Name: "test.c", Text: []byte(src)} }

// golden compares got with the file testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

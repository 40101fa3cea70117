package lsl

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// addSeeds adds every testdata file matching pattern to the corpus.
func addSeeds(f *testing.F, pattern string) {
	files, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds for %s: %v", pattern, err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
}

// FuzzParse checks that Parse never panics, that its errors are input errors,
// and that every accepted program survives printing: Parse(Format(p)) is p
// (with and without positions) and printing is a fixpoint. Programs that pass
// Check and contain no unrolled forms must also pass Sanity.
func FuzzParse(f *testing.F) {
	addSeeds(f, "*.lsl")
	for _, s := range []string{
		"proc f() { if %a {} else if %b {} }",
		"composite m(a) global X = m{@X} proc f() { %r := get_m_a(%x) }",
		"proc f() { %a := alloc fresh\n s: { break s } }",
		`proc f() { loc "x.c" 1 2 %a := load#3 [@X 1] as "x" }`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse("fuzz.lsl", src)
		if err != nil {
			if !diag.IsInputError(err) {
				t.Fatalf("error is not an input error: %v", err)
			}
			return
		}
		checkRoundTrip(t, p, true)
		p, _ = Parse("fuzz.lsl", src)
		checkRoundTrip(t, p, false)

		p, _ = Parse("fuzz.lsl", src)
		if p.Check() == nil && !hasUnrolledForms(p) {
			if err := Sanity(p); err != nil {
				t.Errorf("Sanity rejects a checked program: %v\n%s", err, Format(p, PrintOptions{}))
			}
		}
	})
}

func hasUnrolledForms(p *Program) bool {
	found := false
	for _, pr := range p.Procs {
		Walk(pr.Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Load:
				found = found || s.ID != 0
			case *Store:
				found = found || s.ID != 0
			case *Fence:
				found = found || s.ID != 0
			case *Pruned:
				found = true
			}
			return true
		})
	}
	return found
}

// FuzzParseTests checks that ParseTests never panics, reports input errors,
// and that an accepted file, written back in canonical form, parses to the
// same tests.
func FuzzParseTests(f *testing.F) {
	addSeeds(f, "*.tst")
	f.Add([]byte("test 2+2W = i ( a | b ) f /* c */ test test = test ( test ) // x"))
	f.Fuzz(func(t *testing.T, src []byte) {
		sameTSTAsParticiple(t, string(src))
		tf, err := ParseTests("fuzz.tst", src)
		if err != nil {
			if !diag.IsInputError(err) {
				t.Fatalf("error is not an input error: %v", err)
			}
			return
		}
		text := formatTests(tf)
		tf2, err := ParseTests("fuzz.tst", []byte(text))
		if err != nil {
			t.Fatalf("canonical form does not parse: %v\n%s", err, text)
		}
		zeroPositions(tf)
		zeroPositions(tf2)
		tf2.File = tf.File
		if !reflect.DeepEqual(tf, tf2) {
			t.Errorf("canonical form parses differently:\n%s\n%s", text, formatTests(tf2))
		}
	})
}

func formatTests(tf *TestFile) string {
	var b strings.Builder
	ops := func(rs []OpRef) {
		for _, r := range rs {
			b.WriteString(" " + r.Name)
		}
	}
	for _, t := range tf.Tests {
		b.WriteString("test " + t.Name + " =")
		ops(t.Init)
		b.WriteString(" (")
		for i, th := range t.Threads {
			if i > 0 {
				b.WriteString(" |")
			}
			ops(th)
		}
		b.WriteString(" )")
		ops(t.Final)
		b.WriteString("\n")
	}
	return b.String()
}

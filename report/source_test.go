package report

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
)

func TestSnippetsAndPositions(t *testing.T) {
	dir := t.TempDir()
	cFile := filepath.Join(dir, "q.c")
	if err := os.WriteFile(cFile, []byte("int x;\n\tif (n->next == 0)   /* check */\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	source.NoteInputFile(cFile) // as if the C front end had read it
	// a file no front end read: a position may name it (#line), but its
	// text is never shown
	secret := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(secret, []byte("root:x:0:0\nTOKEN=abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lslFile := filepath.Join("testdata", "mp.lsl")
	src, err := os.ReadFile(lslFile)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lsl.Parse(lslFile, src)
	if err != nil {
		t.Fatal(err)
	}
	s := newSources(prog, []diag.Pos{{File: cFile, Line: 2, Col: 2}})
	cases := []struct {
		pos          diag.Pos
		snippet      string
		where        string
		displayCol   int
		lineWithTabs string
	}{
		// several statements on one .lsl line: just the one at the column
		{diag.Pos{File: lslFile, Line: 6, Col: 32}, "store @X, 1", "mp.lsl:6:32", 32, ""},
		{diag.Pos{File: lslFile, Line: 6, Col: 45}, "store @Y, 1", "mp.lsl:6:45", 45, ""},
		{diag.Pos{File: lslFile, Line: 7, Col: 47}, "%b := load @X", "mp.lsl:7:47", 47, ""},
		// C: the whole line, tabs expanded; one statement per line, no column
		{diag.Pos{File: cFile, Line: 2, Col: 2}, "if (n->next == 0)   /* check */", "q.c:2", 5, "    if (n->next == 0)   /* check */"},
		// unknown file or line: no snippet
		{diag.Pos{File: filepath.Join(dir, "missing.c"), Line: 3, Col: 1}, "", "missing.c:3", 0, ""},
		{diag.Pos{File: cFile, Line: 9}, "", "q.c:9", 0, ""},
		// not an input file: the position without its text
		{diag.Pos{File: secret, Line: 2, Col: 1}, "", "secret.txt:2", 0, ""},
	}
	for _, c := range cases {
		if got := s.snippet(c.pos); got != c.snippet {
			t.Errorf("snippet(%v) = %q, want %q", c.pos, got, c.snippet)
		}
		if got := s.where(c.pos); got != c.where {
			t.Errorf("where(%v) = %q, want %q", c.pos, got, c.where)
		}
		if got := displayCol(s, c.pos); got != c.displayCol {
			t.Errorf("displayCol(%v) = %d, want %d", c.pos, got, c.displayCol)
		}
		if c.lineWithTabs != "" {
			if got, _ := s.line(c.pos.File, c.pos.Line); got != c.lineWithTabs {
				t.Errorf("line(%v) = %q, want %q", c.pos, got, c.lineWithTabs)
			}
		}
	}
	if got, ok := s.line(secret, 1); ok || got != "" || s.file(secret) != nil {
		t.Errorf("line(%s:1) = %q, want no text from a file that is not an input", secret, got)
	}
}

func TestGutters(t *testing.T) {
	ev := func(atomic int) *eventView { return &eventView{Atomic: atomic} }
	cases := []struct {
		atomics []int
		want    string
	}{
		{[]int{0, 0}, "  "},
		{[]int{1}, "["},
		{[]int{0, 1, 1, 0}, " ┌└ "},
		{[]int{2, 2, 2, 3, 3}, "┌│└┌└"},
	}
	for _, c := range cases {
		var evs []*eventView
		for _, a := range c.atomics {
			evs = append(evs, ev(a))
		}
		got := ""
		for _, g := range gutters(evs) {
			got += g
		}
		if got != c.want {
			t.Errorf("gutters(%v) = %q, want %q", c.atomics, got, c.want)
		}
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{{"abc", 3, "abc"}, {"abcd", 3, "ab…"}, {"äöüß", 3, "äö…"}} {
		if got := clip(c.in, c.n); got != c.want {
			t.Errorf("clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

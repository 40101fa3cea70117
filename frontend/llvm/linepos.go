package llvmfront

import (
	"os"
	"path/filepath"
	"strconv"

	"github.com/checkfence/checkfence/diag"
)

// An error at a line of an .ll file that clang compiled from C is
// reported at the C line of the instruction (its !dbg location): the .ll
// file of --frontend clang is a temporary the user never sees.

// linePos is the C source position of the instruction at a line of an
// .ll file (false when it has no debug location).
func linePos(src []byte, line int) (pos diag.Pos, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			pos, ok = diag.Pos{}, false
		}
	}()
	m := &omod{src: src, toks: lexIR(src), meta: map[string]*mdNode{}}
	ref := ""
	for i, t := range m.toks {
		if t.line == line && t.kind == tMeta && t.text == "!dbg" && i+1 < len(m.toks) && m.toks[i+1].kind == tMeta {
			ref = m.toks[i+1].text
		}
		if t.line > line && ref != "" {
			break
		}
	}
	if ref == "" {
		return diag.Pos{}, false
	}
	m.readMetadata()
	return m.locPos(ref)
}

// readMetadata reads the module's metadata definitions.
func (m *omod) readMetadata() {
	for m.i = 0; m.tok().kind != tEOF; {
		t := m.tok()
		if t.kind == tMeta && m.peek(1).text == "=" {
			m.metadata()
			continue
		}
		m.i = m.lineEnd(m.i)
	}
}

// locPos is the position a DILocation reference names.
func (m *omod) locPos(ref string) (diag.Pos, bool) {
	loc := m.meta[ref]
	if loc == nil || loc.kind != "DILocation" {
		return diag.Pos{}, false
	}
	line, _ := strconv.Atoi(loc.fields["line"])
	col, _ := strconv.Atoi(loc.fields["column"])
	if line <= 0 {
		return diag.Pos{}, false
	}
	scope := loc.fields["scope"]
	for i := 0; i < 100 && scope != ""; i++ {
		s := m.meta[scope]
		if s == nil {
			break
		}
		if s.kind == "DIFile" {
			return diag.Pos{File: diFileName(unquote(s.fields["filename"]), unquote(s.fields["directory"])), Line: line, Col: col}, true
		}
		if f := s.fields["file"]; f != "" {
			scope = f
			continue
		}
		scope = s.fields["scope"]
	}
	return diag.Pos{}, false
}

// diFileName is the path of a DIFile as sourceName gives it: the name
// clang was given if it resolves from here, else joined with the
// compilation directory.
func diFileName(name, dir string) string {
	if filepath.IsAbs(name) || dir == "" {
		return name
	}
	if _, err := os.Stat(name); err == nil {
		return name
	}
	return filepath.Join(dir, name)
}

package litmus

import (
	"path/filepath"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// Expectations are the expected results of a suite: lines "path,0|1" where
// 1 means the condition holds (herd's Ok).
type Expectations struct {
	entries []expectation
}

type expectation struct {
	path  string // slash-separated
	holds bool
}

// ParseExpectations reads a CSV of "path,0|1" lines. Blank lines and lines
// starting with # are ignored.
func ParseExpectations(file string, src []byte) (*Expectations, error) {
	e := &Expectations{}
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos := diag.Pos{File: file, Line: i + 1, Col: 1}
		comma := strings.LastIndexByte(line, ',')
		if comma <= 0 {
			return nil, diag.Errorf(pos, "expected \"path,0\" or \"path,1\", found %q", line)
		}
		var holds bool
		switch strings.TrimSpace(line[comma+1:]) {
		case "0":
		case "1":
			holds = true
		default:
			pos.Col = comma + 2
			return nil, diag.Errorf(pos, "expected 0 or 1 after the comma, found %q", line[comma+1:])
		}
		path := filepath.ToSlash(strings.TrimSpace(line[:comma]))
		e.entries = append(e.entries, expectation{path: strings.TrimPrefix(path, "./"), holds: holds})
	}
	return e, nil
}

// Lookup finds the expectation for a test file: the entry whose path is a
// suffix of the file's path, on a path-component boundary (the longest
// such entry wins).
func (e *Expectations) Lookup(file string) (holds, ok bool) {
	f := filepath.ToSlash(filepath.Clean(file))
	best := -1
	for _, x := range e.entries {
		if (f == x.path || strings.HasSuffix(f, "/"+x.path)) && len(x.path) > best {
			best, holds, ok = len(x.path), x.holds, true
		}
	}
	return holds, ok
}

// Len is the number of expectations.
func (e *Expectations) Len() int { return len(e.entries) }

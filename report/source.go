package report

import (
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
)

// maxSourceBytes bounds the source files read for snippets: traces must not
// stall on a huge generated file.
const maxSourceBytes = 4 << 20

// sources reads the files named by statement positions and formats
// positions compactly. A file that cannot be read simply has no snippets.
type sources struct {
	lines map[string][]string // nil entry: unreadable
	// stmtCols lists, per file and line, the columns where statements start;
	// .lsl files put several statements on one line, and a snippet must stop
	// where the next statement begins.
	stmtCols map[string]map[int][]int
	// display is the short name of each file (its base name when unique).
	display map[string]string
	// withCol marks files whose positions need a column to be told apart.
	withCol map[string]bool
}

// newSources collects the statement positions of prog and of the given
// positions (the executed instructions of a trace).
func newSources(prog *lsl.Program, positions []diag.Pos) *sources {
	s := &sources{lines: map[string][]string{}, stmtCols: map[string]map[int][]int{},
		display: map[string]string{}, withCol: map[string]bool{}}
	add := func(p diag.Pos) {
		if !p.IsValid() || p.File == "" {
			return
		}
		byLine := s.stmtCols[p.File]
		if byLine == nil {
			byLine = map[int][]int{}
			s.stmtCols[p.File] = byLine
		}
		for _, c := range byLine[p.Line] {
			if c == p.Col {
				return
			}
		}
		byLine[p.Line] = append(byLine[p.Line], p.Col)
	}
	if prog != nil {
		for _, pr := range prog.Procs {
			if pr.Body == nil {
				continue
			}
			lsl.Walk(pr.Body, func(st lsl.Stmt) bool {
				if b, ok := st.(*lsl.Block); !ok || b.Label != "" {
					add(st.Position())
				}
				return true
			})
		}
	}
	for _, p := range positions {
		add(p)
	}
	bases := map[string][]string{}
	for f, byLine := range s.stmtCols {
		bases[filepath.Base(f)] = append(bases[filepath.Base(f)], f)
		for _, cols := range byLine {
			sort.Ints(cols)
			if len(cols) > 1 {
				s.withCol[f] = true
			}
		}
	}
	for b, fs := range bases {
		for _, f := range fs {
			if len(fs) == 1 {
				s.display[f] = b
			} else {
				s.display[f] = f
			}
		}
	}
	return s
}

// where formats a position as file:line, adding the column only in files
// that put several statements on one line.
func (s *sources) where(p diag.Pos) string {
	if !p.IsValid() {
		return p.String()
	}
	name := s.display[p.File]
	if name == "" {
		name = filepath.Base(p.File)
	}
	out := name + ":" + strconv.Itoa(p.Line)
	if s.withCol[p.File] && p.Col > 0 {
		out += ":" + strconv.Itoa(p.Col)
	}
	return out
}

// file returns the lines of a source file, or nil if it cannot be read
// or is not an input file.
func (s *sources) file(name string) []string {
	if ls, ok := s.lines[name]; ok {
		return ls
	}
	var ls []string
	// only the input files (source.IsInputFile): a position may name any file
	if b := source.ReadShownSource(name, maxSourceBytes); b != nil {
		ls = strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
	}
	s.lines[name] = ls
	return ls
}

// line returns source line n of file (1-based), tabs expanded.
func (s *sources) line(file string, n int) (string, bool) {
	ls := s.file(file)
	if n < 1 || n > len(ls) {
		return "", false
	}
	return expandTabs(ls[n-1]), true
}

// snippet is the source text of the statement at p: the trimmed line for
// C and LLVM sources; for .lsl files just the statement starting at p.
func (s *sources) snippet(p diag.Pos) string {
	ls := s.file(p.File)
	if !p.IsValid() || p.Line > len(ls) {
		return ""
	}
	text := ls[p.Line-1]
	if strings.HasSuffix(p.File, ".lsl") && p.Col > 0 && p.Col <= len(text) {
		end := len(text)
		for _, c := range s.stmtCols[p.File][p.Line] {
			if c > p.Col && c-1 < end {
				end = c - 1
			}
		}
		text = text[p.Col-1 : end]
		if i := strings.Index(text, "//"); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimRight(strings.TrimSpace(text), "{} \t")
	}
	return clip(strings.TrimSpace(expandTabs(text)), 90)
}

// expandTabs replaces tabs by spaces up to the next multiple of 4.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// clip shortens s to at most n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// displayCol converts the column of p (a byte offset, 1-based) into a
// column of the tab-expanded line; 0 if unknown.
func displayCol(s *sources, p diag.Pos) int {
	ls := s.file(p.File)
	if p.Col <= 0 || p.Line < 1 || p.Line > len(ls) {
		return 0
	}
	raw := ls[p.Line-1]
	if p.Col-1 > len(raw) {
		return 0
	}
	return width(expandTabs(raw[:p.Col-1])) + 1
}

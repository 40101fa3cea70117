package synth

import (
	"os"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// Sources reads and caches source files, for the point filter and the
// patch. A file that cannot be read is nil.
type Sources struct {
	read  func(string) ([]byte, error)
	files map[string][]string
}

// NewSources reads files with read (nil: os.ReadFile).
func NewSources(read func(string) ([]byte, error)) *Sources {
	if read == nil {
		read = os.ReadFile
	}
	return &Sources{read: read, files: map[string][]string{}}
}

// Lines returns the lines of file (nil if unreadable).
func (s *Sources) Lines(file string) []string {
	if ls, ok := s.files[file]; ok {
		return ls
	}
	b, err := s.read(file)
	var ls []string
	if err == nil {
		ls = strings.Split(string(b), "\n")
	}
	s.files[file] = ls
	return ls
}

// isC reports whether fences go into the file as C calls.
func isC(file string) bool {
	return !strings.HasSuffix(file, ".lsl")
}

// Filter keeps the points where a fence can go on a line of its own
// without changing what the surrounding code means. The line of the point
// must hold statements of one list only: no '}' on it (a block closing on
// the line would leave the new line outside it), and for a point after the
// line no '{' either, for a point before it only a '{' that ends the line
// (the statement opens a block). In a C file, the statement next to the
// point must also be a statement of a compound statement (the code line
// before it ends with ';', '{', '}' or a label's ':', so it is not the
// body of an if, else, while or for without braces), a point before a
// line must not separate an else from its if, and a point after a line
// needs a line that ends its statement. Points in unreadable files are
// kept.
func (s *Sources) Filter(p *lsl.FencePoint) bool {
	ls := s.Lines(p.File)
	if ls == nil {
		return true
	}
	code := codeLines(ls)
	i := p.Line - 1
	if i < 0 || i >= len(code) {
		return false
	}
	cur := strings.TrimSpace(code[i])
	if cur == "" || strings.Contains(cur, "}") {
		return false
	}
	if p.Side == InsertBefore {
		if j := strings.Index(cur, "{"); j >= 0 && j != len(cur)-1 {
			return false
		}
	} else if strings.Contains(cur, "{") {
		return false
	}
	if !isC(p.File) {
		return true
	}
	prev := lastCode(code, i-1)
	if !endsStatement(prev, true) {
		return false
	}
	if p.Side == InsertBefore {
		return !strings.HasPrefix(cur, "else") && !strings.HasPrefix(cur, "{")
	}
	if !endsStatement(cur, false) {
		return false
	}
	next := strings.TrimSpace(firstCode(code, i+1))
	return !strings.HasPrefix(next, "else")
}

// InsertBefore and InsertAfter, re-exported for callers of this package.
const (
	InsertBefore = lsl.InsertBefore
	InsertAfter  = lsl.InsertAfter
)

func endsStatement(line string, labelOK bool) bool {
	t := strings.TrimSpace(line)
	if t == "" {
		return true // start of file
	}
	if strings.HasPrefix(t, "#") {
		return true // a preprocessor line
	}
	switch t[len(t)-1] {
	case ';', '{', '}':
		return true
	case ':':
		return labelOK
	}
	return false
}

// codeLines blanks out comments and string contents, line by line.
func codeLines(ls []string) []string {
	out := make([]string, len(ls))
	inComment := false
	for i, l := range ls {
		var b strings.Builder
		inStr := byte(0)
		for j := 0; j < len(l); j++ {
			ch := l[j]
			switch {
			case inComment:
				if ch == '*' && j+1 < len(l) && l[j+1] == '/' {
					inComment = false
					j++
				}
			case inStr != 0:
				if ch == '\\' {
					j++
				} else if ch == inStr {
					inStr = 0
					b.WriteByte(ch)
				}
			case ch == '/' && j+1 < len(l) && l[j+1] == '*':
				inComment = true
				j++
			case ch == '/' && j+1 < len(l) && l[j+1] == '/':
				j = len(l)
			case ch == '"' || ch == '\'':
				inStr = ch
				b.WriteByte(ch)
			default:
				b.WriteByte(ch)
			}
		}
		out[i] = b.String()
	}
	return out
}

func lastCode(code []string, i int) string {
	for ; i >= 0; i-- {
		if strings.TrimSpace(code[i]) != "" {
			return code[i]
		}
	}
	return ""
}

func firstCode(code []string, i int) string {
	for ; i < len(code); i++ {
		if strings.TrimSpace(code[i]) != "" {
			return code[i]
		}
	}
	return ""
}

// OrderFilter keeps the atomic accesses whose memory order --diff can
// change: the access's line names its order (memory_order_relaxed, …),
// so the order is an argument written at the access. Accesses in
// unreadable files are kept.
func (s *Sources) OrderFilter(p *lsl.FencePoint) bool {
	ls := s.Lines(p.File)
	if ls == nil {
		return true
	}
	i := p.Line - 1
	if i < 0 || i >= len(ls) {
		return false
	}
	return strings.Contains(codeLines(ls)[i], "memory_order_")
}

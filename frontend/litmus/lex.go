package litmus

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// tokKind classifies tokens.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tNum
	tString
	tPunct
)

type token struct {
	kind tokKind
	text string
	pos  diag.Pos
	off  int // byte offset of the token in the source
}

func (t token) is(s string) bool { return t.kind == tPunct && t.text == s }

// isWord reports whether t is the identifier w, ignoring case.
func (t token) isWord(w string) bool { return t.kind == tIdent && strings.EqualFold(t.text, w) }

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string " + t.text
	}
	return "\"" + t.text + "\""
}

// Multi-character punctuation, longest first.
var puncts = []string{"/\\", "\\/", "<<", ">>", "==", "!=", "<=", ">=", "&&", "||", "->"}

// lexer scans litmus text on demand. In C mode, comments are // and /* */
// and "(*" is an opening parenthesis followed by a dereference; elsewhere
// herd's (* … *) comments apply.
type lexer struct {
	file   string
	src    string
	off    int
	line   int
	col    int
	cMode  bool
	peeked []token // lookahead
	err    *diag.Error
}

func newLexer(file, src string, off, line, col int) *lexer {
	return &lexer{file: file, src: src, off: off, line: line, col: col}
}

// setCMode switches comment conventions; a token already peeked is scanned
// again under the new mode.
func (lx *lexer) setCMode(on bool) {
	if lx.cMode == on {
		return
	}
	if len(lx.peeked) > 0 {
		first := lx.peeked[0]
		lx.off, lx.line, lx.col = first.off, first.pos.Line, first.pos.Col
		lx.peeked = nil
	}
	lx.cMode = on
}

// reset continues scanning at offset off, which is at position pos.
func (lx *lexer) reset(off int, pos diag.Pos) {
	lx.off, lx.line, lx.col = off, pos.Line, pos.Col
	lx.peeked = nil
}

func (lx *lexer) pos() diag.Pos { return diag.Pos{File: lx.file, Line: lx.line, Col: lx.col} }

func (lx *lexer) peek() token { return lx.peekAt(0) }

// peekAt returns the token n places ahead (0: the next one).
func (lx *lexer) peekAt(n int) token {
	for len(lx.peeked) <= n {
		lx.peeked = append(lx.peeked, lx.scan())
	}
	return lx.peeked[n]
}

func (lx *lexer) next() token {
	t := lx.peek()
	if t.kind != tEOF {
		lx.peeked = lx.peeked[1:]
	}
	return t
}

func (lx *lexer) advance(n int) {
	for i := 0; i < n && lx.off < len(lx.src); i++ {
		if lx.src[lx.off] == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
		lx.off++
	}
}

func (lx *lexer) fail(p diag.Pos, msg string) token {
	if lx.err == nil {
		lx.err = &diag.Error{Pos: p, Msg: msg}
	}
	lx.off = len(lx.src)
	return token{kind: tEOF, pos: p, off: lx.off}
}

// skipSpace skips blanks and comments.
func (lx *lexer) skipSpace() *token {
	for lx.off < len(lx.src) {
		rest := lx.src[lx.off:]
		switch {
		case rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '\r' || rest[0] == '\f' || rest[0] == '\v':
			lx.advance(1)
		case strings.HasPrefix(rest, "//"):
			// line comments in C tests, also between the functions
			n := strings.IndexByte(rest, '\n')
			if n < 0 {
				n = len(rest)
			}
			lx.advance(n)
		case lx.cMode && strings.HasPrefix(rest, "/*"):
			p := lx.pos()
			n := strings.Index(rest[2:], "*/")
			if n < 0 {
				t := lx.fail(p, "unterminated comment")
				return &t
			}
			lx.advance(n + 4)
		case !lx.cMode && strings.HasPrefix(rest, "(*"):
			p := lx.pos()
			n := ocamlCommentLen(rest)
			if n < 0 {
				t := lx.fail(p, "unterminated comment (* … *)")
				return &t
			}
			lx.advance(n)
		default:
			return nil
		}
	}
	return nil
}

// ocamlCommentLen returns the length of the nested (* … *) comment at the
// start of s, or -1 if it does not end.
func ocamlCommentLen(s string) int {
	depth := 0
	for i := 0; i+1 < len(s); i++ {
		switch s[i : i+2] {
		case "(*":
			depth++
			i++
		case "*)":
			depth--
			i++
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

func (lx *lexer) scan() token {
	if t := lx.skipSpace(); t != nil {
		return *t
	}
	p := lx.pos()
	start := lx.off
	if lx.off >= len(lx.src) {
		return token{kind: tEOF, pos: p, off: start}
	}
	rest := lx.src[lx.off:]
	c := rest[0]
	switch {
	case isIdentStart(c):
		n := 1
		for n < len(rest) && isIdentChar(rest[n]) {
			n++
		}
		lx.advance(n)
		return token{kind: tIdent, text: rest[:n], pos: p, off: start}
	case isDigit(c):
		n := 1
		for n < len(rest) && (isIdentChar(rest[n])) {
			n++
		}
		lx.advance(n)
		return token{kind: tNum, text: rest[:n], pos: p, off: start}
	case c == '"':
		n := strings.IndexByte(rest[1:], '"')
		if n < 0 {
			return lx.fail(p, "unterminated string")
		}
		lx.advance(n + 2)
		return token{kind: tString, text: rest[:n+2], pos: p, off: start}
	}
	for _, pu := range puncts {
		if strings.HasPrefix(rest, pu) {
			lx.advance(len(pu))
			return token{kind: tPunct, text: pu, pos: p, off: start}
		}
	}
	if strings.IndexByte("{}()[];,|:=*&~!+-/\\<>^$?.%#", c) >= 0 {
		lx.advance(1)
		return token{kind: tPunct, text: rest[:1], pos: p, off: start}
	}
	return lx.fail(p, "unexpected character "+describeByte(c))
}

func describeByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf("byte 0x%02x", c)
	}
	return "'" + string(rune(c)) + "'"
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

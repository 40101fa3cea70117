package lsl

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/checkfence/checkfence/diag"
)

// The lexers of .lsl and .tst files are hand-written: participle's regular
// expression lexer matches every rule against the whole rest of the input,
// which makes lexing quadratic. Whitespace and comments are skipped here, so
// the grammar never sees them.

// Token types, as named in the grammars.
const (
	tokString lexer.TokenType = -2 - iota
	tokReg
	tokGlobal
	tokWord
	tokIdent
	tokInt
	tokPunct
	tokName
)

var lslSymbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "String": tokString, "Reg": tokReg, "Global": tokGlobal,
	"Word": tokWord, "Ident": tokIdent, "Int": tokInt, "Punct": tokPunct,
}

var tstSymbols = map[string]lexer.TokenType{"EOF": lexer.EOF, "Name": tokName, "Punct": tokPunct}

// lexDef adapts a scanning function to participle's lexer.Definition.
type lexDef struct {
	symbols map[string]lexer.TokenType
	scan    func(filename, src string) ([]lexer.Token, error)
}

func (d lexDef) Symbols() map[string]lexer.TokenType { return d.symbols }

func (d lexDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	toks, err := d.scan(filename, string(src))
	if err != nil {
		return nil, err
	}
	return &sliceLexer{tokens: toks}, nil
}

var (
	lslLexer = lexDef{lslSymbols, scanLSL}
	tstLexer = lexDef{tstSymbols, scanTST}
)

// sliceLexer replays already scanned tokens; the last one is EOF.
type sliceLexer struct {
	tokens []lexer.Token
	i      int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	t := l.tokens[l.i]
	if l.i < len(l.tokens)-1 {
		l.i++
	}
	return t, nil
}

// scanner walks the input and tracks positions (columns count runes, as in
// participle).
type scanner struct {
	src    string
	pos    lexer.Position
	tokens []lexer.Token
}

func newScanner(filename, src string) *scanner {
	return &scanner{src: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}
}

func (s *scanner) rest() string { return s.src[s.pos.Offset:] }

func (s *scanner) peekByte(i int) byte {
	if s.pos.Offset+i < len(s.src) {
		return s.src[s.pos.Offset+i]
	}
	return 0
}

func (s *scanner) advance(n int) { s.pos.Advance(s.src[s.pos.Offset : s.pos.Offset+n]) }

func (s *scanner) emit(typ lexer.TokenType, n int) {
	s.tokens = append(s.tokens, lexer.Token{Type: typ, Value: s.src[s.pos.Offset : s.pos.Offset+n], Pos: s.pos})
	s.advance(n)
}

func (s *scanner) errorf(format string, args ...any) error {
	return diag.ErrorList{diag.ErrorfCode(lslPos(s.pos), diag.CodeSyntax, "syntax error: "+format, args...)}
}

// skip passes over whitespace and comments.
func (s *scanner) skip() error {
	for s.pos.Offset < len(s.src) {
		switch c := s.peekByte(0); {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.advance(1)
		case c == '/' && s.peekByte(1) == '/':
			n := strings.IndexByte(s.rest(), '\n')
			if n < 0 {
				n = len(s.rest())
			}
			s.advance(n)
		case c == '/' && s.peekByte(1) == '*':
			n := strings.Index(s.rest()[2:], "*/")
			if n < 0 {
				return s.errorf("unterminated comment")
			}
			s.advance(n + 4)
		default:
			return nil
		}
	}
	return nil
}

func (s *scanner) unexpected() error {
	r, _ := utf8.DecodeRuneInString(s.rest())
	return s.errorf("unexpected character %q", r)
}

func (s *scanner) finish() []lexer.Token {
	return append(s.tokens, lexer.EOFToken(s.pos))
}

// span counts the leading bytes of the rest of the input that satisfy ok.
func (s *scanner) span(from int, ok func(byte) bool) int {
	n := from
	for s.pos.Offset+n < len(s.src) && ok(s.src[s.pos.Offset+n]) {
		n++
	}
	return n
}

func isLetter(c byte) bool  { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool   { return '0' <= c && c <= '9' }
func isIdentCh(c byte) bool { return isLetter(c) || isDigit(c) }
func isRegCh(c byte) bool   { return isIdentCh(c) || c == '.' || c == '$' }
func isHex(c byte) bool     { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// scanLSL splits .lsl text into tokens: strings, %registers, @globals,
// identifiers, hyphenated words (fence kinds), integers and punctuation.
func scanLSL(filename, src string) ([]lexer.Token, error) {
	s := newScanner(filename, src)
	for {
		if err := s.skip(); err != nil {
			return nil, err
		}
		if s.pos.Offset >= len(s.src) {
			return s.finish(), nil
		}
		c := s.peekByte(0)
		switch {
		case c == '"':
			n, err := s.stringLen()
			if err != nil {
				return nil, err
			}
			s.emit(tokString, n)
		case c == '%':
			n := s.span(1, isRegCh)
			if n == 1 {
				return nil, s.unexpected()
			}
			s.emit(tokReg, n)
		case c == '@':
			if !isLetter(s.peekByte(1)) {
				return nil, s.unexpected()
			}
			s.emit(tokGlobal, s.span(1, isIdentCh))
		case isLetter(c):
			n := s.span(0, isIdentCh)
			typ := tokIdent
			for s.peekByte(n) == '-' && isLetter(s.peekByte(n+1)) {
				n = s.span(n+1, isIdentCh)
				typ = tokWord
			}
			s.emit(typ, n)
		case isDigit(c) || c == '-' && isDigit(s.peekByte(1)):
			n := 0
			if c == '-' {
				n = 1
			}
			if s.peekByte(n) == '0' && (s.peekByte(n+1) == 'x' || s.peekByte(n+1) == 'X') && isHex(s.peekByte(n+2)) {
				n = s.span(n+2, isHex)
			} else {
				n = s.span(n, isDigit)
			}
			s.emit(tokInt, n)
		default:
			if r := s.rest(); strings.HasPrefix(r, ":=") || strings.HasPrefix(r, "->") || strings.HasPrefix(r, "..") {
				s.emit(tokPunct, 2)
			} else if strings.IndexByte("{}()[],:=#.<>", c) >= 0 {
				s.emit(tokPunct, 1)
			} else {
				return nil, s.unexpected()
			}
		}
	}
}

// stringLen measures the string literal at the current position; escapes
// are checked later by strconv.Unquote.
func (s *scanner) stringLen() (int, error) {
	for n := 1; s.pos.Offset+n < len(s.src); n++ {
		switch s.src[s.pos.Offset+n] {
		case '"':
			return n + 1, nil
		case '\n':
			return 0, s.errorf("unterminated string")
		case '\\':
			if s.peekByte(n+1) == '\n' {
				return 0, s.errorf("unterminated string")
			}
			n++
		}
	}
	return 0, s.errorf("unterminated string")
}

// scanTST splits .tst text into names (test names may contain + and ., as
// in 2+2W) and the punctuation = ( ) |.
func scanTST(filename, src string) ([]lexer.Token, error) {
	s := newScanner(filename, src)
	isNameCh := func(c byte) bool { return isIdentCh(c) || c == '+' || c == '.' }
	for {
		if err := s.skip(); err != nil {
			return nil, err
		}
		if s.pos.Offset >= len(s.src) {
			return s.finish(), nil
		}
		c := s.peekByte(0)
		switch {
		case isIdentCh(c):
			s.emit(tokName, s.span(0, isNameCh))
		case strings.IndexByte("=()|", c) >= 0:
			s.emit(tokPunct, 1)
		default:
			return nil, s.unexpected()
		}
	}
}

// lslPos converts a lexer position to an LSL position.
func lslPos(p lexer.Position) diag.Pos {
	return diag.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// parseIntLit converts an integer token: decimal, or hexadecimal with 0x;
// either may carry a leading minus sign. A leading zero does not mean octal.
func parseIntLit(raw string) (int64, bool) {
	s := raw
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	base := 10
	if len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X") {
		base = 16
		s = s[2:]
	}
	u, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		if u > 1<<63 {
			return 0, false
		}
		return -int64(u), true
	}
	if u > 1<<63-1 {
		return 0, false
	}
	return int64(u), true
}

// quote formats a string literal so that strconv.Unquote (and thus the
// parser) restores it exactly.
func quote(s string) string { return strconv.Quote(s) }

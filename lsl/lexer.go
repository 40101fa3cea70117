package lsl

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// lslLexer splits .lsl text into tokens. The rules are tried in order and the
// first match wins, so longer forms come first (a hyphenated fence name before
// a plain identifier, ":=" before ":").
var lslLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*|/\*(?:[^*]|\*+[^*/])*\*+/`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "String", Pattern: `"(?:\\.|[^"\\\n])*"`},
	{Name: "Reg", Pattern: `%[A-Za-z0-9_.$]+`},
	{Name: "Global", Pattern: `@[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Word", Pattern: `[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z_][A-Za-z0-9_]*)+`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Int", Pattern: `-?(?:0[xX][0-9a-fA-F]+|[0-9]+)`},
	{Name: "Punct", Pattern: `:=|->|\.\.|[{}()\[\],:=#.]`},
})

// lslPos converts a lexer position to an LSL position.
func lslPos(p lexer.Position) Pos {
	return Pos{File: p.Filename, Line: p.Line, Col: p.Column}
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

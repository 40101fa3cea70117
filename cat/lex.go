package cat

import (
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// tokKind is the kind of a lexical token of a .cat file.
type tokKind uint8

const (
	tEOF tokKind = iota
	tName
	tString
	tKeyword
	tPunct
	tTag // 'name: a tag of a bell enum
)

type token struct {
	kind tokKind
	text string
	pos  diag.Pos
}

// keywords of the cat language that the parser knows; other herd keywords
// (procedure, call, forall, match, …) are reported as unsupported.
var keywords = map[string]bool{
	"let": true, "rec": true, "and": true, "in": true, "as": true,
	"include": true, "acyclic": true, "irreflexive": true, "empty": true,
	"flag": true, "show": true, "unshow": true,
	"fun": true, "procedure": true, "call": true, "forall": true, "do": true,
	"from": true, "match": true, "with": true, "try": true, "if": true,
	"then": true, "else": true, "enum": true, "instructions": true,
	"default": true, "requires": true, "undefined_unless": true, "end": true,
	"begin": true,
}

func isNameStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isNameChar(c byte) bool {
	return isNameStart(c) || '0' <= c && c <= '9' || c == '.' || c == '-'
}

// lex splits a .cat source into tokens. Names may contain letters, digits,
// '_', '.' and '-' (po-loc, DMB.ISH, fence.r.rw); comments are (* … *)
// and /* … */ (not nesting, as in Dat3M) and // to the end of the line.
func lex(file string, src []byte) ([]token, error) {
	var toks []token
	line, col := 1, 1
	i := 0
	adv := func(n int) {
		for k := 0; k < n && i < len(src); k++ {
			if src[i] == '\n' {
				line++
				col = 1
			} else if src[i]&0xC0 != 0x80 {
				col++
			}
			i++
		}
	}
	pos := func() diag.Pos { return diag.Pos{File: file, Line: line, Col: col} }
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f':
			adv(1)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				adv(1)
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			start := pos()
			adv(2)
			for !(i+1 < len(src) && src[i] == '*' && src[i+1] == '/') {
				if i >= len(src) {
					return nil, diag.ErrorfCode(start, diag.CodeSyntax, "unterminated comment")
				}
				adv(1)
			}
			adv(2)
		case c == '(' && i+1 < len(src) && src[i+1] == '*' && !(i+2 < len(src) && src[i+2] == ')'):
			start := pos()
			adv(2)
			for !(i+1 < len(src) && src[i] == '*' && src[i+1] == ')') {
				if i >= len(src) {
					return nil, diag.ErrorfCode(start, diag.CodeSyntax, "unterminated comment")
				}
				adv(1)
			}
			adv(2)
		case c == '"':
			start := pos()
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				j++
			}
			if j >= len(src) || src[j] != '"' {
				return nil, diag.ErrorfCode(start, diag.CodeSyntax, "unterminated string")
			}
			toks = append(toks, token{tString, string(src[i+1 : j]), start})
			adv(j + 1 - i)
		case c == '\'' && i+1 < len(src) && isNameStart(src[i+1]):
			start := pos()
			j := i + 2
			for j < len(src) && isNameChar(src[j]) {
				j++
			}
			toks = append(toks, token{tTag, string(src[i+1 : j]), start})
			adv(j - i)
		case isNameStart(c):
			start := pos()
			j := i + 1
			for j < len(src) && isNameChar(src[j]) {
				j++
			}
			// a name does not end in '-' or '.': "r-" is never meant
			for j > i+1 && (src[j-1] == '-' || src[j-1] == '.') {
				j--
			}
			word := string(src[i:j])
			kind := tName
			if keywords[word] {
				kind = tKeyword
			}
			if word == "_" {
				kind = tPunct
			}
			toks = append(toks, token{kind, word, start})
			adv(j - i)
		case '0' <= c && c <= '9':
			start := pos()
			j := i
			for j < len(src) && '0' <= src[j] && src[j] <= '9' {
				j++
			}
			toks = append(toks, token{tPunct, string(src[i:j]), start})
			adv(j - i)
		default:
			start := pos()
			rest := string(src[i:min(i+3, len(src))])
			n := 0
			switch {
			case strings.HasPrefix(rest, "^-1"):
				n = 3
			case strings.HasPrefix(rest, "++"), strings.HasPrefix(rest, "->"):
				n = 2
			case strings.IndexByte("|&\\;*+?~()[]{},=^", c) >= 0:
				n = 1
			}
			if n == 0 {
				r := []rune(string(src[i:min(i+4, len(src))]))
				return nil, diag.ErrorfCode(start, diag.CodeSyntax, "unexpected character %q", r[0])
			}
			toks = append(toks, token{tPunct, rest[:n], start})
			adv(n)
		}
	}
	toks = append(toks, token{tEOF, "", pos()})
	return toks, nil
}

package axioms

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// A hand-written parser for the grammar of grammar.go, for well-formed
// input only: Parse tries it first and asks participle only when it gives
// up, so participle's error messages stay, while a run no longer builds the
// participle parser (regexps, reflection) and parses with it, which cost
// every run milliseconds for a 2 KB built-in model. On input it accepts it
// must build exactly the tree participle builds, positions included
// (TestFastParserMatchesParticiple, FuzzFastParser); it may give up on
// anything, and gives up on everything unusual.

type mmKind uint8

const (
	mmEOF mmKind = iota
	mmLabel
	mmOp
	mmKeyword
	mmIdent
	mmSkip // a comment or white space (elided)
)

type mmToken struct {
	kind  mmKind
	value string
	pos   lexer.Position
}

// mmKeywords are the words of the Keyword rule.
var mmKeywords = map[string]bool{
	"model": true, "predefined": true, "exists": true, "forall": true, "require": true, "end": true,
	"set": true, "predicate": true, "relation": true, "true": true, "false": true,
}

// scanMM splits src into tokens as grammar.go's lexer does (its rules in
// order, comments and white space elided), positions advanced by the
// lexer's own Position.Advance. ok is false on anything the lexer would
// reject and on input this scanner does not handle (the lexer's rules are
// then left to participle).
func scanMM(filename, src string) (toks []mmToken, ok bool) {
	pos := lexer.Position{Filename: filename, Line: 1, Column: 1}
	toks = make([]mmToken, 0, len(src)/4)
	for len(src) > 0 {
		n, kind := mmTokenLen(src)
		if n == 0 {
			return nil, false
		}
		if kind != mmSkip {
			toks = append(toks, mmToken{kind: kind, value: src[:n], pos: pos})
		}
		pos.Advance(src[:n])
		src = src[n:]
	}
	return append(toks, mmToken{kind: mmEOF, pos: pos}), true
}

// mmTokenLen is the length and kind of the token src starts with, 0 if
// none.
func mmTokenLen(src string) (int, mmKind) {
	c := src[0]
	switch {
	case strings.HasPrefix(src, "//"):
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			return i, mmSkip
		}
		return len(src), mmSkip
	case strings.HasPrefix(src, "/*"):
		if i := strings.Index(src[2:], "*/"); i >= 0 {
			return i + 4, mmSkip
		}
		return 0, mmEOF
	case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f':
		n := 1
		for n < len(src) && (src[n] == ' ' || src[n] == '\t' || src[n] == '\r' || src[n] == '\n' || src[n] == '\f') {
			n++
		}
		return n, mmSkip
	case c == '<':
		n := 1
		for n < len(src) && (isWordByte(src[n]) || src[n] == '\'') {
			n++
		}
		if n > 1 && n < len(src) && src[n] == '>' {
			return n + 1, mmLabel
		}
		if strings.HasPrefix(src, "<=>") {
			return 3, mmOp
		}
		return 0, mmEOF
	case strings.HasPrefix(src, "=>"):
		return 2, mmOp
	case strings.IndexByte("~&|=(),:.", c) >= 0:
		return 1, mmOp
	case isWordByte(c) && !('0' <= c && c <= '9'):
		n := 1
		for n < len(src) && isWordByte(src[n]) {
			n++
		}
		if mmKeywords[src[:n]] {
			if n < len(src) && src[n] == '\'' {
				return 0, mmEOF // the lexer's Keyword then an invalid "'"
			}
			return n, mmKeyword
		}
		for n < len(src) && src[n] == '\'' {
			n++
		}
		return n, mmIdent
	}
	return 0, mmEOF
}

// isWordByte: [A-Za-z0-9_], the word characters of regexp's \b.
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// mmGiveUp is panicked by mmFast when the input is not one it handles.
type mmGiveUp struct{}

type mmFast struct {
	toks []mmToken
	i    int
}

// parseFast parses src as participle would, or reports ok false.
func parseFast(filename string, src []byte) (m *gModel, ok bool) {
	toks, ok := scanMM(filename, string(src))
	if !ok {
		return nil, false
	}
	p := &mmFast{toks: toks}
	defer func() {
		if r := recover(); r != nil {
			if _, giveUp := r.(mmGiveUp); !giveUp {
				panic(r)
			}
			m, ok = nil, false
		}
	}()
	m = p.model()
	if p.peek().kind != mmEOF {
		return nil, false
	}
	return m, true
}

func (p *mmFast) peek() *mmToken { return &p.toks[p.i] }

func (p *mmFast) next() *mmToken {
	t := &p.toks[p.i]
	if t.kind == mmEOF {
		panic(mmGiveUp{})
	}
	p.i++
	return t
}

// is reports whether the next token is the literal v (participle matches
// literals by value).
func (p *mmFast) is(v string) bool { return p.toks[p.i].value == v && p.toks[p.i].kind != mmEOF }

func (p *mmFast) expect(v string) {
	if !p.is(v) {
		panic(mmGiveUp{})
	}
	p.i++
}

func (p *mmFast) ident() *gIdent {
	t := p.peek()
	if t.kind != mmIdent {
		panic(mmGiveUp{})
	}
	p.i++
	return &gIdent{Pos: t.pos, Name: t.value}
}

// identList is @@ ( "," @@ )*.
func (p *mmFast) identList() []*gIdent {
	list := []*gIdent{p.ident()}
	for p.is(",") {
		p.i++
		list = append(list, p.ident())
	}
	return list
}

func (p *mmFast) model() *gModel {
	m := &gModel{Pos: p.peek().pos}
	p.expect("model")
	m.Name = p.ident()
	if p.is("predefined") {
		p.i++
		for p.isDecl() {
			m.Predefined = append(m.Predefined, p.decl())
		}
	}
	if p.is("exists") {
		p.i++
		for p.isDecl() {
			m.Exists = append(m.Exists, p.decl())
		}
	}
	if p.is("forall") {
		p.i++
		for p.peek().kind == mmIdent {
			m.Forall = append(m.Forall, &gVarDecl{Pos: p.peek().pos, Names: p.identList(), Sort: p.sortOf()})
		}
	}
	if p.is("require") {
		p.i++
		for p.peek().kind == mmLabel {
			t := p.next()
			m.Require = append(m.Require, &gAxiom{Pos: t.pos, Label: t.value, Body: p.iff()})
		}
	}
	p.expect("end")
	p.expect("model")
	m.End = true
	return m
}

func (p *mmFast) isDecl() bool { return p.is("set") || p.is("predicate") || p.is("relation") }

func (p *mmFast) decl() *gDecl {
	t := p.next()
	d := &gDecl{Pos: t.pos, Kind: t.value, Name: p.ident()}
	if p.is("(") {
		p.i++
		d.Params = p.identList()
		p.expect(")")
	}
	return d
}

// sortOf is ":" @@.
func (p *mmFast) sortOf() *gIdent {
	p.expect(":")
	return p.ident()
}

func (p *mmFast) iff() *gIff {
	x := &gIff{Pos: p.peek().pos, Left: p.imp()}
	for p.is("<=>") {
		p.i++
		x.Rest = append(x.Rest, p.imp())
	}
	return x
}

func (p *mmFast) imp() *gImp {
	x := &gImp{Pos: p.peek().pos, Left: p.or()}
	if p.is("=>") {
		p.i++
		x.Right = p.imp()
	}
	return x
}

func (p *mmFast) or() *gOr {
	x := &gOr{Pos: p.peek().pos, Terms: []*gAnd{p.and()}}
	for p.is("|") {
		p.i++
		x.Terms = append(x.Terms, p.and())
	}
	return x
}

func (p *mmFast) and() *gAnd {
	x := &gAnd{Pos: p.peek().pos, Terms: []*gUnary{p.unary()}}
	for p.is("&") {
		p.i++
		x.Terms = append(x.Terms, p.unary())
	}
	return x
}

func (p *mmFast) unary() *gUnary {
	u := &gUnary{Pos: p.peek().pos}
	switch {
	case p.is("~"):
		p.i++
		u.Not = p.unary()
	case p.is("forall") || p.is("exists"):
		t := p.next()
		q := &gQuant{Pos: t.pos, Kind: t.value, Vars: p.identList()}
		q.Sort = p.sortOf()
		p.expect(".")
		q.Body = p.iff()
		u.Quant = q
	default:
		u.Atom = p.atom()
	}
	return u
}

func (p *mmFast) atom() *gAtom {
	a := &gAtom{Pos: p.peek().pos}
	switch {
	case p.is("true"):
		p.i++
		a.True = true
	case p.is("false"):
		p.i++
		a.False = true
	case p.is("("):
		p.i++
		a.Paren = p.iff()
		p.expect(")")
	default:
		r := &gRef{Pos: p.peek().pos, Name: p.ident()}
		switch {
		case p.is("("):
			p.i++
			r.Args = p.identList()
			p.expect(")")
		case p.is("="):
			p.i++
			r.Eq = p.ident()
		default:
			panic(mmGiveUp{})
		}
		a.Ref = r
	}
	return a
}

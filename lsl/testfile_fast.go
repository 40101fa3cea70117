package lsl

import "github.com/alecthomas/participle/v2/lexer"

// parseTSTFast parses the tokens of a .tst file into the tree participle
// builds (tstFileAST), or reports ok false on anything else: then
// participle parses the file and says what is wrong. A .tst grammar is
// a handful of rules, while building participle's parser for them took a
// third of the time a small check spends before its C front end (about
// 0.5 ms of ms2 T0's 12); TestParseTSTFastMatchesParticiple and the fuzz
// target compare the two.
func parseTSTFast(tokens []lexer.Token) (ast *tstFileAST, ok bool) {
	p := tstFast{toks: tokens}
	ast = &tstFileAST{}
	for !p.at(lexer.EOF) {
		t, ok := p.test()
		if !ok {
			return nil, false
		}
		ast.Tests = append(ast.Tests, t)
	}
	return ast, true
}

type tstFast struct {
	toks []lexer.Token
	i    int
}

// tok is the token i ahead (EOF past the end).
func (p *tstFast) tok(i int) lexer.Token {
	if p.i+i < len(p.toks) {
		return p.toks[p.i+i]
	}
	return lexer.Token{Type: lexer.EOF}
}

func (p *tstFast) at(typ lexer.TokenType) bool { return p.tok(0).Type == typ }

// lit reports whether the token i ahead is the punctuation or keyword v (a
// participle literal matches by value).
func (p *tstFast) lit(i int, v string) bool {
	t := p.tok(i)
	return t.Type != lexer.EOF && t.Value == v
}

func (p *tstFast) name() tstName {
	t := p.tok(0)
	p.i++
	return tstName{Pos: t.Pos, Name: t.Value}
}

// test parses "test" NAME "=" NAME* "(" ( "|" | NAME )* ")" NAME*, the
// last names ending where the next "test" NAME "=" begins.
func (p *tstFast) test() (*tstTestAST, bool) {
	if !p.lit(0, "test") || p.tok(1).Type != tokName || !p.lit(2, "=") {
		return nil, false
	}
	t := &tstTestAST{Pos: p.tok(0).Pos}
	p.i++
	t.Name = p.name()
	p.i++
	for p.at(tokName) {
		t.Init = append(t.Init, p.name())
	}
	if !p.lit(0, "(") {
		return nil, false
	}
	p.i++
	for {
		tok := p.tok(0)
		switch {
		case tok.Type == tokName:
			t.Items = append(t.Items, tstItem{Pos: tok.Pos, Name: tok.Value})
		case p.lit(0, "|"):
			t.Items = append(t.Items, tstItem{Pos: tok.Pos, Bar: true})
		case p.lit(0, ")"):
			t.Close = tstCloseTok{Pos: tok.Pos, Paren: ")"}
			p.i++
			for p.at(tokName) && !(p.lit(0, "test") && p.tok(1).Type == tokName && p.lit(2, "=")) {
				t.Final = append(t.Final, p.name())
			}
			return t, true
		default:
			return nil, false
		}
		p.i++
	}
}

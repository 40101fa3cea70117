package cat

import (
	"github.com/checkfence/checkfence/diag"
)

// parser is a recursive-descent parser for herd's cat language, as Dat3M's
// models use it. Operator precedence follows herd (lowest first):
// | (right), ++, ; (right), \ (left), & (right), binary * (cartesian
// product), then the prefix ~ and the postfix * + ? ^-1.
type parser struct {
	toks []token
	i    int
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) peekAt(k int) token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}
func (p *parser) next() token {
	t := p.toks[p.i]
	if p.i < len(p.toks)-1 {
		p.i++
	}
	return t
}

func (p *parser) is(kind tokKind, text string) bool {
	t := p.peek()
	return t.kind == kind && t.text == text
}

func (p *parser) punct(text string) bool { return p.is(tPunct, text) }
func (p *parser) kw(text string) bool    { return p.is(tKeyword, text) }

func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string \"" + t.text + "\""
	case tName:
		return "name " + t.text
	}
	return "\"" + t.text + "\""
}

func (p *parser) fail(t token, code diag.ErrorCode, format string, args ...any) error {
	return diag.ErrorfCode(t.pos, code, format, args...)
}

func (p *parser) expect(text string) (token, error) {
	t := p.peek()
	if t.kind != tPunct && t.kind != tKeyword || t.text != text {
		return t, p.fail(t, diag.CodeSyntax, "syntax error: expected %q, found %s", text, describe(t))
	}
	return p.next(), nil
}

func (p *parser) name() (token, error) {
	t := p.peek()
	if t.kind != tName {
		return t, p.fail(t, diag.CodeSyntax, "syntax error: expected a name, found %s", describe(t))
	}
	return p.next(), nil
}

// parseFile parses one .cat file (includes are not followed here).
func parseFile(path string, src []byte) (*file, error) {
	toks, err := lex(path, src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	f := &file{Path: path}
	// identity: [name] [string]
	if t := p.peek(); t.kind == tName {
		f.Title = p.next().text
	}
	if t := p.peek(); t.kind == tString {
		if f.Title != "" {
			f.Title += " "
		}
		f.Title += p.next().text
	}
	for p.peek().kind != tEOF {
		s, err := p.stmt()
		if err != nil {
			return nil, err
		}
		if s != nil {
			f.Stmts = append(f.Stmts, s)
		}
	}
	return f, nil
}

var unsupportedKeywords = map[string]string{
	"procedure": "procedures", "call": "procedure calls", "forall": "forall loops",
	"match": "match expressions", "default": "bell default declarations",
	"with": "with … from", "requires": "requires checks", "undefined_unless": "undefined_unless checks",
	"fun": "anonymous functions", "try": "try … with", "if": "if expressions",
}

func (p *parser) stmt() (stmt, error) {
	t := p.peek()
	switch {
	case p.kw("let"):
		return p.let()
	case p.kw("include"):
		p.next()
		s := p.peek()
		if s.kind != tString {
			return nil, p.fail(s, diag.CodeSyntax, "syntax error: include needs a file name in quotes, found %s", describe(s))
		}
		p.next()
		return &includeStmt{Pos: t.pos, Path: s.text}, nil
	case p.kw("show"), p.kw("unshow"):
		p.next()
		// show e as name | show name, name…
		if _, err := p.expr(); err != nil {
			return nil, err
		}
		if p.kw("as") {
			p.next()
			if _, err := p.name(); err != nil {
				return nil, err
			}
		}
		for p.punct(",") {
			p.next()
			if _, err := p.name(); err != nil {
				return nil, err
			}
		}
		return &showStmt{Pos: t.pos}, nil
	case p.kw("flag"):
		p.next()
		return p.test(t.pos, true)
	case p.kw("enum"):
		return p.enum()
	case p.kw("instructions"):
		return p.instructions()
	case p.kw("acyclic"), p.kw("irreflexive"), p.kw("empty"), p.punct("~"):
		return p.test(t.pos, false)
	case t.kind == tKeyword && unsupportedKeywords[t.text] != "":
		return nil, p.fail(t, diag.CodeUnsupported, "%s are not supported", unsupportedKeywords[t.text])
	}
	return nil, p.fail(t, diag.CodeSyntax, "syntax error: expected let, include or a check (acyclic, irreflexive, empty, flag), found %s", describe(t))
}

func (p *parser) test(pos diag.Pos, flag bool) (stmt, error) {
	s := &testStmt{Pos: pos, Flag: flag}
	if p.punct("~") {
		p.next()
		s.Negated = true
	}
	t := p.next()
	switch {
	case t.kind == tKeyword && t.text == "acyclic":
		s.Kind = Acyclic
	case t.kind == tKeyword && t.text == "irreflexive":
		s.Kind = Irreflexive
	case t.kind == tKeyword && t.text == "empty":
		s.Kind = Empty
	default:
		return nil, p.fail(t, diag.CodeSyntax, "syntax error: expected acyclic, irreflexive or empty, found %s", describe(t))
	}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	s.Expr = e
	if p.kw("as") {
		p.next()
		n, err := p.name()
		if err != nil {
			return nil, err
		}
		s.Name = n.text
	}
	return s, nil
}

func (p *parser) let() (stmt, error) {
	s, err := p.letBindings()
	if err != nil {
		return nil, err
	}
	if p.kw("in") {
		return nil, p.fail(p.peek(), diag.CodeInvalidConstruct, "let … in is an expression: bind its value with let x = let … in …")
	}
	return s, nil
}

// letBindings parses let [rec] b1 and b2 ….
func (p *parser) letBindings() (*letStmt, error) {
	t := p.next() // let
	s := &letStmt{Pos: t.pos}
	if p.kw("rec") {
		p.next()
		s.Rec = true
	}
	for {
		b, err := p.binding()
		if err != nil {
			return nil, err
		}
		s.Binds = append(s.Binds, b)
		if !p.kw("and") {
			break
		}
		p.next()
	}
	return s, nil
}

// letIn parses the expression let [rec] b1 and … in e.
func (p *parser) letIn() (expr, error) {
	t := p.peek()
	st, err := p.letBindings()
	if err != nil {
		return nil, err
	}
	if _, err := p.expect("in"); err != nil {
		return nil, err
	}
	body, err := p.expr()
	if err != nil {
		return nil, err
	}
	return &letExpr{Pos: t.pos, Let: st, Body: body}, nil
}

// enum parses a bell enumeration "enum Name = 'a || 'b …": herd's
// annotations of events, which checkfence reads as tags (the name of an
// annotation is the set of the events that carry it).
func (p *parser) enum() (stmt, error) {
	t := p.next()
	if _, err := p.name(); err != nil {
		return nil, err
	}
	if _, err := p.expect("="); err != nil {
		return nil, err
	}
	for {
		if tag := p.peek(); tag.kind != tTag {
			return nil, p.fail(tag, diag.CodeSyntax, "syntax error: expected a tag 'name in the enum, found %s", describe(tag))
		}
		p.next()
		if !p.punct("|") {
			return &showStmt{Pos: t.pos}, nil
		}
		p.next()
		if p.punct("|") {
			p.next()
		}
	}
}

// instructions parses a bell declaration "instructions R[{'once,…}]" (the
// annotations an instruction may carry, which herd checks on its own
// events; checkfence's front ends set the tags).
func (p *parser) instructions() (stmt, error) {
	t := p.next()
	if _, err := p.name(); err != nil {
		return nil, err
	}
	open, err := p.expect("[")
	if err != nil {
		return nil, err
	}
	for depth := 1; depth > 0; {
		n := p.next()
		switch {
		case n.kind == tEOF:
			return nil, p.fail(open, diag.CodeSyntax, "syntax error: unclosed [ in the instructions declaration")
		case n.kind == tPunct && (n.text == "[" || n.text == "{"):
			depth++
		case n.kind == tPunct && (n.text == "]" || n.text == "}"):
			depth--
		}
	}
	return &showStmt{Pos: t.pos}, nil
}

func (p *parser) binding() (*binding, error) {
	n, err := p.name()
	if err != nil {
		return nil, err
	}
	b := &binding{Pos: n.pos, Name: n.text}
	if p.punct("(") {
		p.next()
		b.Fun = true
		for !p.punct(")") {
			if len(b.Params) > 0 {
				if _, err := p.expect(","); err != nil {
					return nil, err
				}
			}
			var par token
			if p.punct("_") {
				par = p.next()
			} else if par, err = p.name(); err != nil {
				return nil, err
			}
			b.Params = append(b.Params, par.text)
		}
		p.next()
	}
	if _, err := p.expect("="); err != nil {
		return nil, err
	}
	if b.Body, err = p.expr(); err != nil {
		return nil, err
	}
	return b, nil
}

// expr parses a full expression (union level).
func (p *parser) expr() (expr, error) { return p.union() }

func (p *parser) union() (expr, error) {
	l, err := p.plusplus()
	if err != nil || !p.punct("|") {
		return l, err
	}
	t := p.next()
	r, err := p.union()
	if err != nil {
		return nil, err
	}
	return &binExpr{Pos: t.pos, Op: "|", L: l, R: r}, nil
}

func (p *parser) plusplus() (expr, error) {
	l, err := p.seq()
	if err != nil || !p.punct("++") {
		return l, err
	}
	t := p.next()
	r, err := p.plusplus()
	if err != nil {
		return nil, err
	}
	return &binExpr{Pos: t.pos, Op: "++", L: l, R: r}, nil
}

func (p *parser) seq() (expr, error) {
	l, err := p.diff()
	if err != nil || !p.punct(";") {
		return l, err
	}
	t := p.next()
	r, err := p.seq()
	if err != nil {
		return nil, err
	}
	return &binExpr{Pos: t.pos, Op: ";", L: l, R: r}, nil
}

func (p *parser) diff() (expr, error) {
	l, err := p.inter()
	if err != nil {
		return nil, err
	}
	for p.punct("\\") {
		t := p.next()
		r, err := p.inter()
		if err != nil {
			return nil, err
		}
		l = &binExpr{Pos: t.pos, Op: "\\", L: l, R: r}
	}
	return l, nil
}

func (p *parser) inter() (expr, error) {
	l, err := p.cart()
	if err != nil || !p.punct("&") {
		return l, err
	}
	t := p.next()
	r, err := p.inter()
	if err != nil {
		return nil, err
	}
	return &binExpr{Pos: t.pos, Op: "&", L: l, R: r}, nil
}

func (p *parser) cart() (expr, error) {
	l, err := p.prefix()
	if err != nil {
		return nil, err
	}
	if p.punct("*") && p.startsOperand(1) {
		t := p.next()
		r, err := p.prefix()
		if err != nil {
			return nil, err
		}
		l = &binExpr{Pos: t.pos, Op: "*", L: l, R: r}
		if p.punct("*") && p.startsOperand(1) {
			return nil, p.fail(p.peek(), diag.CodeSyntax, "syntax error: the cartesian product * is not associative; use parentheses")
		}
	}
	return l, nil
}

// startsOperand reports whether the token k ahead can begin an operand
// (which makes a preceding * a cartesian product rather than a closure).
func (p *parser) startsOperand(k int) bool {
	t := p.peekAt(k)
	switch t.kind {
	case tName:
		return true
	case tPunct:
		switch t.text {
		case "(", "[", "_", "0":
			return true
		case "~":
			n := p.peekAt(k + 1)
			return !(n.kind == tKeyword && (n.text == "acyclic" || n.text == "irreflexive" || n.text == "empty"))
		}
	}
	return false
}

func (p *parser) prefix() (expr, error) {
	if p.punct("~") {
		t := p.next()
		x, err := p.prefix()
		if err != nil {
			return nil, err
		}
		return &unExpr{Pos: t.pos, Op: "~", X: x}, nil
	}
	return p.postfix()
}

func (p *parser) postfix() (expr, error) {
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		switch {
		case p.punct("+"), p.punct("?"), p.punct("^-1"):
			p.next()
			x = &unExpr{Pos: t.pos, Op: t.text, X: x}
		case p.punct("*") && !p.startsOperand(1):
			p.next()
			x = &unExpr{Pos: t.pos, Op: "*", X: x}
		case p.punct("^"):
			return nil, p.fail(t, diag.CodeSyntax, "syntax error: only ^-1 (inverse) is supported after ^")
		default:
			return x, nil
		}
	}
}

func (p *parser) primary() (expr, error) {
	t := p.peek()
	switch {
	case t.kind == tName:
		p.next()
		if p.punct("(") {
			return p.app(t)
		}
		return &nameExpr{Pos: t.pos, Name: t.text}, nil
	case p.punct("0"):
		p.next()
		return &constExpr{Pos: t.pos}, nil
	case t.kind == tPunct && t.text[0] >= '0' && t.text[0] <= '9':
		return nil, p.fail(t, diag.CodeSyntax, "syntax error: the only number in cat is 0 (the empty relation)")
	case p.punct("_"):
		p.next()
		return &constExpr{Pos: t.pos, Universe: true}, nil
	case p.punct("("):
		p.next()
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.punct(",") {
			return nil, p.fail(p.peek(), diag.CodeUnsupported, "tuples are not supported")
		}
		if _, err := p.expect(")"); err != nil {
			return nil, err
		}
		return x, nil
	case p.punct("["):
		p.next()
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		if _, err := p.expect("]"); err != nil {
			return nil, err
		}
		return &bracketExpr{Pos: t.pos, X: x}, nil
	case p.punct("{"):
		return nil, p.fail(t, diag.CodeUnsupported, "explicit sets { … } are not supported")
	case p.kw("let"):
		return p.letIn()
	case t.kind == tKeyword && unsupportedKeywords[t.text] != "":
		return nil, p.fail(t, diag.CodeUnsupported, "%s are not supported", unsupportedKeywords[t.text])
	}
	return nil, p.fail(t, diag.CodeSyntax, "syntax error: expected an expression, found %s", describe(t))
}

func (p *parser) app(fn token) (expr, error) {
	p.next() // (
	a := &appExpr{Pos: fn.pos, Fun: fn.text}
	for !p.punct(")") {
		if len(a.Args) > 0 {
			if _, err := p.expect(","); err != nil {
				return nil, err
			}
		}
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		a.Args = append(a.Args, x)
	}
	p.next()
	return a, nil
}

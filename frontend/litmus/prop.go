package litmus

import (
	"github.com/checkfence/checkfence/lsl"
)

// Prop is a proposition over a final state: /\, \/, ~, => and atoms
// term=value.
type Prop interface {
	// Eval evaluates the proposition with the given term values.
	Eval(val func(Term) lsl.Value) bool
	String() string
	prec() int // binding strength for printing: higher binds tighter
}

// And is p /\ q.
type And struct{ L, R Prop }

// Or is p \/ q.
type Or struct{ L, R Prop }

// Implies is p => q.
type Implies struct{ L, R Prop }

// Not is ~p.
type Not struct{ X Prop }

// TermEq is term=term: two registers hold the same value.
type TermEq struct{ L, R Term }

func (p *TermEq) Eval(v func(Term) lsl.Value) bool { return v(p.L).Equal(v(p.R)) }
func (*TermEq) prec() int                          { return 5 }
func (p *TermEq) String() string                   { return p.L.String() + "=" + p.R.String() }

// Const is true or false.
type Const bool

// Atom is term=value.
type Atom struct {
	Term  Term
	Value lsl.Value
	Text  string // the value as written (a number or a location name)
}

func (p *And) Eval(v func(Term) lsl.Value) bool     { return p.L.Eval(v) && p.R.Eval(v) }
func (p *Or) Eval(v func(Term) lsl.Value) bool      { return p.L.Eval(v) || p.R.Eval(v) }
func (p *Implies) Eval(v func(Term) lsl.Value) bool { return !p.L.Eval(v) || p.R.Eval(v) }
func (p *Not) Eval(v func(Term) lsl.Value) bool     { return !p.X.Eval(v) }
func (p Const) Eval(func(Term) lsl.Value) bool      { return bool(p) }
func (p *Atom) Eval(v func(Term) lsl.Value) bool    { return v(p.Term).Equal(p.Value) }

func (*Implies) prec() int { return 1 }
func (*Or) prec() int      { return 2 }
func (*And) prec() int     { return 3 }
func (*Not) prec() int     { return 4 }
func (Const) prec() int    { return 5 }
func (*Atom) prec() int    { return 5 }

// sub prints q as an operand of an operator of precedence prec; equal
// precedence needs parentheses only on the right of => (it associates to
// the right) and for mixed operators.
func sub(q Prop, prec int, paren bool) string {
	if q.prec() < prec || (q.prec() == prec && paren) {
		return "(" + q.String() + ")"
	}
	return q.String()
}

func (p *And) String() string { return sub(p.L, 3, false) + ` /\ ` + sub(p.R, 3, false) }
func (p *Or) String() string  { return sub(p.L, 2, false) + ` \/ ` + sub(p.R, 2, false) }
func (p *Implies) String() string {
	return sub(p.L, 1, true) + " => " + sub(p.R, 1, false)
}
func (p *Not) String() string { return "~" + sub(p.X, 4, false) }
func (p Const) String() string {
	if p {
		return "true"
	}
	return "false"
}
func (p *Atom) String() string { return p.Term.String() + "=" + p.Text }

// terms appends the terms of p to out, without repetitions.
func terms(p Prop, out []Term) []Term {
	switch p := p.(type) {
	case *And:
		return terms(p.R, terms(p.L, out))
	case *Or:
		return terms(p.R, terms(p.L, out))
	case *Implies:
		return terms(p.R, terms(p.L, out))
	case *Not:
		return terms(p.X, out)
	case *Atom:
		return addTerm(out, p.Term)
	case *TermEq:
		return addTerm(addTerm(out, p.L), p.R)
	}
	return out
}

func addTerm(out []Term, t Term) []Term {
	for _, u := range out {
		if u == t {
			return out
		}
	}
	return append(out, t)
}

// --- parsing ---

// prop := or ['=>' prop]
func (p *parser) prop() Prop {
	l := p.disjunction()
	if p.lx.peek().is("=") {
		// "=>" is lexed as "=" ">" (">=" is a token, "=>" is not)
		t := p.lx.next()
		if !p.lx.peek().is(">") {
			p.failf(t.pos, "expected a proposition, found \"=\"")
		}
		p.lx.next()
		return &Implies{L: l, R: p.prop()}
	}
	return l
}

func (p *parser) disjunction() Prop {
	l := p.conjunction()
	for p.lx.peek().is(`\/`) {
		p.lx.next()
		l = &Or{L: l, R: p.conjunction()}
	}
	return l
}

func (p *parser) conjunction() Prop {
	l := p.unary()
	for p.lx.peek().is(`/\`) {
		p.lx.next()
		l = &And{L: l, R: p.unary()}
	}
	return l
}

func (p *parser) unary() Prop {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		p.failf(p.lx.peek().pos, "proposition nested too deeply")
	}
	t := p.lx.peek()
	switch {
	case t.is("~") || t.isWord("not"):
		p.lx.next()
		return &Not{X: p.unary()}
	case t.is("("):
		p.lx.next()
		q := p.prop()
		p.expect(")")
		return q
	case t.kind == tIdent && t.text == "true":
		p.lx.next()
		return Const(true)
	case t.kind == tIdent && t.text == "false":
		p.lx.next()
		return Const(false)
	}
	term := p.term()
	negated := p.lx.peek().is("!=")
	if negated {
		p.lx.next()
	} else {
		p.expect("=")
	}
	var q Prop
	if n, c := p.lx.peek(), p.lx.peekAt(1); (n.kind == tNum || n.kind == tIdent && isThreadName(n.text)) && c.is(":") {
		q = &TermEq{L: term, R: p.term()} // herd: 0:r1=0:r4
	} else {
		val, text := p.value()
		q = &Atom{Term: term, Value: val, Text: text}
	}
	if negated {
		q = &Not{X: q}
	}
	return q
}

// term := N:REG | PN:REG | loc | [loc] | *loc
func (p *parser) term() Term {
	t := p.lx.next()
	switch {
	case t.kind == tNum || (t.kind == tIdent && isThreadName(t.text) && p.lx.peek().is(":")):
		th := p.threadIndex(t)
		p.expect(":")
		r := p.lx.next()
		if r.kind != tIdent {
			p.failf(r.pos, "expected a register after %s:, found %s", t.text, r.describe())
		}
		return Term{Thread: th, Reg: p.canonReg(r)}
	case t.is("["):
		l := p.locName(p.lx.next())
		p.expect("]")
		return Term{Thread: -1, Loc: l}
	case t.is("*"):
		return Term{Thread: -1, Loc: p.locName(p.lx.next())}
	case t.kind == tIdent:
		return Term{Thread: -1, Loc: p.locName(t)}
	}
	p.failf(t.pos, "expected a register (0:EAX) or a location, found %s", t.describe())
	return Term{}
}

// threadIndex reads the thread number of "1" or "P1" (checked later
// against the threads of the test).
func (p *parser) threadIndex(t token) int {
	s := t.text
	if t.kind == tIdent {
		s = s[1:]
	}
	n, ok := smallInt(s)
	if !ok {
		p.failf(t.pos, "bad thread number %s", t.text)
	}
	p.threadRefs = append(p.threadRefs, threadRef{n, t.pos})
	return n
}

func isThreadName(s string) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func smallInt(s string) (int, bool) {
	if len(s) == 0 || len(s) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// value := ['-'|'$'] NUM | loc | &loc: a number or a location's address.
func (p *parser) value() (lsl.Value, string) {
	t := p.lx.next()
	neg := false
	switch {
	case t.is("$"):
		t = p.lx.next()
		if t.kind == tIdent {
			return p.locValue(t), t.text
		}
		if t.is("-") {
			neg = true
			t = p.lx.next()
		}
	case t.is("-"):
		neg = true
		t = p.lx.next()
	case t.is("&"):
		t = p.lx.next()
		return p.locValue(t), t.text
	case t.kind == tIdent:
		return p.locValue(t), t.text
	}
	if t.kind != tNum {
		p.failf(t.pos, "expected a value, found %s", t.describe())
	}
	n := p.number(t)
	if neg {
		n = -n
	}
	text := t.text
	if neg {
		text = "-" + text
	}
	return lsl.Num(n), text
}

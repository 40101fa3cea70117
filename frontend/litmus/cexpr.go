package litmus

import (
	"github.com/checkfence/checkfence/lsl"
)

// cBinOps maps C operators to LSL functions (> and >= swap the operands
// of < and <=).
var cBinOps = map[string]lsl.Op{
	"+": lsl.OpAdd, "-": lsl.OpSub, "*": lsl.OpMul, "/": lsl.OpDiv, "%": lsl.OpMod,
	"&": lsl.OpAnd, "|": lsl.OpOr, "^": lsl.OpXor, "<<": lsl.OpShl, ">>": lsl.OpShr,
	"==": lsl.OpEq, "!=": lsl.OpNe, "<": lsl.OpLt, "<=": lsl.OpLe, ">": lsl.OpLt, ">=": lsl.OpLe,
}

// cLevels are the binary operators from loosest to tightest (after || and
// &&, which short-circuit).
var cLevels = [][]string{{"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}}

// cExpr translates an expression, emitting its memory accesses in
// evaluation order, and returns the operand holding its value.
func (p *parser) cExpr(f *cFunc) lsl.Operand {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		p.failf(p.lx.peek().pos, "expression nested too deeply")
	}
	c := p.cLogic(f, "||")
	q := p.lx.peek()
	if !q.is("?") {
		return c
	}
	p.lx.next()
	r := f.th.tmp()
	then := f.th.block(q.pos, func() { f.th.assign(r, lsl.OpCopy, q.pos, p.cExpr(f)) })
	p.expect(":")
	els := f.th.block(q.pos, func() { f.th.assign(r, lsl.OpCopy, q.pos, p.cExpr(f)) })
	f.th.emit(&lsl.If{Cond: c, Then: then, Else: els, Pos: q.pos})
	return r
}

// cLogic handles || and && with short-circuit evaluation: the right
// operand's accesses happen only when it is evaluated.
func (p *parser) cLogic(f *cFunc, op string) lsl.Operand {
	operand := func() lsl.Operand {
		if op == "||" {
			return p.cLogic(f, "&&")
		}
		return p.cBinary(f, 0)
	}
	l := operand()
	for p.lx.peek().is(op) {
		t := p.lx.next()
		r := f.th.tmp()
		f.th.assign(r, lsl.OpNe, t.pos, l, num(0))
		cond := r
		if op == "||" {
			cond = f.th.tmp()
			f.th.assign(cond, lsl.OpEq, t.pos, r, num(0))
		}
		then := f.th.block(t.pos, func() { f.th.assign(r, lsl.OpNe, t.pos, operand(), num(0)) })
		f.th.emit(&lsl.If{Cond: cond, Then: then, Pos: t.pos})
		l = r
	}
	return l
}

func (p *parser) cBinary(f *cFunc, level int) lsl.Operand {
	if level == len(cLevels) {
		return p.cUnary(f)
	}
	l := p.cBinary(f, level+1)
	for {
		t := p.lx.peek()
		if t.kind != tPunct || !contains(cLevels[level], t.text) {
			return l
		}
		p.lx.next()
		r := p.cBinary(f, level+1)
		if t.text == "+" && (isPtrConst(l) || isPtrConst(r)) {
			// location + offset: herd's tests add a value that is 0 to
			// make an address dependency (asm.go, indexed)
			l = f.th.indexed(l, r, t.pos)
			p.t.AddrArith = true
			continue
		}
		a, b := l, r
		if t.text == ">" || t.text == ">=" {
			a, b = r, l
		}
		d := f.th.tmp()
		f.th.assign(d, cBinOps[t.text], t.pos, a, b)
		l = d
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func (p *parser) cUnary(f *cFunc) lsl.Operand {
	p.depth++
	defer func() { p.depth-- }()
	t := p.lx.peek()
	if p.depth > maxNesting {
		p.failf(t.pos, "expression nested too deeply")
	}
	switch {
	case t.is("-"):
		p.lx.next()
		v := p.cUnary(f)
		if c, ok := v.(lsl.Const); ok && c.V.Kind == lsl.KNum {
			return num(-c.V.Num)
		}
		r := f.th.tmp()
		f.th.assign(r, lsl.OpNeg, t.pos, v)
		return r
	case t.is("+"):
		p.lx.next()
		return p.cUnary(f)
	case t.is("!"):
		p.lx.next()
		r := f.th.tmp()
		f.th.assign(r, lsl.OpEq, t.pos, p.cUnary(f), num(0))
		return r
	case t.is("~"):
		p.lx.next()
		r := f.th.tmp()
		f.th.assign(r, lsl.OpBitNot, t.pos, p.cUnary(f))
		return r
	case t.is("*"):
		p.lx.next()
		addr, expr := p.cAddress(f)
		r := f.th.tmp()
		f.th.emit(&lsl.Load{Dst: r, Addr: addr, Expr: expr, Tags: plainTags, Pos: t.pos})
		p.operandAccesses++
		return r
	case t.is("&"):
		p.failf(t.pos, "& is only supported for the expected value of a compare-exchange (&r)")
	case t.is("("):
		if n := p.lx.peekAt(1); n.kind == tIdent && cTypeWords[n.text] {
			// a cast: values are untyped
			p.lx.next()
			for !p.lx.peek().is(")") {
				if tt := p.lx.next(); tt.kind == tEOF || !(tt.is("*") || tt.kind == tIdent && cTypeWords[tt.text]) {
					p.failf(tt.pos, "bad cast: expected a type, found %s", tt.describe())
				}
			}
			p.lx.next()
			return p.cUnary(f)
		}
		p.lx.next()
		v := p.cExpr(f)
		p.expect(")")
		return v
	case t.kind == tNum:
		p.lx.next()
		return num(p.number(t))
	case t.kind == tIdent:
		if p.isCall(t) {
			v := p.cCall(f, false)
			p.operandAccesses++
			return v
		}
		p.lx.next()
		switch {
		case f.locals[t.text]:
			return f.th.reg(t.text)
		case f.params[t.text]:
			return lsl.Const{V: lsl.Ptr(p.loc(t.text))}
		case t.text == "NULL" || t.text == "false":
			return num(0)
		case t.text == "true":
			return num(1)
		}
		p.failf(t.pos, "unknown variable %s", t.text)
	}
	p.failf(t.pos, "expected an expression, found %s", t.describe())
	return nil
}

// isCall reports whether the identifier t starts a call.
func (p *parser) isCall(t token) bool {
	return p.lx.peek() == t && p.lx.peekAt(1).is("(")
}

func isPtrConst(v lsl.Operand) bool {
	c, ok := v.(lsl.Const)
	return ok && c.V.Kind == lsl.KPtr
}

package cfront

import (
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// arith translates a binary operator on numbers: both operands (left
// first), then the operation.
func (f *fn) arith(op lsl.Op, l, r cc.ExpressionNode) val {
	a := f.rvalue(l)
	b := f.rvalue(r)
	return val{op: f.apply(op, a.op, b.op)}
}

func (f *fn) multiplicative(x *cc.MultiplicativeExpression) val {
	op := lsl.OpMul
	switch x.Case {
	case cc.MultiplicativeExpressionDiv:
		op = lsl.OpDiv
	case cc.MultiplicativeExpressionMod:
		op = lsl.OpMod
	}
	return f.arith(op, x.MultiplicativeExpression, x.CastExpression)
}

func (f *fn) additive(x *cc.AdditiveExpression) val {
	l, r := x.AdditiveExpression, x.MultiplicativeExpression
	a := f.rvalue(l)
	b := f.rvalue(r)
	return f.addSub(x, x.Case == cc.AdditiveExpressionSub, a, b, l.Type(), r.Type())
}

// addSub adds or subtracts two translated operands of the given C types,
// with pointer arithmetic where a pointer is involved.
func (f *fn) addSub(n cc.Node, sub bool, a, b val, lt, rt cc.Type) val {
	lp, rp := isPointerish(lt), isPointerish(rt)
	switch {
	case lp && rp && sub:
		// p - q: the distance between two elements of one array
		oa := f.apply(lsl.OpGetOffset, a.op)
		ob := f.apply(lsl.OpGetOffset, b.op)
		return val{op: f.apply(lsl.OpSub, oa, ob)}
	case lp:
		return f.ptrAdd(a, b, sub, n)
	case rp && !sub:
		return f.ptrAdd(b, a, false, n)
	}
	op := lsl.OpAdd
	if sub {
		op = lsl.OpSub
	}
	return val{op: f.apply(op, a.op, b.op)}
}

// ptrAdd moves a pointer to an array element by i elements: the last
// offset of the pointer changes. A pointer to a single object cannot move.
func (f *fn) ptrAdd(p, i val, sub bool, n cc.Node) val {
	if c, ok := constOf(i.op); ok && c.Kind == lsl.KNum && c.Num == 0 {
		return p
	}
	if p.prov == provSingle {
		what := p.what
		if what == "" {
			what = "this pointer"
		}
		f.errorf(n, "pointer arithmetic on %s, which points to a single object, not into an array", what)
		return bad
	}
	op := lsl.OpAdd
	if sub {
		op = lsl.OpSub
	}
	base := f.apply(lsl.OpGetBase, p.op)
	off := f.apply(lsl.OpGetOffset, p.op)
	return val{op: f.apply(lsl.OpOffset, base, f.apply(op, off, i.op)), prov: provElem}
}

func (f *fn) relational(x *cc.RelationalExpression) val {
	l, r := x.RelationalExpression, x.ShiftExpression
	a := f.rvalue(l)
	b := f.rvalue(r)
	if isPointerish(l.Type()) && isPointerish(r.Type()) {
		// pointers into one array compare by their element offsets
		a = val{op: f.apply(lsl.OpGetOffset, a.op)}
		b = val{op: f.apply(lsl.OpGetOffset, b.op)}
	}
	var op lsl.Op
	switch x.Case {
	case cc.RelationalExpressionLt:
		op = lsl.OpLt
	case cc.RelationalExpressionGt:
		op, a, b = lsl.OpLt, b, a
	case cc.RelationalExpressionLeq:
		op = lsl.OpLe
	default: // >=
		op, a, b = lsl.OpLe, b, a
	}
	return val{op: f.apply(op, a.op, b.op), b01: true}
}

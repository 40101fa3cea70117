package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// arith translates a binary operator on numbers: both operands (left
// first), then the operation, in the integer type of the expression (nil
// for a comparison: the operands' common type).
func (f *fn) arith(op lsl.Op, l, r cc.ExpressionNode, t cc.Type) val {
	a := f.rvalue(l)
	b := f.rvalue(r)
	return val{op: f.binaryInt(op, a.op, b.op, l.Type(), r.Type(), t)}
}

// binaryInt applies op to a and b (of C types lt and rt) in the type t of
// the operation (nil: the operands' common type), as intOp does; without
// integer operand types the operation is applied as it is.
func (f *fn) binaryInt(op lsl.Op, a, b lsl.Operand, lt, rt, t cc.Type) lsl.Operand {
	la, okA := integerType(lt)
	lb, okB := integerType(rt)
	if !okA || !okB {
		return f.apply(op, a, b)
	}
	it := usualArith(la, lb)
	if op == lsl.OpShl || op == lsl.OpShr {
		it = la.promoted()
	}
	if tt, ok := integerType(t); ok && t != nil {
		it = tt
	}
	return f.intOp(op, a, b, lt, rt, it)
}

// unaryInt applies - or ~ to x, whose result has C type t.
func (f *fn) unaryInt(op lsl.Op, x lsl.Operand, t cc.Type) lsl.Operand {
	r := f.apply(op, x)
	if it, ok := integerType(t); ok {
		f.t.noteInt(it)
		if wraps(op, it) {
			r = f.fit(r, nil, it)
		}
	}
	return r
}

func (f *fn) multiplicative(x *cc.MultiplicativeExpression) val {
	op := lsl.OpMul
	switch x.Case {
	case cc.MultiplicativeExpressionDiv:
		op = lsl.OpDiv
	case cc.MultiplicativeExpressionMod:
		op = lsl.OpMod
	}
	return f.arith(op, x.MultiplicativeExpression, x.CastExpression, x.Type())
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
	return val{op: f.binaryInt(op, a.op, b.op, lt, rt, nil)}
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
		f.errorf(n, diag.CodeInvalidConstruct, "pointer arithmetic on %s, which points to a single object, not into an array", what)
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
	lt, rt := l.Type(), r.Type()
	if isPointerish(l.Type()) && isPointerish(r.Type()) {
		// pointers into one array compare by their element offsets
		a = val{op: f.apply(lsl.OpGetOffset, a.op)}
		b = val{op: f.apply(lsl.OpGetOffset, b.op)}
		lt, rt = nil, nil
	}
	var op lsl.Op
	switch x.Case {
	case cc.RelationalExpressionLt:
		op = lsl.OpLt
	case cc.RelationalExpressionGt:
		op, a, b, lt, rt = lsl.OpLt, b, a, rt, lt
	case cc.RelationalExpressionLeq:
		op = lsl.OpLe
	default: // >=
		op, a, b, lt, rt = lsl.OpLe, b, a, rt, lt
	}
	return val{op: f.binaryInt(op, a.op, b.op, lt, rt, nil), b01: true}
}

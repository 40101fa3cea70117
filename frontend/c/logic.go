package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// truthOf returns the truth of a constant condition.
func truthOf(o lsl.Operand) (truth, known bool) {
	c, ok := constOf(o)
	if !ok {
		return false, false
	}
	t, msg := lsl.Truth(c)
	return t, msg == ""
}

// logical translates a && b and a || b: the right operand is evaluated only
// when needed (control flow), and the result is 0 or 1.
func (f *fn) logical(and bool, l, r cc.ExpressionNode) val {
	a := f.rvalue(l)
	if t, known := truthOf(a.op); known {
		if t == and {
			return f.boolOf(f.rvalue(r))
		}
		f.sub(func() { f.rvalue(r) }) // dead, but still checked
		if and {
			return val{op: num(0), b01: true}
		}
		return val{op: num(1), b01: true}
	}
	res := f.temp()
	evalRight := func() { f.setReg(res, f.boolOf(f.rvalue(r)).op) }
	constant := func(n int64) func() { return func() { f.setReg(res, num(n)) } }
	var then, els *lsl.Block
	if and {
		then, els = f.sub(evalRight), f.sub(constant(0))
	} else {
		then, els = f.sub(constant(1)), f.sub(evalRight)
	}
	f.emit(&lsl.If{Cond: a.op, Then: then, Else: els})
	return val{op: res, b01: true}
}

// conditional translates c ? a : b with control flow.
func (f *fn) conditional(x *cc.ConditionalExpression, want bool) val {
	if x.Case != cc.ConditionalExpressionCond {
		if want {
			return f.rvalue(x.LogicalOrExpression)
		}
		f.effect(x.LogicalOrExpression)
		return val{}
	}
	switch f.t.class(x.Type()) {
	case tcStruct:
		f.errorf(x, diag.CodeUnsupported, "struct values (block copies of structs) are not supported")
		return bad
	case tcVoid:
		want = false
	}
	c := f.rvalue(x.LogicalOrExpression)
	branch := func(e cc.ExpressionNode, res lsl.Reg) val {
		if e == nil { // GNU c ?: b
			if res != "" {
				f.setReg(res, c.op)
			}
			return c
		}
		if res == "" {
			f.effect(e)
			return val{}
		}
		v := f.convert(f.rvalue(e), e.Type(), x.Type())
		f.setReg(res, v.op)
		return v
	}
	if t, known := truthOf(c.op); known {
		live, dead := x.ExpressionList, x.ConditionalExpression
		if !t {
			live, dead = dead, live
		}
		if dead != nil {
			f.sub(func() { f.effect(dead) })
		}
		if live == nil {
			return c
		}
		if !want {
			f.effect(live)
			return val{}
		}
		return f.convert(f.rvalue(live), live.Type(), x.Type())
	}
	var res lsl.Reg
	if want {
		res = f.temp()
	}
	var a, b val
	then := f.sub(func() { a = branch(x.ExpressionList, res) })
	els := f.sub(func() { b = branch(x.ConditionalExpression, res) })
	f.emit(&lsl.If{Cond: c.op, Then: then, Else: els})
	if !want {
		return val{}
	}
	v := val{op: res, b01: a.b01 && b.b01}
	if a.prov == b.prov {
		v.prov = a.prov
	}
	return v
}

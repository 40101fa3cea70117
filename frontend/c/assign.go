package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

var compoundOps = map[cc.AssignmentExpressionCase]lsl.Op{
	cc.AssignmentExpressionMul: lsl.OpMul,
	cc.AssignmentExpressionDiv: lsl.OpDiv,
	cc.AssignmentExpressionMod: lsl.OpMod,
	cc.AssignmentExpressionAdd: lsl.OpAdd,
	cc.AssignmentExpressionSub: lsl.OpSub,
	cc.AssignmentExpressionLsh: lsl.OpShl,
	cc.AssignmentExpressionRsh: lsl.OpShr,
	cc.AssignmentExpressionAnd: lsl.OpAnd,
	cc.AssignmentExpressionXor: lsl.OpXor,
	cc.AssignmentExpressionOr:  lsl.OpOr,
}

// assign translates lhs = rhs and lhs op= rhs. Order: the address of lhs
// (with the loads it needs), then for op= the load of lhs, then rhs, then
// the store.
func (f *fn) assign(x *cc.AssignmentExpression, want bool) val {
	if x.Case == cc.AssignmentExpressionCond {
		if want {
			return f.rvalue(x.ConditionalExpression)
		}
		f.effect(x.ConditionalExpression)
		return val{}
	}
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	lt := objType(lhs)
	switch f.t.class(lt) {
	case tcStruct, tcArray:
		f.errorf(x, diag.CodeUnsupported, "block copies of structs are not supported")
		return bad
	case tcBad:
		f.errorf(x, diag.CodeUnsupported, "%s", unsupported(lt))
		return bad
	}
	lv, ok := f.lvalue(lhs)
	if !ok {
		return bad
	}
	var v val
	if x.Case == cc.AssignmentExpressionAssign {
		v = f.convert(f.rvalue(rhs), rhs.Type(), lt)
	} else {
		compute := func(old, r val) val {
			var v val
			switch op := compoundOps[x.Case]; op {
			case lsl.OpAdd, lsl.OpSub:
				v = f.addSub(x, op == lsl.OpSub, old, r, lt, rhs.Type())
			default:
				v = val{op: f.binaryInt(op, old.op, r.op, lt, rhs.Type(), nil)}
			}
			return f.convertOp(v, compoundOps[x.Case], lt, rhs.Type())
		}
		if lv.atomic { // a seq_cst read-modify-write (C11 6.5.16.2)
			r := f.rvalue(rhs)
			_, v = f.c11RMW(lv, "SC", func(old val) val { return compute(old, r) })
			return v
		}
		old := f.loadLV(lv, lhs)
		v = compute(old, f.rvalue(rhs))
	}
	f.storeLV(lv, v.op)
	if lv.reg != "" {
		return val{op: lv.reg, b01: v.b01, prov: v.prov}
	}
	return v
}

// incDec translates ++e, --e (pre) and e++, e-- (post).
func (f *fn) incDec(e cc.ExpressionNode, pre bool, delta int64, want bool) val {
	lv, ok := f.lvalue(e)
	if !ok {
		return bad
	}
	if lv.atomic { // a seq_cst read-modify-write
		old, nv := f.c11RMW(lv, "SC", func(old val) val { return f.incremented(lv, old, delta, e) })
		if pre {
			return nv
		}
		return old
	}
	old := f.loadLV(lv, e)
	if lv.reg != "" && !pre && want {
		saved := f.temp() // the register is overwritten below
		f.emit(&lsl.Assign{Dst: saved, Op: lsl.OpCopy, Args: []lsl.Operand{old.op}})
		old = val{op: saved, prov: old.prov}
	}
	nv := f.incremented(lv, old, delta, e)
	f.storeLV(lv, nv.op)
	switch {
	case !pre:
		return old
	case lv.reg != "":
		return val{op: lv.reg, prov: nv.prov}
	}
	return nv
}

// incremented is old + delta in lv's type (a pointer moves by delta
// elements).
func (f *fn) incremented(lv lval, old val, delta int64, e cc.ExpressionNode) val {
	if isPointerish(lv.typ) {
		return f.ptrAdd(old, val{op: num(1)}, delta < 0, e)
	}
	nv := val{op: f.apply(lsl.OpAdd, old.op, num(delta))}
	if it, ok := integerType(lv.typ); ok {
		// x++ computes x + 1 in the promoted type, stored back as x's
		t := usualArith(it, intType{32, true})
		if wraps(lsl.OpAdd, t) {
			nv.op = f.fit(nv.op, nil, t)
		}
		nv.op = f.fit(nv.op, &t, it)
	}
	return nv
}

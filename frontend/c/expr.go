package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// prov is what a pointer value is statically known to point to; it decides
// whether pointer arithmetic is allowed.
type prov uint8

const (
	provUnknown prov = iota // checked at run time (getbase of a pointer without offsets fails)
	provSingle              // a single object: &x, &s.f, malloc(sizeof(T))
	provElem                // an array element: &a[i], an array, malloc(n * sizeof(T))
)

// val is the result of translating an expression.
type val struct {
	op   lsl.Operand // nil for void
	b01  bool        // known to be 0 or 1
	prov prov
	what string // for provSingle: the C text of the pointer, for messages
}

// bad is the value of an expression that had an error.
var bad = val{op: lsl.Const{V: lsl.Undef}}

// rvalue translates an expression whose value is used. Operands are
// evaluated left to right; every read of memory is one load.
func (f *fn) rvalue(e cc.ExpressionNode) val {
	f.t.checkCanceled()
	if e == nil {
		f.errorf(nil, diag.CodeSyntax, "missing expression")
		return bad
	}
	defer f.at(e)()
	if f.t.class(e.Type()) == tcBad {
		f.errorf(e, diag.CodeUnsupported, "%s", unsupported(e.Type()))
		return bad
	}
	if n, ok := f.intConst(e); ok {
		return val{op: num(n), b01: n == 0 || n == 1}
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		return f.primary(x)
	case *cc.ExpressionList:
		return f.comma(x, true)
	case *cc.PostfixExpression:
		return f.postfix(x, true)
	case *cc.UnaryExpression:
		return f.unary(x, true)
	case *cc.CastExpression:
		return f.cast(x, true)
	case *cc.MultiplicativeExpression:
		return f.multiplicative(x)
	case *cc.AdditiveExpression:
		return f.additive(x)
	case *cc.ShiftExpression:
		op := lsl.OpShl
		if x.Case == cc.ShiftExpressionRsh {
			op = lsl.OpShr
		}
		return f.arith(op, x.ShiftExpression, x.AdditiveExpression, x.Type())
	case *cc.RelationalExpression:
		return f.relational(x)
	case *cc.EqualityExpression:
		op := lsl.OpEq
		if x.Case == cc.EqualityExpressionNeq {
			op = lsl.OpNe
		}
		v := f.arith(op, x.EqualityExpression, x.RelationalExpression, nil)
		v.b01 = true
		return v
	case *cc.AndExpression:
		return f.arith(lsl.OpAnd, x.AndExpression, x.EqualityExpression, x.Type())
	case *cc.ExclusiveOrExpression:
		return f.arith(lsl.OpXor, x.ExclusiveOrExpression, x.AndExpression, x.Type())
	case *cc.InclusiveOrExpression:
		return f.arith(lsl.OpOr, x.InclusiveOrExpression, x.ExclusiveOrExpression, x.Type())
	case *cc.LogicalAndExpression:
		return f.logical(true, x.LogicalAndExpression, x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		return f.logical(false, x.LogicalOrExpression, x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		return f.conditional(x, true)
	case *cc.AssignmentExpression:
		return f.assign(x, true)
	}
	f.errorf(e, diag.CodeUnsupported, "unsupported expression")
	return bad
}

// effect translates an expression evaluated only for its side effects.
func (f *fn) effect(e cc.ExpressionNode) {
	if e == nil {
		return
	}
	defer f.at(e)()
	switch x := e.(type) {
	case *cc.ExpressionList:
		f.comma(x, false)
		return
	case *cc.AssignmentExpression:
		f.assign(x, false)
		return
	case *cc.PostfixExpression:
		if f.t.class(x.Type()) != tcBad {
			f.postfix(x, false)
			return
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
			f.unary(x, false)
			return
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			f.cast(x, false)
			return
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond {
			f.conditional(x, false)
			return
		}
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			f.effect(x.ExpressionList)
			return
		}
	}
	if f.t.class(e.Type()) == tcVoid {
		f.errorf(e, diag.CodeUnsupported, "unsupported void expression")
		return
	}
	f.rvalue(e)
}

// intConst returns the value of an integer constant expression that reads
// no object (sizeof, enumerators, offsetof, arithmetic on constants), as cc
// computed it for the target.
func (f *fn) intConst(e cc.ExpressionNode) (int64, bool) {
	switch f.t.class(e.Type()) {
	case tcInt, tcPtr:
	default:
		return 0, false
	}
	var n int64
	switch v := e.Value().(type) {
	case cc.Int64Value:
		n = int64(v)
	case cc.UInt64Value:
		n = int64(v)
	default:
		return 0, false
	}
	if readsObject(e) {
		return 0, false
	}
	return n, true
}

// readsObject reports whether e names a variable or function outside of
// sizeof and _Alignof.
func readsObject(e cc.ExpressionNode) bool {
	found := false
	walkNodes(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType,
				cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
				return false
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				found = true
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				if _, ok := x.ResolvedTo().(*cc.Enumerator); !ok {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func (f *fn) primary(x *cc.PrimaryExpression) val {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		return f.ident(x)
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		f.errorf(x, diag.CodeUnsupported, "unsupported constant %s", srcText(x))
	case cc.PrimaryExpressionFloat:
		f.errorf(x, diag.CodeUnsupported, "floating point is not supported")
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		f.errorf(x, diag.CodeUnsupported, "string literals are only supported as arguments of lsl_fence and lsl_observe_*")
	case cc.PrimaryExpressionExpr:
		return f.rvalue(x.ExpressionList)
	case cc.PrimaryExpressionStmt:
		f.errorf(x, diag.CodeUnsupported, "statement expressions are not supported")
	case cc.PrimaryExpressionGeneric:
		f.errorf(x, diag.CodeUnsupported, "_Generic is not supported")
	default:
		f.errorf(x, diag.CodeUnsupported, "unsupported expression")
	}
	return bad
}

func (f *fn) ident(x *cc.PrimaryExpression) val {
	switch d := x.ResolvedTo().(type) {
	case *cc.Enumerator:
		if n, ok := d.Value().(cc.Int64Value); ok {
			return val{op: num(int64(n))}
		}
		if n, ok := d.Value().(cc.UInt64Value); ok {
			return val{op: num(int64(n))}
		}
	case *cc.Declarator:
		if d.Type().Kind() == cc.Function {
			f.errorf(x, diag.CodeUnsupported, "function pointers are not supported (%s is used as a value)", d.Name())
			return bad
		}
		lv, ok := f.varLvalue(x, d)
		if !ok {
			return bad
		}
		lv.atomic = lv.reg == "" && atomicObject(x, lv.typ)
		return f.loadLV(lv, x)
	}
	f.errorf(x, diag.CodeUnsupported, "unsupported identifier %s", srcText(x))
	return bad
}

func (f *fn) comma(x *cc.ExpressionList, want bool) val {
	var list []cc.ExpressionNode
	for l := x; l != nil; l = l.ExpressionList {
		list = append(list, l.AssignmentExpression)
	}
	for _, e := range list[:len(list)-1] {
		f.effect(e)
	}
	last := list[len(list)-1]
	if !want {
		f.effect(last)
		return val{}
	}
	return f.rvalue(last)
}

// boolOf converts a value to 0/1 (C's conversion to _Bool).
func (f *fn) boolOf(v val) val {
	if v.b01 || v.op == nil {
		return v
	}
	return val{op: f.apply(lsl.OpNe, v.op, num(0)), b01: true}
}

// convert applies the implicit conversion of a value of type from (nil:
// unknown) to type to: to _Bool, x becomes ne(x, 0); to an integer type
// of N < 64 bits, x modulo 2^N (intwidth.go); pointer/integer conversions
// keep the value.
func (f *fn) convert(v val, from, to cc.Type) val {
	if to != nil && to.Kind() == cc.Bool && (from == nil || from.Kind() != cc.Bool) {
		return f.boolOf(v)
	}
	tt, ok := integerType(to)
	if !ok || v.op == nil || v.b01 || from != nil && !cc.IsIntegerType(from) {
		return v
	}
	var ft *intType
	if it, ok := integerType(from); ok {
		ft = &it
	}
	return val{op: f.fit(v.op, ft, tt), prov: v.prov, what: v.what}
}

func (f *fn) unary(x *cc.UnaryExpression, want bool) val {
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		if !want {
			f.effect(x.PostfixExpression)
			return val{}
		}
		return f.rvalue(x.PostfixExpression)
	case cc.UnaryExpressionInc:
		return f.incDec(x.UnaryExpression, true, 1, want)
	case cc.UnaryExpressionDec:
		return f.incDec(x.UnaryExpression, true, -1, want)
	case cc.UnaryExpressionAddrof:
		return f.addressOf(x.CastExpression)
	case cc.UnaryExpressionDeref:
		if elem := elemType(x.CastExpression.Type()); elem != nil && elem.Kind() == cc.Function {
			f.errorf(x, diag.CodeUnsupported, "function pointers are not supported")
			return bad
		}
		lv, ok := f.lvalue(x)
		if !ok {
			return bad
		}
		return f.loadLV(lv, x)
	case cc.UnaryExpressionPlus:
		return f.rvalue(x.CastExpression)
	case cc.UnaryExpressionMinus:
		v := f.rvalue(x.CastExpression)
		return val{op: f.unaryInt(lsl.OpNeg, v.op, x.Type())}
	case cc.UnaryExpressionCpl:
		v := f.rvalue(x.CastExpression)
		return val{op: f.unaryInt(lsl.OpBitNot, v.op, x.Type())}
	case cc.UnaryExpressionNot:
		v := f.rvalue(x.CastExpression)
		return val{op: f.apply(lsl.OpEq, v.op, num(0)), b01: true}
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType,
		cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
		f.errorf(x, diag.CodeUnsupported, "sizeof of a variable length array is not supported")
	case cc.UnaryExpressionLabelAddr:
		f.errorf(x, diag.CodeUnsupported, "label addresses (&&label) are not supported")
	default:
		f.errorf(x, diag.CodeUnsupported, "complex numbers are not supported")
	}
	return bad
}

func (f *fn) cast(x *cc.CastExpression, want bool) val {
	if x.Case != cc.CastExpressionCast {
		if want {
			return f.rvalue(x.UnaryExpression)
		}
		f.effect(x.UnaryExpression)
		return val{}
	}
	to := x.TypeName.Type()
	switch f.t.class(to) {
	case tcVoid:
		f.effect(x.CastExpression)
		return val{}
	case tcBad:
		f.errorf(x, diag.CodeUnsupported, "%s", unsupported(to))
		return bad
	case tcStruct, tcArray:
		f.errorf(x, diag.CodeUnsupported, "casts to struct or array types are not supported")
		return bad
	case tcPtr:
		if elem := elemType(to); elem != nil && elem.Kind() == cc.Function {
			f.errorf(x, diag.CodeUnsupported, "function pointers are not supported")
			return bad
		}
		if call := allocatorCall(x.CastExpression); call != nil {
			return f.call(call, true, elemType(to))
		}
	}
	v := f.rvalue(x.CastExpression)
	return f.convert(v, x.CastExpression.Type(), to)
}

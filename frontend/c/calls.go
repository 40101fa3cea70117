package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

func (f *fn) postfix(x *cc.PostfixExpression, want bool) val {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		if !want {
			f.effect(x.PrimaryExpression)
			return val{}
		}
		return f.rvalue(x.PrimaryExpression)
	case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		lv, ok := f.lvalue(x)
		if !ok {
			return bad
		}
		return f.loadLV(lv, x)
	case cc.PostfixExpressionCall:
		return f.call(x, want, nil)
	case cc.PostfixExpressionInc:
		return f.incDec(x.PostfixExpression, false, 1, want)
	case cc.PostfixExpressionDec:
		return f.incDec(x.PostfixExpression, false, -1, want)
	case cc.PostfixExpressionComplit:
		f.errorf(x, diag.CodeUnsupported, "compound literals are not supported")
	default:
		f.errorf(x, diag.CodeUnsupported, "unsupported expression")
	}
	return bad
}

// args lists the arguments of a call.
func callArgs(x *cc.PostfixExpression) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// callee returns the function a call names directly, or nil.
func callee(x *cc.PostfixExpression) *cc.Declarator {
	p, ok := stripParens(x.PostfixExpression).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return nil
	}
	d, ok := p.ResolvedTo().(*cc.Declarator)
	if !ok || d.Type().Kind() != cc.Function {
		return nil
	}
	return d
}

// allocatorCall returns e as a call of malloc, lsl_malloc or
// lsl_malloc_noreuse, or nil.
func allocatorCall(e cc.ExpressionNode) *cc.PostfixExpression {
	x, ok := stripParens(e).(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionCall {
		return nil
	}
	if d := callee(x); d != nil {
		switch d.Name() {
		case "malloc", "lsl_malloc", "lsl_malloc_noreuse":
			return x
		}
	}
	return nil
}

var unsupportedCalls = map[string]string{
	"setjmp":     "setjmp/longjmp are not supported",
	"_setjmp":    "setjmp/longjmp are not supported",
	"sigsetjmp":  "setjmp/longjmp are not supported",
	"longjmp":    "setjmp/longjmp are not supported",
	"_longjmp":   "setjmp/longjmp are not supported",
	"siglongjmp": "setjmp/longjmp are not supported",
}

// call translates a function call: an API function, a packed-word
// function, or a call of a defined function (an LSL call, which the
// unroller inlines). allocType is the pointed-to type of a cast around an
// allocator call (names the allocated block).
func (f *fn) call(x *cc.PostfixExpression, want bool, allocType cc.Type) val {
	d := callee(x)
	if d == nil {
		f.errorf(x, diag.CodeUnsupported, "calls through function pointers are not supported")
		return bad
	}
	name := d.Name()
	args := callArgs(x)
	if b := builtins[name]; b != nil {
		return b(f, x, args, want, allocType)
	}
	if isPackedName(name) {
		return f.packedCall(x, name, args)
	}
	if msg, ok := unsupportedCalls[name]; ok {
		f.errorf(x, diag.CodeUnsupported, "%s", msg)
		return bad
	}
	if f.constOnly {
		f.errorf(x, diag.CodeInvalidConstruct, "function calls are not allowed in a static initializer")
		return bad
	}
	if ft, ok := d.Type().(*cc.FunctionType); ok && ft.IsVariadic() {
		f.errorf(x, diag.CodeUnsupported, "variadic functions are not supported (%s)", name)
		return bad
	}
	var fd *funcDef
	if d.Linkage() == cc.Internal {
		fd = f.u.staticFuncs[name]
	}
	if fd == nil {
		fd = f.t.funcs[name]
	}
	if fd == nil {
		fd = f.u.staticFuncs[name]
	}
	if fd == nil {
		f.errorf(x, diag.CodeUndefined, "function %s is declared but never defined", name)
		return bad
	}
	ft, ok := fd.def.Declarator.Type().(*cc.FunctionType)
	if !ok {
		f.errorf(x, diag.CodeInvalidConstruct, "%s is not a valid function definition", name)
		return bad
	}
	if ft.IsVariadic() {
		f.errorf(x, diag.CodeUnsupported, "variadic functions are not supported (%s)", name)
		return bad
	}
	params := ft.Parameters()
	if len(params) == 1 && params[0].Type().Kind() == cc.Void {
		params = nil
	}
	if len(args) != len(params) {
		f.errorf(x, diag.CodeArgCount, "%s takes %d arguments, but is called with %d", name, len(params), len(args))
		return bad
	}
	var ops []lsl.Operand
	for i, a := range args {
		if c := f.t.class(a.Type()); c == tcStruct {
			f.errorf(a, diag.CodeUnsupported, "passing structs by value is not supported")
			return bad
		}
		v := f.convert(f.rvalue(a), a.Type(), params[i].Type())
		ops = append(ops, v.op)
	}
	call := &lsl.Call{Proc: fd.name, Args: ops}
	var res val
	switch f.t.class(ft.Result()) {
	case tcVoid:
	case tcStruct:
		f.errorf(x, diag.CodeUnsupported, "returning structs by value is not supported")
		return bad
	default:
		// LSL calls name a register for every result, used or not
		r := f.temp()
		call.Results = []lsl.Reg{r}
		res = val{op: r}
	}
	f.emit(call)
	return res
}

// packedCall translates lsl_make_T, lsl_get_T_F and lsl_set_T_F.
func (f *fn) packedCall(x *cc.PostfixExpression, name string, args []cc.ExpressionNode) val {
	op, comp, field, ok := f.t.packedOp(name)
	if !ok {
		f.errorf(x, diag.CodeUndeclared, "%s: no packed word has this field (declare lsl_make_T with a parameter for each field)", name)
		return bad
	}
	arity := op.Arity()
	if op == lsl.OpMake {
		arity = len(comp.Fields)
	}
	if len(args) != arity {
		f.errorf(x, diag.CodeArgCount, "%s takes %d arguments, but is called with %d", name, arity, len(args))
		return bad
	}
	var ops []lsl.Operand
	for _, a := range args {
		ops = append(ops, f.rvalue(a).op)
	}
	if folded, ok := fold(op, comp, comp.FieldIndex(field), ops); ok {
		return val{op: folded}
	}
	r := f.temp()
	f.emit(&lsl.Assign{Dst: r, Op: op, Comp: comp.Name, Field: field, Args: ops})
	return val{op: r}
}

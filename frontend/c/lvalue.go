package cfront

import (
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// lval is a translated lvalue: a register variable, or a memory address
// (an LSL pointer: base and field/element offsets, Fig. 4.2).
type lval struct {
	reg  lsl.Reg     // a register variable
	addr lsl.Operand // otherwise: the address
	prov prov        // what addr points to
	typ  cc.Type     // the object's type (arrays not decayed)
	text string      // the C text of the lvalue, for load/store expressions
	// atomic: a C11 atomic object in memory (c11atomic.go), whose plain
	// reads and writes are seq_cst accesses
	atomic bool
}

// varLvalue is the lvalue of a named variable.
func (f *fn) varLvalue(n cc.Node, d *cc.Declarator) (lval, bool) {
	name := d.Name()
	if l := f.locals[d]; l != nil {
		if l.inMemory() {
			return lval{addr: l.addr, prov: provSingle, typ: l.typ, text: name}, true
		}
		return lval{reg: l.reg, typ: l.typ, text: name}, true
	}
	gv := f.globalFor(d)
	if gv == nil {
		if d.Linkage() == cc.None && !d.IsStatic() {
			f.errorf(n, diag.CodeInternal, "checkfence internal error: unknown local variable %s", name)
		} else {
			f.errorf(n, diag.CodeUndefined, "%s is declared but never defined", name)
		}
		return lval{}, false
	}
	ty := gv.typ
	if ty == nil {
		ty = d.Type()
	}
	if gv.tls {
		return lval{addr: f.threadLocalAddr(n, gv), prov: provSingle, typ: ty, text: name}, true
	}
	return lval{addr: lsl.Const{V: lsl.Ptr(gv.base)}, prov: provSingle, typ: ty, text: name}, true
}

// globalFor finds the global a declarator refers to, or nil.
func (f *fn) globalFor(d *cc.Declarator) *globalVar {
	for g := f; g != nil; g = g.outer {
		if gv := g.statics[d]; gv != nil {
			return gv
		}
	}
	switch d.Linkage() {
	case cc.Internal:
		return f.u.statics[d.Name()]
	case cc.External:
		return f.t.globals[d.Name()]
	}
	return nil
}

// lvalue translates an expression designating an object.
func (f *fn) lvalue(e cc.ExpressionNode) (lval, bool) {
	lv, ok := f.lvalueOf(e)
	if ok && lv.reg == "" && atomicObject(e, lv.typ) {
		lv.atomic = true
	}
	return lv, ok
}

// lvalueOf is lvalue without the atomic mark.
func (f *fn) lvalueOf(e cc.ExpressionNode) (lval, bool) {
	e = stripParens(e)
	defer f.at(e)()
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			if d, ok := x.ResolvedTo().(*cc.Declarator); ok && d.Type().Kind() != cc.Function {
				return f.varLvalue(x, d)
			}
		}
		if x.Case == cc.PrimaryExpressionString || x.Case == cc.PrimaryExpressionLString {
			f.errorf(x, diag.CodeUnsupported, "string literals are only supported as arguments of lsl_fence and lsl_observe_*")
			return lval{}, false
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			return f.index(x)
		case cc.PostfixExpressionSelect:
			return f.selectField(x)
		case cc.PostfixExpressionPSelect:
			return f.pointerField(x)
		case cc.PostfixExpressionComplit:
			f.errorf(x, diag.CodeUnsupported, "compound literals are not supported")
			return lval{}, false
		case cc.PostfixExpressionCall:
			f.errorf(x, diag.CodeUnsupported, "struct values (block copies of structs) are not supported")
			return lval{}, false
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			p := f.rvalue(x.CastExpression)
			return lval{addr: p.op, prov: p.prov, typ: objType(x), text: srcText(x)}, true
		}
	}
	f.errorf(e, diag.CodeUnsupported, "unsupported lvalue %s", srcText(e))
	return lval{}, false
}

// objType is the type of the object an lvalue expression designates, with
// array types not decayed.
func objType(e cc.ExpressionNode) cc.Type {
	t := e.Type()
	if pt, ok := t.(*cc.PointerType); ok {
		if u := pt.Undecay(); u != nil && u.Kind() == cc.Array {
			return u
		}
	}
	return t
}

// isArrayObject reports whether e designates an array object in memory
// (rather than being a pointer value).
func (f *fn) isArrayObject(e cc.ExpressionNode) bool {
	e = stripParens(e)
	if p, ok := e.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		d, ok := p.ResolvedTo().(*cc.Declarator)
		if !ok {
			return false
		}
		if l := f.locals[d]; l != nil {
			return l.typ.Kind() == cc.Array
		}
		if gv := f.globalFor(d); gv != nil && gv.typ != nil {
			return gv.typ.Kind() == cc.Array
		}
		return d.Type().Kind() == cc.Array
	}
	switch x := e.(type) {
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return objType(x).Kind() == cc.Array
		}
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionDeref && objType(x).Kind() == cc.Array
	}
	return false
}

// index translates a[i] (or i[a]): an array element is an offset of the
// array's address; through a pointer it is *(p + i).
func (f *fn) index(x *cc.PostfixExpression) (lval, bool) {
	first, second := x.PostfixExpression, x.ExpressionList
	arr, idx := first, second
	swapped := false
	if !isPointerish(arr.Type()) && isPointerish(idx.Type()) {
		arr, idx, swapped = second, first, true
	}
	text := srcText(x)
	ty := objType(x)
	if f.isArrayObject(arr) {
		var base lval
		var i val
		var ok bool
		if swapped {
			i = f.rvalue(idx)
			base, ok = f.lvalue(arr)
		} else {
			base, ok = f.lvalue(arr)
			i = f.rvalue(idx)
		}
		if !ok {
			return lval{}, false
		}
		if base.reg != "" {
			f.errorf(x, diag.CodeInternal, "checkfence internal error: array %s in a register", base.text)
			return lval{}, false
		}
		addrOnly := f.addrOf == x
		f.addrOf = nil
		f.checkIndex(x, arr, idx, i.op, addrOnly)
		return lval{addr: f.apply(lsl.OpOffset, base.addr, i.op), prov: provElem, typ: ty, text: text}, true
	}
	var p, i val
	if swapped {
		i = f.rvalue(idx)
		p = f.rvalue(arr)
	} else {
		p = f.rvalue(arr)
		i = f.rvalue(idx)
	}
	if c, ok := constOf(i.op); ok && c.Kind == lsl.KNum && c.Num == 0 {
		return lval{addr: p.op, prov: p.prov, typ: ty, text: text}, true // p[0] is *p
	}
	if p.prov == provSingle {
		// the user wrote an index, not pointer arithmetic
		what := p.what
		if what == "" {
			what = "`" + srcText(arr) + "`"
		}
		f.errorf(x, diag.CodeInvalidConstruct, "index `%s` on %s, which points to a single object, not into an array", srcText(x), what)
		return lval{}, false
	}
	q := f.ptrAdd(p, i, false, arr)
	return lval{addr: q.op, prov: provElem, typ: ty, text: text}, true
}

// isPointerish reports whether a type is a pointer or an array.
func isPointerish(t cc.Type) bool {
	return t != nil && (t.Kind() == cc.Ptr || t.Kind() == cc.Array)
}

// selectField translates s.f: an offset of s's address.
func (f *fn) selectField(x *cc.PostfixExpression) (lval, bool) {
	base, ok := f.lvalue(x.PostfixExpression)
	if !ok {
		return lval{}, false
	}
	if base.reg != "" || f.t.class(base.typ) == tcPacked {
		f.errorf(x, diag.CodeInvalidConstruct, "the fields of packed word %s cannot be accessed directly; use its lsl_get_/lsl_set_ functions", base.text)
		return lval{}, false
	}
	idx, ok := f.field(x, base.typ)
	if !ok {
		return lval{}, false
	}
	return lval{addr: f.apply(lsl.OpOffset, base.addr, num(idx)), prov: provSingle, typ: x.Field().Type(), text: srcText(x)}, true
}

// pointerField translates p->f: an offset of the pointer p.
func (f *fn) pointerField(x *cc.PostfixExpression) (lval, bool) {
	st := elemType(x.PostfixExpression.Type())
	if st != nil && f.t.class(st) == tcPacked {
		f.errorf(x, diag.CodeInvalidConstruct, "the fields of packed word %s cannot be accessed directly; use its lsl_get_/lsl_set_ functions", srcText(x.PostfixExpression))
		return lval{}, false
	}
	p := f.rvalue(x.PostfixExpression)
	idx, ok := f.field(x, st)
	if !ok {
		return lval{}, false
	}
	return lval{addr: f.apply(lsl.OpOffset, p.op, num(idx)), prov: provSingle, typ: x.Field().Type(), text: srcText(x)}, true
}

// field resolves the field of a select expression to its index in the
// struct (declaring the struct for traces).
func (f *fn) field(x *cc.PostfixExpression, st cc.Type) (int64, bool) {
	fld := x.Field()
	if fld == nil || st == nil {
		f.errorf(x, diag.CodeUnsupported, "unsupported field access %s", srcText(x))
		return 0, false
	}
	if st.Kind() == cc.Union {
		f.errorf(x, diag.CodeUnsupported, "unions are not supported")
		return 0, false
	}
	if fld.Parent() != nil {
		f.errorf(x, diag.CodeUnsupported, "members of anonymous structs are not supported")
		return 0, false
	}
	if f.t.ensureStruct(st, x) == "" {
		return 0, false
	}
	i := fieldIndex(structType(st), fld.Name())
	if i < 0 {
		f.errorf(x, diag.CodeUndeclared, "unknown field %s", fld.Name())
		return 0, false
	}
	return int64(i), true
}

// loadLV reads an lvalue: a register, one load, or (for an array) the
// address of its first element.
func (f *fn) loadLV(lv lval, n cc.Node) val {
	if lv.reg != "" {
		return val{op: lv.reg}
	}
	switch f.t.class(lv.typ) {
	case tcArray:
		return val{op: f.apply(lsl.OpOffset, lv.addr, num(0)), prov: provElem}
	case tcStruct:
		f.errorf(n, diag.CodeUnsupported, "struct values (block copies of structs) are not supported")
		return bad
	case tcFunc:
		f.errorf(n, diag.CodeUnsupported, "function pointers are not supported")
		return bad
	case tcBad:
		f.errorf(n, diag.CodeUnsupported, "%s", unsupported(lv.typ))
		return bad
	case tcVoid:
		f.errorf(n, diag.CodeType, "cannot read an object of type void")
		return bad
	}
	if lv.atomic {
		return f.c11Load(lv, "SC")
	}
	r := f.temp()
	f.emit(&lsl.Load{Dst: r, Addr: lv.addr, Expr: lv.text})
	return val{op: r}
}

// storeLV writes v to an lvalue: a register assignment or one store.
func (f *fn) storeLV(lv lval, v lsl.Operand) {
	if lv.reg != "" {
		f.setReg(lv.reg, v)
		return
	}
	if lv.atomic {
		f.c11Store(lv, v, "SC")
		return
	}
	f.emit(&lsl.Store{Addr: lv.addr, Val: v, Expr: lv.text})
}

// addressOf translates &e.
func (f *fn) addressOf(e cc.ExpressionNode) val {
	e = stripParens(e)
	if p, ok := e.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		if d, ok := p.ResolvedTo().(*cc.Declarator); ok && d.Type().Kind() == cc.Function {
			f.errorf(e, diag.CodeUnsupported, "function pointers are not supported (&%s)", d.Name())
			return bad
		}
	}
	if u, ok := e.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionDeref {
		return f.rvalue(u.CastExpression) // &*p is p
	}
	if x, ok := e.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionIndex {
		f.addrOf = x // &a[N] is allowed (checkIndex)
		defer func() { f.addrOf = nil }()
	}
	lv, ok := f.lvalue(e)
	if !ok {
		return bad
	}
	if lv.reg != "" {
		f.errorf(e, diag.CodeInternal, "checkfence internal error: address of register variable %s", lv.text)
		return bad
	}
	return val{op: lv.addr, prov: lv.prov, what: "&" + lv.text}
}

// derefText is the C text of the object a pointer expression points to:
// &q->tail gives q->tail, p gives *p.
func derefText(e cc.ExpressionNode) string {
	e = stripCasts(e)
	if u, ok := e.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
		return srcText(stripParens(u.CastExpression))
	}
	s := srcText(e)
	if isIdentText(s) {
		return "*" + s
	}
	return "*(" + s + ")"
}

// stripCasts removes parentheses and casts.
func stripCasts(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		e = stripParens(e)
		c, ok := e.(*cc.CastExpression)
		if !ok || c.Case != cc.CastExpressionCast {
			return e
		}
		e = c.CastExpression
	}
}

func isIdentText(s string) bool {
	if s == "" {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0
}

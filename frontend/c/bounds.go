package cfront

import (
	"fmt"

	"github.com/checkfence/checkfence/lsl"
	"modernc.org/cc/v4"
)

// Array bounds (SPEC §3 runtime checks): an index into an array object of
// known size, a[i] with int a[N], must satisfy 0 <= i < N, or 0 <= i <= N
// when only its address is taken (&a[N] is the one-past-the-end pointer C
// allows). The check is LSL code before the access: an abort with a
// message in C terms, so the engine, the reference checker and the
// interpreter all report it without knowing array sizes. Pointer
// arithmetic (p + i, p[i] through a pointer) is not checked: LSL pointers
// carry no size.

// arrayObjectType is the array type of an expression that designates an
// array object (isArrayObject), or nil.
func (f *fn) arrayObjectType(e cc.ExpressionNode) *cc.ArrayType {
	e = stripParens(e)
	var t cc.Type
	if p, ok := e.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		if d, ok := p.ResolvedTo().(*cc.Declarator); ok {
			switch {
			case f.locals[d] != nil:
				t = f.locals[d].typ
			case f.globalFor(d) != nil && f.globalFor(d).typ != nil:
				t = f.globalFor(d).typ
			default:
				t = d.Type()
			}
		}
	} else {
		t = objType(e)
	}
	at, ok := t.(*cc.ArrayType)
	// a zero-length array (int a[0], a GNU extension) is checked too:
	// every element access is out of bounds
	if !ok || at.IsIncomplete() || at.IsVLA() || at.Len() < 0 {
		return nil
	}
	return at
}

// checkIndex emits the bounds check of index i into arr (an array object)
// in expression x; addrOnly allows the one-past-the-end index.
func (f *fn) checkIndex(x *cc.PostfixExpression, arr, idx cc.ExpressionNode, i lsl.Operand, addrOnly bool) {
	at := f.arrayObjectType(arr)
	if at == nil || f.constOnly {
		return
	}
	n := at.Len()
	limit := n - 1
	if addrOnly {
		limit = n
	}
	msg := fmt.Sprintf("out-of-bounds index: `%s` with `%s` outside 0..%d (%s has %d elements)", srcText(x), srcText(idx), limit, srcText(arr), n)
	if limit < 0 { // no element at all
		msg = fmt.Sprintf("out-of-bounds index: `%s` (%s has %d elements)", srcText(x), srcText(arr), n)
	}
	if c, ok := constOf(i); ok && c.Kind == lsl.KNum {
		if c.Num >= 0 && c.Num <= limit {
			return
		}
		msg = fmt.Sprintf("out-of-bounds index: `%s` (%s has %d elements)", srcText(x), srcText(arr), n)
		f.emit(&lsl.Abort{Msg: msg})
		return
	}
	lo := f.apply(lsl.OpLe, num(0), i)
	hi := f.apply(lsl.OpLe, i, num(limit))
	ok := f.apply(lsl.OpAnd, lo, hi)
	f.emit(&lsl.If{Cond: ok, Then: &lsl.Block{Pos: f.pos}, Else: &lsl.Block{Pos: f.pos, Stmts: []lsl.Stmt{&lsl.Abort{Msg: msg, Pos: f.pos}}}})
}

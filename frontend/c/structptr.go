package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// structPointerBuiltin translates lsl_get_struct_pointer(T, f, p), which
// the header expands to __lsl_get_struct_pointer(p, offsetof(T, f)): the
// pointer loses as many offsets as the member designator has components.
func structPointerBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 2) {
		return bad
	}
	depth := memberDepth(args[1])
	if depth <= 0 {
		f.errorf(x, diag.CodeInvalidConstruct, "lsl_get_struct_pointer needs a struct type and a field name")
		return bad
	}
	p := f.rvalue(args[0])
	r := p.op
	for i := 0; i < depth; i++ {
		r = f.apply(lsl.OpGetBase, r)
	}
	return val{op: r, prov: provSingle, what: "the result of lsl_get_struct_pointer"}
}

// memberDepth counts the components of the member designator in the
// expansion of offsetof(T, member): (size_t)&((T *)0)->a.b[2] has three.
func memberDepth(e cc.ExpressionNode) int {
	u, ok := stripCasts(e).(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionAddrof {
		return 0
	}
	depth := 0
	e = stripParens(u.CastExpression)
	for {
		p, ok := e.(*cc.PostfixExpression)
		if !ok || (p.Case != cc.PostfixExpressionSelect && p.Case != cc.PostfixExpressionPSelect && p.Case != cc.PostfixExpressionIndex) {
			break
		}
		depth++
		e = stripParens(p.PostfixExpression)
	}
	return depth
}

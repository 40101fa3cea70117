package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"modernc.org/cc/v4"
)

// Output (include/stdio.h) and sleeping (include/unistd.h) are not part of
// what a check sees: printf and its relatives, sleep and usleep compute
// their arguments, with the loads that takes, and do nothing else; they
// return 0. String literal arguments are skipped.
func outputBuiltin(min int) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
		if len(args) < min {
			f.errorf(x, diag.CodeArgCount, "%s takes at least %d arguments, but is called with %d", callee(x).Name(), min, len(args))
			return bad
		}
		for _, a := range args {
			if _, ok := stringArg(a); ok {
				continue
			}
			f.rvalue(a)
		}
		return val{op: lsl.Const{V: lsl.Num(0)}}
	}
}

package cfront

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// A builtin translates a call of an API function (lsl_protos.h) or of a C
// library function the front end models.
type builtin func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, want bool, allocType cc.Type) val

var builtins map[string]builtin

// apiNames are the functions a program may call but not define.
var apiNames = map[string]bool{}

func init() {
	builtins = map[string]builtin{
		"lsl_malloc":               allocBuiltin(lsl.AllocPool),
		"malloc":                   allocBuiltin(lsl.AllocPool),
		"lsl_malloc_noreuse":       allocBuiltin(lsl.AllocFresh),
		"lsl_free":                 freeBuiltin(lsl.AllocPool),
		"free":                     freeBuiltin(lsl.AllocPool),
		"lsl_free_noreuse":         freeBuiltin(lsl.AllocFresh),
		"lsl_assert":               assertBuiltin,
		"__lsl_c_assert":           assertBuiltin,
		"lsl_assume":               assumeBuiltin,
		"lsl_fence":                fenceBuiltin,
		"lsl_nondet":               nondetBuiltin,
		"lsl_choose":               chooseBuiltin,
		"lsl_observe_label":        observeBuiltin(lsl.ObsLabel),
		"lsl_observe_input":        observeBuiltin(lsl.ObsInput),
		"lsl_observe_output":       observeBuiltin(lsl.ObsOutput),
		"lsl_get_thread_id":        threadBuiltin(lsl.OpThreadID),
		"lsl_get_number_threads":   threadBuiltin(lsl.OpNumThreads),
		"lsl_cas_32":               casBuiltin(1),
		"lsl_cas_64":               casBuiltin(1),
		"lsl_cas_ptr":              casBuiltin(1),
		"lsl_dcas_32":              casBuiltin(2),
		"lsl_dcas_64":              casBuiltin(2),
		"lsl_dcas_ptr":             casBuiltin(2),
		"lsl_initlock":             initLockBuiltin,
		"lsl_lock":                 lockBuiltin,
		"lsl_unlock":               unlockBuiltin,
		"__lsl_get_struct_pointer": structPointerBuiltin,
		"abort":                    abortBuiltin,
		"printf":                   outputBuiltin(1),
		"fprintf":                  outputBuiltin(2),
		"puts":                     outputBuiltin(1),
		"fputs":                    outputBuiltin(2),
		"putchar":                  outputBuiltin(1),
		"fflush":                   outputBuiltin(1),
		"sleep":                    outputBuiltin(1),
		"usleep":                   outputBuiltin(1),
		"nanosleep":                outputBuiltin(2),
	}
	for name := range builtins {
		apiNames[name] = true
	}
}

// arity checks the number of arguments of a builtin.
func (f *fn) arity(x *cc.PostfixExpression, args []cc.ExpressionNode, n int) bool {
	if len(args) != n {
		f.errorf(x, diag.CodeArgCount, "%s takes %d arguments, but is called with %d", callee(x).Name(), n, len(args))
		return false
	}
	if f.constOnly {
		f.errorf(x, diag.CodeInvalidConstruct, "%s cannot be called in a static initializer", callee(x).Name())
		return false
	}
	return true
}

func assertBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	c := f.rvalue(args[0])
	f.emit(&lsl.Assert{Cond: c.op, Msg: srcText(args[0])})
	return val{}
}

func assumeBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	c := f.rvalue(args[0])
	f.emit(&lsl.Assume{Cond: c.op})
	return val{}
}

// stringArg returns the string literal argument of an API call.
func stringArg(e cc.ExpressionNode) (string, bool) {
	p, ok := stripCasts(e).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionString {
		return "", false
	}
	s, ok := p.Value().(cc.StringValue)
	if !ok {
		return "", false
	}
	return strings.TrimSuffix(string(s), "\x00"), true
}

func fenceBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	valid := strings.Join(lsl.FenceNames(), ", ")
	name, ok := stringArg(args[0])
	if !ok {
		f.errorf(args[0], diag.CodeType, "lsl_fence needs a string literal naming the fence (one of %s)", valid)
		return bad
	}
	kind, ok := lsl.ParseFenceKind(name)
	if !ok {
		f.errorf(args[0], diag.CodeUnknownKind, "unknown fence %q (valid fences: %s)", name, valid)
		return bad
	}
	f.emit(&lsl.Fence{Kind: kind})
	f.t.prog.CheckFenceSync = true // (c11atomic.go)
	return val{}
}

func nondetBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 2) {
		return bad
	}
	lo, ok1 := f.intConst(args[0])
	hi, ok2 := f.intConst(args[1])
	if !ok1 || !ok2 {
		f.errorf(x, diag.CodeNotConstant, "lsl_nondet needs constant bounds")
		return bad
	}
	if lo > hi {
		f.errorf(x, diag.CodeBadLiteral, "lsl_nondet(%d, %d): the lower bound exceeds the upper bound", lo, hi)
		return bad
	}
	r := f.temp()
	f.emit(&lsl.Choose{Dst: r, Lo: lo, Hi: hi, Expr: fmt.Sprintf("lsl_nondet(%d, %d)", lo, hi)})
	return val{op: r}
}

func chooseBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 0) {
		return bad
	}
	r := f.temp()
	f.emit(&lsl.Choose{Dst: r, Lo: 0, Hi: 1, Expr: "lsl_choose()"})
	return val{op: r, b01: true}
}

func observeBuiltin(kind lsl.ObsKind) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
		n := 2
		if kind == lsl.ObsLabel {
			n = 1
		}
		if !f.arity(x, args, n) {
			return bad
		}
		name, ok := stringArg(args[0])
		if !ok {
			f.errorf(args[0], diag.CodeType, "%s needs a string literal as its name", callee(x).Name())
			return bad
		}
		obs := &lsl.Observe{Kind: kind, Name: name}
		if kind != lsl.ObsLabel {
			obs.Val = f.rvalue(args[1]).op
		}
		f.emit(obs)
		return val{}
	}
}

func threadBuiltin(op lsl.Op) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, want bool, _ cc.Type) val {
		if !f.arity(x, args, 0) {
			return bad
		}
		r := f.temp()
		f.emit(&lsl.Assign{Dst: r, Op: op})
		return val{op: r}
	}
}

func abortBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 0) {
		return bad
	}
	f.emit(&lsl.Abort{Msg: "abort()"})
	return val{}
}

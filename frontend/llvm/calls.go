package llvmfront

import (
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// calledFunc returns the function a call calls directly (through casts of
// the callee), or nil for calls through pointers.
func calledFunc(v value.Value) *ir.Func {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ir.Func:
			return x
		case *constant.ExprBitCast:
			v = x.From
		default:
			return nil
		}
	}
	return nil
}

func calleeName(c *ir.InstCall) string {
	if fn := calledFunc(c.Callee); fn != nil {
		return fn.Name()
	}
	return "?"
}

// call lowers a call: a procedure call for functions the program defines,
// the API's meaning for lsl_protos.h and the modelled library functions,
// code or nothing for the supported intrinsics.
func (f *fn) call(c *ir.InstCall) {
	callee := calledFunc(c.Callee)
	if callee == nil {
		if a, ok := c.Callee.(*ir.InlineAsm); ok {
			if f.asmBarrier(a) { // asmbarrier.go
				return
			}
			f.fail(diag.CodeUnsupported, "inline assembly is not supported")
		}
		f.indirectCall(c) // funcptr.go
		return
	}
	name := callee.Name()
	if strings.HasPrefix(name, "llvm.") {
		f.intrinsic(c, name)
		return
	}
	if (f.pthreadMain || f.ctx != ctxNone) && name == "pthread_create" {
		f.createCall(c)
		return
	}
	if (f.pthreadMain || f.ctx == ctxMain) && name == "pthread_join" {
		f.joinCall(c)
		return
	}
	if f.ctx == ctxThread && name == "pthread_join" {
		waitJoinCall(f, c)
		return
	}
	if h, ok := packedCall(name); ok {
		h(f, c)
		return
	}
	if reachedFuncs[name] { // verifier.go: the call is the error, whatever the body
		reachedCall(f, c)
		return
	}
	if def := f.t.resolveFunc(callee); def != nil {
		f.userCall(c, def)
		return
	}
	if h, ok := apiHandlers[name]; ok {
		h(f, c)
		return
	}
	if msg := cxxFailure(name); msg != "" {
		for _, a := range c.Args {
			if _, ok := a.Type().(*types.IntType); ok {
				f.val(a)
			}
		}
		f.emit(&lsl.Abort{Msg: msg})
		return
	}
	if cxxAllocators[name] {
		f.allocCall(c, lsl.AllocPool)
		return
	}
	if cxxFrees[name] {
		freeCall(lsl.AllocPool)(f, c)
		return
	}
	if unsupportedNondet(name) {
		f.fail(diag.CodeUnsupported, "%s is not supported: only integer types narrower than 64 bits and signed 64-bit ones are (use lsl_nondet(lo, hi) for a range)", name)
	}
	if strings.HasPrefix(name, "pthread_") {
		f.fail(diag.CodeUnsupported, "%s is not supported (pthread_create, pthread_join, pthread_exit, pthread_mutex_*, pthread_spin_*, pthread_cond_*, pthread_barrier_*, pthread_rwlock_*, pthread_once, sem_* are)", name)
	}
	if msg := unmodelledMessage(name); msg != "" { // libc.go
		f.fail(diag.CodeUnsupported, "%s", msg)
	}
	f.fail(diag.CodeUndefined, "call to %s, which is declared but not defined", name)
}

// userCall calls a procedure of the program (the unroller inlines it).
func (f *fn) userCall(c *ir.InstCall, def *ir.Func) {
	if len(c.Args) != len(def.Params) {
		f.fail(diag.CodeArgCount, "%s takes %d arguments, but is called with %d", def.Name(), len(def.Params), len(c.Args))
	}
	call := &lsl.Call{Proc: f.t.procs[def]}
	for i, a := range c.Args {
		call.Args = append(call.Args, f.voidArgument(def, i, a))
	}
	if _, void := def.Sig.RetType.(*types.VoidType); !void {
		call.Results = []lsl.Reg{f.reg(c)}
	}
	f.emit(atomicCall(def, call))
}

// intrinsic lowers a call of an llvm.* function.
func (f *fn) intrinsic(c *ir.InstCall, name string) {
	switch {
	case strings.HasPrefix(name, "llvm.dbg."), strings.HasPrefix(name, "llvm.lifetime."),
		name == "llvm.assume", name == "llvm.donothing", name == "llvm.sideeffect",
		strings.HasPrefix(name, "llvm.invariant."), strings.HasPrefix(name, "llvm.experimental.noalias"),
		strings.HasPrefix(name, "llvm.prefetch"), strings.HasPrefix(name, "llvm.var.annotation"):
		return
	case strings.HasPrefix(name, "llvm.threadlocal.address"):
		// clang 16 on: the address of the running thread's copy (tls.go)
		f.setPtr(c, f.ptr(c.Args[0]))
	case strings.HasPrefix(name, "llvm.expect."):
		f.define(c, f.val(c.Args[0]))
	case strings.HasPrefix(name, "llvm.memcpy."), strings.HasPrefix(name, "llvm.memmove."):
		f.memcpy(c)
	case strings.HasPrefix(name, "llvm.memset."):
		f.memset(c)
	case name == "llvm.trap", name == "llvm.debugtrap":
		f.emit(&lsl.Abort{Msg: "trap"})
	case strings.HasPrefix(name, "llvm.smax."), strings.HasPrefix(name, "llvm.umax."):
		x, y := f.val(c.Args[0]), f.val(c.Args[1])
		f.define(c, f.apply(lsl.OpSelect, f.lessThan(name, c, x, y), y, x))
	case strings.HasPrefix(name, "llvm.smin."), strings.HasPrefix(name, "llvm.umin."):
		x, y := f.val(c.Args[0]), f.val(c.Args[1])
		f.define(c, f.apply(lsl.OpSelect, f.lessThan(name, c, x, y), x, y))
	case strings.HasPrefix(name, "llvm.abs."):
		x := f.val(c.Args[0])
		f.define(c, f.apply(lsl.OpSelect, f.apply(lsl.OpLt, x, num(0)), f.apply(lsl.OpNeg, x), x))
	case strings.HasPrefix(name, "llvm.stacksave"), strings.HasPrefix(name, "llvm.stackrestore"):
		f.fail(diag.CodeUnsupported, "variable length arrays are not supported")
	default:
		f.fail(diag.CodeUnsupported, "intrinsic %s is not supported", name)
	}
}

// stringArg reads a string literal argument (a pointer to a constant
// character array).
func stringArg(v value.Value) (string, bool) {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *constant.ExprGetElementPtr:
			for _, ix := range x.Indices {
				if ci, ok := ix.(*constant.Index); ok {
					ix = ci.Constant
				}
				if !isZero(ix) {
					return "", false
				}
			}
			v = x.Src
		case *constant.ExprBitCast:
			v = x.From
		case *ir.Global:
			if _, zero := x.Init.(*constant.ZeroInitializer); zero && x.Immutable {
				if at, ok := x.ContentType.(*types.ArrayType); ok && types.Equal(at.ElemType, types.I8) {
					return "", true // ""
				}
			}
			ca, ok := x.Init.(*constant.CharArray)
			if !ok || !x.Immutable {
				return "", false
			}
			return strings.TrimRight(string(ca.X), "\x00"), true
		default:
			return "", false
		}
	}
	return "", false
}

package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// pthread_once(&once, init) (<pthread.h>): pthread_once_t is 0 before the
// first call, 1 while init runs and 2 after. The first caller, which finds
// 0 and stores 1 in one atomic block, calls init, takes the release fences
// and stores 2; the others spin until they read 2. Then each takes the
// acquire fences, so what init wrote is seen after every pthread_once. The
// flag is a relaxed C11 atomic for rc11 (condTags), ordered by the
// fences. init must be a function named in the call.
func onceCall(f *fn, c *ir.InstCall) {
	f.args(c, 2)
	def := f.functionArg(c, 1, "second", "function")
	if len(def.Params) != 0 {
		f.fail(diag.CodeArgCount, "the function %s that pthread_once calls takes %d parameters (none)", def.Name(), len(def.Params))
	}
	once := f.cell(c, 0)
	expr := f.cellText(c.Args[0])
	_, first := f.updateIf(once, expr,
		func(v lsl.Reg) lsl.Operand { return f.apply(lsl.OpEq, v, num(0)) },
		func(lsl.Reg) lsl.Operand { return num(1) })
	run := f.sub(func() {
		call := &lsl.Call{Proc: f.t.procs[def]}
		if _, void := def.Sig.RetType.(*types.VoidType); !void {
			call.Results = []lsl.Reg{f.temp()}
		}
		f.emit(call)
		f.fences(releaseFences)
		f.emit(&lsl.Store{Addr: once, Val: num(2), Expr: expr, Tags: condTags()})
	})
	label := f.label("once")
	wait := f.sub(func() {
		f.emit(&lsl.Spin{Label: label, Body: f.sub(func() {
			now := f.temp()
			f.emit(&lsl.Load{Dst: now, Addr: once, Expr: expr, Tags: condTags()})
			f.emit(&lsl.If{Cond: f.apply(lsl.OpNe, now, num(2)), Then: f.sub(func() { f.emit(&lsl.Continue{Label: label}) })})
		})})
	})
	f.emit(&lsl.If{Cond: first, Then: run, Else: wait})
	f.fences(acquireFences)
	f.zeroResult(c)
}

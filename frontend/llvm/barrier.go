package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// pthread barriers (<pthread.h>): pthread_barrier_t is a struct of two
// counters, the threads that have ever arrived (arrivals) and the number
// of threads each round waits for (n). pthread_barrier_wait takes the
// release fences and counts itself in with one atomic increment; the
// thread whose arrival completes a round (arrivals a with (a+1) % n == 0)
// returns PTHREAD_BARRIER_SERIAL_THREAD (-1) at once, the others spin until
// arrivals reaches the end of their round, a - a % n + n, and return 0.
// Then each takes the acquire fences. A barrier that fewer than n threads
// reach is a deadlock. One counter rather than a count and a round: an
// atomic block is atomic on the hardware models only for one location
// (docs/models.md). On rc11 the increment is a seq_cst read-modify-write
// and the spin's load an acquire one.

const (
	barrierArrivals = iota // fields of pthread_barrier_t
	barrierN
	barrierFields
)

// barrierSerial is PTHREAD_BARRIER_SERIAL_THREAD in include/llvm/pthread.h.
const barrierSerial = -1

// barrierField is field k of the barrier argument i of c.
func (f *fn) barrierField(c *ir.InstCall, i, k int) lsl.Operand {
	p := f.ptr(c.Args[i])
	st, ok := p.obj.(*types.StructType)
	if !ok || len(st.Fields) != barrierFields {
		f.fail(diag.CodeType, "argument %d of %s does not point to a pthread_barrier_t", i+1, calleeName(c))
	}
	return f.offset(p.op, num(int64(k)))
}

// barrierInitCall: pthread_barrier_init(barrier, attr, n).
func barrierInitCall(f *fn, c *ir.InstCall) {
	f.args(c, 3)
	expr := f.exprText(c.Args[0])
	if _, global := f.barrierField(c, 0, barrierN).(lsl.Const); global {
		// a global barrier starts with n = 0: initializing one that is
		// initialized (n > 0; destroy sets -1) is an error
		n := f.temp()
		f.emit(&lsl.Load{Dst: n, Addr: f.barrierField(c, 0, barrierN), Expr: expr + "->n"})
		f.abortUnless(f.apply(lsl.OpLe, n, num(0)), "pthread_barrier_init of a barrier that is initialized")
	}
	f.emit(&lsl.Store{Addr: f.barrierField(c, 0, barrierArrivals), Val: num(0), Expr: expr + "->arrivals"})
	f.emit(&lsl.Store{Addr: f.barrierField(c, 0, barrierN), Val: f.val(c.Args[2]), Expr: expr + "->n"})
	f.zeroResult(c)
}

func barrierWaitCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	expr := f.exprText(c.Args[0])
	arrivals := f.barrierField(c, 0, barrierArrivals)
	total := f.temp()
	f.emit(&lsl.Load{Dst: total, Addr: f.barrierField(c, 0, barrierN), Expr: expr + "->n"})
	f.abortUnless(f.apply(lsl.OpLt, num(0), total), "pthread_barrier_wait on a barrier that is not initialized or destroyed")
	f.fences(releaseFences)
	before := f.temp()
	f.emit(&lsl.Atomic{Body: f.sub(func() {
		f.emit(&lsl.Load{Dst: before, Addr: arrivals, Expr: expr + "->arrivals"})
		f.emit(&lsl.Store{Addr: arrivals, Val: f.apply(lsl.OpAdd, before, num(1)), Expr: expr + "->arrivals"})
	})})
	end := f.apply(lsl.OpAdd, f.apply(lsl.OpSub, before, f.apply(lsl.OpMod, before, total)), total)
	last := f.apply(lsl.OpEq, f.apply(lsl.OpAdd, before, num(1)), end)
	label := f.label("barrier")
	wait := f.sub(func() {
		f.emit(&lsl.Spin{Label: label, Body: f.sub(func() {
			seen := f.temp()
			f.emit(&lsl.Load{Dst: seen, Addr: arrivals, Expr: expr + "->arrivals", Tags: []string{"A", "ACQ"}})
			short := f.apply(lsl.OpLt, seen, end)
			f.emit(&lsl.If{Cond: short, Then: f.sub(func() { f.emit(&lsl.Continue{Label: label}) })})
		})})
	})
	f.emit(&lsl.If{Cond: f.apply(lsl.OpEq, last, num(0)), Then: wait})
	f.fences(acquireFences)
	if isIntType(c.Type()) {
		f.define(c, f.apply(lsl.OpMul, last, num(barrierSerial)))
	}
}

// barrierDestroyCall: pthread_barrier_destroy sets n to -1, so that a later
// wait, until the barrier is initialized again, is an error.
func barrierDestroyCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	expr := f.exprText(c.Args[0])
	f.emit(&lsl.Store{Addr: f.barrierField(c, 0, barrierN), Val: num(-1), Expr: expr + "->n"})
	f.zeroResult(c)
}

package llvmfront

import (
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// pthread read-write locks (<pthread.h>): pthread_rwlock_t is a counter,
// the number of readers inside, or -1 while a writer is. A read lock spins
// until, in one atomic block, it finds no writer and counts itself in; a
// write lock spins until it finds the lock free and sets -1; both then
// take the acquire fences. An unlock takes the release fences and, in one
// atomic block, sets 0 after a writer or counts a reader out; unlocking a
// free lock is a runtime error. A lock no unlock frees is a deadlock. The
// counter is a relaxed C11 atomic for rc11 (condTags), as the semaphore's.

// rwAcquire spins on the lock argument i of c until the atomic block can
// take it: take tells from the counter's value v whether it can, and next
// is what it stores then.
func (f *fn) rwAcquire(c *ir.InstCall, name string, take, next func(v lsl.Reg) lsl.Operand) {
	l := f.cell(c, 0)
	expr := f.cellText(c.Args[0])
	label := f.label(name)
	body := f.sub(func() {
		_, ok := f.updateIf(l, expr, take, next)
		f.emit(&lsl.If{Cond: f.apply(lsl.OpEq, ok, num(0)), Then: f.sub(func() { f.emit(&lsl.Continue{Label: label}) })})
	})
	f.emit(&lsl.Spin{Label: label, Body: body})
	f.fences(acquireFences)
}

func rwReadLockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.rwAcquire(c, "rdlock",
		func(v lsl.Reg) lsl.Operand { return f.apply(lsl.OpLe, num(0), v) },
		func(v lsl.Reg) lsl.Operand { return f.apply(lsl.OpAdd, v, num(1)) })
	f.zeroResult(c)
}

func rwWriteLockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.rwAcquire(c, "wrlock",
		func(v lsl.Reg) lsl.Operand { return f.apply(lsl.OpEq, v, num(0)) },
		func(lsl.Reg) lsl.Operand { return num(-1) })
	f.zeroResult(c)
}

func rwUnlockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.releaseUpdate(c,
		func(v lsl.Reg) {
			f.emit(&lsl.Assert{Cond: f.apply(lsl.OpNe, v, num(0)), Msg: "unlock of a read-write lock that is not held"})
		},
		func(v lsl.Reg) lsl.Operand {
			writer := f.apply(lsl.OpEq, v, num(-1))
			return f.apply(lsl.OpSelect, writer, num(0), f.apply(lsl.OpSub, v, num(1)))
		})
	f.zeroResult(c)
}

package llvmfront

import (
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// POSIX semaphores (<semaphore.h>): sem_t is an unsigned counter. sem_post
// releases (the release fences) and increments it atomically; sem_wait
// spins until it can decrement a positive count in one atomic block and
// then acquires (the acquire fences), so a wait that no post follows is a
// deadlock; sem_trywait is one such attempt. These are the lock's accesses
// and fences (lock, unlock), with a count instead of a flag. The count is a
// relaxed C11 atomic for rc11 (condTags): a failed attempt stores nothing,
// so its load is no read-modify-write's, which rc11 would otherwise take
// for a non-atomic access racing with sem_post; the fences order the data.

// semInitCall: sem_init(sem, pshared, value) stores the value.
func semInitCall(f *fn, c *ir.InstCall) {
	f.args(c, 3)
	f.emit(&lsl.Store{Addr: f.cell(c, 0), Val: f.val(c.Args[2]), Expr: f.cellText(c.Args[0])})
	f.zeroResult(c)
}

// semDecrement emits the atomic decrement of a positive count and returns
// the count it read (0: nothing was taken).
func (f *fn) semDecrement(c *ir.InstCall) lsl.Reg {
	v, _ := f.updateIf(f.cell(c, 0), f.cellText(c.Args[0]),
		func(v lsl.Reg) lsl.Operand { return f.apply(lsl.OpNe, v, num(0)) },
		func(v lsl.Reg) lsl.Operand { return f.apply(lsl.OpSub, v, num(1)) })
	return v
}

// updateIf emits one atomic block that loads the counter at cell and,
// when take holds of the value v it read, stores next(v); it returns v
// and take(v). The accesses are relaxed C11 atomics (condTags): a block
// that does not store is no read-modify-write, and rc11 would take an
// untagged load of it for a non-atomic one.
func (f *fn) updateIf(cell lsl.Operand, expr string, take, next func(v lsl.Reg) lsl.Operand) (lsl.Reg, lsl.Operand) {
	v := f.temp()
	var ok lsl.Operand
	f.emit(&lsl.Atomic{Body: f.sub(func() {
		f.emit(&lsl.Load{Dst: v, Addr: cell, Expr: expr, Tags: condTags()})
		ok = take(v)
		f.emit(&lsl.If{Cond: ok, Then: f.sub(func() {
			f.emit(&lsl.Store{Addr: cell, Val: next(v), Expr: expr, Tags: condTags()})
		})})
	})})
	return v, ok
}

func semWaitCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	label := f.label("sem_wait")
	var v lsl.Reg
	body := f.sub(func() {
		v = f.semDecrement(c)
		empty := f.apply(lsl.OpEq, v, num(0))
		f.emit(&lsl.If{Cond: empty, Then: f.sub(func() { f.emit(&lsl.Continue{Label: label}) })})
	})
	f.emit(&lsl.Spin{Label: label, Body: body})
	f.fences(acquireFences)
	f.zeroResult(c)
}

// semTryWaitCall returns 0 when it took one, else -1 (POSIX sets errno to
// EAGAIN, which is not modelled).
func semTryWaitCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	v := f.semDecrement(c)
	f.fences(acquireFences)
	if isIntType(c.Type()) {
		f.define(c, f.apply(lsl.OpSub, num(0), f.apply(lsl.OpEq, v, num(0))))
	}
}

func semPostCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.releaseUpdate(c, nil, func(v lsl.Reg) lsl.Operand { return f.apply(lsl.OpAdd, v, num(1)) })
	f.zeroResult(c)
}

// releaseUpdate takes the release fences, then, in one atomic block, loads
// the counter argument 0 of c points to, runs check on it (when not nil)
// and stores next of it: sem_post, and the unlock of a read-write lock.
func (f *fn) releaseUpdate(c *ir.InstCall, check func(v lsl.Reg), next func(v lsl.Reg) lsl.Operand) {
	s := f.cell(c, 0)
	expr := f.cellText(c.Args[0])
	f.fences(releaseFences)
	f.emit(&lsl.Atomic{Body: f.sub(func() {
		v := f.temp()
		f.emit(&lsl.Load{Dst: v, Addr: s, Expr: expr, Tags: condTags()})
		if check != nil {
			check(v)
		}
		f.emit(&lsl.Store{Addr: s, Val: next(v), Expr: expr, Tags: condTags()})
	})})
}

// semGetValueCall: sem_getvalue(sem, &out) stores the count.
func semGetValueCall(f *fn, c *ir.InstCall) {
	f.args(c, 2)
	v := f.temp()
	f.emit(&lsl.Load{Dst: v, Addr: f.cell(c, 0), Expr: f.cellText(c.Args[0]), Tags: condTags()})
	f.emit(&lsl.Store{Addr: f.cell(c, 1), Val: v, Expr: f.cellText(c.Args[1])})
	f.zeroResult(c)
}

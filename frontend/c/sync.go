package cfront

import (
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// casBuiltin translates lsl_cas_* (n = 1) and lsl_dcas_* (n = 2) as in
// Fig. 3.8, with no implied fence:
//
//	atomic { %v := load loc; %c := eq(%v, old); if %c { store loc, new } }
func casBuiltin(n int) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
		if !f.arity(x, args, 3*n) {
			return bad
		}
		f.t.prog.CheckFenceSync = true // (c11atomic.go)
		ops := make([]lsl.Operand, len(args))
		for i, a := range args {
			ops[i] = f.rvalue(a).op
		}
		locs, olds, news := ops[:n], ops[n:2*n], ops[2*n:]
		var c lsl.Reg
		body := f.sub(func() {
			var eqs []lsl.Reg
			for i := 0; i < n; i++ {
				v := f.temp()
				f.emit(&lsl.Load{Dst: v, Addr: locs[i], Expr: derefText(args[i])})
				e := f.temp()
				f.emit(&lsl.Assign{Dst: e, Op: lsl.OpEq, Args: []lsl.Operand{v, olds[i]}})
				eqs = append(eqs, e)
			}
			c = eqs[0]
			if n == 2 {
				c = f.temp()
				f.emit(&lsl.Assign{Dst: c, Op: lsl.OpAnd, Args: []lsl.Operand{eqs[0], eqs[1]}})
			}
			stores := f.sub(func() {
				for i := 0; i < n; i++ {
					f.emit(&lsl.Store{Addr: locs[i], Val: news[i], Expr: derefText(args[i])})
				}
			})
			f.emit(&lsl.If{Cond: c, Then: stores})
		})
		f.emit(&lsl.Atomic{Body: body})
		return val{op: c, b01: true}
	}
}

func initLockBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	l := f.rvalue(args[0])
	f.emit(&lsl.Store{Addr: l.op, Val: num(0), Expr: derefText(args[0])})
	return val{}
}

// lockBuiltin is the spinlock of Fig. 3.9: an atomic exchange retried
// while the lock was held, then fences keeping the critical section below.
func lockBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	l := f.rvalue(args[0])
	text := derefText(args[0])
	label := f.label("lock")
	body := f.sub(func() {
		v := f.temp()
		xchg := f.sub(func() {
			f.emit(&lsl.Load{Dst: v, Addr: l.op, Expr: text})
			f.emit(&lsl.Store{Addr: l.op, Val: num(1), Expr: text})
		})
		f.emit(&lsl.Atomic{Body: xchg})
		held := f.temp()
		f.emit(&lsl.Assign{Dst: held, Op: lsl.OpNe, Args: []lsl.Operand{v, num(0)}})
		retry := f.sub(func() { f.emit(&lsl.Continue{Label: label}) })
		f.emit(&lsl.If{Cond: held, Then: retry})
	})
	f.emit(&lsl.Spin{Label: label, Body: body})
	f.emit(&lsl.Fence{Kind: lsl.FenceLoadLoad})
	f.emit(&lsl.Fence{Kind: lsl.FenceLoadStore})
	return val{}
}

func unlockBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	l := f.rvalue(args[0])
	text := derefText(args[0])
	f.emit(&lsl.Fence{Kind: lsl.FenceLoadStore})
	f.emit(&lsl.Fence{Kind: lsl.FenceStoreStore})
	body := f.sub(func() {
		v := f.temp()
		f.emit(&lsl.Load{Dst: v, Addr: l.op, Expr: text})
		held := f.temp()
		f.emit(&lsl.Assign{Dst: held, Op: lsl.OpEq, Args: []lsl.Operand{v, num(1)}})
		f.emit(&lsl.Assert{Cond: held, Msg: "unlock of a lock that is not held"})
		f.emit(&lsl.Store{Addr: l.op, Val: num(0), Expr: text})
	})
	f.emit(&lsl.Atomic{Body: body})
	return val{}
}

package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// The Linux-kernel primitives of include/linux.h: each access carries the
// Linux-kernel model's annotation as a tag (frontend/litmus/lkmm.go has
// the same vocabulary), each barrier is a fence with its tag and, for the
// .mm models, the kind of fence it implies. A program that uses them
// follows herd's C: a control dependency ends with its if statement
// (lsl.Program.ScopedCtrl).

// lkmmFences maps the barriers to LSL fence kinds (0: none on .mm models).
var lkmmFences = map[string]lsl.FenceKind{
	"MB": lsl.FenceFull, "Rmb": lsl.FenceLoadLoad, "Wmb": lsl.FenceStoreStore, "Barrier": 0,
	"Before-atomic": lsl.FenceFull, "After-atomic": lsl.FenceFull, "After-spinlock": lsl.FenceFull,
	"Rcu-lock": 0, "Rcu-unlock": 0, "Sync-rcu": lsl.FenceFull,
}

// lkmmOrders are the annotations of accesses.
var lkmmOrders = map[string]bool{"ONCE": true, "ACQUIRE": true, "RELEASE": true, "MB": true}

func init() {
	for name, b := range map[string]builtin{
		"__lkmm_load":        lkmmLoad,
		"__lkmm_store":       lkmmStore,
		"__lkmm_fence":       lkmmFence,
		"__lkmm_xchg":        lkmmRMW(false),
		"__lkmm_fetch_add":   lkmmRMW(true),
		"__lkmm_add":         lkmmAdd,
		"__lkmm_cmpxchg":     lkmmCmpxchg,
		"__lkmm_spin_lock":   lkmmSpinLock,
		"__lkmm_spin_unlock": lkmmSpinUnlock,
	} {
		builtins[name] = b
		apiNames[name] = true
	}
}

// lkmmAnn reads the annotation argument and marks the program as one in
// herd's C semantics.
func (f *fn) lkmmAnn(e cc.ExpressionNode, valid map[string]bool) (string, bool) {
	s, ok := stringArg(e)
	if !ok || !valid[s] {
		f.errorf(e, diag.CodeUnknownKind, "the annotation of a Linux-kernel primitive must be one of the string literals of linux.h")
		return "", false
	}
	f.t.prog.ScopedCtrl = true
	return s, true
}

func lkmmLoad(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 2) {
		return bad
	}
	p := f.rvalue(args[0])
	ann, ok := f.lkmmAnn(args[1], lkmmOrders)
	if !ok {
		return bad
	}
	r := f.temp()
	f.emit(&lsl.Load{Dst: r, Addr: p.op, Expr: derefText(args[0]), Tags: []string{ann}})
	if ann == "ACQUIRE" {
		f.emit(&lsl.Fence{Kind: lsl.FenceLoadLoad, Tags: []string{lsl.TagMMOnly}})
		f.emit(&lsl.Fence{Kind: lsl.FenceLoadStore, Tags: []string{lsl.TagMMOnly}})
	}
	return val{op: r}
}

func lkmmStore(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 3) {
		return bad
	}
	p, v := f.rvalue(args[0]), f.rvalue(args[1])
	ann, ok := f.lkmmAnn(args[2], lkmmOrders)
	if !ok {
		return bad
	}
	if ann == "RELEASE" {
		f.emit(&lsl.Fence{Kind: lsl.FenceLoadStore, Tags: []string{lsl.TagMMOnly}})
		f.emit(&lsl.Fence{Kind: lsl.FenceStoreStore, Tags: []string{lsl.TagMMOnly}})
	}
	f.emit(&lsl.Store{Addr: p.op, Val: v.op, Expr: derefText(args[0]), Tags: []string{ann}})
	return val{}
}

func lkmmFence(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	valid := map[string]bool{}
	for k := range lkmmFences {
		valid[k] = true
	}
	kind, ok := f.lkmmAnn(args[0], valid)
	if !ok {
		return bad
	}
	f.emit(&lsl.Fence{Kind: lkmmFences[kind], Tags: []string{kind}})
	return val{}
}

// lkmmRMW: xchg (the new value is the argument) or fetch_add (old + v);
// returns the old value. A fully ordered one (MB) is fenced on .mm models.
func lkmmRMW(add bool) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
		if !f.arity(x, args, 3) {
			return bad
		}
		p, v := f.rvalue(args[0]), f.rvalue(args[1])
		ann, ok := f.lkmmAnn(args[2], lkmmOrders)
		if !ok {
			return bad
		}
		tags := []string{ann, "RMW"}
		text := derefText(args[0])
		old := f.temp()
		f.lkmmFull(ann)
		body := f.sub(func() {
			f.emit(&lsl.Load{Dst: old, Addr: p.op, Expr: text, Tags: tags})
			nv := v.op
			if add {
				s := f.temp()
				f.emit(&lsl.Assign{Dst: s, Op: lsl.OpAdd, Args: []lsl.Operand{old, v.op}})
				nv = s
			}
			f.emit(&lsl.Store{Addr: p.op, Val: nv, Expr: text, Tags: tags})
		})
		f.emit(&lsl.Atomic{Body: body})
		f.lkmmFull(ann)
		return val{op: old}
	}
}

// lkmmFull fences a fully ordered read-modify-write for the .mm models.
func (f *fn) lkmmFull(ann string) {
	if ann == "MB" {
		f.emit(&lsl.Fence{Kind: lsl.FenceFull, Tags: []string{lsl.TagMMOnly}})
	}
}

func lkmmAdd(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 2) {
		return bad
	}
	p, v := f.rvalue(args[0]), f.rvalue(args[1])
	f.t.prog.ScopedCtrl = true
	text := derefText(args[0])
	body := f.sub(func() {
		old, s := f.temp(), f.temp()
		f.emit(&lsl.Load{Dst: old, Addr: p.op, Expr: text, Tags: []string{"ONCE", "NORETURN", "RMW"}})
		f.emit(&lsl.Assign{Dst: s, Op: lsl.OpAdd, Args: []lsl.Operand{old, v.op}})
		f.emit(&lsl.Store{Addr: p.op, Val: s, Expr: text, Tags: []string{"ONCE", "RMW"}})
	})
	f.emit(&lsl.Atomic{Body: body})
	return val{}
}

// lkmmCmpxchg: if *p is old, write new; return the value read. The store
// is conditional inside the instruction (the read of a failed cmpxchg
// keeps its annotation; the model discounts it).
func lkmmCmpxchg(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 4) {
		return bad
	}
	p, o, n := f.rvalue(args[0]), f.rvalue(args[1]), f.rvalue(args[2])
	ann, ok := f.lkmmAnn(args[3], lkmmOrders)
	if !ok {
		return bad
	}
	tags := []string{ann, "RMW"}
	text := derefText(args[0])
	old := f.temp()
	f.lkmmFull(ann)
	body := f.sub(func() {
		f.emit(&lsl.Load{Dst: old, Addr: p.op, Expr: text, Tags: tags})
		eq := f.temp()
		f.emit(&lsl.Assign{Dst: eq, Op: lsl.OpEq, Args: []lsl.Operand{old, o.op}})
		store := f.sub(func() { f.emit(&lsl.Store{Addr: p.op, Val: n.op, Expr: text, Tags: tags}) })
		f.emit(&lsl.If{Cond: eq, Then: store})
	})
	f.emit(&lsl.Atomic{Body: body})
	f.lkmmFull(ann)
	return val{op: old}
}

// lkmmSpinLock spins until it reads 0 and writes 1 (LKR, LKW).
func lkmmSpinLock(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	l := f.rvalue(args[0])
	f.t.prog.ScopedCtrl = true
	text := derefText(args[0])
	label := f.label("spin_lock")
	body := f.sub(func() {
		v, held := f.temp(), f.temp()
		take := f.sub(func() {
			f.emit(&lsl.Load{Dst: v, Addr: l.op, Expr: text, Tags: []string{"LKR", "ACQUIRE", "RMW"}})
			f.emit(&lsl.Assign{Dst: held, Op: lsl.OpNe, Args: []lsl.Operand{v, num(0)}})
			free := f.temp()
			f.emit(&lsl.Assign{Dst: free, Op: lsl.OpEq, Args: []lsl.Operand{held, num(0)}})
			store := f.sub(func() {
				f.emit(&lsl.Store{Addr: l.op, Val: num(1), Expr: text, Tags: []string{"LKW", "ONCE", "RMW"}})
			})
			f.emit(&lsl.If{Cond: free, Then: store})
		})
		f.emit(&lsl.Atomic{Body: take})
		retry := f.sub(func() { f.emit(&lsl.Continue{Label: label}) })
		f.emit(&lsl.If{Cond: held, Then: retry})
	})
	f.emit(&lsl.Spin{Label: label, Body: body})
	f.emit(&lsl.Fence{Kind: lsl.FenceLoadLoad, Tags: []string{lsl.TagMMOnly}})
	f.emit(&lsl.Fence{Kind: lsl.FenceLoadStore, Tags: []string{lsl.TagMMOnly}})
	return val{}
}

func lkmmSpinUnlock(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	l := f.rvalue(args[0])
	f.t.prog.ScopedCtrl = true
	f.emit(&lsl.Fence{Kind: lsl.FenceLoadStore, Tags: []string{lsl.TagMMOnly}})
	f.emit(&lsl.Fence{Kind: lsl.FenceStoreStore, Tags: []string{lsl.TagMMOnly}})
	f.emit(&lsl.Store{Addr: l.op, Val: num(0), Expr: derefText(args[0]), Tags: []string{"UL", "RELEASE"}})
	return val{}
}

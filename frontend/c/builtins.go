package cfront

import (
	"strings"

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
	}
	for name := range builtins {
		apiNames[name] = true
	}
}

// arity checks the number of arguments of a builtin.
func (f *fn) arity(x *cc.PostfixExpression, args []cc.ExpressionNode, n int) bool {
	if len(args) != n {
		f.errorf(x, "%s takes %d arguments, but is called with %d", callee(x).Name(), n, len(args))
		return false
	}
	if f.constOnly {
		f.errorf(x, "%s cannot be called in a static initializer", callee(x).Name())
		return false
	}
	return true
}

// sizeofType returns T for sizeof(T) or sizeof expr (of type T).
func sizeofType(e cc.ExpressionNode) cc.Type {
	u, ok := stripParens(e).(*cc.UnaryExpression)
	if !ok {
		return nil
	}
	switch u.Case {
	case cc.UnaryExpressionSizeofType:
		return u.TypeName.Type()
	case cc.UnaryExpressionSizeofExpr:
		return objType(u.UnaryExpression)
	}
	return nil
}

// allocShape reads the size argument of an allocator: sizeof(T) is one T,
// n * sizeof(T) (or sizeof(T) * n) is an array of T.
func allocShape(size cc.ExpressionNode) (elem cc.Type, array bool, count cc.ExpressionNode) {
	if t := sizeofType(size); t != nil {
		return t, false, nil
	}
	m, ok := stripParens(size).(*cc.MultiplicativeExpression)
	if !ok || m.Case != cc.MultiplicativeExpressionMul {
		return nil, false, nil
	}
	if t := sizeofType(m.CastExpression); t != nil {
		return t, true, m.MultiplicativeExpression
	}
	if t := sizeofType(m.MultiplicativeExpression); t != nil {
		return t, true, m.CastExpression
	}
	return nil, false, nil
}

// allocBuiltin: malloc(sizeof(T)) is "alloc KIND T", a pointer [b] to one
// T; malloc(n * sizeof(T)) is a pointer [b 0] to the first element of an
// array of T. The size argument is evaluated (its loads happen) but does not
// bound the block.
func allocBuiltin(kind lsl.AllocKind) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, want bool, allocType cc.Type) val {
		if !f.arity(x, args, 1) {
			return bad
		}
		elem, array, count := allocShape(args[0])
		f.sizeArg(args[0])
		if elem == nil {
			elem = allocType
		}
		var ref *lsl.TypeRef
		if elem != nil && f.t.class(elem) != tcVoid {
			if f.t.class(elem) == tcStruct && f.t.ensureStruct(elem, x) == "" {
				return bad
			}
			ref = f.t.allocRef(elem)
			if ref != nil && array {
				if n, ok := f.intConst(count); ok && n > 0 {
					ref = &lsl.TypeRef{Name: ref.Name, Dims: append([]int64{n}, ref.Dims...)}
				}
			}
		}
		r := f.temp()
		f.emit(&lsl.Alloc{Dst: r, Kind: kind, Type: ref})
		if array {
			return val{op: f.apply(lsl.OpOffset, r, num(0)), prov: provElem}
		}
		return val{op: r, prov: provSingle, what: "the result of " + callee(x).Name()}
	}
}

// sizeArg evaluates the size argument of an allocator for its effects: its
// code is kept only if it accesses memory or calls a function.
func (f *fn) sizeArg(e cc.ExpressionNode) {
	b := f.sub(func() { f.rvalue(e) })
	keep := false
	for _, s := range b.Stmts {
		lsl.Walk(s, func(s lsl.Stmt) bool {
			switch s.(type) {
			case *lsl.Load, *lsl.Store, *lsl.Call, *lsl.Choose, *lsl.Alloc, *lsl.Free:
				keep = true
			}
			return !keep
		})
	}
	if keep {
		f.cur.Stmts = append(f.cur.Stmts, b.Stmts...)
	}
}

// freeBuiltin frees a block. When the program allocates arrays (whose
// pointers are [b 0]), the pointer is first reduced to its block [b], so
// that freeing an array works; freeing a pointer into the middle of a block
// then goes undetected.
func freeBuiltin(kind lsl.AllocKind) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, want bool, _ cc.Type) val {
		if !f.arity(x, args, 1) {
			return bad
		}
		p := f.rvalue(args[0]).op
		if f.t.arrayAllocs {
			p = f.apply(lsl.OpPointer, f.apply(lsl.OpBaseOf, p))
		}
		f.emit(&lsl.Free{Ptr: p, Kind: kind})
		return val{}
	}
}

// findArrayAllocs reports whether any allocator call allocates an array.
func (t *translator) findArrayAllocs() {
	for _, u := range t.units {
		walkNodes(u.ast.TranslationUnit, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && allocatorCall(x) != nil {
				if args := callArgs(x); len(args) == 1 {
					if _, array, _ := allocShape(args[0]); array {
						t.arrayAllocs = true
					}
				}
			}
			return !t.arrayAllocs
		})
	}
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
		f.errorf(args[0], "lsl_fence needs a string literal naming the fence (one of %s)", valid)
		return bad
	}
	kind, ok := lsl.ParseFenceKind(name)
	if !ok {
		f.errorf(args[0], "unknown fence %q (valid fences: %s)", name, valid)
		return bad
	}
	f.emit(&lsl.Fence{Kind: kind})
	return val{}
}

func nondetBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 2) {
		return bad
	}
	lo, ok1 := f.intConst(args[0])
	hi, ok2 := f.intConst(args[1])
	if !ok1 || !ok2 {
		f.errorf(x, "lsl_nondet needs constant bounds")
		return bad
	}
	if lo > hi {
		f.errorf(x, "lsl_nondet(%d, %d): the lower bound exceeds the upper bound", lo, hi)
		return bad
	}
	r := f.temp()
	f.emit(&lsl.Choose{Dst: r, Lo: lo, Hi: hi})
	return val{op: r}
}

func chooseBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 0) {
		return bad
	}
	r := f.temp()
	f.emit(&lsl.Choose{Dst: r, Lo: 0, Hi: 1})
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
			f.errorf(args[0], "%s needs a string literal as its name", callee(x).Name())
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

// casBuiltin translates lsl_cas_* (n = 1) and lsl_dcas_* (n = 2) as in
// Fig. 3.8, with no implied fence:
//
//	atomic { %v := load loc; %c := eq(%v, old); if %c { store loc, new } }
func casBuiltin(n int) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
		if !f.arity(x, args, 3*n) {
			return bad
		}
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

// structPointerBuiltin translates lsl_get_struct_pointer(T, f, p), which
// the header expands to __lsl_get_struct_pointer(p, offsetof(T, f)): the
// pointer loses as many offsets as the member designator has components.
func structPointerBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 2) {
		return bad
	}
	depth := memberDepth(args[1])
	if depth <= 0 {
		f.errorf(x, "lsl_get_struct_pointer needs a struct type and a field name")
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

func abortBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 0) {
		return bad
	}
	f.emit(&lsl.Abort{Msg: "abort()"})
	return val{}
}

package cfront

import (
	"slices"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// C11 atomics (include/stdatomic.h). The generic functions are macros
// around the built-ins below, which translate an atomic access the way
// the LLVM front end translates what clang makes of it
// (frontend/llvm/atomics.go): the access carries A and its memory order
// (lsl/c11.go), the fences of the order's mapping around it carry
// mm-only and a role tag, a read-modify-write is an atomic block, and
// memory_order_consume is acquire (as clang compiles it). A program that
// uses them is a C11 program (lsl.Program.C11): a data race in it is a
// FAIL unless it also synchronises with lsl_fence or lsl_cas
// (CheckFenceSync). An object of an atomic type — an atomic_* typedef, or
// declared _Atomic — read or written with plain C is a seq_cst access,
// and a compound assignment or ++/-- of it a seq_cst read-modify-write,
// as C11 6.5.16.2 says.

// c11Order is a memory order as its LSL tag.
type c11Order string

// c11Orders are the tags of the memory_order enumerators, in their order
// in stdatomic.h; consume is acquire.
var c11Orders = []c11Order{"RLX", "ACQ", "ACQ", "REL", "ACQ_REL", "SC"}

// c11OrderNames name the orders in error messages.
var c11OrderNames = []string{"memory_order_relaxed", "memory_order_consume", "memory_order_acquire",
	"memory_order_release", "memory_order_acq_rel", "memory_order_seq_cst"}

// before are the fences an access of order o needs before it, and after
// those after it: the mapping the LLVM front end uses (lsl.C11FencesBefore).
func (o c11Order) before() []lsl.FenceKind { return lsl.C11FencesBefore(string(o)) }

func (o c11Order) after() []lsl.FenceKind { return lsl.C11FencesAfter(string(o)) }

// afterLoad are the fences after an atomic read: those of its order, or
// for a relaxed one the aliased-loads fence that gives C11's read-read
// coherence on the relaxed model.
func (o c11Order) afterLoad() []lsl.FenceKind {
	if a := o.after(); a != nil {
		return a
	}
	return []lsl.FenceKind{lsl.FenceAliasedLoads}
}

// fence are the fences of atomic_thread_fence(o); a relaxed fence is none.
func (o c11Order) fence() []lsl.FenceKind {
	if b := lsl.C11FenceBarrier(string(o)); b != nil {
		return b.Kinds
	}
	return nil
}

func (o c11Order) tags() []string { return []string{"A", string(o)} }

// mmFences emits the fences ks of an access of kind ("R", "W", "RMW") and
// order o, tagged mm-only with their role.
func (f *fn) mmFences(ks []lsl.FenceKind, after bool, kind string, o c11Order) {
	role := lsl.C11Role{After: after, Kind: kind, Order: string(o)}.Tag()
	for _, k := range ks {
		f.emit(&lsl.Fence{Kind: k, Tags: []string{lsl.TagMMOnly, role}})
	}
}

// c11OrderArg reads a memory-order argument: a constant, one of valid
// (indices into c11Orders) for the operation op.
func (f *fn) c11OrderArg(e cc.ExpressionNode, op string, valid ...int) (c11Order, bool) {
	n, ok := f.intConst(e)
	if !ok {
		f.errorf(e, diag.CodeNotConstant, "the memory order of %s must be a constant (memory_order_…)", op)
		return "", false
	}
	for _, v := range valid {
		if int64(v) == n {
			return c11Orders[n], true
		}
	}
	if n >= 0 && n < int64(len(c11OrderNames)) {
		f.errorf(e, diag.CodeUnknownKind, "%s is not a memory order of %s (C11 7.17.7)", c11OrderNames[n], op)
	} else {
		f.errorf(e, diag.CodeUnknownKind, "%d is not a memory order", n)
	}
	return "", false
}

const (
	moRelaxed = iota
	moConsume
	moAcquire
	moRelease
	moAcqRel
	moSeqCst
)

var (
	loadOrders  = []int{moRelaxed, moConsume, moAcquire, moSeqCst}
	storeOrders = []int{moRelaxed, moRelease, moSeqCst}
	anyOrder    = []int{moRelaxed, moConsume, moAcquire, moRelease, moAcqRel, moSeqCst}
)

func init() {
	for name, b := range map[string]builtin{
		"__c11_load":         c11LoadBuiltin,
		"__c11_store":        c11StoreBuiltin,
		"__c11_exchange":     c11ExchangeBuiltin,
		"__c11_fetch":        c11FetchBuiltin,
		"__c11_cmpxchg":      c11CmpxchgBuiltin,
		"__c11_fence":        c11FenceBuiltin,
		"__c11_signal_fence": c11SignalFenceBuiltin,
		"__c11_init":         c11InitBuiltin,
	} {
		builtins[name] = b
		apiNames[name] = true
	}
}

// c11Object is the atomic object an atomic function's pointer argument
// points to: its address, type and C text.
func (f *fn) c11Object(e cc.ExpressionNode) (lval, bool) {
	t := elemType(e.Type())
	if t == nil {
		f.errorf(e, diag.CodeType, "the first argument of an atomic function must point to an atomic object")
		return lval{}, false
	}
	switch f.t.class(t) {
	case tcInt, tcPtr:
	default:
		f.errorf(e, diag.CodeUnsupported, "atomic objects of type %s are not supported (only integers and pointers)", t)
		return lval{}, false
	}
	p := f.rvalue(e)
	f.t.prog.C11 = true
	return lval{addr: p.op, prov: p.prov, typ: t, text: derefText(e)}, true
}

// c11Load emits an atomic load of lv with order o.
func (f *fn) c11Load(lv lval, o c11Order) val {
	f.t.prog.C11 = true
	r := f.temp()
	f.mmFences(o.before(), false, "R", o)
	f.emit(&lsl.Load{Dst: r, Addr: lv.addr, Expr: lv.text, Tags: o.tags()})
	f.mmFences(o.afterLoad(), true, "R", o)
	return val{op: r}
}

// c11Store emits an atomic store of v to lv with order o.
func (f *fn) c11Store(lv lval, v lsl.Operand, o c11Order) {
	f.t.prog.C11 = true
	f.mmFences(o.before(), false, "W", o)
	f.emit(&lsl.Store{Addr: lv.addr, Val: v, Expr: lv.text, Tags: o.tags()})
	f.mmFences(o.after(), true, "W", o)
}

// c11RMW emits an atomic read-modify-write of lv with order o: an atomic
// block that loads the old value, computes the new one (compute emits
// its code inside the block) and stores it. It returns both.
func (f *fn) c11RMW(lv lval, o c11Order, compute func(old val) val) (old, nw val) {
	f.t.prog.C11 = true
	f.mmFences(o.before(), false, "RMW", o)
	r := f.temp()
	body := f.sub(func() {
		f.emit(&lsl.Load{Dst: r, Addr: lv.addr, Expr: lv.text, Tags: o.tags()})
		nw = compute(val{op: r})
		f.emit(&lsl.Store{Addr: lv.addr, Val: nw.op, Expr: lv.text, Tags: o.tags()})
	})
	f.emit(&lsl.Atomic{Body: body})
	f.mmFences(o.after(), true, "RMW", o)
	return val{op: r}, nw
}

func c11LoadBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 2) {
		return bad
	}
	lv, ok := f.c11Object(args[0])
	if !ok {
		return bad
	}
	o, ok := f.c11OrderArg(args[1], "atomic_load", loadOrders...)
	if !ok {
		return bad
	}
	return f.c11Load(lv, o)
}

// c11ObjectValue checks that an atomic function has n arguments and reads
// its first two: the atomic object, and the value converted to the
// object's type (atomic_store, atomic_exchange, atomic_init).
func (f *fn) c11ObjectValue(x *cc.PostfixExpression, args []cc.ExpressionNode, n int) (lval, val, bool) {
	if !f.arity(x, args, n) {
		return lval{}, val{}, false
	}
	lv, ok := f.c11Object(args[0])
	if !ok {
		return lval{}, val{}, false
	}
	return lv, f.convert(f.rvalue(args[1]), args[1].Type(), lv.typ), true
}

func c11StoreBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	lv, v, ok := f.c11ObjectValue(x, args, 3)
	if !ok {
		return bad
	}
	o, ok := f.c11OrderArg(args[2], "atomic_store", storeOrders...)
	if !ok {
		return bad
	}
	f.c11Store(lv, v.op, o)
	return val{}
}

func c11ExchangeBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	lv, v, ok := f.c11ObjectValue(x, args, 3)
	if !ok {
		return bad
	}
	o, ok := f.c11OrderArg(args[2], "atomic_exchange", anyOrder...)
	if !ok {
		return bad
	}
	old, _ := f.c11RMW(lv, o, func(val) val { return v })
	return old
}

// c11FetchOps are the operations of atomic_fetch_*.
var c11FetchOps = map[string]lsl.Op{"add": lsl.OpAdd, "sub": lsl.OpSub, "or": lsl.OpOr, "xor": lsl.OpXor, "and": lsl.OpAnd}

func c11FetchBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 4) {
		return bad
	}
	lv, ok := f.c11Object(args[0])
	if !ok {
		return bad
	}
	it, isInt := integerType(lv.typ)
	if !isInt {
		f.errorf(x, diag.CodeUnsupported, "atomic_fetch_* on an object of type %s is not supported (only integers)", lv.typ)
		return bad
	}
	name, _ := stringArg(args[3])
	op := c11FetchOps[name]
	v := f.convert(f.rvalue(args[1]), args[1].Type(), lv.typ)
	o, ok := f.c11OrderArg(args[2], "atomic_fetch_"+name, anyOrder...)
	if !ok {
		return bad
	}
	old, _ := f.c11RMW(lv, o, func(old val) val {
		nw := f.apply(op, old.op, v.op)
		if wraps(op, it) {
			nw = f.fit(nw, nil, it)
		}
		return val{op: nw}
	})
	return old
}

// c11CmpxchgBuiltin is atomic_compare_exchange_*: the expected value is
// read (a plain load), the atomic block compares and stores if equal,
// the fences after it are those of the success or the failure order,
// whichever happened, and a failure writes the value found to *expected
// (a plain store), as clang compiles it. The weak form never fails
// spuriously here: a spurious failure only retries a loop.
func c11CmpxchgBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 5) {
		return bad
	}
	lv, ok := f.c11Object(args[0])
	if !ok {
		return bad
	}
	exp := f.rvalue(args[1])
	nw := f.convert(f.rvalue(args[2]), args[2].Type(), lv.typ)
	succ, ok1 := f.c11OrderArg(args[3], "atomic_compare_exchange", anyOrder...)
	fail, ok2 := f.c11OrderArg(args[4], "the failure of atomic_compare_exchange", loadOrders...)
	if !ok1 || !ok2 {
		return bad
	}
	want := f.temp()
	f.emit(&lsl.Load{Dst: want, Addr: exp.op, Expr: derefText(args[1])})
	f.mmFences(succ.before(), false, "RMW", succ)
	old, eq := f.temp(), f.temp()
	body := f.sub(func() {
		// the failure order when the block does not store (lsl.FailTag)
		f.emit(&lsl.Load{Dst: old, Addr: lv.addr, Expr: lv.text, Tags: lsl.CASReadTags(succ.tags(), string(fail))})
		f.emit(&lsl.Assign{Dst: eq, Op: lsl.OpEq, Args: []lsl.Operand{old, want}})
		st := f.sub(func() { f.emit(&lsl.Store{Addr: lv.addr, Val: nw.op, Expr: lv.text, Tags: succ.tags()}) })
		f.emit(&lsl.If{Cond: eq, Then: st})
	})
	f.emit(&lsl.Atomic{Body: body})
	// (as frontend/llvm: one set of fences when both orders need the same)
	sa, fa := succ.after(), fail.afterLoad()
	same := slices.Equal(sa, fa)
	if same {
		f.mmFences(sa, true, "RMW", succ)
	}
	then := f.sub(func() {
		if !same {
			f.mmFences(sa, true, "RMW", succ)
		}
	})
	els := f.sub(func() {
		if !same {
			f.mmFences(fa, true, "RMW", fail)
		}
		f.emit(&lsl.Store{Addr: exp.op, Val: old, Expr: derefText(args[1])})
	})
	f.emit(&lsl.If{Cond: eq, Then: then, Else: els})
	return val{op: eq, b01: true}
}

func c11FenceBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	o, ok := f.c11OrderArg(args[0], "atomic_thread_fence", anyOrder...)
	if !ok {
		return bad
	}
	f.t.prog.C11 = true
	for i, k := range o.fence() {
		tags := []string{lsl.TagMMOnly}
		if i == 0 {
			tags = []string{string(o)}
		}
		f.emit(&lsl.Fence{Kind: k, Tags: tags})
	}
	return val{}
}

// c11SignalFenceBuiltin: atomic_signal_fence orders nothing between
// threads.
func c11SignalFenceBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	if !f.arity(x, args, 1) {
		return bad
	}
	f.c11OrderArg(args[0], "atomic_signal_fence", anyOrder...)
	return val{}
}

// c11InitBuiltin: atomic_init is a plain store (C11 7.17.2.2).
func c11InitBuiltin(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
	lv, v, ok := f.c11ObjectValue(x, args, 2)
	if !ok {
		return bad
	}
	f.emit(&lsl.Store{Addr: lv.addr, Val: v.op, Expr: lv.text})
	return val{}
}

// c11Typedefs are stdatomic.h's atomic types.
var c11Typedefs = map[string]bool{
	"atomic_bool": true, "atomic_char": true, "atomic_schar": true, "atomic_uchar": true,
	"atomic_short": true, "atomic_ushort": true, "atomic_int": true, "atomic_uint": true,
	"atomic_long": true, "atomic_ulong": true, "atomic_llong": true, "atomic_ullong": true,
	"atomic_intptr_t": true, "atomic_uintptr_t": true, "atomic_size_t": true,
	"atomic_ptrdiff_t": true, "atomic_intmax_t": true, "atomic_uintmax_t": true, "atomic_flag": true,
}

// isC11Typedef reports whether t is one of stdatomic.h's atomic types.
func isC11Typedef(t cc.Type) bool {
	if t == nil {
		return false
	}
	d := t.Typedef()
	return d != nil && c11Typedefs[d.Name()] && isSysHeader(d)
}

// isSysHeader reports whether d is declared in an embedded header.
func isSysHeader(d *cc.Declarator) bool {
	return strings.HasPrefix(d.Position().Filename, sysDir+"/")
}

// isAtomicDeclarator reports whether d declares an atomic object: _Atomic
// among its specifiers and no pointer in its declarator (precheck.go
// refuses _Atomic T *p, whose atomicity cc does not keep in the type).
func isAtomicDeclarator(d *cc.Declarator) bool {
	return d != nil && d.IsAtomic() && d.Pointer == nil
}

// atomicObject reports whether the lvalue e (of object type t) designates
// an atomic object.
func atomicObject(e cc.ExpressionNode, t cc.Type) bool {
	if isC11Typedef(t) {
		return true
	}
	switch x := stripParens(e).(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			d, _ := x.ResolvedTo().(*cc.Declarator)
			return isAtomicDeclarator(d)
		}
	case *cc.PostfixExpression:
		if (x.Case == cc.PostfixExpressionSelect || x.Case == cc.PostfixExpressionPSelect) && x.Field() != nil {
			return isAtomicDeclarator(x.Field().Declarator())
		}
	}
	return false
}

package litmus

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// order is a C11 memory order.
type order uint8

const (
	relaxed order = iota
	consume
	acquire
	release
	acqRel
	seqCst
)

// C11 tags for cat models (rc11.cat, c11.cat): A on atomic accesses, NA on
// plain ones, and the memory order.
var (
	plainTags = []string{"NA"}
	orderTags = map[order]string{relaxed: "RLX", consume: "CON", acquire: "ACQ", release: "REL", acqRel: "ACQ_REL", seqCst: "SC"}
)

// atomicTags are the tags of an atomic access of order o.
func atomicTags(o order) []string { return []string{"A", orderTags[o]} }

var orderNames = map[string]order{
	"memory_order_relaxed": relaxed, "memory_order_consume": consume, "memory_order_acquire": acquire,
	"memory_order_release": release, "memory_order_acq_rel": acqRel, "memory_order_seq_cst": seqCst,
}

// The fences around an access of each order (doc.go has the table): an
// acquire access is followed by load-load and load-store fences, a release
// access preceded by load-store and store-store fences; a seq_cst store is
// also followed by a full fence (the trailing-fence mapping of x86), a
// seq_cst read-modify-write has full fences on both sides.
var (
	acquireFences = []lsl.FenceKind{lsl.FenceLoadLoad, lsl.FenceLoadStore}
	releaseFences = []lsl.FenceKind{lsl.FenceLoadStore, lsl.FenceStoreStore}
	fullFence     = []lsl.FenceKind{lsl.FenceFull}
)

// accessKind is what a builtin does.
type accessKind uint8

const (
	cLoad accessKind = iota + 1
	cStore
	cRMW // exchange or fetch_op: returns the old value
	cCAS // C11 compare_exchange(a, &expected, desired): returns success
	cFence
)

// cBuiltin describes one supported function.
type cBuiltin struct {
	kind     accessKind
	order    order // when explicit is false
	explicit bool  // the memory order is the last argument(s)
	deref    bool  // the location is written *a (READ_ONCE, WRITE_ONCE)
	op       lsl.Op
}

var cBuiltins = map[string]cBuiltin{
	// C11
	"atomic_load":                             {kind: cLoad, order: seqCst},
	"atomic_load_explicit":                    {kind: cLoad, explicit: true},
	"atomic_store":                            {kind: cStore, order: seqCst},
	"atomic_store_explicit":                   {kind: cStore, explicit: true},
	"atomic_exchange":                         {kind: cRMW, order: seqCst},
	"atomic_exchange_explicit":                {kind: cRMW, explicit: true},
	"atomic_thread_fence":                     {kind: cFence, explicit: true},
	"atomic_compare_exchange_strong":          {kind: cCAS, order: seqCst},
	"atomic_compare_exchange_weak":            {kind: cCAS, order: seqCst},
	"atomic_compare_exchange_strong_explicit": {kind: cCAS, explicit: true},
	"atomic_compare_exchange_weak_explicit":   {kind: cCAS, explicit: true},
}

func init() {
	for _, op := range []struct {
		name string
		op   lsl.Op
	}{{"add", lsl.OpAdd}, {"sub", lsl.OpSub}, {"and", lsl.OpAnd}, {"or", lsl.OpOr}, {"xor", lsl.OpXor}} {
		cBuiltins["atomic_fetch_"+op.name] = cBuiltin{kind: cRMW, order: seqCst, op: op.op}
		cBuiltins["atomic_fetch_"+op.name+"_explicit"] = cBuiltin{kind: cRMW, explicit: true, op: op.op}
	}
}

// cCall translates a call of a builtin; as a statement its value is unused.
func (p *parser) cCall(f *cFunc, stmt bool) lsl.Operand {
	if p.isKernelCall(f, p.lx.peek().text) {
		return p.kernelCall(f, stmt)
	}
	name := p.lx.next()
	b, ok := cBuiltins[name.text]
	if !ok {
		p.failf(name.pos, "unsupported function %s (supported: the C11 atomics atomic_load*, atomic_store*, "+
			"atomic_exchange*, atomic_fetch_{add,sub,and,or,xor}*, atomic_compare_exchange_{strong,weak}*, "+
			"atomic_thread_fence, and the Linux-kernel primitives of linux.h: READ_ONCE, smp_mb, xchg*, atomic_*, "+
			"spin_lock, rcu_read_lock, …)", name.text)
	}
	if p.t.C11Atomic == "" {
		p.t.C11Atomic = name.text
	}
	pos := name.pos
	p.expect("(")
	th := f.th
	var addr lsl.Operand
	var expr string
	if b.kind != cFence {
		addr, expr = p.cLocArg(f, b.deref)
	}
	var args []lsl.Operand
	var expected lsl.Reg
	var expectedLoc lsl.Operand // C11 compare_exchange(a, e, v): e points to the expected value
	var expectedExpr string
	switch b.kind {
	case cStore, cRMW:
		p.expect(",")
		args = append(args, p.cExpr(f))
	case cCAS:
		p.expect(",")
		if t := p.lx.peek(); t.kind == tIdent && f.params[t.text] {
			p.lx.next()
			expectedLoc, expectedExpr = lsl.Const{V: lsl.Ptr(p.loc(t.text))}, t.text
		} else {
			amp := p.expect("&")
			r := p.lx.next()
			if r.kind != tIdent || !f.locals[r.text] {
				p.failf(amp.pos, "the expected value of %s must be &r for a declared register r, or a location", name.text)
			}
			expected = th.reg(r.text)
		}
		p.expect(",")
		args = append(args, p.cExpr(f))
	}
	ord := b.order
	failOrd := ord
	if b.explicit {
		if b.kind != cFence {
			p.expect(",")
		}
		ord = p.cOrder(name)
		failOrd = ord
		if b.kind == cCAS {
			// the failure order: the success order's fences cover it on
			// the .mm models; cat models see it as the load's tag
			p.expect(",")
			if failOrd = p.cOrder(name); failOrd == release || failOrd == acqRel {
				p.failf(name.pos, "the failure order of %s cannot be release or acq_rel", name.text)
			}
		}
	}
	if b.kind == cCAS && b.order == seqCst && !b.explicit {
		failOrd = seqCst
	}
	p.expect(")")
	if !stmt && (b.kind == cStore || b.kind == cFence) {
		p.failf(pos, "%s has no value", name.text)
	}
	tags := atomicTags(ord)
	switch b.kind {
	case cFence:
		switch name.text {
		case "smp_rmb":
			th.fence(lsl.FenceLoadLoad, pos)
		case "smp_wmb":
			th.fence(lsl.FenceStoreStore, pos)
		default:
			// for cat models the first fence is the C11 fence (F and
			// its order); the others only serve the .mm models
			for i, k := range fenceOrderFences(ord) {
				if i == 0 {
					th.fence(k, pos, orderTags[ord])
				} else {
					th.fence(k, pos, mmOnly)
				}
			}
		}
		return nil
	case cLoad:
		if ord == release || ord == acqRel {
			p.failf(pos, "a load cannot have order %s", orderName(ord))
		}
		if ord == seqCst {
			// the leading fence of the clang front end's mapping: a
			// hardware model's mapping puts its fence there (sync on
			// Power, fence rw,rw on RISC-V)
			p.cFences(th, fullFence, pos, lsl.C11Role{Kind: "R", Order: "SC"})
		}
		r := th.tmp()
		th.emit(&lsl.Load{Dst: r, Addr: addr, Expr: expr, Tags: tags, Pos: pos})
		if ord != relaxed {
			p.cFences(th, acquireFences, pos, lsl.C11Role{After: true, Kind: "R", Order: orderTags[ord]})
		}
		return r
	case cStore:
		if ord == acquire || ord == consume || ord == acqRel {
			p.failf(pos, "a store cannot have order %s", orderName(ord))
		}
		if ord != relaxed {
			p.cFences(th, releaseFences, pos, lsl.C11Role{Kind: "W", Order: orderTags[ord]})
		}
		th.emit(&lsl.Store{Addr: addr, Val: args[0], Expr: expr, Tags: tags, Pos: pos})
		if ord == seqCst {
			p.cFences(th, fullFence, pos, lsl.C11Role{After: true, Kind: "W", Order: "SC"})
		}
		return nil
	}
	// read-modify-writes: an atomic block between the order's fences; for
	// cat models both its load and its store carry A and the order (herd
	// has one event with the order)
	before, after := rmwFences(ord)
	p.cFences(th, before, pos, lsl.C11Role{Kind: "RMW", Order: orderTags[ord]})
	var exp lsl.Operand = expected
	if expectedLoc != nil {
		// compare_exchange(a, e, v) reads the expected value from *e
		r := th.tmp()
		th.emit(&lsl.Load{Dst: r, Addr: expectedLoc, Expr: expectedExpr, Tags: plainTags, Pos: pos})
		exp = r
	}
	old := th.tmp()
	var result lsl.Operand = old
	eq := th.tmp()
	body := th.block(pos, func() {
		if b.kind == cCAS && orderTags[failOrd] != orderTags[ord] {
			// the load's order depends on the outcome: choose it, and
			// assume the comparison that goes with the choice
			succeed := th.tmp()
			th.emit(&lsl.Choose{Dst: succeed, Lo: 0, Hi: 1, Pos: pos})
			ok := th.block(pos, func() {
				th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: tags, Pos: pos})
				th.assign(eq, lsl.OpEq, pos, old, exp)
				th.emit(&lsl.Assume{Cond: eq, Pos: pos})
				th.emit(&lsl.Store{Addr: addr, Val: args[0], Expr: expr, Tags: tags, Pos: pos})
			})
			fail := th.block(pos, func() {
				th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: atomicTags(failOrd), Pos: pos})
				th.assign(eq, lsl.OpEq, pos, old, exp)
				ne := th.tmp()
				th.assign(ne, lsl.OpEq, pos, eq, num(0))
				th.emit(&lsl.Assume{Cond: ne, Pos: pos})
			})
			th.emit(&lsl.If{Cond: succeed, Then: ok, Else: fail, Pos: pos})
			return
		}
		th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: tags, Pos: pos})
		switch b.kind {
		case cRMW:
			v := args[0]
			if b.op != 0 {
				n := th.tmp()
				th.assign(n, b.op, pos, old, v)
				v = n
			}
			th.emit(&lsl.Store{Addr: addr, Val: v, Expr: expr, Tags: tags, Pos: pos})
		case cCAS:
			th.assign(eq, lsl.OpEq, pos, old, exp)
			store := th.block(pos, func() { th.emit(&lsl.Store{Addr: addr, Val: args[0], Expr: expr, Tags: tags, Pos: pos}) })
			var update *lsl.Block
			if expectedLoc == nil {
				update = th.block(pos, func() { th.assign(expected, lsl.OpCopy, pos, old) })
			}
			th.emit(&lsl.If{Cond: eq, Then: store, Else: update, Pos: pos})
		}
	})
	th.emit(&lsl.Atomic{Body: body, Pos: pos})
	if b.kind == cCAS {
		result = eq
		// on failure the expected value becomes the current one
		update := th.block(pos, func() {
			if expectedLoc != nil {
				th.emit(&lsl.Store{Addr: expectedLoc, Val: old, Expr: expectedExpr, Tags: plainTags, Pos: pos})
			} else {
				th.assign(expected, lsl.OpCopy, pos, old)
			}
		})
		if expectedLoc != nil || orderTags[failOrd] != orderTags[ord] {
			failed := th.tmp()
			th.assign(failed, lsl.OpEq, pos, eq, num(0))
			th.emit(&lsl.If{Cond: failed, Then: update, Pos: pos})
		}
	}
	p.cFences(th, after, pos, lsl.C11Role{After: true, Kind: "RMW", Order: orderTags[ord]})
	return result
}

// cLocArg reads the location argument: *a for READ_ONCE/WRITE_ONCE,
// otherwise a pointer expression.
func (p *parser) cLocArg(f *cFunc, deref bool) (lsl.Operand, string) {
	if deref {
		p.expect("*")
		return p.cAddress(f)
	}
	t := p.lx.peek()
	if t.is("&") {
		return nil, p.failLoc(t)
	}
	if t.kind == tIdent && f.params[t.text] && (p.lx.peekAt(1).is(",") || p.lx.peekAt(1).is(")")) {
		p.lx.next()
		return lsl.Const{V: lsl.Ptr(p.loc(t.text))}, t.text
	}
	return p.cExpr(f), "*(…)"
}

func (p *parser) failLoc(t token) string {
	p.failf(t.pos, "pass the location as a pointer parameter (x), not &…")
	return ""
}

func (p *parser) cOrder(fn token) order {
	t := p.lx.next()
	o, ok := orderNames[t.text]
	if t.kind != tIdent || !ok {
		p.failf(t.pos, "expected a memory order (memory_order_relaxed, …) in %s, found %s", fn.text, t.describe())
	}
	return o
}

func orderName(o order) string {
	for n, x := range orderNames {
		if x == o {
			return n
		}
	}
	return "?"
}

// cFences emits the fences that implement a C11 order on the .mm models
// (the trailing-fence mapping). They carry the tag mm-only so that cat
// models, which see the orders as tags of the accesses, ignore them (an
// untagged fence would count as a fence of its kind, see
// cat.FenceKindTags), and their role, which places the fences of a
// hardware model's mapping (lsl/c11.go, cat.C11Mapping).
func (p *parser) cFences(th *thread, ks []lsl.FenceKind, pos diag.Pos, role lsl.C11Role) {
	for _, k := range ks {
		th.fence(k, pos, mmOnly, role.Tag())
	}
}

// mmOnly tags fences that only the .mm models should see.
const mmOnly = lsl.TagMMOnly

// fenceOrderFences maps atomic_thread_fence(order) to LSL fences.
func fenceOrderFences(o order) []lsl.FenceKind {
	switch o {
	case consume, acquire:
		return acquireFences
	case release:
		return releaseFences
	case acqRel:
		return []lsl.FenceKind{lsl.FenceLoadLoad, lsl.FenceLoadStore, lsl.FenceStoreStore}
	case seqCst:
		return fullFence
	}
	return nil
}

// rmwFences are the fences before and after a read-modify-write.
func rmwFences(o order) (before, after []lsl.FenceKind) {
	switch o {
	case consume, acquire:
		return nil, acquireFences
	case release:
		return releaseFences, nil
	case acqRel:
		return releaseFences, acquireFences
	case seqCst:
		return fullFence, fullFence
	}
	return nil, nil
}

package litmus

import (
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// The Linux-kernel dialect of C litmus tests (herd's linux-kernel.def):
// READ_ONCE, smp_mb, xchg, atomic_t operations, spinlocks, RCU and SRCU.
// Each access carries the annotations of herd's Linux-kernel model, as
// tags with the names the Linux-kernel cat models read (linux-kernel.cat
// and the built-in lkmm): ONCE, ACQUIRE, RELEASE, MB on marked accesses,
// RMW on both events of a read-modify-write, NORETURN on the read of one
// that returns nothing, LKR/LKW/UL on spinlock events, Srcu-lock and
// Srcu-unlock on SRCU accesses, and fences tagged MB, Rmb, Wmb, Barrier,
// Before-atomic, After-atomic, After-spinlock, After-unlock-lock,
// After-srcu-read-unlock, Rcu-lock, Rcu-unlock, Sync-rcu.
//
// The accesses and fences also carry what the C11 front end gives them
// (a C11 order and the .mm mapping's fences), so that a .mm model or a
// built-in hardware cat model checks the code as compiled for that
// machine (READ_ONCE a plain load, smp_mb a full fence, …). A C11 cat
// model (rc11, c11.cat) does not know the kernel's primitives: Run
// refuses such a test there rather than read it as C11 (KernelUse), and
// so for spinlocks, RCU and SRCU on every model other than the
// Linux-kernel ones.

// The tags of the Linux-kernel model.
const (
	lkOnce     = "ONCE"
	lkAcquire  = "ACQUIRE"
	lkRelease  = "RELEASE"
	lkMb       = "MB"
	lkRMW      = "RMW"
	lkNoreturn = "NORETURN"
)

// kOrder is the annotation of a kernel access: once (relaxed), acquire,
// release, or mb (fully ordered read-modify-write).
type kOrder uint8

const (
	kOnce kOrder = iota
	kAcquire
	kRelease
	kMb
)

func (o kOrder) tag() string {
	return [...]string{lkOnce, lkAcquire, lkRelease, lkMb}[o]
}

// c11 is the C11 order whose compilation the .mm and hardware models see.
func (o kOrder) c11() order {
	return [...]order{relaxed, acquire, release, seqCst}[o]
}

// kKind is what a kernel primitive does.
type kKind uint8

const (
	kLoad      kKind = iota + 1
	kStore           // X, V
	kFence           // a barrier event
	kXchg            // X, V: returns the old value
	kCmpxchg         // X, old, new: returns the old value
	kOp              // V, X (or X alone): no value
	kOpReturn        // V, X: returns the new value
	kFetchOp         // V, X: returns the old value
	kOpTest          // V, X: returns a test of the new value
	kAddUnless       // X, A, U: if *X != U then *X += A; returns *X != U
	kLock
	kUnlock
	kTrylock
	kSrcuLock   // X: returns the cookie
	kSrcuUnlock // X, cookie
	kSrcuSync
)

// kBuiltin describes one kernel primitive.
type kBuiltin struct {
	kind  kKind
	ord   kOrder
	deref bool   // the location is written *a (READ_ONCE, WRITE_ONCE)
	fence string // kFence: the barrier's tag; smp_store_mb: the mb after
	op    lsl.Op // the operation of an atomic_* read-modify-write
	delta int64  // inc/dec: the implicit operand (0: the operand is an argument)
	test  string // kOpTest: "eq0" (new == 0) or "lt0" (new < 0)
	// fenceKind is the LSL fence the .mm models see for a barrier.
	fenceKind lsl.FenceKind
	// onlyLKMM: no .mm or hardware mapping (spinlocks, RCU, SRCU)
	onlyLKMM bool
}

var kBuiltins = map[string]kBuiltin{
	"READ_ONCE":           {kind: kLoad, deref: true},
	"WRITE_ONCE":          {kind: kStore, deref: true},
	"smp_load_acquire":    {kind: kLoad, ord: kAcquire},
	"smp_store_release":   {kind: kStore, ord: kRelease},
	"rcu_dereference":     {kind: kLoad, deref: true},
	"rcu_assign_pointer":  {kind: kStore, ord: kRelease, deref: true},
	"smp_store_mb":        {kind: kStore, deref: true, fence: lkMb},
	"atomic_read":         {kind: kLoad},
	"atomic_set":          {kind: kStore},
	"atomic_read_acquire": {kind: kLoad, ord: kAcquire},
	"atomic_set_release":  {kind: kStore, ord: kRelease},

	"smp_mb":                         {kind: kFence, fence: lkMb, fenceKind: lsl.FenceFull},
	"smp_rmb":                        {kind: kFence, fence: "Rmb", fenceKind: lsl.FenceLoadLoad},
	"smp_wmb":                        {kind: kFence, fence: "Wmb", fenceKind: lsl.FenceStoreStore},
	"smp_mb__before_atomic":          {kind: kFence, fence: "Before-atomic", fenceKind: lsl.FenceFull},
	"smp_mb__after_atomic":           {kind: kFence, fence: "After-atomic", fenceKind: lsl.FenceFull},
	"smp_mb__after_spinlock":         {kind: kFence, fence: "After-spinlock", fenceKind: lsl.FenceFull, onlyLKMM: true},
	"smp_mb__after_unlock_lock":      {kind: kFence, fence: "After-unlock-lock", fenceKind: lsl.FenceFull, onlyLKMM: true},
	"smp_mb__after_srcu_read_unlock": {kind: kFence, fence: "After-srcu-read-unlock", fenceKind: lsl.FenceFull, onlyLKMM: true},
	"barrier":                        {kind: kFence, fence: "Barrier"},
	"rcu_read_lock":                  {kind: kFence, fence: "Rcu-lock", onlyLKMM: true},
	"rcu_read_unlock":                {kind: kFence, fence: "Rcu-unlock", onlyLKMM: true},
	"synchronize_rcu":                {kind: kFence, fence: "Sync-rcu", fenceKind: lsl.FenceFull, onlyLKMM: true},
	"synchronize_rcu_expedited":      {kind: kFence, fence: "Sync-rcu", fenceKind: lsl.FenceFull, onlyLKMM: true},

	"spin_lock":                  {kind: kLock, onlyLKMM: true},
	"spin_unlock":                {kind: kUnlock, onlyLKMM: true},
	"spin_trylock":               {kind: kTrylock, onlyLKMM: true},
	"srcu_read_lock":             {kind: kSrcuLock, onlyLKMM: true},
	"srcu_read_unlock":           {kind: kSrcuUnlock, onlyLKMM: true},
	"srcu_down_read":             {kind: kSrcuLock, onlyLKMM: true},
	"srcu_up_read":               {kind: kSrcuUnlock, onlyLKMM: true},
	"synchronize_srcu":           {kind: kSrcuSync, onlyLKMM: true},
	"synchronize_srcu_expedited": {kind: kSrcuSync, onlyLKMM: true},

	"atomic_add_unless": {kind: kAddUnless, ord: kMb},
}

func init() {
	suffixes := []struct {
		s   string
		ord kOrder
	}{{"", kMb}, {"_relaxed", kOnce}, {"_acquire", kAcquire}, {"_release", kRelease}}
	for _, x := range suffixes {
		for _, pre := range []string{"", "atomic_"} {
			kBuiltins[pre+"xchg"+x.s] = kBuiltin{kind: kXchg, ord: x.ord}
			kBuiltins[pre+"cmpxchg"+x.s] = kBuiltin{kind: kCmpxchg, ord: x.ord}
		}
		for _, op := range []struct {
			name  string
			op    lsl.Op
			delta int64
		}{{"add", lsl.OpAdd, 0}, {"sub", lsl.OpSub, 0}, {"inc", lsl.OpAdd, 1}, {"dec", lsl.OpSub, 1}} {
			kBuiltins["atomic_"+op.name+"_return"+x.s] = kBuiltin{kind: kOpReturn, ord: x.ord, op: op.op, delta: op.delta}
			kBuiltins["atomic_fetch_"+op.name+x.s] = kBuiltin{kind: kFetchOp, ord: x.ord, op: op.op, delta: op.delta}
		}
	}
	for _, op := range []struct {
		name  string
		op    lsl.Op
		delta int64
	}{{"add", lsl.OpAdd, 0}, {"sub", lsl.OpSub, 0}, {"inc", lsl.OpAdd, 1}, {"dec", lsl.OpSub, 1}} {
		kBuiltins["atomic_"+op.name] = kBuiltin{kind: kOp, op: op.op, delta: op.delta}
	}
	kBuiltins["atomic_sub_and_test"] = kBuiltin{kind: kOpTest, ord: kMb, op: lsl.OpSub, test: "eq0"}
	kBuiltins["atomic_dec_and_test"] = kBuiltin{kind: kOpTest, ord: kMb, op: lsl.OpSub, delta: 1, test: "eq0"}
	kBuiltins["atomic_inc_and_test"] = kBuiltin{kind: kOpTest, ord: kMb, op: lsl.OpAdd, delta: 1, test: "eq0"}
	kBuiltins["atomic_add_negative"] = kBuiltin{kind: kOpTest, ord: kMb, op: lsl.OpAdd, test: "lt0"}
}

// isKernelCall reports whether a call of name with its arguments ahead is
// a kernel primitive. atomic_fetch_add and friends exist in both
// dialects: the kernel's takes the operand first (atomic_fetch_add(1, x)),
// C11's the location (atomic_fetch_add(x, 1)).
func (p *parser) isKernelCall(f *cFunc, name string) bool {
	b, ok := kBuiltins[name]
	if !ok {
		return false
	}
	if _, c11 := cBuiltins[name]; c11 && b.kind == kFetchOp {
		first := p.lx.peekAt(2)
		return !(first.kind == tIdent && f.params[first.text] && p.lx.peekAt(3).is(","))
	}
	return true
}

// kernelUse records that the test uses kernel primitive name.
func (p *parser) kernelUse(name string, b kBuiltin, pos diag.Pos) {
	if p.t.Kernel == "" {
		p.t.Kernel = name
	}
	if b.onlyLKMM && p.t.KernelOnly == "" {
		p.t.KernelOnly = name
	}
	if b.kind == kSrcuSync {
		p.unsupported(pos, ReasonSRCUSync, "%s: a grace period of an SRCU domain (an event on a location that is no memory access) is not modelled", name)
	}
}

// kTags are the tags of a kernel access: the C11 order its compilation
// follows and the kernel model's annotations.
func kTags(c11 order, lk ...string) []string {
	return append(atomicTags(c11), lk...)
}

// kernelCall translates a call of a kernel primitive; as a statement its
// value is unused.
func (p *parser) kernelCall(f *cFunc, stmt bool) lsl.Operand {
	name := p.lx.next()
	b := kBuiltins[name.text]
	pos := name.pos
	p.kernelUse(name.text, b, pos)
	th := f.th
	p.expect("(")
	arg := func() lsl.Operand {
		return p.cExpr(f)
	}
	comma := func() { p.expect(",") }
	var addr, v lsl.Operand
	var expr string
	loc := func() { addr, expr = p.cLocArg(f, b.deref) }
	switch b.kind {
	case kFence:
	case kOp, kOpReturn, kFetchOp, kOpTest:
		if b.delta == 0 {
			v = arg()
			comma()
		} else {
			v = num(b.delta)
		}
		loc()
	default:
		loc()
	}
	var args []lsl.Operand
	switch b.kind {
	case kStore, kXchg, kSrcuUnlock:
		comma()
		args = append(args, arg())
	case kCmpxchg, kAddUnless:
		comma()
		args = append(args, arg())
		comma()
		args = append(args, arg())
	}
	p.expect(")")
	hasValue := b.kind != kStore && b.kind != kFence && b.kind != kOp && b.kind != kLock && b.kind != kUnlock && b.kind != kSrcuUnlock && b.kind != kSrcuSync
	if !stmt && !hasValue {
		p.failf(pos, "%s has no value", name.text)
	}
	c11 := b.ord.c11()
	switch b.kind {
	case kFence:
		tags := []string{b.fence}
		switch b.fenceKind {
		case lsl.FenceFull:
			tags = append([]string{orderTags[seqCst]}, tags...)
		case lsl.FenceLoadLoad, lsl.FenceStoreStore:
			// the fence kind's tag, which a hardware cat model maps
			// (cat.FenceKindTags)
			tags = append(tags, b.fenceKind.String())
		}
		th.fence(b.fenceKind, pos, tags...)
		return nil
	case kLoad:
		r := th.tmp()
		th.emit(&lsl.Load{Dst: r, Addr: addr, Expr: expr, Tags: kTags(c11, b.ord.tag()), Pos: pos})
		if b.ord == kAcquire {
			p.cFences(th, acquireFences, pos, lsl.C11Role{After: true, Kind: "R", Order: orderTags[c11]})
		}
		return r
	case kStore:
		if b.ord == kRelease {
			p.cFences(th, releaseFences, pos, lsl.C11Role{Kind: "W", Order: orderTags[c11]})
		}
		th.emit(&lsl.Store{Addr: addr, Val: args[0], Expr: expr, Tags: kTags(c11, b.ord.tag()), Pos: pos})
		if b.fence != "" {
			th.fence(lsl.FenceFull, pos, orderTags[seqCst], b.fence)
		}
		return nil
	case kLock:
		body := th.block(pos, func() {
			old := th.tmp()
			th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: []string{"LKR", lkAcquire, lkRMW}, Pos: pos})
			th.assumeAtEnd(lsl.OpEq, old, num(0), pos)
			th.emit(&lsl.Store{Addr: addr, Val: num(1), Expr: expr, Tags: []string{"LKW", lkOnce, lkRMW}, Pos: pos})
		})
		th.emit(&lsl.Atomic{Body: body, Pos: pos})
		return nil
	case kUnlock:
		th.emit(&lsl.Store{Addr: addr, Val: num(0), Expr: expr, Tags: []string{"UL", lkRelease}, Pos: pos})
		return nil
	case kTrylock:
		return p.kernelTrylock(th, addr, expr, pos)
	case kSrcuLock:
		r := th.tmp()
		th.emit(&lsl.Load{Dst: r, Addr: addr, Expr: expr, Tags: []string{"Srcu-lock"}, Pos: pos})
		return r
	case kSrcuUnlock:
		th.emit(&lsl.Store{Addr: addr, Val: args[0], Expr: expr, Tags: []string{"Srcu-unlock"}, Pos: pos})
		return nil
	case kAddUnless:
		return p.kernelAddUnless(th, addr, expr, args[0], args[1], pos)
	}
	// read-modify-writes: an atomic block between the order's fences (for
	// the .mm and hardware models); both events carry the annotation and
	// RMW, the read of one that returns nothing NORETURN
	ltags := kTags(c11, b.ord.tag(), lkRMW)
	stags := ltags
	if b.kind == kOp {
		ltags = kTags(c11, lkOnce, lkNoreturn, lkRMW)
	}
	before, after := rmwFences(c11)
	p.cFences(th, before, pos, lsl.C11Role{Kind: "RMW", Order: orderTags[c11]})
	var old lsl.Reg
	var result lsl.Operand
	switch b.kind {
	case kCmpxchg:
		old = p.cmpxchg(th, addr, expr, args[0], args[1], pos, ltags, stags)
		result = old
	default:
		var newVal lsl.Operand
		old = th.amo(addr, expr, pos, ltags, stags, func(old lsl.Operand) lsl.Operand {
			if b.kind == kXchg {
				newVal = args[0]
				return newVal
			}
			n := th.tmp()
			th.assign(n, b.op, pos, old, v)
			newVal = n
			return n
		})
		result = old
		switch b.kind {
		case kOpReturn:
			result = newVal
		case kOpTest:
			r := th.tmp()
			if b.test == "lt0" {
				th.assign(r, lsl.OpLt, pos, newVal, num(0))
			} else {
				th.assign(r, lsl.OpEq, pos, newVal, num(0))
			}
			result = r
		}
	}
	p.cFences(th, after, pos, lsl.C11Role{After: true, Kind: "RMW", Order: orderTags[c11]})
	if b.kind == kOp {
		return nil
	}
	return result
}

// cmpxchg emits the kernel's compare-and-exchange: it reads *addr and, if
// the value is old, writes new; it returns the value read. Like herd, a
// success and a failure are two executions of one instruction (no
// control dependency): the outcome is a choice, the comparison is assumed
// at the end of the thread (tail).
func (p *parser) cmpxchg(th *thread, addr lsl.Operand, expr string, old, v lsl.Operand, pos diag.Pos, ltags, stags []string) lsl.Reg {
	return th.cas(addr, expr, old, v, pos, ltags, stags)
}

// kernelTrylock: spin_trylock(x) takes the lock (LKR, LKW) and returns 1,
// or finds it taken (a read LF of a value other than 0) and returns 0.
func (p *parser) kernelTrylock(th *thread, addr lsl.Operand, expr string, pos diag.Pos) lsl.Operand {
	got, old := th.tmp(), th.tmp()
	th.emit(&lsl.Choose{Dst: got, Lo: 0, Hi: 1, Pos: pos})
	lock := th.block(pos, func() {
		body := th.block(pos, func() {
			th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: []string{"LKR", lkAcquire, lkRMW}, Pos: pos})
			th.assumeAtEnd(lsl.OpEq, old, num(0), pos)
			th.emit(&lsl.Store{Addr: addr, Val: num(1), Expr: expr, Tags: []string{"LKW", lkOnce, lkRMW}, Pos: pos})
		})
		th.emit(&lsl.Atomic{Body: body, Pos: pos})
	})
	fail := th.block(pos, func() {
		th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: []string{"LF"}, Pos: pos})
		th.assumeAtEnd(lsl.OpNe, old, num(0), pos)
	})
	th.emit(&lsl.If{Cond: got, Then: lock, Else: fail, Pos: pos})
	return got
}

// kernelAddUnless: atomic_add_unless(x, a, u) adds a to *x unless *x is
// u, fully ordered when it adds (Dat3M's translation: smp_mb around the
// read-modify-write); it returns whether it added.
func (p *parser) kernelAddUnless(th *thread, addr lsl.Operand, expr string, a, u lsl.Operand, pos diag.Pos) lsl.Operand {
	added := th.tmp()
	th.emit(&lsl.Choose{Dst: added, Lo: 0, Hi: 1, Pos: pos})
	mb := func() { th.fence(lsl.FenceFull, pos, orderTags[seqCst], lkMb) }
	add := th.block(pos, func() {
		mb()
		body := th.block(pos, func() {
			old := th.tmp()
			th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: kTags(relaxed, lkOnce, lkRMW), Pos: pos})
			th.assumeAtEnd(lsl.OpNe, old, u, pos)
			n := th.tmp()
			th.assign(n, lsl.OpAdd, pos, old, a)
			th.emit(&lsl.Store{Addr: addr, Val: n, Expr: expr, Tags: kTags(relaxed, lkOnce, lkRMW), Pos: pos})
		})
		th.emit(&lsl.Atomic{Body: body, Pos: pos})
		mb()
	})
	keep := th.block(pos, func() {
		old := th.tmp()
		th.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: kTags(relaxed, lkOnce), Pos: pos})
		th.assumeAtEnd(lsl.OpEq, old, u, pos)
	})
	th.emit(&lsl.If{Cond: added, Then: add, Else: keep, Pos: pos})
	return added
}

// kernelTypeNames are the kernel's types of litmus test parameters.
func isKernelTypeName(s string) bool {
	return s == "spinlock_t" || s == "atomic_t" || strings.HasPrefix(s, "srcu_struct")
}

// assumeAtEnd assumes a op b, evaluated now, at the end of the thread: an
// assumption orders nothing there, where in place it would be a control
// dependency of everything after it (herd's outcomes of a lock or an
// atomic_add_unless are alternatives, not branches). The condition starts
// true, so that a branch not taken assumes nothing.
func (th *thread) assumeAtEnd(op lsl.Op, a, b lsl.Operand, pos diag.Pos) {
	ok := th.tmp()
	th.regSet[string(ok)] = true
	th.hidden = append(th.hidden, &lsl.Assign{Dst: ok, Op: lsl.OpCopy, Args: []lsl.Operand{num(1)}, Pos: pos})
	th.assign(ok, op, pos, a, b)
	th.tail = append(th.tail, func() { th.emit(&lsl.Assume{Cond: ok, Pos: pos}) })
}

// Unsupported reasons of the kernel dialect.
const (
	ReasonSRCUSync    = "synchronize_srcu"
	ReasonKernelModel = "Linux-kernel primitive without an LKMM model"
	ReasonDialects    = "C11 atomics with an LKMM model"
)

// initValue reads the value of an initial-state item; the kernel's
// ATOMIC_INIT(v) (an atomic_t's initializer) is v.
func (p *parser) initValue() lsl.Value {
	if t := p.lx.peek(); t.kind == tIdent && t.text == "ATOMIC_INIT" && p.lx.peekAt(1).is("(") {
		p.lx.next()
		p.lx.next()
		v, _ := p.value()
		p.expect(")")
		return v
	}
	v, _ := p.value()
	return v
}

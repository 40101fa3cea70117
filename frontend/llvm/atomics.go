package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
)

// C11 orderings become fences around plain accesses (doc.go, "Atomics
// and orderings"). One mapping serves every memory model: it is the one
// the weakest built-in models (relaxed, rmo) need, and on stronger models
// the fences they do not need are no-ops.

var (
	acquireFences = []lsl.FenceKind{lsl.FenceLoadLoad, lsl.FenceLoadStore}
	releaseFences = []lsl.FenceKind{lsl.FenceLoadStore, lsl.FenceStoreStore}
	fullFence     = []lsl.FenceKind{lsl.FenceFull}
)

// fencesBefore are the fences an access of ordering o needs before it.
func fencesBefore(o enum.AtomicOrdering) []lsl.FenceKind {
	switch o {
	case enum.AtomicOrderingRelease, enum.AtomicOrderingAcquireRelease:
		return releaseFences
	case enum.AtomicOrderingSequentiallyConsistent:
		return fullFence
	}
	return nil
}

// fencesAfter are the fences an access of ordering o needs after it.
func fencesAfter(o enum.AtomicOrdering) []lsl.FenceKind {
	switch o {
	case enum.AtomicOrderingAcquire, enum.AtomicOrderingAcquireRelease:
		return acquireFences
	case enum.AtomicOrderingSequentiallyConsistent:
		return fullFence
	}
	return nil
}

// fenceFences maps a fence instruction's ordering.
func fenceFences(o enum.AtomicOrdering) []lsl.FenceKind {
	switch o {
	case enum.AtomicOrderingAcquire:
		return acquireFences
	case enum.AtomicOrderingRelease:
		return releaseFences
	case enum.AtomicOrderingAcquireRelease:
		return []lsl.FenceKind{lsl.FenceLoadLoad, lsl.FenceLoadStore, lsl.FenceStoreStore}
	case enum.AtomicOrderingSequentiallyConsistent:
		return fullFence
	}
	return nil
}

func (f *fn) fences(ks []lsl.FenceKind) {
	for _, k := range ks {
		f.emit(&lsl.Fence{Kind: k})
	}
}

// For cat models atomics carry C11 tags instead (lsl/c11.go): A and the
// ordering on the access, the ordering on a fence instruction's first
// fence. The fences of the mapping above are tagged mm-only so that cat
// models ignore them (an untagged fence counts as a fence of its kind),
// and with their role, which places the fences of a hardware model's
// mapping (cat.C11Mapping).

const mmOnly = lsl.TagMMOnly

// orderingTags are the tags of an atomic access of ordering o.
func orderingTags(o enum.AtomicOrdering) []string {
	switch o {
	case enum.AtomicOrderingAcquire:
		return []string{"A", "ACQ"}
	case enum.AtomicOrderingRelease:
		return []string{"A", "REL"}
	case enum.AtomicOrderingAcquireRelease:
		return []string{"A", "ACQ_REL"}
	case enum.AtomicOrderingSequentiallyConsistent:
		return []string{"A", "SC"}
	}
	return []string{"A", "RLX"}
}

// mmFences emits the fences of the ordering mapping, tagged mm-only and
// with the role of fences before (after) an access of kind kind ("R",
// "W", "RMW") and ordering o.
func (f *fn) mmFences(ks []lsl.FenceKind, after bool, kind string, o enum.AtomicOrdering) {
	role := lsl.C11Role{After: after, Kind: kind, Order: orderingTags(o)[1]}.Tag()
	for _, k := range ks {
		f.emit(&lsl.Fence{Kind: k, Tags: []string{mmOnly, role}})
	}
}

// singleThread reports a syncscope("singlethread") access or fence
// (atomic_signal_fence): it orders nothing between threads.
func singleThread(scope string) bool { return scope == "singlethread" }

func (f *fn) fenceInst(in *ir.InstFence) {
	if singleThread(in.SyncScope) {
		return
	}
	ks := fenceFences(in.Ordering)
	for i, k := range ks {
		tags := []string{mmOnly}
		if i == 0 {
			tags = orderingTags(in.Ordering)[1:]
		}
		f.emit(&lsl.Fence{Kind: k, Tags: tags})
	}
}

// atomicLoad: a load with the fences of its ordering. Every atomic load is
// followed by an aliased-loads fence: C11 promises read-read coherence even
// for relaxed atomics, which the relaxed model only gives with that fence
// (acquire and seq_cst loads are ordered by their own fences anyway).
func (f *fn) atomicLoad(l *ir.InstLoad) {
	p := f.ptr(l.Src)
	addr := f.atomicAccess(p, l.ElemType)
	defer f.loadedIntObj(l, p)
	o := l.Ordering
	if singleThread(l.SyncScope) {
		o = enum.AtomicOrderingMonotonic
	}
	f.mmFences(fencesBefore(o), false, "R", o)
	f.emit(&lsl.Load{Dst: f.reg(l), Addr: addr, Expr: f.exprText(l.Src), Tags: orderingTags(o)})
	f.mmFences(loadFencesAfter(o), true, "R", o)
}

// loadFencesAfter are the fences an atomic read of ordering o needs after
// it: those of the ordering, or, for a relaxed read, the aliased-loads
// fence that gives C11's read-read coherence on the relaxed model.
func loadFencesAfter(o enum.AtomicOrdering) []lsl.FenceKind {
	after := fencesAfter(o)
	if after == nil && o != enum.AtomicOrderingUnordered {
		after = []lsl.FenceKind{lsl.FenceAliasedLoads}
	}
	return after
}

// atomicStore: a store with the fences of its ordering.
func (f *fn) atomicStore(s *ir.InstStore) {
	addr := f.atomicAccess(f.ptr(s.Dst), s.Src.Type())
	val := f.val(s.Src)
	o := s.Ordering
	if singleThread(s.SyncScope) {
		o = enum.AtomicOrderingMonotonic
	}
	f.mmFences(fencesBefore(o), false, "W", o)
	f.emit(&lsl.Store{Addr: addr, Val: val, Expr: f.exprText(s.Dst), Tags: orderingTags(o)})
	f.mmFences(fencesAfter(o), true, "W", o)
}

// cmpxchg is an atomic block that compares and conditionally stores
// (Fig. 3.8). Fences: those before the success ordering, and after it
// those of the success or the failure ordering, whichever happened. The
// load's tags are the success ordering's, and the failure ordering's
// when the block does not store (lsl.CASReadTags).
func (f *fn) cmpxchg(in *ir.InstCmpXchg) {
	t := in.Cmp.Type()
	if !isScalar(t) {
		f.fail(diag.CodeUnsupported, "cmpxchg of type %s is not supported", t)
	}
	addr := f.atomicAccess(f.ptr(in.Ptr), t)
	cmp, nw := f.val(in.Cmp), f.val(in.New)
	expr := f.exprText(in.Ptr)
	old, ok := f.temp(), f.temp()
	f.mmFences(fencesBefore(in.SuccessOrdering), false, "RMW", in.SuccessOrdering)
	// the load has the failure order when the block does not store
	// (lsl.FailTag): rc11 and the race check read it
	tags := orderingTags(in.SuccessOrdering)
	ltags := lsl.CASReadTags(tags, orderingTags(in.FailureOrdering)[1])
	body := f.sub(func() {
		f.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: ltags})
		f.emit(&lsl.Assign{Dst: ok, Op: lsl.OpEq, Args: []lsl.Operand{old, cmp}})
		st := f.sub(func() { f.emit(&lsl.Store{Addr: addr, Val: nw, Expr: expr, Tags: tags}) })
		f.emit(&lsl.If{Cond: ok, Then: st})
	})
	f.emit(&lsl.Atomic{Body: body})
	// A failed cmpxchg only loads, so it gets the fences of an atomic
	// load: without the aliased-loads fence of a relaxed one, the relaxed
	// model lets a retry loop's next cmpxchg read an older value of the
	// location than the last one read (Top = A, B, A, … in a Treiber
	// push). A successful one stores, and a later load of the location
	// reads that store or a newer one.
	succ, fail := fencesAfter(in.SuccessOrdering), loadFencesAfter(in.FailureOrdering)
	if sameFences(succ, fail) { // (then both orders map alike on every target)
		f.mmFences(succ, true, "RMW", in.SuccessOrdering)
	} else {
		then := f.sub(func() { f.mmFences(succ, true, "RMW", in.SuccessOrdering) })
		var els *lsl.Block
		if len(fail) > 0 {
			els = f.sub(func() { f.mmFences(fail, true, "RMW", in.FailureOrdering) })
		}
		f.emit(&lsl.If{Cond: ok, Then: then, Else: els})
	}
	f.pairs[in] = [2]lsl.Operand{old, ok}
}

func sameFences(a, b []lsl.FenceKind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// atomicRMW is an atomic block: load, compute, store.
func (f *fn) atomicRMW(in *ir.InstAtomicRMW) {
	t := in.X.Type()
	if !isScalar(t) {
		f.fail(diag.CodeUnsupported, "atomicrmw of type %s is not supported", t)
	}
	addr := f.atomicAccess(f.ptr(in.Dst), t)
	x := f.val(in.X)
	expr := f.exprText(in.Dst)
	old := f.reg(in)
	f.mmFences(fencesBefore(in.Ordering), false, "RMW", in.Ordering)
	tags := orderingTags(in.Ordering)
	body := f.sub(func() {
		f.emit(&lsl.Load{Dst: old, Addr: addr, Expr: expr, Tags: tags})
		var nw lsl.Operand
		switch in.Op {
		case enum.AtomicOpXChg:
			nw = x
		case enum.AtomicOpAdd:
			nw = f.apply(lsl.OpAdd, old, x)
		case enum.AtomicOpSub:
			nw = f.apply(lsl.OpSub, old, x)
		case enum.AtomicOpAnd:
			nw = f.apply(lsl.OpAnd, old, x)
		case enum.AtomicOpOr:
			nw = f.apply(lsl.OpOr, old, x)
		case enum.AtomicOpXor:
			nw = f.apply(lsl.OpXor, old, x)
		case enum.AtomicOpNAnd:
			nw = f.apply(lsl.OpBitNot, f.apply(lsl.OpAnd, old, x))
		case enum.AtomicOpMax:
			nw = f.apply(lsl.OpSelect, f.apply(lsl.OpLt, old, x), x, old)
		case enum.AtomicOpMin:
			nw = f.apply(lsl.OpSelect, f.apply(lsl.OpLt, x, old), x, old)
		case enum.AtomicOpUMax:
			nw = f.apply(lsl.OpSelect, f.apply(lsl.OpLt, f.unsignedView(old, t), f.unsignedView(x, t)), x, old)
		case enum.AtomicOpUMin:
			nw = f.apply(lsl.OpSelect, f.apply(lsl.OpLt, f.unsignedView(x, t), f.unsignedView(old, t)), x, old)
		default:
			f.fail(diag.CodeUnsupported, "atomicrmw %s is not supported", in.Op)
		}
		f.emit(&lsl.Store{Addr: addr, Val: nw, Expr: expr, Tags: tags})
	})
	f.emit(&lsl.Atomic{Body: body})
	f.mmFences(fencesAfter(in.Ordering), true, "RMW", in.Ordering)
}

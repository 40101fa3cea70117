package refcheck

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// fencedStores reports whether every store of p is followed in the run by
// a store of the thread to the same address and then by a full or
// store-store fence, and, unless the model keeps loads in order
// (inOrder), whether no load that may read the store's block follows
// another load of its thread unordered (lsl.LoadOrders): no load past the
// cut can read the stores then (docs/semantics.md, "Storing rounds behind
// fences").
func (x *interp) fencedStores(p pendingCycle, inOrder bool) bool {
	if len(p.stores) == 0 || x.loadOrder == nil {
		return false
	}
	lo := x.loadOrder
	if !inOrder && (lo.StoreAfterLoad || lo.AnyLoadAfterLoad) {
		return false
	}
	for _, st := range p.stores {
		a := x.r.instrs[st].addr
		if len(a.Ptr) == 0 {
			return false
		}
		if !inOrder && lo.LoadAfterLoad[a.Ptr[0]] {
			return false
		}
		overwritten, fenced := false, false
		for j := p.hi; j < len(x.r.instrs) && !fenced; j++ {
			in := x.r.instrs[j]
			switch {
			case in.kind == axioms.Store && in.addr.Equal(a):
				overwritten = true
			case overwritten && in.kind == axioms.Fence && (in.fence == lsl.FenceFull || in.fence == lsl.FenceStoreStore):
				f, ok := in.stmt.(*lsl.Fence)
				fenced = ok && f.Cand == 0
			}
		}
		if !fenced {
			return false
		}
	}
	return true
}

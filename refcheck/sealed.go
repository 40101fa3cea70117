package refcheck

// sealedStores reports whether every store of p goes to a block sealed for
// the run's thread (lsl.SealedBlocks): no other thread accesses it, so no
// load after the cut but the thread's own, which the superseding store
// covers, can read them (docs/semantics.md, "Storing rounds into sealed
// blocks").
func (x *interp) sealedStores(p pendingCycle) bool {
	if len(p.stores) == 0 {
		return false
	}
	for _, st := range p.stores {
		a := x.r.instrs[st].addr
		if len(a.Ptr) == 0 {
			return false
		}
		if t, ok := x.sealed[a.Ptr[0]]; !ok || t != x.ti {
			return false
		}
	}
	return true
}

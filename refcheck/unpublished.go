package refcheck

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// Storing reload rounds into unpublished blocks (docs/semantics.md; the
// engine's encode/reload_unpublished.go), on concrete runs: on sc, a
// storing reload round guessed unread whose thread is cut off inside its
// loop after it, with its stores superseded, is deleted although other
// threads run, when every store of the round goes to a block only its
// thread's code names (a fresh or local block) and no store of the
// combination holds a pointer into one of those blocks or a composite.

// privateBlocksOf returns the blocks p's stores go to when each is a
// fresh or local block whose address constant occurs in this thread's
// code and no other's.
func (x *interp) privateBlocksOf(p pendingCycle) ([]int64, bool) {
	var out []int64
	for _, st := range p.stores {
		a := x.r.instrs[st].addr
		if a.Kind != lsl.KPtr || len(a.Ptr) == 0 {
			return nil, false
		}
		b := x.u.Block(a.Ptr[0])
		if b == nil || b.Kind != lsl.BlockFresh && b.Kind != lsl.BlockLocal || namedBy(x.u, a.Ptr[0]) != x.ti {
			return nil, false
		}
		out = append(out, a.Ptr[0])
	}
	return out, true
}

// namedBy returns the thread whose code alone has a pointer constant into
// block base, -1 if several or none do.
func namedBy(u *lsl.Unrolled, base int64) int {
	owner := -1
	for ti, th := range u.Threads {
		named := false
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			for _, o := range lsl.Operands(s) {
				if k, ok := o.(lsl.Const); ok && k.V.Kind == lsl.KPtr && len(k.V.Ptr) > 0 && k.V.Ptr[0] == base {
					named = true
				}
			}
			return !named
		})
		if named {
			if owner >= 0 {
				return -1
			}
			owner = ti
		}
	}
	return owner
}

// forgesPointers reports whether the program converts between pointers
// and numbers outside the pool's allocation code (the engine's test of
// the same name).
func forgesPointers(u *lsl.Unrolled) bool {
	forges := false
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if a, ok := s.(*lsl.Assign); ok && (a.Op == lsl.OpBaseOf || a.Op == lsl.OpPointer) {
				if u.Pool == nil || !u.Pool.Conversions[a] {
					forges = true
				}
			}
			return !forges
		})
	}
	return forges
}

// unpublishedSuperseded reports whether some run deletes a superseded
// reload round because, on sc, no store of the combination publishes the
// blocks its stores go to.
func (c *combo) unpublishedSuperseded(md *model) bool {
	if !md.unpublished {
		return false
	}
	for _, r := range c.runs {
		for _, blocks := range r.unpublishedIfSC {
			if !c.publishes(blocks) {
				return true
			}
		}
	}
	return false
}

// publishes reports whether some store of the combination holds a
// pointer into one of blocks, or a composite value.
func (c *combo) publishes(blocks []int64) bool {
	for _, a := range c.all {
		if a.in.kind != axioms.Store {
			continue
		}
		v := a.in.val
		if v.Kind == lsl.KComp {
			return true
		}
		if v.Kind == lsl.KPtr && len(v.Ptr) > 0 {
			for _, b := range blocks {
				if v.Ptr[0] == b {
					return true
				}
			}
		}
	}
	return false
}

// reloadSupersedes reports whether a storing reload round of a run cut
// off inside its loop, its stores superseded, is deleted when the other
// threads are done: on sc and tso only, as in the engine
// (encode/reload_superseded.go). On pso, relaxed and rmo a reader that
// gets the node through a store after the cut may read the round's store.
func reloadSupersedes(m *axioms.Model) bool {
	mm := memmodel.FromMM(m)
	return mm.SequentiallyConsistent() || mm.TotalStoreOrder()
}

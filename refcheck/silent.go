package refcheck

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// Silent read-modify-writes, the reference's own statement of the rule of
// encode/silent.go (docs/semantics.md, "Silent read-modify-writes"): on a
// built-in model with fair progress, a store of an unconditional
// read-modify-write (lsl.PlainRMW) that writes back the value its load
// read is silent. A cycle whose stores are all silent may be read by
// loads that come after them in memory order (another thread's, or the
// load of a read-modify-write of the same thread); at its loop's bound it
// is no cut-off if its first iteration starts with a read-modify-write on
// the address of all its stores; and a silent store does not make a load
// non-final.

const (
	rmwLoad uint8 = iota + 1
	rmwStore
)

// noteRMW marks the accesses of a PlainRMW block, run from instruction
// from on, when they are its load and then its store.
func (x *interp) noteRMW(from int) {
	if ld, st, ok := x.rmwAccesses(from); ok {
		x.r.instrs[ld].rmw = rmwLoad
		x.r.instrs[st].rmw = rmwStore
	}
}

// rmwAccesses returns the accesses an atomic block ran from instruction
// from on, when they are a load and then a store.
func (x *interp) rmwAccesses(from int) (ld, st int, ok bool) {
	var acc []int
	for i := from; i < len(x.r.instrs); i++ {
		if k := x.r.instrs[i].kind; k == axioms.Load || k == axioms.Store {
			acc = append(acc, i)
		}
	}
	if len(acc) == 2 && x.r.instrs[acc[0]].kind == axioms.Load && x.r.instrs[acc[1]].kind == axioms.Store {
		return acc[0], acc[1], true
	}
	return -1, -1, false
}

// silentAt reports whether local instruction i of run r is a silent store:
// its read-modify-write's load, the access just before it, read the value
// it writes.
func silentAt(r *run, i int) bool {
	in := r.instrs[i]
	if in.rmw != rmwStore {
		return false
	}
	for j := i - 1; j >= 0; j-- {
		if ld := r.instrs[j]; ld.kind == axioms.Load {
			return ld.rmw == rmwLoad && ld.val.Equal(in.val)
		}
	}
	return false
}

// allSilent reports whether every store of the cycle is silent.
func (x *interp) allSilent(cy *cycleInfo) bool {
	if !x.silent || len(cy.stores) == 0 {
		return false
	}
	for _, st := range cy.stores {
		if !silentAt(x.r, st) {
			return false
		}
	}
	return true
}

// silentAtBound reports whether a cycle at its loop's bound, starting at
// instruction from, counts as storeless: its stores are all silent and on
// the address of the read-modify-write its first iteration b starts with.
func (x *interp) silentAtBound(b *lsl.Block, from int, cy *cycleInfo) bool {
	if !x.allSilent(cy) || !lsl.StartsWithRMW(b) || from >= len(x.r.instrs) || x.r.instrs[from].rmw != rmwLoad {
		return false
	}
	addr := x.r.instrs[from].addr
	for _, st := range cy.stores {
		if !x.r.instrs[st].addr.Equal(addr) {
			return false
		}
	}
	return true
}

// silentStore reports whether global instruction st is a silent store.
func (c *combo) silentStore(st int) bool {
	if !c.silent {
		return false
	}
	g := c.all[st]
	return silentAt(c.runs[g.thread], g.local)
}

// readsAfter reports whether load l, reading store st, comes after it (or
// after its read-modify-write's load) in memory order: it belongs to
// another thread, or is the load of a read-modify-write of the same
// thread, or the model keeps loads before what follows them in their
// thread (memmodel.Properties.LoadsInOrder).
func (c *combo) readsAfter(l, st int) bool {
	gl, gs := c.all[l], c.all[st]
	return gl.thread != gs.thread || gl.in.rmw == rmwLoad || c.loadsInOrder
}

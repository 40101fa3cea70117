package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// Unpublished blocks (docs/semantics.md, "Storing reload rounds into
// unpublished blocks"). Treiber's push stores n->next into a node it has
// just allocated, and only its successful CAS stores the node's address.
// When the push is cut off inside its loop while another thread is still
// running, a storing reload round is kept (superseded needs the others
// done): a load of that thread after the cut might read the round's
// store. But on sc it cannot: the node's address is a constant of the
// pushing thread's code only, no executed store holds it yet, so any
// other thread that loads from the node does so after a store of the
// pushing thread that holds the address — after the cut, hence after the
// store that supersedes the round's — and reads that store or a later
// one. So the round is deleted as when the others are done.

// unpublishedReloadsApply reports whether the case applies: on sc and
// sc-cat (one total order of all events), not turned off.
func unpublishedReloadsApply(opt Options, m *memmodel.Model) bool {
	return !opt.NoStoringReloads && !opt.NoUnpublishedReloads && (m.SequentiallyConsistent() || m.SequentiallyConsistentCat())
}

// unpublishedSuperseded holds when each executed store of rec goes to a
// block private to rec's thread that no executed store publishes, and is
// followed in its thread by an executed store to the same address.
func (e *Encoding) unpublishedSuperseded(rec *cycleRec) z.Lit {
	c := e.C
	if !e.unpublishedReloads || len(rec.stores) == 0 || e.forgesPointers() {
		return c.F
	}
	private := e.privateBlocks(rec.thread)
	if len(private) == 0 {
		return c.F
	}
	parts := []z.Lit{}
	for _, st := range rec.stores {
		s := e.Instrs[st]
		var hidden []z.Lit
		for _, b := range private {
			hidden = append(hidden, c.And(e.addrInBlock(s.Addr, b), e.publishedBlock(b).Not()))
		}
		parts = append(parts, c.Implies(s.Guard, c.And(c.Ors(hidden...), e.overwrittenAfter(rec, s, false))))
	}
	return c.Ands(parts...)
}

// privateBlocks lists the fresh and local blocks whose address occurs as a
// constant in thread ti's code and no other's (blockOwners): the blocks
// no other thread can name without loading a pointer to them.
func (e *Encoding) privateBlocks(ti int) []int64 {
	if e.ownerMemo == nil {
		e.ownerMemo = e.blockOwners()
	}
	var out []int64
	for b, t := range e.ownerMemo {
		if t != ti {
			continue
		}
		if blk := e.U.Block(b); blk != nil && (blk.Kind == lsl.BlockFresh || blk.Kind == lsl.BlockLocal) {
			out = append(out, b)
		}
	}
	return out
}

// addrInBlock holds when address a points into block b.
func (e *Encoding) addrInBlock(a *Val, b int64) z.Lit {
	c := e.C
	return c.And(a.P, bv.Eq(c, a.Ptr[0], bv.Const(c, b, e.vx.w)))
}

// publishedBlock holds when some executed store, of any thread, stores a
// pointer into block b or a composite (which may hold one).
func (e *Encoding) publishedBlock(b int64) z.Lit {
	if l, ok := e.published[b]; ok {
		return l
	}
	c := e.C
	var by []z.Lit
	for _, in := range e.Instrs {
		if in.Kind == axioms.Store {
			by = append(by, c.And(in.Guard, c.Or(in.Data.C, e.addrInBlock(in.Data, b))))
		}
	}
	l := c.Ors(by...)
	if e.published == nil {
		e.published = map[int64]z.Lit{}
	}
	e.published[b] = l
	return l
}

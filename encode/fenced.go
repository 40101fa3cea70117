package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// Storing rounds behind fences (lsl/loadorder.go; docs/semantics.md,
// "Storing rounds behind fences").

// fencedSuperseded holds, on a vetted .mm model (on a cat model:
// catFencedSuperseded; used where the
// superseded case of sc and tso does not apply: pso, relaxed, rmo), when each executed store
// s of rec is followed in its thread by an executed store s2 to the same
// address and then by an executed full or store-store fence, and no load
// that may read s's address follows another load of its thread unordered
// (on models whose loads are not in order, lsl.LoadOrders): the thread's
// stores past the cut then come after s2 in memory order, so does every
// load po | rf after them, and none can read s (nor can the thread's own
// later loads, which follow s2 in program order).
func (e *Encoding) fencedSuperseded(rec *cycleRec) z.Lit {
	c := e.C
	if e.noFenced || len(rec.stores) == 0 {
		return c.F
	}
	if e.Memory.Cat() != nil {
		return e.catFencedSuperseded(rec)
	}
	if !e.storeCoherent {
		return c.F
	}
	var blocks []int64
	if !e.loadsInOrder {
		if e.loadOrderMemo == nil {
			lo := lsl.LoadOrders(e.U)
			e.loadOrderMemo = &lo
		}
		lo := e.loadOrderMemo
		if lo.StoreAfterLoad || lo.AnyLoadAfterLoad {
			return c.F
		}
		blocks = lo.Blocks()
	}
	parts := []z.Lit{}
	for _, st := range rec.stores {
		s := e.Instrs[st]
		conds := []z.Lit{e.overwrittenThenFenced(rec, s)}
		for _, b := range blocks {
			conds = append(conds, e.addrInBlock(s.Addr, b).Not())
		}
		parts = append(parts, c.Implies(s.Guard, c.Ands(conds...)))
	}
	return c.Ands(parts...)
}

// overwrittenThenFenced holds when an executed store of rec's thread after
// rec goes to s's address and an executed full or store-store fence of
// the thread follows it (the thread's end fence, and candidate fences of fence
// synthesis, do not count).
func (e *Encoding) overwrittenThenFenced(rec *cycleRec, s *Instr) z.Lit {
	c := e.C
	instrs := e.Threads[rec.thread].Instrs
	fenced := c.F // an executed full or store-store fence at or after the current position
	var later []z.Lit
	for k := len(instrs) - 1; k >= 0; k-- {
		j := instrs[k]
		if j < rec.hi {
			break
		}
		in := e.Instrs[j]
		switch in.Kind {
		case axioms.Store:
			later = append(later, c.Ands(in.Guard, e.aliased(s, in), fenced))
		case axioms.Fence:
			if f, ok := in.Stmt.(*lsl.Fence); ok && in.Op >= 0 && (in.Fence == lsl.FenceFull || in.Fence == lsl.FenceStoreStore) && f.Cand == 0 {
				fenced = c.Or(fenced, in.Guard)
			}
		}
	}
	return c.Ors(later...)
}

// StoringRoundsNote says, on the models where a storing round of a thread
// cut off inside its loop is kept unless the fence case (or a sealed block,
// or a silent round) deletes it — pso, relaxed and rmo — what a program
// needs for such rounds not to count toward the bound ("" elsewhere): for
// the hint of an unroll limit.
func (e *Encoding) StoringRoundsNote() string {
	if !e.fair || !e.storeCoherent || e.reloadSupersede != supersedeNever || e.noFenced {
		return ""
	}
	return "on this model a retry round that stores to memory another thread may read counts while its thread " +
		"stops inside the loop, unless a full or store-store fence follows the round's last store to each address " +
		"and every load of the program is fenced before what follows it (stores into a thread's own not yet published new blocks excepted; " +
		"docs/semantics.md, \"Storing rounds behind fences\")"
}

// FencedRoundsMayApply reports whether the fence case may delete a storing
// round of a thread cut off inside its loop in unrolling u on model m: a
// vetted .mm model on which neither superseded case of sc, tso and rc11
// applies (pso, relaxed, rmo), whose loads are in order or ordered by the
// program's fences (lsl.LoadOrders), or a cat model whose own order does
// (catFencedRoundsMayApply). Each round's own condition, a store to
// the same address and a fence after it, is the encoding's to judge; the
// sizing runs, which only propose bounds, do not.
func FencedRoundsMayApply(opt Options, m *memmodel.Model, u *lsl.Unrolled) bool {
	p := m.Props()
	if opt.NoFencedRounds || reloadSupersedeRule(opt, m) != supersedeNever {
		return false
	}
	if m.Cat() != nil {
		return catFencedRoundsMayApply(opt, m, u)
	}
	if !p.Vetted {
		return false
	}
	if p.LoadsInOrder {
		return true
	}
	lo := lsl.LoadOrders(u)
	return !lo.StoreAfterLoad && !lo.AnyLoadAfterLoad
}

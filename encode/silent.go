package encode

import (
	"slices"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Silent read-modify-writes (docs/semantics.md, "Silent
// read-modify-writes"). A failed test-and-set, atomic_exchange(&l, 1) that
// reads 1, stores 1 over 1: its store is read by the next round, so a spin
// on it never forms a cycle of fair progress and lazy unrolling never
// converges. On a built-in model such a store is silent: atomic blocks are
// contiguous in memory order and a read-modify-write's load reads the
// store just before it, so deleting the pair leaves every later store's
// value where it was, and a load that read the silent store reads its
// source instead — the same value — provided the load comes after the
// silent store in memory order. That holds for a load of another thread
// (axiom v1) and for the load of a read-modify-write of the same thread
// (coherence puts its store after, contiguity its load too); a plain load
// of the same thread may have read it early, by forwarding.

// silentRMWs reports whether the rule applies, and with it the rules for
// chains of read-modify-writes (chain.go, chaincut.go): fair progress on a
// vetted .mm model, rc11 or sc-cat (memmodel.Properties.SilentRMWs).
func (e *Encoding) silentRMWs() bool {
	return e.fair && e.silentRules && e.silentModel
}

// noteRMW records an atomic block that is a lsl.PlainRMW, whose
// instructions are e.Instrs[from:]: its load and its store. Nested in
// another atomic block (an operation of a serial execution) it is still
// one: the outer block is contiguous in memory order and ordered by
// program order inside (axioms a1, a2 or M1), so nothing comes between
// the two.
func (e *Encoding) noteRMW(from int) {
	ld, st, ok := e.rmwAccesses(from)
	if !ok {
		return
	}
	if e.rmwLoadOf == nil {
		e.rmwLoadOf = map[int]int{}
		e.rmwLoads = map[int]bool{}
		e.silentMemo = map[int]z.Lit{}
	}
	e.rmwLoadOf[st] = ld
	e.rmwLoads[ld] = true
}

// rmwAccesses returns the load and the store of the atomic block whose
// instructions are e.Instrs[from:], when those are a load and then a store.
func (e *Encoding) rmwAccesses(from int) (ld, st int, ok bool) {
	ld, st = -1, -1
	for _, in := range e.Instrs[from:] {
		switch {
		case in.Kind == axioms.Load && ld < 0 && st < 0:
			ld = in.Index
		case in.Kind == axioms.Store && ld >= 0 && st < 0:
			st = in.Index
		case in.IsAccess():
			return -1, -1, false // not the load-then-store the statement promised
		}
	}
	return ld, st, ld >= 0 && st >= 0
}

// silent holds when store st runs and writes back the value its
// read-modify-write's load read; false for other stores.
func (e *Encoding) silent(st int) z.Lit {
	ld, ok := e.rmwLoadOf[st]
	if !ok || !e.silentRMWs() {
		return e.C.F
	}
	if v, ok := e.silentMemo[st]; ok {
		return v
	}
	w, r := e.Instrs[st], e.Instrs[ld]
	v := e.C.Ands(w.Guard, r.Guard, e.vx.same(r.Data, w.Data))
	e.silentMemo[st] = v
	return v
}

// allSilent holds when every store of the cycle that runs is silent: the
// value of each then comes, through silent stores only, from a store
// outside the cycle (or the initial value), which a load that read it
// reads once the cycle is deleted.
func (e *Encoding) allSilent(rec *cycleRec) z.Lit {
	c := e.C
	if !e.silentRMWs() || len(rec.stores) == 0 {
		return c.F
	}
	parts := []z.Lit{}
	rmw := false
	for _, st := range rec.stores {
		if _, ok := e.rmwLoadOf[st]; !ok {
			parts = append(parts, e.Instrs[st].Guard.Not())
			continue
		}
		rmw = true
		parts = append(parts, c.Implies(e.Instrs[st].Guard, e.silent(st)))
	}
	if !rmw {
		return c.F // storeless is the rule of fair progress itself
	}
	return c.Ands(parts...)
}

// readsAfter reports whether load l, when it reads store st, comes after
// it in memory order, or after st's read-modify-write's load, which is
// what the reduction needs (the load then comes after the store that load
// read): l belongs to another thread (v1), or is the load of a
// read-modify-write of the same thread (its store comes after st by
// coherence, so its load does by contiguity; in the same outer atomic
// block program order is memory order), or the model keeps every load
// before what follows it in its thread (memmodel.Properties.LoadsInOrder) — a load of
// the thread that reads st comes after it in program order. On relaxed
// and rmo a plain load of the same thread may read st early, by
// forwarding, before the source of its value. On rc11, sc-cat, riscv and
// tso-cat any load may be handed the source (SilentAnyReader); on arm8 a
// load of the same thread only when it, or st's own load, is an acquire
// (silentOrder), or a load barrier comes between (readsAfterLit); on
// power when a fence comes between (readsAfterLit).
func (e *Encoding) readsAfter(l, st int) bool {
	if l >= 0 && e.Instrs[l].Thread != e.Instrs[st].Thread || e.silentAnyReader {
		return true
	}
	if e.silentOrder != nil {
		return e.readerTagged(l) || e.readerTagged(e.loadOfStore(st))
	}
	return l >= 0 && e.rmwLoads[l] || e.loadsInOrder
}

// readsAfterLit holds when a load of st's thread that read st may be
// handed st's source: readsAfter, or, on arm8, the first of the loads in
// roots that runs is an acquire, or, on arm8 and power, a load barrier
// (silentOrder.Barriers) runs after one of them that runs and before
// instruction until (docs/semantics.md, "Silent read-modify-writes on
// the hardware models"). roots are the loads of the cycle's
// read-modify-writes, in program order, the first of which that runs
// read the source or comes before the one that did: st's own load for a
// silent store, the chain's loads for a chain. l is the load, or -1 for
// any load of st's thread after until (a load past a cut).
func (e *Encoding) readsAfterLit(l, st int, roots []int, until int) z.Lit {
	c := e.C
	if e.readsAfter(l, st) {
		return c.T
	}
	roots = slices.DeleteFunc(slices.Clone(roots), func(r int) bool { return r < 0 })
	if e.silentOrder == nil || len(roots) == 0 {
		return c.F // (a store that is no read-modify-write's has no roots)
	}
	var ordered []z.Lit
	// the first of roots that runs is an acquire: `[A | Q]; po`
	earlier := c.F // some root before runs
	for _, r := range roots {
		g := e.Instrs[r].Guard
		if e.readerTagged(r) {
			ordered = append(ordered, c.And(g, earlier.Not()))
		}
		earlier = c.Or(earlier, g)
	}
	first := slices.Min(roots)
	for _, i := range e.loadBarriers(e.Instrs[st].Thread) {
		if i <= first || i >= until {
			continue
		}
		f := e.Instrs[i]
		var before []z.Lit
		for _, r := range roots {
			if r < i {
				before = append(before, e.Instrs[r].Guard)
			}
		}
		ordered = append(ordered, c.And(f.Guard, c.Ors(before...)))
	}
	return c.Ors(ordered...)
}

// silentReader holds when load l of st's thread (-1: any load after
// until) that read silent store st of cycle rec may be handed st's
// source: readsAfterLit with st's own load as the root, or the
// dependency case (silentDataChain).
func (e *Encoding) silentReader(rec *cycleRec, l, st, until int) z.Lit {
	ordered := e.C.Or(e.readsAfterLit(l, st, []int{e.loadOfStore(st)}, until), e.silentDataChain(rec, st))
	if l >= 0 && (l < rec.lo || l >= rec.hi) && e.Instrs[l].Thread == e.Instrs[st].Thread {
		ordered = e.C.Or(ordered, e.ctrlReader(rec, st, l, e.Instrs[l].cdeps))
	}
	return ordered
}

// ctrlReader holds, on arm8 and power, when load l of silent store st's
// thread may be handed st's source although nothing orders it after the
// load R that read the source, because every order l has to later events
// R has too (docs/semantics.md, "… on the hardware models", the relaxed
// exchange behind a control dependency): st is the only store of the
// cycle that runs (so R read the source and no store of the cycle comes
// before R), l's register reaches only conditions (lsl.ConditionOnly: no
// address or data dependency from l), and l is control dependent on R
// (ctrl, the control dependencies at l: the cycle's loop went round on
// R's value, so every event after l is too, in a program whose control
// dependencies do not end with their if). A cycle through the new pair
// ρ → l then goes ρ → R in the execution with the round instead, and on
// from R by the same kind of edge. l is -1's stand-in at the bound
// (silentAtBound: rec.firstRMW, with the control dependencies where the
// cycle ends).
func (e *Encoding) ctrlReader(rec *cycleRec, st, l int, ctrl depSet) z.Lit {
	c := e.C
	r, ok := e.rmwLoadOf[st]
	if e.silentOrder == nil || !e.trackDeps || e.U.Prog.ScopedCtrl || !ok || l < 0 {
		return c.F
	}
	ld, isLoad := e.Instrs[l].Stmt.(*lsl.Load)
	if !isLoad || !e.conditionOnly(e.Instrs[l].Thread, ld.Dst) {
		return c.F
	}
	parts := []z.Lit{ctrl.on(c, r)}
	for _, s := range rec.stores {
		if s != st {
			parts = append(parts, e.Instrs[s].Guard.Not())
		}
	}
	return c.Ands(parts...)
}

// conditionOnly is lsl.ConditionOnly on thread t's body, computed once
// per register.
func (e *Encoding) conditionOnly(t int, r lsl.Reg) bool {
	if e.condOnly == nil {
		e.condOnly = map[condKey]bool{}
	}
	k := condKey{t, r}
	v, ok := e.condOnly[k]
	if !ok {
		v = lsl.ConditionOnly(e.U.Threads[t].Body, r)
		e.condOnly[k] = v
	}
	return v
}

type condKey struct {
	thread int
	reg    lsl.Reg
}

// silentDataChain holds, on arm8 and power, when each read-modify-write
// of the cycle up to silent store st that runs stores a value that
// depends on its load (fetch_add(&x, 0)): each store is then the local
// read successor of the next load that reads it, `(addr | data);
// local-read-successor` orders each of those loads before the next and
// the last before any load of the thread that reads st, so the source of
// st, read by one of them, comes before that load in arm8's `ob`; on
// power `data; rfi` repeated is a path of ii edges, so the load that read
// the source is before that load in ppo (docs/semantics.md, "Silent
// read-modify-writes on the hardware models"). False elsewhere:
// readsAfterLit decides there.
func (e *Encoding) silentDataChain(rec *cycleRec, st int) z.Lit {
	c := e.C
	if e.silentOrder == nil || !e.trackDeps {
		return c.F
	}
	var parts []z.Lit
	for _, s := range rec.stores {
		ld, ok := e.rmwLoadOf[s]
		if s > st || !ok {
			continue
		}
		w := e.Instrs[s]
		parts = append(parts, c.Implies(w.Guard, w.vdeps.on(c, ld)))
	}
	if len(parts) == 0 {
		return c.F
	}
	return c.Ands(parts...)
}

// loadOfStore is the load of the read-modify-write whose store is st, -1
// if st is none (noteRMW, noteChainRMW).
func (e *Encoding) loadOfStore(st int) int {
	if ld, ok := e.rmwLoadOf[st]; ok {
		return ld
	}
	if ld, ok := e.chainLoadOf[st]; ok {
		return ld
	}
	return -1
}

// readerTagged reports whether load l's event carries one of
// silentOrder.Tags (arm8: an acquire, A or Q).
func (e *Encoding) readerTagged(l int) bool {
	if l < 0 {
		return false
	}
	tags := e.catTags(e.Instrs[l])
	for _, t := range e.silentOrder.Tags {
		if lsl.HasTag(tags, t) {
			return true
		}
	}
	return false
}

// loadBarriers are the fences of thread t that are load barriers
// (loadBarrier), in program order, computed once.
func (e *Encoding) loadBarriers(t int) []int {
	if e.barrierFences == nil {
		e.barrierFences = map[int][]int{}
		for _, in := range e.Instrs {
			if in.Kind == axioms.Fence && e.loadBarrier(in) {
				e.barrierFences[in.Thread] = append(e.barrierFences[in.Thread], in.Index)
			}
		}
	}
	return e.barrierFences[t]
}

// loadBarrier reports whether fence f is an event carrying one of
// silentOrder.Barriers (arm8: a barrier that orders an earlier load before
// every later access; power: sync, lwsync).
func (e *Encoding) loadBarrier(f *Instr) bool {
	if f.Op < 0 {
		return false // thread creation or join
	}
	tags := e.catFenceTags(f)
	if tags == nil && len(lsl.Tags(f.Stmt)) == 0 {
		tags = cat.FenceKindTags(f.Fence) // an LSL fence (catevents.go)
	}
	for _, t := range e.silentOrder.Barriers {
		if lsl.HasTag(tags, t) {
			return true
		}
	}
	return false
}

// silentAtBound holds for a cycle at its loop's bound when deleting it
// from any continuation of the execution is sound, as for a cycle that
// stores nothing: every store of the cycle is silent and on the address of
// the read-modify-write that starts the cycle's first iteration
// (rec.firstRMW). The iteration after the cycle starts in the same state,
// so it starts with a read-modify-write of that address: its load comes
// after the cycle's stores in memory order, its store after them in the
// thread's order, so no later load of the thread reads them; loads of
// other threads read them after them in memory order.
func (e *Encoding) silentAtBound(rec *cycleRec) z.Lit {
	c := e.C
	if rec.firstRMW < 0 {
		return c.F
	}
	parts := []z.Lit{e.allSilent(rec)}
	r := e.Instrs[rec.firstRMW]
	for _, st := range rec.stores {
		w := e.Instrs[st]
		parts = append(parts, c.Implies(w.Guard, e.aliased(r, w)))
		// the next iteration's read-modify-write, the same instruction as
		// the first one, reads the last of them (on arm8 and power it
		// needs an order)
		if e.loadOfStore(st) >= 0 {
			next := c.Or(e.silentReader(rec, rec.firstRMW, st, rec.hi), e.ctrlReader(rec, st, rec.firstRMW, rec.endCtrl))
			parts = append(parts, c.Implies(w.Guard, next))
		}
	}
	return c.Ands(parts...)
}

// firstRMW is the load of the read-modify-write that starts iteration
// block b, whose instructions start at lo; -1 if b does not start with one.
func (e *Encoding) firstRMW(b *lsl.Block, lo int) int {
	if !e.silentRMWs() || !lsl.StartsWithRMW(b) || lo >= len(e.Instrs) || !e.rmwLoads[lo] {
		return -1
	}
	return lo
}

// catSilentCycles adds to each cycle on rc11 or sc-cat the condition of a
// cat model on its stores (catCycleStores: no access before the cycle has
// their address), except when they are all silent or form a chain
// (chain.go): the reduction of docs/semantics.md, "Silent
// read-modify-writes on rc11 and sc-cat", does not need it, and a lock's
// retry rounds after the first meet accesses of the lock before them. It
// runs once the seeds exist, which chainHolds reads.
func (e *Encoding) catSilentCycles() {
	c := e.C
	add := func(rec *cycleRec) {
		if rec.catStores == z.LitNull {
			return
		}
		chain, _ := e.chainHolds(rec)
		rec.partial = c.And(rec.partial, c.Ors(rec.catStores, e.allSilent(rec), chain))
		rec.catStores = z.LitNull
	}
	for _, rec := range e.cycles {
		add(rec)
	}
	for _, bc := range e.bounded {
		add(bc.rec)
	}
}

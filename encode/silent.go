package encode

import (
	"github.com/checkfence/checkfence/axioms"
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
// forwarding, before the source of its value.
func (e *Encoding) readsAfter(l, st int) bool {
	return e.Instrs[l].Thread != e.Instrs[st].Thread || e.rmwLoads[l] || e.loadsInOrder || e.silentAnyReader
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

package encode

import "github.com/checkfence/checkfence/internal/gini/z"

// Chains of read-modify-writes (docs/semantics.md, "Chains of
// read-modify-writes"). A thread that polls under a lock,
//
//	for (;;) { lock(m); if (ready) break; unlock(m); }
//
// stores to m twice per round (1, then 0), and the next round's lock reads
// the 0: no round is a cycle by the plain rule, and no store of it is
// silent. But when the round's stores are read-modify-writes on one
// address, each reading the store of the round before it, and the last
// writes back what the first one read, the round changes nothing: on a
// built-in model a read-modify-write's load reads the store just before it
// in memory order and its store follows at once (atomic blocks are
// contiguous), so the round's stores are consecutive among the stores to
// that address, right after the store P its first load read. Deleting the
// round leaves P where the last of them was, with the same value: a load
// outside the round that read the last store, and comes after it in
// memory order (readsAfter), reads P instead. The other stores of the
// round must not be read outside it: their values differ.

// noteChainRMW records an atomic block that is a lsl.CheckedRMW, whose
// instructions are e.Instrs[from:]: its load and its store.
func (e *Encoding) noteChainRMW(from int) {
	ld, st, ok := e.rmwAccesses(from)
	if !ok {
		return
	}
	if e.chainLoadOf == nil {
		e.chainLoadOf = map[int]int{}
	}
	e.chainLoadOf[st] = ld
}

// seedLit is the literal that load l reads store st (false if it cannot).
func (e *Encoding) seedLit(l, st int) z.Lit {
	for _, sv := range e.seeds[l] {
		if sv.store == st {
			return sv.lit
		}
	}
	return e.C.F
}

// chainHolds holds when the stores the cycle executes are a chain of
// read-modify-writes — the load of each after the first reads the one
// before it — that writes back what the first one's load read; stores of
// the cycle that are not read-modify-writes must not run. It also returns
// the chain's stores (nil, and false, when the rule does not apply).
func (e *Encoding) chainHolds(rec *cycleRec) (z.Lit, []int) {
	holds, chain, _ := e.chainValues(rec)
	return holds, chain
}

// chainValues is chainHolds, and also the value the first load of the
// chain that runs read.
func (e *Encoding) chainValues(rec *cycleRec) (z.Lit, []int, *Val) {
	c := e.C
	if !e.silentRMWs() || len(rec.stores) == 0 {
		return c.F, nil, nil
	}
	parts := []z.Lit{}
	var chain []int // the read-modify-write stores, in program order
	for _, st := range rec.stores {
		if _, ok := e.chainLoadOf[st]; ok {
			chain = append(chain, st)
		} else {
			parts = append(parts, e.Instrs[st].Guard.Not())
		}
	}
	if len(chain) == 0 {
		return c.F, nil, nil
	}
	runs := func(j int) z.Lit { return e.Instrs[chain[j]].Guard }
	load := func(j int) *Instr { return e.Instrs[e.chainLoadOf[chain[j]]] }
	before := c.F // some store of chain[:j] runs
	for j := range chain {
		if j > 0 {
			// the load of chain[j] reads the last of chain[:j] that runs
			var reads []z.Lit
			between := c.F // some store of chain[i+1:j] runs
			for i := j - 1; i >= 0; i-- {
				reads = append(reads, c.And(e.seedLit(load(j).Index, chain[i]), between.Not()))
				between = c.Or(between, runs(i))
			}
			parts = append(parts, c.Implies(c.And(runs(j), before), c.Ors(reads...)))
		}
		before = c.Or(before, runs(j))
	}
	// the value the first load that runs read, and the value the last
	// store that runs wrote
	first := load(len(chain) - 1).Data
	for j := len(chain) - 2; j >= 0; j-- {
		first = e.vx.mux(runs(j), load(j).Data, first)
	}
	last := e.Instrs[chain[0]].Data
	for j := 1; j < len(chain); j++ {
		last = e.vx.mux(runs(j), e.Instrs[chain[j]].Data, last)
	}
	parts = append(parts, c.Implies(before, e.vx.same(first, last)))
	return c.Ands(parts...), chain, first
}

// chainUnread holds when the cycle's stores are a chain (chainHolds) and
// no load outside the cycle reads them, except loads that read the last
// one and come after it in memory order (readsAfter).
func (e *Encoding) chainUnread(rec *cycleRec) z.Lit {
	c := e.C
	holds, chain := e.chainHolds(rec)
	if chain == nil {
		return c.F
	}
	parts := []z.Lit{holds}
	for j, st := range chain {
		var any, early []z.Lit
		for _, sv := range e.seedsOfStore(st) {
			if sv.load >= rec.lo && sv.load < rec.hi {
				continue
			}
			any = append(any, sv.lit)
			if ra := e.readsAfterLit(sv.load, st, e.chainLoads(chain), sv.load); ra != c.T {
				early = append(early, c.And(sv.lit, ra.Not()))
			}
		}
		last := c.T // no later store of the chain runs
		for _, later := range chain[j+1:] {
			last = c.And(last, e.Instrs[later].Guard.Not())
		}
		parts = append(parts,
			c.Implies(c.And(e.Instrs[st].Guard, last.Not()), c.Ors(any...).Not()),
			c.Implies(c.And(e.Instrs[st].Guard, last), c.Ors(early...).Not()))
	}
	return c.Ands(parts...)
}

// chainLoads are the loads of the chain's read-modify-writes: the first of
// them that runs reads the store before the chain.
func (e *Encoding) chainLoads(chain []int) []int {
	out := make([]int, len(chain))
	for j, st := range chain {
		out[j] = e.chainLoadOf[st]
	}
	return out
}

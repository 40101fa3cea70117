package encode

import (
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Chains on a global only read-modify-writes touch (docs/semantics.md,
// "Chains of read-modify-writes", "Cut-off threads and joint livelocks").
// Two threads polling under one mutex,
//
//	for (;;) { lock(m); if (ready) break; unlock(m); }
//
// read each other's unlocks, and each may be cut off at its bound with
// rounds before it. A cycle that stores is deleted from such an execution
// only if nothing past the cut can read its stores. When the concurrent
// threads reach m only through read-modify-writes (lsl.RMWOnlyGlobals),
// nothing can read a chain's stores but the next read-modify-write: its
// load reads the store just before it and its store follows at once, so
// it cannot come between two stores of the chain, which are consecutive —
// unless its check fails and it does not store. So the chain's stores
// before the last are read by no one past the cut when each either writes
// the value the chain started from (a failed check then fails again on the
// value the deleted chain leaves) or a value every check passes on; and a
// later read-modify-write that reads the last one reads, once the cycle is
// deleted, the store before the chain, with the same value.
//
// Deleting those cycles ends the rounds two pollers keep needing; the
// livelocks they hid are found by letting threads that go round such
// chains forever together count each other's chain stores as their own
// (jointFinal).

// rmwOnlyOf returns the description of the RMW-only global that store
// instruction st writes at a constant address, or nil.
func (e *Encoding) rmwOnlyOf(st int) (int64, *lsl.RMWOnly) {
	if !e.chainCut {
		return 0, nil
	}
	if !e.rmwOnlyDone {
		e.rmwOnly, e.rmwOnlyDone = lsl.RMWOnlyGlobals(e.U), true
	}
	s, ok := e.Instrs[st].Stmt.(*lsl.Store)
	if !ok {
		return 0, nil
	}
	c, ok := s.Addr.(lsl.Const)
	if !ok || c.V.Kind != lsl.KPtr || len(c.V.Ptr) == 0 {
		return 0, nil
	}
	return c.V.Ptr[0], e.rmwOnly[c.V.Ptr[0]]
}

// rmwOnlyChain holds when the cycle's stores are a chain (chainHolds) on
// one RMW-only global and each store of the chain that runs before its
// last writes the value the chain's first load read, or the value every
// check of a read-modify-write of the global passes on: then nothing past
// a cut reads the chain's stores but read-modify-writes that read its last
// one after it, and deleting the cycle leaves them the same value.
func (e *Encoding) rmwOnlyChain(rec *cycleRec) z.Lit {
	c := e.C
	holds, chain, first := e.chainValues(rec)
	if chain == nil {
		return c.F
	}
	base, info := e.rmwOnlyOf(chain[0])
	if info == nil {
		return c.F
	}
	for _, st := range chain[1:] {
		if b, in := e.rmwOnlyOf(st); in == nil || b != base {
			return c.F
		}
	}
	parts := []z.Lit{holds}
	if info.Checked {
		var pass *Val
		if info.Pass != nil {
			pass = e.vx.constVal(*info.Pass)
		}
		for j, st := range chain {
			later := c.F
			for _, o := range chain[j+1:] {
				later = c.Or(later, e.Instrs[o].Guard)
			}
			d := e.Instrs[st].Data
			ok := e.vx.same(d, first)
			if pass != nil {
				ok = c.Or(ok, e.vx.same(d, pass))
			}
			parts = append(parts, c.Implies(c.Ands(e.Instrs[st].Guard, later), ok))
		}
	}
	if e.silentOrder != nil {
		// on arm8 and power a read-modify-write of the thread past the cut that
		// reads the chain's last store needs an order (readsAfterLit)
		parts = append(parts, e.readPastCut(chain))
	}
	return c.Ands(parts...)
}

// jointCycle is a cycle at a loop's bound whose stores may be a chain on
// an RMW-only global: forever holds when its thread goes round it forever
// together with the other threads whose forever holds.
type jointCycle struct {
	thread  int
	site    *LivelockSite
	fc      finalCycle
	stores  map[int]bool
	forever z.Lit
}

// jointCycles lists the cycles at a bound that may form chains on RMW-only
// globals, each with a fresh literal for "its thread repeats it forever".
func (e *Encoding) jointCycles() []*jointCycle {
	var out []*jointCycle
	for ti, th := range e.Threads {
		for _, ls := range th.Livelocks {
			for _, fc := range ls.cycles {
				if fc.stores == nil || fc.chain == e.C.F {
					continue
				}
				base, info := e.rmwOnlyOf(fc.stores[0])
				if info == nil {
					continue
				}
				same := true
				for _, st := range fc.stores[1:] {
					if b, in := e.rmwOnlyOf(st); in == nil || b != base {
						same = false
					}
				}
				if !same {
					continue
				}
				jc := &jointCycle{thread: ti, site: ls, fc: fc, stores: map[int]bool{}, forever: e.C.Lit()}
				for _, st := range fc.stores {
					jc.stores[st] = true
				}
				out = append(out, jc)
			}
		}
	}
	return out
}

// jointFinal holds when jc's thread goes round its chain forever together
// with the threads of the other joint cycles whose forever literal is set:
// its loads read final values but for the stores of its own chain and of
// theirs. Each chain writes back what it read, the chains of one global
// are consecutive blocks of its stores, so they all start from one value
// and repeating them in turn reads what they read before; their other
// loads read final values.
func (e *Encoding) jointFinal(jc *jointCycle, all []*jointCycle) (z.Lit, error) {
	c := e.C
	skip := map[int]z.Lit{}
	for _, o := range all {
		if o.thread == jc.thread {
			continue
		}
		for st := range o.stores {
			if l, ok := skip[st]; ok {
				skip[st] = c.Or(l, o.forever)
			} else {
				skip[st] = o.forever
			}
		}
	}
	final, err := e.finalLoadsUnless(jc.fc.loads, jc.fc.stores, skip)
	if err != nil {
		return c.F, err
	}
	return c.Ands(jc.fc.guard, jc.fc.chain, final), nil
}

// chainOthersDone holds for a cycle of a thread cut off inside its loop
// when every other thread but the final one has completed and the
// cycle's stores are a chain (chainHolds; a silent read-modify-write is a
// chain of one) whose last store, read past the cut, may be handed the
// store before the chain: past the cut only the thread itself and the
// final thread run, and both come after the chain's last store in program
// order (the final thread after the join), so neither reads the stores
// before it, and a load that reads the last one reads, once the cycle is
// deleted, the store before the chain, with the same value
// (docs/semantics.md, "Silent read-modify-writes on the hardware
// models"). A thread's own loads past the cut need readsAfter there: any
// on rc11, sc-cat, riscv and tso-cat, an order on arm8 and power, loads kept in
// order on the .mm models. Options.NoChainCut turns it off with
// rmwOnlyChain.
func (e *Encoding) chainOthersDone(rec *cycleRec) z.Lit {
	c := e.C
	if !e.chainCut {
		return c.F
	}
	holds, chain := e.chainHolds(rec)
	if chain == nil || !(e.storeCoherent || e.catSuperseded) {
		return c.F
	}
	parts := append(e.othersDone(rec.thread), holds, e.readPastCut(chain))
	return c.Ands(parts...)
}

// readPastCut holds when a load of the chain's thread past the cut that
// reads the last of the chain's stores that runs may be handed the store
// before the chain (readsAfterLit, for any load after the unrolling).
func (e *Encoding) readPastCut(chain []int) z.Lit {
	c := e.C
	loads := e.chainLoads(chain)
	var parts []z.Lit
	for j, st := range chain {
		later := c.F
		for _, o := range chain[j+1:] {
			later = c.Or(later, e.Instrs[o].Guard)
		}
		parts = append(parts, c.Implies(c.And(e.Instrs[st].Guard, later.Not()), e.readsAfterLit(-1, st, loads, len(e.Instrs))))
	}
	return c.Ands(parts...)
}

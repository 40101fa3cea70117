package refcheck

import "github.com/checkfence/checkfence/axioms"

// Chains of read-modify-writes, the reference's own statement of the rule
// of encode/chain.go (docs/semantics.md, "Chains of read-modify-writes"):
// on a built-in model with fair progress, the stores of a cycle that are
// all stores of read-modify-write blocks (lsl.CheckedRMW), the load of each
// after the first reading the store before it, the last writing back the
// value the first one's load read, leave memory as it was. Such a cycle
// may be read by a load outside it only when that load reads the last
// store and comes after it in memory order; and, at its loop's bound, as
// the shortest cycle there, its stores do not make its loads non-final.

// chainCond lists a cycle's stores and the load of each (local indices,
// in program order), when the stores may form a chain: whether they do
// depends on the seed function (holds).
type chainCond struct {
	stores, loads []int
}

// noteChainRMW marks the accesses of a CheckedRMW block, run from
// instruction from on, when they are its load and then its store (an
// assertion that failed leaves only the load).
func (x *interp) noteChainRMW(from int) {
	if ld, st, ok := x.rmwAccesses(from); ok {
		x.r.instrs[ld].crmw = rmwLoad
		x.r.instrs[st].crmw = rmwStore
	}
}

// chainOf returns the chain candidate of a cycle: every store it ran is the
// store of a read-modify-write block, and the last one wrote the value the
// first one's load read. Nil otherwise.
func (x *interp) chainOf(cy *cycleInfo) *chainCond {
	if !x.silent || len(cy.stores) == 0 {
		return nil
	}
	ch := &chainCond{}
	for _, st := range cy.stores {
		if x.r.instrs[st].crmw != rmwStore {
			return nil
		}
		ld := -1
		for j := st - 1; j >= 0 && ld < 0; j-- {
			if x.r.instrs[j].kind == axioms.Load {
				ld = j
			}
		}
		if ld < 0 || x.r.instrs[ld].crmw != rmwLoad {
			return nil
		}
		ch.stores = append(ch.stores, st)
		ch.loads = append(ch.loads, ld)
	}
	if !x.r.instrs[ch.loads[0]].val.Equal(x.r.instrs[ch.stores[len(ch.stores)-1]].val) {
		return nil
	}
	return ch
}

// holds reports whether, under the seed function, the load of each store
// of thread ti's chain after the first reads the store before it.
func (c *combo) chainHolds(ti int, ch *chainCond, seed []int) bool {
	for j := 1; j < len(ch.stores); j++ {
		if seed[c.global(ti, ch.loads[j])] != c.global(ti, ch.stores[j-1]) {
			return false
		}
	}
	return true
}

// chainRead reports whether a load outside the cycle [lo, hi) of thread ti
// reads a store of the chain other than the last, or reads the last and
// may come before it in memory order (readsAfter).
func (c *combo) chainRead(ti int, ch *chainCond, lo, hi int, seed []int) bool {
	last := c.global(ti, ch.stores[len(ch.stores)-1])
	stores := map[int]bool{}
	for _, st := range ch.stores {
		stores[c.global(ti, st)] = true
	}
	for l, st := range seed {
		if st < 0 || !stores[st] || c.all[l].in.kind != axioms.Load {
			continue
		}
		if c.all[l].thread == ti && c.all[l].local >= lo && c.all[l].local < hi {
			continue
		}
		if st == last && c.readsAfter(l, st) {
			continue
		}
		return true
	}
	return false
}

// chainSkip lists the stores of the chains at the bound that hold under the
// seed function: they do not make a load of their own thread non-final.
func (c *combo) chainSkip(seed []int) map[int]bool {
	var skip map[int]bool
	for ti, r := range c.runs {
		ch := r.boundChain
		if ch == nil || !(r.livelock || len(r.notFinal) > 0) || !c.chainHolds(ti, ch, seed) {
			continue
		}
		if skip == nil {
			skip = map[int]bool{}
		}
		for _, st := range ch.stores {
			skip[c.global(ti, st)] = true
		}
	}
	return skip
}

package refcheck

import "github.com/checkfence/checkfence/lsl"

// Chains on RMW-only globals, the reference's statement of the rules of
// encode/chaincut.go (docs/semantics.md, "Cut-off threads and joint
// livelocks"): on a built-in model with fair progress,
//
//   - a run cut off inside a loop after a cycle whose stores were guessed
//     unread is still deleted when those stores form a chain (the seed
//     function decides) on a global that the concurrent threads only reach
//     through read-modify-writes (lsl.RMWOnlyGlobals), and each store of
//     the chain but the last writes the value the chain's first load read
//     or one every check of the global's read-modify-writes passes on;
//   - a livelocked run whose chain at the bound holds on such a global does
//     not count, as making its loads non-final, the chain stores of the
//     other livelocked runs whose chains at the bound hold on such
//     globals: they go round together.

// rmwOnlyBase returns the RMW-only global all of the chain's stores write,
// or nil (the stores' concrete addresses: only constant operands reach
// such a global).
func (x *interp) rmwOnlyBase(ch *chainCond) *lsl.RMWOnly {
	if ch == nil || len(ch.stores) == 0 {
		return nil
	}
	base := int64(-1)
	for _, st := range ch.stores {
		a := x.r.instrs[st].addr
		if a.Kind != lsl.KPtr || len(a.Ptr) == 0 || (base >= 0 && a.Ptr[0] != base) {
			return nil
		}
		base = a.Ptr[0]
	}
	return x.rmwOnly[base]
}

// cutChain returns ch when a cut-off after its cycle does not keep the run
// (the first rule above, but for the seed function), else nil.
func (x *interp) cutChain(ch *chainCond) *chainCond {
	info := x.rmwOnlyBase(ch)
	if info == nil {
		return nil
	}
	if info.Checked {
		from := x.r.instrs[ch.loads[0]].val
		for _, st := range ch.stores[:len(ch.stores)-1] {
			v := x.r.instrs[st].val
			if !v.Equal(from) && (info.Pass == nil || !v.Equal(*info.Pass)) {
				return nil
			}
		}
	}
	return ch
}

// cutChainHolds reports whether some run kept though cut off has a cycle
// whose chain (cutChain) the seed function makes one: the run is deleted.
func (c *combo) cutChainHolds(seed []int) bool {
	for ti, r := range c.runs {
		for _, ch := range r.cutChains {
			if c.chainHolds(ti, ch, seed) {
				return true
			}
		}
	}
	return false
}

// jointChains lists the stores of the chains at the bound of livelocked
// runs that hold under the seed function on RMW-only globals, by store,
// and the threads of those runs.
func (c *combo) jointChains(seed []int) (stores map[int]bool, threads map[int]bool) {
	for ti, r := range c.runs {
		ch := r.boundChain
		if !r.livelock || !r.jointChain || ch == nil || !c.chainHolds(ti, ch, seed) {
			continue
		}
		if stores == nil {
			stores, threads = map[int]bool{}, map[int]bool{}
		}
		threads[ti] = true
		for _, st := range ch.stores {
			stores[c.global(ti, st)] = true
		}
	}
	return stores, threads
}

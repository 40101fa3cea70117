package refcheck

import (
	"fmt"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// ginstr is an instruction of a global trace.
type ginstr struct {
	thread int
	local  int // index in its run
	in     *instr
}

// combo is one run per thread: the candidate global trace without seeds.
type combo struct {
	u            *lsl.Unrolled
	silent       bool // silent read-modify-writes apply (silent.go)
	loadsInOrder bool // memmodel.Properties.LoadsInOrder (silent.go)
	runs         []*run
	all          []ginstr
	first        []int // global index of each thread's first instruction
}

func (c *combo) global(thread, local int) int { return c.first[thread] + local }

func newCombo(u *lsl.Unrolled, runs []*run) *combo {
	c := &combo{u: u, runs: runs}
	for ti, r := range runs {
		c.first = append(c.first, len(c.all))
		for li := range r.instrs {
			c.all = append(c.all, ginstr{thread: ti, local: li, in: &r.instrs[li]})
		}
	}
	return c
}

// supported reports whether every load's value is the initial value of its
// address or the value of some store to that address in the combination: a
// necessary condition for a seed function, checked first because it is
// cheap.
func (c *combo) supported() bool {
	for _, l := range c.all {
		if l.in.kind != axioms.Load {
			continue
		}
		if l.in.val.Equal(initial(c.u, l.in.addr)) {
			continue
		}
		ok := false
		for _, s := range c.all {
			if s.in.kind == axioms.Store && s.in.addr.Equal(l.in.addr) && s.in.val.Equal(l.in.val) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// forcedBefore reports that the test's structure orders i before j: the
// init thread before everything else, everything before the final thread.
func (c *combo) forcedBefore(i, j int) bool {
	ti, tj := c.all[i].thread, c.all[j].thread
	if ti == tj {
		return false
	}
	ki, kj := c.u.Threads[ti].Kind, c.u.Threads[tj].Kind
	return (ki == lsl.ThreadInit && kj != lsl.ThreadInit) || (kj == lsl.ThreadFinal && ki != lsl.ThreadFinal)
}

// world builds the static interpretation of the combination (everything
// but the seed function and the relation variables).
func (c *combo) world(md *model) *world {
	n := len(c.all)
	w := &world{md: md, n: n}
	mat := func() [][]bool {
		m := make([][]bool, n)
		for i := range m {
			m[i] = make([]bool, n)
		}
		return m
	}
	w.po, w.atomic, w.aliased, w.dd, w.cd = mat(), mat(), mat(), mat(), mat()
	for i, gi := range c.all {
		w.kind = append(w.kind, gi.in.kind)
		w.fences = append(w.fences, fenceBits(gi.in.fence))
		for _, s := range []axioms.Sort{axioms.SortInstruction, axioms.SortAccess, axioms.SortLoad, axioms.SortStore, axioms.SortFence} {
			if s.Has(gi.in.kind) {
				w.dom[s] = append(w.dom[s], i)
			}
		}
		for j, gj := range c.all {
			same := gi.thread == gj.thread
			w.po[i][j] = (same && gi.local < gj.local) || (!same && c.forcedBefore(i, j))
			w.atomic[i][j] = i == j || (same && gi.in.atomic != 0 && gi.in.atomic == gj.in.atomic)
			acc := func(k axioms.InstrKind) bool { return k == axioms.Load || k == axioms.Store }
			w.aliased[i][j] = acc(gi.in.kind) && acc(gj.in.kind) && gi.in.addr.Equal(gj.in.addr)
		}
	}
	for j, gj := range c.all {
		for _, l := range gj.in.ddeps {
			w.dd[c.global(gj.thread, l)][j] = true
		}
		for _, l := range gj.in.cdeps {
			w.cd[c.global(gj.thread, l)][j] = true
		}
	}
	w.seed = make([]int, n)
	w.pos = make([][]int, len(md.rels))
	w.lo = make([][]bool, len(md.rels))
	w.up = make([][]bool, len(md.rels))
	return w
}

// seedCandidates lists, per load, the stores it may read from (same address
// and value) and -1 for the initial value when that matches.
func (c *combo) seedCandidates() [][]int {
	out := make([][]int, len(c.all))
	for i, l := range c.all {
		if l.in.kind != axioms.Load {
			continue
		}
		if l.in.val.Equal(initial(c.u, l.in.addr)) {
			out[i] = append(out[i], -1)
		}
		for j, s := range c.all {
			if s.in.kind == axioms.Store && s.in.addr.Equal(l.in.addr) && s.in.val.Equal(l.in.val) {
				out[i] = append(out[i], j)
			}
		}
	}
	return out
}

// consistent decides whether the combination is an execution on the model:
// whether some seed function and some valuation of the relation variables
// satisfy every axiom, the forced order of the test structure, and the
// condition on blocked spin loops.
func (c *combo) consistent(md *model) (bool, error) {
	if c.supersededAlone(md) || c.unpublishedSuperseded(md) {
		return false, nil
	}
	w := c.world(md)
	var blockedLoads []int
	own := map[int]bool{}
	for ti, r := range c.runs {
		if r.status == statusBlocked {
			for _, l := range r.spinLoads {
				blockedLoads = append(blockedLoads, c.global(ti, l))
			}
			for _, st := range r.spinStores {
				own[c.global(ti, st)] = true
			}
		}
	}
	if len(blockedLoads) > 0 && md.memOrder < 0 {
		return false, fmt.Errorf("model %s has no relation memory_order, which blocked spin loops need", md.m.Name)
	}
	var notFinal [][]int
	for ti, r := range c.runs {
		if r.status == statusPruned && len(r.notFinal) > 0 {
			var g []int
			for _, l := range r.notFinal {
				g = append(g, c.global(ti, l))
			}
			notFinal = append(notFinal, g)
		}
	}
	if len(notFinal) > 0 && md.memOrder < 0 {
		return false, fmt.Errorf("model %s has no relation memory_order, which fair progress needs", md.m.Name)
	}
	if err := c.checkMemSafetyModel(md); err != nil {
		return false, err
	}
	s := &searcher{c: c, md: md, w: w, blockedLoads: blockedLoads, ownStores: own, notFinal: notFinal}
	cands := c.seedCandidates()
	var loads []int
	for i := range c.all {
		if c.all[i].in.kind == axioms.Load {
			loads = append(loads, i)
		}
		w.seed[i] = -1
	}
	var pick func(k int) bool
	pick = func(k int) bool {
		if k == len(loads) {
			if !c.readsHold(w.seed) || c.cutChainHolds(w.seed) {
				return false
			}
			s.chainSkip = c.chainSkip(w.seed)
			s.jointStores, s.jointThreads = c.jointChains(w.seed)
			return s.orders()
		}
		for _, st := range cands[loads[k]] {
			w.seed[loads[k]] = st
			if pick(k + 1) {
				return true
			}
		}
		w.seed[loads[k]] = -1
		return false
	}
	return pick(0), nil
}

// supersededAlone reports whether a run deletes a cycle whose stores a
// later store of its thread supersedes, because every other thread but
// the final one completed (interp.finishFair): on sc and tso no load
// after the cut can read the cycle's stores then (on pso, relaxed and rmo
// a reader may: docs/semantics.md, "Superseded reload rounds on weak
// models").
func (c *combo) supersededAlone(md *model) bool {
	if !md.props.Vetted {
		return false
	}
	for _, r := range c.runs {
		if r.supersededSealed || !md.reloadSupersedes && (r.supersededFenced || md.props.LoadsInOrder && r.supersededFencedInOrder) {
			return true
		}
	}
	for ti, r := range c.runs {
		if !(r.supersededIfAlone || r.reloadSupersededIfAlone) || !md.reloadSupersedes {
			continue
		}
		alone := true
		for tj, o := range c.runs {
			if tj != ti && c.u.Threads[tj].Kind != lsl.ThreadFinal && o.status != statusDone {
				alone = false
			}
		}
		if alone {
			return true
		}
	}
	return false
}

// readsHold checks the runs' read conditions (fair progress) against a
// seed function.
func (c *combo) readsHold(seed []int) bool {
	for ti, r := range c.runs {
		for _, rc := range r.readConds {
			stores := map[int]bool{}
			for _, st := range rc.stores {
				stores[c.global(ti, st)] = true
			}
			read := false
			for l, st := range seed {
				if st < 0 || !stores[st] || c.all[l].in.kind != axioms.Load {
					continue
				}
				if c.all[l].thread == ti && c.all[l].local >= rc.lo && c.all[l].local < rc.hi {
					continue // read inside the iteration itself
				}
				if rc.silent && c.readsAfter(l, st) {
					continue // reads the silent store's source once the cycle goes
				}
				read = true
			}
			if read && rc.chain != nil && c.chainHolds(ti, rc.chain, seed) {
				read = c.chainRead(ti, rc.chain, rc.lo, rc.hi, seed)
			}
			if read != rc.read {
				return false
			}
		}
	}
	return true
}

// searcher looks for a valuation of the relation variables for one trace
// and seed function.
type searcher struct {
	c            *combo
	md           *model
	w            *world
	blockedLoads []int
	ownStores    map[int]bool // stores of blocked iterations
	notFinal     [][]int      // per cut-off cycle: some load must not be final
	totals       []int        // indices of the total orders, in declaration order
	// chainSkip: stores of chains at a loop's bound that hold (chain.go);
	// they do not make a load of their own thread non-final
	chainSkip map[int]bool
	// jointStores: stores of the chains at the bound of livelocked runs on
	// RMW-only globals that hold (chaincut.go), which do not make a load of
	// another such run (jointThreads) non-final
	jointStores, jointThreads map[int]bool
}

// chainStore reports whether store st is in chainSkip and of load l's
// thread, or in jointStores and of another thread than l's, which is in
// jointThreads.
func (s *searcher) chainStore(l, st int) bool {
	lt, sth := s.c.all[l].thread, s.c.all[st].thread
	if s.chainSkip[st] && sth == lt {
		return true
	}
	return s.jointStores[st] && s.jointThreads[lt] && sth != lt
}

func (s *searcher) orders() bool {
	w, md := s.w, s.md
	s.totals = s.totals[:0]
	for ri, r := range md.rels {
		if r.kind == relTotal {
			s.totals = append(s.totals, ri)
			w.pos[ri] = make([]int, w.n)
			for i := range w.pos[ri] {
				w.pos[ri][i] = -1
			}
		}
	}
	w.mode = hornExact
	w.solveHorn(false)
	for _, a := range md.axioms {
		if a.static && w.violated(a) {
			return false
		}
	}
	if !s.feasible(-1) {
		return false
	}
	return s.place(0, 0)
}

// place extends total order s.totals[k], whose first placed instructions
// are placed, by every possible next instruction.
func (s *searcher) place(k, placed int) bool {
	w := s.w
	if k == len(s.totals) {
		return s.leaf()
	}
	ri := s.totals[k]
	dom := w.dom[s.md.rels[ri].decl.Params[0]]
	if placed == len(dom) {
		return s.place(k+1, 0)
	}
	pos := w.pos[ri]
	for _, a := range dom {
		if pos[a] >= 0 || !s.forcedReady(ri, a) {
			continue
		}
		pos[a] = placed
		if s.feasible(a) && s.place(k, placed+1) {
			return true
		}
		pos[a] = -1
	}
	return false
}

// forcedReady: for memory_order, every access the test structure orders
// before a is already placed.
func (s *searcher) forcedReady(ri, a int) bool {
	if ri != s.md.memOrder {
		return true
	}
	pos := s.w.pos[ri]
	for _, b := range s.w.dom[s.md.rels[ri].decl.Params[0]] {
		if pos[b] < 0 && b != a && s.c.forcedBefore(b, a) {
			return false
		}
	}
	return true
}

// feasible checks that no axiom is already violated by the partial orders,
// just after placed was placed (-1: before anything is). Pruning needs
// only to be sound; leaf checks everything.
func (s *searcher) feasible(placed int) bool {
	w := s.w
	horn := s.hasOrderHorn()
	if horn {
		w.solveHorn(true)
	}
	if !s.spinsFinal() {
		return false
	}
	for _, a := range s.md.axioms {
		if a.static || a.orderOf >= 0 {
			continue
		}
		// Horn relations that follow the orders may change anywhere.
		if placed < 0 || (horn && a.onHorn) {
			if w.violated(a) {
				return false
			}
		} else if w.violatedAt(a, placed) {
			return false
		}
	}
	return true
}

func (s *searcher) hasOrderHorn() bool {
	for _, r := range s.md.rels {
		if r.kind == relHorn && r.onOrders {
			return true
		}
	}
	return false
}

// spinsFinal: every load of a blocked spin iteration reads a final value,
// i.e. no aliased store follows it in memory_order — stores of threads that
// only start after the blocked one (the final thread) do not count, as they
// never run, nor do the blocked iterations' own stores (a failed lock
// exchange rewrites the value it read).
func (s *searcher) spinsFinal() bool {
	if len(s.blockedLoads) == 0 {
		return true
	}
	w := s.w
	mo := s.md.memOrder
	env := []int{0, 0}
	n := &node{op: opRel, rel: mo, args: []int{0, 1}}
	for _, l := range s.blockedLoads {
		for _, st := range w.dom[axioms.SortStore] {
			if !w.aliased[l][st] || s.c.forcedBefore(l, st) || s.ownStores[st] || s.c.silentStore(st) || s.chainStore(l, st) {
				continue
			}
			env[0], env[1] = l, st
			if w.relation(n, env) == tvT {
				return false
			}
		}
	}
	return true
}

// allFinal: every load of loads reads a final value (no aliased store
// follows it in memory_order; stores of threads that only start later do
// not count).
func (s *searcher) allFinal(loads []int) bool {
	w := s.w
	env := []int{0, 0}
	n := &node{op: opRel, rel: s.md.memOrder, args: []int{0, 1}}
	for _, l := range loads {
		for _, st := range w.dom[axioms.SortStore] {
			if !w.aliased[l][st] || s.c.forcedBefore(l, st) || s.c.silentStore(st) || s.chainStore(l, st) {
				continue
			}
			env[0], env[1] = l, st
			if w.relation(n, env) == tvT {
				return false
			}
		}
	}
	return true
}

// leaf checks a complete valuation: every axiom, the forced order and the
// spin condition, all two-valued now.
func (s *searcher) leaf() bool {
	w := s.w
	if s.hasOrderHorn() {
		w.solveHorn(true)
	}
	if !s.spinsFinal() {
		return false
	}
	for _, g := range s.notFinal {
		if s.allFinal(g) {
			return false
		}
	}
	if s.c.guessesMemSafety() && !s.memSafe() {
		return false
	}
	w.complete = true
	defer func() { w.complete = false }()
	for _, a := range s.md.axioms {
		if w.violated(a) {
			return false
		}
	}
	return true
}

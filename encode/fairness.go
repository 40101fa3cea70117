package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/go-air/gini/z"
)

// Fair progress (docs/semantics.md, "Fair progress"). An iteration of a
// loop is redundant when it continues the loop, executes no store and no
// observation, and leaves the registers that matter at the loop head
// (lsl.IterationState) as they were at its start: deleting it from an
// execution leaves an execution of the program with the same
// observations, failures and final memory. So the engine only considers
// executions without redundant iterations:
//
//   - a redundant iteration followed by another one excludes the
//     execution (any execution reduces to one without it);
//   - a redundant last unrolled iteration does not make the execution cut
//     off (the thread would repeat the iteration from the same state, and
//     the reduced execution fits the unrolling). If its loads read final
//     values (no store follows them in memory order) the thread repeats
//     it forever: the thread is livelocked, a failure like a deadlock;
//     otherwise the execution is excluded, since under fair progress the
//     thread eventually sees the newer value.
//
// Only iterations that change something count toward the loop bound, so
// retry loops (a failed CAS writes nothing) converge on every model.

// LivelockSite is the last unrolled iteration of a loop instance that may
// be redundant: Guard holds when it is.
type LivelockSite struct {
	Loop   string
	Thread int
	Op     int
	Pos    lsl.Pos
	Guard  z.Lit
	Loads  []int // instruction indices of the iteration's loads
}

// iterRec is one loop iteration whose redundancy is decided once the
// seeds exist (finishFairness): partial is everything but "no store of the
// iteration is read by a load outside it".
type iterRec struct {
	partial z.Lit
	stores  []int // instruction indices of the iteration's stores
	lo, hi  int   // the iteration's instructions: Instrs[lo:hi]
	last    bool  // the last unrolled iteration: pruned follows
	site    *LivelockSite
	pruned  *PrunedSite
}

// iteration runs one iteration block of an unrolled loop and, with fair
// progress, records what decides whether it is redundant: it continues,
// observes nothing, leaves the live registers (and their dependencies)
// as they were, and no store it executes is read by a load outside it
// (the stores of a back-off that nobody saw are as good as none).
func (x *texec) iteration(b *lsl.Block) {
	c := x.e.C
	startRegs := copyRegs(x.cur.r)
	i0, o0 := len(x.e.Instrs), len(x.th.obs)
	x.plainBlock(b)
	cont := x.cur
	if cont.g == c.F {
		return
	}
	rec := &iterRec{lo: i0, hi: len(x.e.Instrs)}
	var loadIdx []int
	for _, in := range x.e.Instrs[i0:] {
		switch in.Kind {
		case axioms.Store:
			rec.stores = append(rec.stores, in.Index)
		case axioms.Load:
			loadIdx = append(loadIdx, in.Index)
		}
	}
	var obs []z.Lit
	for _, ev := range x.th.obs[o0:] {
		obs = append(obs, ev.guard)
	}
	same := []z.Lit{cont.g, c.Ors(obs...).Not()}
	for _, r := range x.live[b] {
		a, ok := startRegs[r]
		if !ok {
			a = x.e.undef
		}
		n, ok := cont.r[r]
		if !ok {
			n = x.e.undef
		}
		same = append(same, x.e.vx.same(a, n))
		if x.e.trackDeps {
			// the reduced execution continues with the start's
			// dependencies: they must be among the original ones
			for _, d := range a.deps {
				same = append(same, c.Implies(d.cond, n.deps.on(c, d.load)))
			}
		}
	}
	rec.partial = c.Ands(same...)
	if rec.partial == c.F {
		return
	}
	if li := x.e.U.Loops[b.Loop]; li != nil && b.Iter >= li.Bound {
		rec.last = true
		rec.site = &LivelockSite{Loop: b.Loop, Thread: x.ti, Op: x.op, Pos: b.Pos, Loads: loadIdx}
		x.lastIter[b.Loop] = rec
	}
	x.e.iters = append(x.e.iters, rec)
}

// finishFairness decides redundancy once the seeds exist: a redundant
// iteration followed by another one excludes the execution; a redundant
// last iteration is a livelock candidate instead of a cut-off.
func (e *Encoding) finishFairness() {
	c := e.C
	for _, rec := range e.iters {
		var read []z.Lit
		for _, st := range rec.stores {
			var by []z.Lit
			for _, sv := range e.seedsOfStore(st) {
				if sv.load < rec.lo || sv.load >= rec.hi {
					by = append(by, sv.lit)
				}
			}
			read = append(read, c.And(e.Instrs[st].Guard, c.Ors(by...)))
		}
		red := c.And(rec.partial, c.Ors(read...).Not())
		switch {
		case !rec.last:
			e.wellformed = append(e.wellformed, red.Not())
		case rec.pruned != nil:
			rec.site.Guard = c.And(rec.pruned.Guard, red)
			rec.pruned.Guard = c.And(rec.pruned.Guard, red.Not())
			e.Threads[rec.site.Thread].Livelocks = append(e.Threads[rec.site.Thread].Livelocks, rec.site)
		}
	}
}

// seedsOfStore lists the seed literals of the loads that may read store st.
func (e *Encoding) seedsOfStore(st int) []loadSeed {
	if e.storeSeeds == nil {
		e.storeSeeds = map[int][]loadSeed{}
		for l, svs := range e.seeds {
			for _, sv := range svs {
				e.storeSeeds[sv.store] = append(e.storeSeeds[sv.store], loadSeed{l, sv.lit})
			}
		}
	}
	return e.storeSeeds[st]
}

type loadSeed struct {
	load int
	lit  z.Lit
}

// livelockConsistency says that a thread that repeats a redundant last
// iteration forever read final values in it; otherwise the execution is
// excluded (the thread would eventually see the newer value).
func (e *Encoding) livelockConsistency() (z.Lit, error) {
	c := e.C
	parts := []z.Lit{}
	for _, th := range e.Threads {
		for _, ls := range th.Livelocks {
			final, err := e.finalLoads(ls.Loads, nil)
			if err != nil {
				return c.F, err
			}
			parts = append(parts, c.Implies(ls.Guard, final))
		}
	}
	return c.Ands(parts...), nil
}

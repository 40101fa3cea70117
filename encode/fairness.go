package encode

import (
	"slices"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Fair progress (docs/semantics.md, "Fair progress"). A run of consecutive
// iterations i..j-1 of a loop is a cycle when iteration j starts in the
// state iteration i started in — the registers live at the loop head
// (lsl.IterationState) hold the same values — and the iterations observe
// nothing and store nothing that a load outside them reads: deleting them
// from an execution leaves an execution of the program with the same
// observations and failures. So the engine only considers executions
// without cycles:
//
//   - a cycle followed by another iteration excludes the execution (any
//     execution reduces to one without it) — in an execution cut off, a
//     cycle that stores only when its thread is not cut off after it
//     inside the same loop, or when its stores are superseded and the
//     other threads are done (livelockConsistency);
//   - a cycle that ends with the last unrolled iteration and does not
//     overwrite what it reads: if its loads read final values (no store
//     follows them in memory order), the thread goes round it forever: it
//     is livelocked, a failure like a deadlock. Otherwise, if the cycle
//     stores nothing, the execution is excluded: the thread eventually
//     sees the newer value (fair progress), and every continuation reduces
//     to one the unrolling holds. A cycle that stores leaves the execution
//     cut off: what comes after the loop, which the unrolling does not
//     hold, might read its stores. A cycle in which a wait woke
//     spuriously (spuriousIn) is never a livelock: waits do not wake
//     spuriously for ever.
//
// Only iterations that change something count toward the loop bound, so
// retry loops (a failed CAS writes nothing) converge on every model; a
// failed exchange, which writes back what it read, counts as writing
// nothing on the built-in models (silent.go). A
// loop's first round that only re-reads what the load before the loop read
// is excluded the same way (reload rounds, reload.go).

// LivelockSite is a loop instance whose last unrolled iterations may form
// a cycle: Guard holds when the thread goes round one forever.
type LivelockSite struct {
	Loop   lsl.LoopKey
	Thread int
	Op     int
	Pos    diag.Pos
	Guard  z.Lit
	// Alone holds when the thread goes round forever whatever the other
	// threads do; Guard without Alone, when it does so in turn with other
	// threads that go round chains on the same lock (chaincut.go).
	Alone  z.Lit
	cycles []finalCycle
	exempt z.Lit // a storeless cycle: not a cut-off whether or not final
	pruned *PrunedSite
	// hi ends the loop instance's last iteration: Instrs[hi] is the
	// first instruction after it
	hi int
	// storelessLive holds when the thread goes round forever a cycle
	// that stores nothing (no chain, livelockescape.go); broad when it
	// goes round forever in another way. Guard is their disjunction.
	storelessLive, broad z.Lit
}

// iterStart is the state at the start of one iteration of a loop instance.
type iterStart struct {
	g      z.Lit // the iteration is reached
	regs   map[lsl.Reg]*Val
	live   []lsl.Reg
	lo, ob int // first instruction and observation event of the iteration
}

// cycleRec is a candidate cycle i..j-1 whose exclusion is decided once the
// seeds exist (finishFairness).
type cycleRec struct {
	partial z.Lit // j reached, same state, no observation
	stores  []int // instruction indices of the cycle's stores
	loads   []int // and of its loads
	lo, hi  int   // the cycle's instructions: Instrs[lo:hi]
	last    bool  // j is the iteration after the last unrolled one
	reload  bool  // a reload round (reload.go), not a cycle: partial says it all
	// moved is a reload round's load before the loop, which the reduction
	// deletes with the round (nil for a cycle)
	moved *Instr
	// firstRMW is the load of the read-modify-write that starts the
	// cycle's first iteration, -1 if none (silent.go)
	firstRMW int
	// endCtrl is the thread's control dependencies where the cycle ends:
	// every event after it depends on them (silent.go, ctrlReader)
	endCtrl depSet
	loop    lsl.LoopKey
	thread  int
	// catStores is catCycleStores of a cycle on a cat model with silent
	// read-modify-writes, which catSilentCycles adds to partial unless the
	// cycle's stores are silent or a chain (z.LitNull: added already)
	catStores z.Lit
	// instance is the loop instance (threadSymExec.loops) and after the number of
	// the thread's cut-off sites before the cycle ended: the sites from
	// there on inside instance are cut-offs after the cycle, within its
	// loop.
	instance, after int
}

// iteration runs one iteration block of an unrolled loop and, with fair
// progress, records the cycles that end with it.
func (x *threadSymExec) iteration(b *lsl.Block) {
	c := x.e.C
	var src *reloadSource
	if b.Iter == 1 {
		x.starts[b.Loop] = nil
		if x.reload != nil && x.reload.g == x.cur.g {
			src = x.reload
		}
	}
	x.reload = nil
	start := &iterStart{g: x.cur.g, regs: copyRegs(x.cur.r), live: x.live[b], lo: len(x.e.Instrs), ob: len(x.th.obs)}
	x.starts[b.Loop] = append(x.starts[b.Loop], start)
	x.plainBlock(b)
	cont := x.cur
	if cont.g == c.F {
		return
	}
	li := x.e.U.Loops[b.Loop]
	last := li != nil && b.Iter >= li.Bound
	if src != nil {
		if rec := x.reloadRec(src, start, cont, b, last); rec != nil {
			if last {
				x.cycles[b.Loop] = append(x.cycles[b.Loop], rec)
			} else {
				x.e.cycles = append(x.e.cycles, rec)
			}
		}
	}
	for _, from := range x.starts[b.Loop] {
		// the cycle from..b: the next iteration starts as from did
		rec := &cycleRec{lo: from.lo, hi: len(x.e.Instrs), last: last, loop: b.Loop, thread: x.ti, after: len(x.th.Pruned), firstRMW: x.e.firstRMW(b, from.lo), endCtrl: cont.ctrl}
		if n := len(x.loops); n > 0 {
			rec.instance = x.loops[n-1]
		}
		for _, in := range x.e.Instrs[rec.lo:rec.hi] {
			switch in.Kind {
			case axioms.Store:
				rec.stores = append(rec.stores, in.Index)
			case axioms.Load:
				rec.loads = append(rec.loads, in.Index)
			}
		}
		parts := []z.Lit{cont.g}
		for _, ev := range x.th.obs[from.ob:] {
			parts = append(parts, ev.guard.Not())
		}
		parts = append(parts, x.sameState(from, cont.r))
		if x.e.catCycles {
			if x.e.silentRMWs() {
				// decided once the seeds exist (catSilentCycles)
				rec.catStores = x.e.catCycleStores(rec)
			} else {
				parts = append(parts, x.e.catCycleStores(rec))
			}
		}
		rec.partial = c.Ands(parts...)
		if rec.partial == c.F {
			continue
		}
		if last {
			x.cycles[b.Loop] = append(x.cycles[b.Loop], rec)
		} else {
			x.e.cycles = append(x.e.cycles, rec)
		}
	}
}

// sameState holds when the live registers of from hold in regs what they
// held at from's start — and, on models that use dependencies, depend on
// no load they did not depend on then (the reduced execution continues
// with from's dependencies, which must be among the original ones).
func (x *threadSymExec) sameState(from *iterStart, regs map[lsl.Reg]*Val) z.Lit {
	c := x.e.C
	var same []z.Lit
	for _, r := range from.live {
		a, ok := from.regs[r]
		if !ok {
			a = x.e.undef
		}
		n, ok := regs[r]
		if !ok {
			n = x.e.undef
		}
		same = append(same, x.e.vx.same(a, n))
		if x.e.trackDeps {
			for _, d := range a.deps {
				same = append(same, c.Implies(d.cond, n.deps.on(c, d.load)))
			}
		}
	}
	return c.Ands(same...)
}

// pruned attaches the cycles that end at a loop's bound to its pruned
// statement.
func (x *threadSymExec) pruned(ps *PrunedSite) {
	recs := x.cycles[ps.Loop]
	delete(x.cycles, ps.Loop)
	for _, rec := range recs {
		x.e.bounded = append(x.e.bounded, boundCycle{rec: rec, pruned: ps, op: x.op})
	}
}

// boundCycle is a cycle that ends at the pruned statement of its loop.
type boundCycle struct {
	rec    *cycleRec
	pruned *PrunedSite
	op     int
}

// finishFairness decides the cycles once the seeds exist: a cycle followed
// by another iteration excludes the execution; cycles at a bound turn the
// cut-off into a livelock (loads final) or exclude it.
func (e *Encoding) finishFairness() {
	c := e.C
	byPruned := map[*PrunedSite][]boundCycle{}
	var order []*PrunedSite
	for _, bc := range e.bounded {
		if _, ok := byPruned[bc.pruned]; !ok {
			order = append(order, bc.pruned)
		}
		byPruned[bc.pruned] = append(byPruned[bc.pruned], bc)
	}
	for _, ps := range order {
		site := &LivelockSite{Loop: ps.Loop, Thread: ps.Thread, Pos: ps.Pos}
		var exempt []z.Lit
		for k, bc := range byPruned[ps] {
			rec := bc.rec
			site.Op = bc.op
			site.hi = rec.hi
			if rec.reload {
				// every continuation reduces by deleting the round; one
				// that stores stays a cut-off, as a cycle that stores
				// does (what comes after the loop might read it)
				exempt = append(exempt, c.Ands(ps.Guard, rec.partial, e.storeless(rec)))
				continue
			}
			// Going round again reads what this round read if the loads
			// read final values: no store follows them in memory order,
			// the cycle's own included (a load before a store of the
			// same address would read that store next time).
			cyc := c.And(ps.Guard, rec.partial)
			// A round with a spurious wakeup is never repeated forever:
			// POSIX lets waits wake spuriously, not for ever.
			fc := finalCycle{guard: c.And(cyc, e.spuriousIn(rec).Not()), loads: rec.loads, storeless: e.storeless(rec)}
			if holds, stores := e.chainHolds(rec); stores != nil {
				// only for the shortest cycle: the one with the
				// latest start (the cycles here end together)
				var shorter []z.Lit
				for _, o := range byPruned[ps][k+1:] {
					if !o.rec.reload {
						shorter = append(shorter, o.rec.partial)
					}
				}
				fc.chain, fc.stores = c.And(holds, c.Ors(shorter...).Not()), stores
			}
			site.cycles = append(site.cycles, fc)
			// A cycle that stores nothing is no cut-off at all: every
			// continuation reduces to one the unrolling holds. One that
			// stores is one only when the thread goes round it forever
			// (a store might be read by what comes after the loop).
			// So is one whose stores are all silent read-modify-writes
			// of the address its iterations start with (silent.go).
			noCut := e.storeless(rec)
			if sb := e.silentAtBound(rec); sb != c.F {
				noCut = c.Or(noCut, sb)
			}
			exempt = append(exempt, c.And(cyc, noCut))
		}
		site.exempt = c.Ors(exempt...)
		e.Threads[ps.Thread].Livelocks = append(e.Threads[ps.Thread].Livelocks, site)
		site.pruned = ps
	}
}

// spuriousIn holds when a wait in the cycle wakes spuriously
// (lsl.TagSpuriousWakeup).
func (e *Encoding) spuriousIn(rec *cycleRec) z.Lit {
	var woke []z.Lit
	for i := rec.lo; i < rec.hi; i++ {
		if lsl.IsSpuriousWakeup(e.Instrs[i].Stmt) {
			woke = append(woke, e.Instrs[i].Guard)
		}
	}
	return e.C.Ors(woke...)
}

// unread holds when no store of the cycle is read by a load outside it —
// or, when every store of the cycle is silent, none is read by a load that
// may come before it in memory order (silent.go): deleting the cycle then
// hands each outside reader the value's source, with the same value; or
// when its stores are a chain of read-modify-writes that writes back what
// it first read (chain.go).
func (e *Encoding) unread(rec *cycleRec) z.Lit {
	c := e.C
	silent := e.allSilent(rec) // c.F unless the cycle has silent stores
	var read, readAfter []z.Lit
	for _, st := range rec.stores {
		var by, after []z.Lit
		for _, sv := range e.seedsOfStore(st) {
			if sv.load >= rec.lo && sv.load < rec.hi {
				continue
			}
			ra := c.F
			if silent != c.F {
				ra = e.silentReader(rec, sv.load, st, sv.load)
			}
			if ra != c.F {
				after = append(after, c.And(sv.lit, ra))
			}
			if ra != c.T {
				by = append(by, c.And(sv.lit, ra.Not()))
			}
		}
		read = append(read, c.And(e.Instrs[st].Guard, c.Ors(by...)))
		readAfter = append(readAfter, c.And(e.Instrs[st].Guard, c.Ors(after...)))
	}
	if anyAfter := c.Ors(readAfter...); anyAfter != c.F {
		read = append(read, c.And(anyAfter, silent.Not()))
	}
	return c.Or(c.Ors(read...).Not(), e.chainUnread(rec))
}

// finalCycle: when guard holds, the thread goes round a cycle forever if
// the cycle's loads read final values.
type finalCycle struct {
	guard z.Lit
	loads []int
	// chain holds when the cycle is the shortest one at the bound and its
	// stores are a chain of read-modify-writes that writes back what it
	// read (chain.go): then they do not keep its loads from reading the
	// same values next time round, and only other stores after the loads
	// make them not final.
	chain  z.Lit
	stores []int
	// storeless holds when the cycle executes none of its stores
	storeless z.Lit
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

// livelockConsistency decides the cycles at a loop's bound: the thread goes
// round one forever (a livelock) when its loads read final values; else a
// storeless cycle excludes the execution (the thread eventually sees the
// newer value, and the reduction covers the rest), and a cycle that stores
// leaves it cut off. Afterwards a livelock site's Guard holds exactly when
// the thread is livelocked, and the pruned site's when it is cut off.
func (e *Encoding) livelockConsistency() (z.Lit, error) {
	c := e.C
	parts := []z.Lit{}
	joint := e.jointCycles()
	for _, jc := range joint {
		f, err := e.jointFinal(jc, joint)
		if err != nil {
			return c.F, err
		}
		parts = append(parts, c.Implies(jc.forever, f))
	}
	for _, th := range e.Threads {
		for _, ls := range th.Livelocks {
			var live, together, plain, other []z.Lit
			for _, jc := range joint {
				if jc.site == ls {
					together = append(together, jc.forever)
				}
			}
			for _, fc := range ls.cycles {
				final, err := e.finalLoads(fc.loads, nil)
				if err != nil {
					return c.F, err
				}
				if fc.stores != nil {
					other, err := e.finalLoads(fc.loads, fc.stores)
					if err != nil {
						return c.F, err
					}
					final = c.Or(final, c.And(fc.chain, other))
				}
				lc := c.And(fc.guard, final)
				live = append(live, lc)
				if fc.stores == nil {
					plain = append(plain, c.And(lc, fc.storeless))
					other = append(other, c.And(lc, fc.storeless.Not()))
				} else {
					other = append(other, lc)
				}
			}
			ls.Alone = c.Ors(live...)
			forever := c.Or(ls.Alone, c.Ors(together...))
			ls.storelessLive = c.Ors(plain...)
			ls.broad = c.Or(c.Ors(other...), c.Ors(together...))
			parts = append(parts, c.Implies(ls.exempt, forever))
			ls.Guard = forever
			ls.pruned.Guard = c.Ands(ls.pruned.Guard, forever.Not(), ls.exempt.Not())
		}
	}
	// A cycle followed by another iteration excludes the execution —
	// unless the thread goes round a cycle forever: a livelocked thread
	// repeats the same cycle up to the bound, so every cycle of it is
	// followed by another iteration, and deleting one gives back the same
	// execution (the reduction only shortens executions that leave the
	// cycle). Without this exception every livelock would be excluded once
	// the bound exceeds one iteration.
	//
	// A cycle that stores is deleted only when its thread is not cut off
	// after it inside the same loop instance (docs/semantics.md, "Fair
	// progress"): deleting it then leaves every cut-off where it was, so
	// the execution without the cycle is a cut-off execution of the
	// unrolling too. A thread cut off inside the loop would, without the
	// cycle, stop short of its bound and go on — where a load might have
	// read the cycle's stores — so that execution stays a cut-off.
	//
	// Only the rounds of a livelocked loop that read final values need
	// the exception: any other cycle can be deleted, and the thread
	// still goes round forever (livelockescape.go).
	tails := finalTails{}
	for _, rec := range e.cycles {
		var livelocked []z.Lit
		for _, ls := range e.Threads[rec.thread].Livelocks {
			livelocked = append(livelocked, ls.Guard)
		}
		if rec.reload {
			parts = append(parts, c.Implies(c.And(rec.partial, e.reloadDeletable(rec)), c.Ors(livelocked...)))
			continue
		}
		escape := c.Ors(livelocked...)
		if !e.broadEscape {
			var err error
			if escape, err = e.livelockEscape(rec, tails); err != nil {
				return c.F, err
			}
		}
		deletable := c.Ors(e.storeless(rec), e.cutWithin(rec).Not(), e.cycleSuperseded(rec), e.rmwOnlyChain(rec), e.chainOthersDone(rec))
		parts = append(parts, c.Implies(c.Ands(rec.partial, e.unread(rec), deletable), escape))
	}
	return c.Ands(parts...), nil
}

// storeless holds when the cycle executes none of its stores.
func (e *Encoding) storeless(rec *cycleRec) z.Lit {
	var none []z.Lit
	for _, st := range rec.stores {
		none = append(none, e.Instrs[st].Guard.Not())
	}
	return e.C.Ands(none...)
}

// superseded holds when no load after the cut can read the stores of rec
// on sc and tso (reload_superseded.go says where it is used):
// every other thread has completed (the final thread, which has not
// started, takes effect after every access of the others), and each store
// of the cycle is followed in its thread by an executed store to the same
// address. On a built-in model such stores take effect in program order,
// and a load of the thread after them reads the later one or a store
// after it (axiom v2), so nothing after the cut reads the cycle's store;
// every continuation then reduces by deleting the cycle, as for a cycle
// that stores nothing. (A retry that stores, Treiber's node->next = top,
// converges by this when the other threads are done.)
func (e *Encoding) superseded(rec *cycleRec) z.Lit {
	c := e.C
	if !(e.storeCoherent || e.catSuperseded) || len(rec.stores) == 0 {
		return c.F
	}
	parts := e.othersDone(rec.thread)
	for _, st := range rec.stores {
		s := e.Instrs[st]
		parts = append(parts, c.Implies(s.Guard, e.overwrittenAfter(rec, s, false)))
	}
	return c.Ands(parts...)
}

// othersDone are the literals that every thread but t and the final one
// has completed.
func (e *Encoding) othersDone(t int) []z.Lit {
	var done []z.Lit
	for ti, th := range e.Threads {
		if ti != t && th.T.Kind != lsl.ThreadFinal {
			done = append(done, th.Done)
		}
	}
	return done
}

// cutWithin holds when rec's thread is cut off after the cycle inside the
// cycle's loop instance: at its bound, or in a loop or recursion nested in
// a later iteration.
func (e *Encoding) cutWithin(rec *cycleRec) z.Lit {
	c := e.C
	if rec.instance == 0 {
		return c.T // not inside a known instance: assume the worst
	}
	var cut []z.Lit
	for _, ps := range e.Threads[rec.thread].Pruned[rec.after:] {
		if slices.Contains(ps.within, rec.instance) {
			cut = append(cut, ps.Guard)
		}
	}
	return c.Ors(cut...)
}

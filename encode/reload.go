package encode

import (
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Reload rounds (docs/semantics.md, "Fair progress", reload rounds). The
// C11 retry idiom loads a location before its loop, and a failed
// compare-exchange hands the value it read to the next round:
//
//	t := load X; fences
//	loop { …; c := load X (the CAS); if failed { t := c; continue } }
//
// A failed round changes t, so it is no cycle. But when the loop's first
// round stores nothing, observes nothing and leaves every other live
// register as it was, deleting the round and moving the load before the
// loop to the memory-order place of c (reading what c read) gives an
// execution of the same program with one round fewer and the same
// observations and failures, on the built-in .mm models: every axiom
// instance over the moved load is an instance over c in the original
// execution, because c is a later load of the same address that is
// followed, before the next round, by fences of the kinds that follow the
// moved load — and, where the encoding tracks dependencies, on which the
// next round depends wherever the moved load's value flows. So an
// execution whose first round is such a round and is followed by another
// iteration (or by the loop's bound) is excluded, unless its thread is
// livelocked.
//
// Storing reload rounds (docs/semantics.md, "Storing reload rounds"): a
// round may also store — Treiber's push stores n->next in every round —
// when no load at all reads its stores, and, as for a cycle that stores,
// its thread is not cut off after it inside the loop or its stores are
// superseded while the other threads are done (reloadDeletable); on a
// cat model its stores meet catCycleStores. At the bound only a
// storeless round is no cut-off.

// reloadSource is the load a loop's first round may re-read: the thread's
// last statements before the loop were load L, then only fences and copies
// of L's value, on one path.
type reloadSource struct {
	load   *Instr
	regs   map[lsl.Reg]bool // registers holding exactly L's value
	fences []*Instr         // the fences after L
	g      z.Lit            // the path guard after L
}

// reloadsApply reports whether the encoding uses reload rounds: fair
// progress on a vetted .mm model (memmodel.Properties.Vetted), or on a cat
// model that sees the program's tags as written (no C11 mapping: rc11 and
// models without C11; catReloadTags has the conditions on the loads).
func (e *Encoding) reloadsApply() bool {
	return e.fair && e.reloadRounds && e.reloadModel
}

// catReloadSource reports whether load L may be a reload source on a cat
// model: its event, moved, must relate to the others only as C's does
// (docs/semantics.md, "Reload rounds on cat models"), so it pairs with no
// store-exclusive (lxsx) and is not a part of a mixed-size access. An
// access of an atomic block pairs with none whatever its tags (RISC-V's
// AMOs carry X: exclusivePairs).
func (e *Encoding) catReloadSource(l *Instr) bool {
	return (l.Atomic != 0 || !lsl.HasTag(e.catTags(l), exclusiveTag)) && !lsl.IsPart(l.Stmt)
}

// catTags are the tags in's event carries on the cat model: its own, or
// on a model with a C11 mapping those the mapping gives (c11EventTags;
// without fence synthesis' conditional tags).
func (e *Encoding) catTags(in *Instr) []string {
	m := e.Memory.Cat()
	if m == nil || m.C11 == nil {
		return lsl.Tags(in.Stmt)
	}
	return mappedTags(m, e.U.Prog.C11, in.Kind, in.Atomic != 0, e.lockedBlock(in), lsl.Tags(in.Stmt))
}

// mappedTags are c11EventTags' tags, or tags when the model cannot read
// them (the encoding then reports the error at the event).
func mappedTags(m *cat.Model, progC11 bool, k axioms.InstrKind, atomic, locked bool, tags []string) []string {
	out, _, ok := c11EventTags(m, progC11, k, atomic, locked, tags)
	if !ok {
		return tags
	}
	return out
}

// catFenceTags are the tags of fence f's event on the cat model, nil when
// it is none: a C11 front end's mm-only fence that the model drops or its
// C11 mapping makes no barrier (mmOnlyNoBarrier), or the second of a group
// that the mapping makes one barrier (sameBarrierAt).
func (e *Encoding) catFenceTags(f *Instr) []string {
	tags := e.catTags(f)
	if mmOnlyNoBarrier(lsl.Tags(f.Stmt), tags) {
		return nil
	}
	if m := e.Memory.Cat(); m != nil && m.C11 != nil && sameBarrierAt(e.Instrs, f.Index) {
		return nil
	}
	return tags
}

// catReloadFences reports whether the fences after L (want), matched in
// order by the fences after C (got, matchFences), are events the reduced
// execution can take from the original: where a fence after L is an event
// of the cat model, the fence matched after C is one with the same tags,
// and the moved load's fence is that one (docs/semantics.md, "Reload
// rounds on cat models"). A fence after L that is no event needs nothing.
// One event fence after L whose match is no event or another one (riscv's
// `fence r,rw` after an acquire load, against an `amocas.aq`) may be the original
// fence after L itself, when it is the first event fence after L and the
// model keeps an execution consistent with that fence moved from just
// before C to just after it and C carrying L's tags (cat.Model.
// FenceMoveKeepsConsistent; docs/semantics.md, "Reload rounds: the load's
// fence moved over the compare-and-swap").
func (e *Encoding) catReloadFences(l, c *Instr, want, got []*Instr) bool {
	first := true // no fence after L before w is an event
	for i, w := range want {
		wt := e.catFenceTags(w)
		if wt == nil {
			continue
		}
		gt := e.catFenceTags(got[i])
		matched := gt != nil && sameTagSet(wt, gt)
		// unmatched, the first may be kept: it comes just before C once
		// the round's other events are gone
		if !matched && !(first && e.fenceMoveKeeps(wt, e.catTags(l), e.catTags(c))) {
			return false
		}
		first = false
	}
	return true
}

// fenceMoveKeeps is memmodel.Model.FenceMoveKeepsConsistent, memoized.
func (e *Encoding) fenceMoveKeeps(fence, to, from []string) bool {
	key := "move|" + strings.Join(fence, ",") + "|" + strings.Join(to, ",") + "|" + strings.Join(from, ",")
	if v, ok := e.retagMemo[key]; ok {
		return v
	}
	if e.retagMemo == nil {
		e.retagMemo = map[string]bool{}
	}
	v := e.reloadFenceMove && e.Memory.FenceMoveKeepsConsistent(fence, to, from)
	e.retagMemo[key] = v
	return v
}

// sameTags reports whether two instructions carry the same tags (as
// sets): on a cat model without a C11 mapping they are their events'
// tags, so the moved load is in the sets C is in.
func sameTags(a, b *Instr) bool { return sameTagSet(lsl.Tags(a.Stmt), lsl.Tags(b.Stmt)) }

// trackReload updates the reload source before statement s runs (loads set
// it afterwards, in noteReloadLoad); blocks are handled by block.
func (x *threadSymExec) trackReload(s lsl.Stmt) {
	src := x.reload
	if src == nil {
		return
	}
	switch s := s.(type) {
	case *lsl.Block:
	case *lsl.Load:
		x.reload = nil // noteReloadLoad makes it the new source
	case *lsl.Fence:
		// appended once the instruction exists (stmt)
	case *lsl.Assign:
		uses := false
		for _, a := range s.Args {
			if r, ok := a.(lsl.Reg); ok && src.regs[r] {
				uses = true
			}
		}
		switch {
		case s.Op == lsl.OpCopy && uses:
			src.regs[s.Dst] = true
		case uses:
			x.reload = nil // another register now depends on L
		default:
			delete(src.regs, s.Dst)
		}
	default:
		x.reload = nil
	}
}

// noteReloadLoad makes load in the reload source, outside atomic blocks.
func (x *threadSymExec) noteReloadLoad(s *lsl.Load, in *Instr) {
	x.reload = nil
	if x.atomic != 0 || !x.e.reloadsApply() || x.live == nil || len(in.adeps) > 0 {
		return // a moved load must not bring address dependencies along
	}
	if x.e.taggedEvents && !x.e.catReloadSource(in) {
		return
	}
	x.reload = &reloadSource{load: in, regs: map[lsl.Reg]bool{s.Dst: true}, g: x.cur.g}
}

// reloadRec records the loop's first round, which started in start and
// continues to the next iteration in cont, as a candidate reload round of
// src (nil if it cannot be one). Its stores, if it has any, are judged
// once the seeds exist (reloadDeletable); on a cat model they must meet
// the conditions of a cycle's stores (catCycleStores).
func (x *threadSymExec) reloadRec(src *reloadSource, start *iterStart, cont sstate, b *lsl.Block, last bool) *cycleRec {
	e := x.e
	c := e.C
	rec := &cycleRec{reload: true, moved: src.load, firstRMW: -1, lo: start.lo, hi: len(e.Instrs), last: last, loop: b.Loop, thread: x.ti, after: len(x.th.Pruned)}
	if n := len(x.loops); n > 0 {
		rec.instance = x.loops[n-1]
	}
	for _, in := range e.Instrs[rec.lo:rec.hi] {
		switch in.Kind {
		case axioms.Store:
			rec.stores = append(rec.stores, in.Index)
		case axioms.Load:
			rec.loads = append(rec.loads, in.Index)
		}
	}
	p := x.reloadRound(src, start, cont)
	switch {
	case !e.storingReloads:
		p = c.And(p, e.storeless(rec))
	case e.taggedEvents || e.catCycles:
		p = c.And(p, e.catCycleStores(rec))
	}
	if p == c.F {
		return nil
	}
	rec.partial = p
	return rec
}

// reloadDeletable holds when a reload round that goes on to another
// iteration may be deleted (docs/semantics.md, "Storing reload rounds"):
// it stores nothing; or no load at all reads its stores (C included: the
// moved load must find its source) and, as for a cycle that stores, its
// thread is not cut off after it inside the loop, or its stores are
// superseded as the model allows (reloadSuperseded: on sc and tso while
// the other threads are done or, on sc, while they go to blocks no
// executed store has published; on rc11 with races failing, by plain
// stores).
func (e *Encoding) reloadDeletable(rec *cycleRec) z.Lit {
	c := e.C
	if len(rec.stores) == 0 {
		return c.T
	}
	var read []z.Lit
	for _, st := range rec.stores {
		var by []z.Lit
		for _, sv := range e.seedsOfStore(st) {
			by = append(by, sv.lit)
		}
		read = append(read, c.And(e.Instrs[st].Guard, c.Ors(by...)))
	}
	unread := c.Ors(read...).Not()
	return c.Or(e.storeless(rec), c.And(unread, c.Or(e.cutWithin(rec).Not(), e.reloadSuperseded(rec))))
}

// reloadRound returns the literal for: the loop's first round, which
// started in start and continues to the next iteration in cont, is a
// reload round of src, whatever it stores (reloadRec).
func (x *threadSymExec) reloadRound(src *reloadSource, start *iterStart, cont sstate) z.Lit {
	e := x.e
	c := e.C
	isCat := e.taggedEvents
	parts := []z.Lit{cont.g}
	for _, ev := range x.th.obs[start.ob:] {
		parts = append(parts, ev.guard.Not())
	}
	hi := len(e.Instrs)
	var loads []*Instr
	for _, in := range e.Instrs[start.lo:hi] {
		if in.Kind == axioms.Load {
			loads = append(loads, in)
		}
	}
	var reloaded []lsl.Reg
	for _, r := range start.live {
		if src.regs[r] {
			reloaded = append(reloaded, r)
			continue
		}
		a, n := e.regVal(start.regs, r), e.regVal(cont.r, r)
		parts = append(parts, e.vx.same(a, n))
		if e.trackDeps { // the next round keeps every dependency it had
			for _, d := range a.deps {
				parts = append(parts, c.Implies(d.cond, n.deps.on(c, d.load)))
			}
		}
	}
	var via []z.Lit
	for _, ld := range loads {
		if isCat && !e.reloadTagsMatch(src.load, ld) {
			continue // the moved load would be in other sets than C
		}
		fences, ok := matchFences(src.fences, e.Instrs[ld.Index+1:hi])
		if !ok || isCat && !e.catReloadFences(src.load, ld, src.fences, fences) {
			continue
		}
		alt := []z.Lit{ld.Guard, e.aliased(src.load, ld)}
		for _, f := range fences {
			alt = append(alt, f.Guard)
		}
		for _, r := range reloaded {
			n := e.regVal(cont.r, r)
			alt = append(alt, e.vx.same(n, ld.Data))
			if e.trackDeps { // what depends on the moved load depends on C
				alt = append(alt, n.deps.on(c, ld.Index))
			}
		}
		if e.trackDeps { // and C is control dependent where L was
			for _, d := range src.load.cdeps {
				alt = append(alt, c.Implies(d.cond, ld.cdeps.on(c, d.load)))
			}
		}
		via = append(via, c.Ands(alt...))
	}
	parts = append(parts, c.Ors(via...))
	return c.Ands(parts...)
}

// matchFences pairs each fence of want, in order, with the first later
// fence of the same kind in after (instructions in program order along
// each path): the fences that follow the re-read load as the wanted ones
// follow the load before the loop. It returns false when one is missing.
func matchFences(want []*Instr, after []*Instr) ([]*Instr, bool) {
	out := make([]*Instr, 0, len(want))
	i := 0
	for _, w := range want {
		for i < len(after) && !(after[i].Kind == axioms.Fence && after[i].Fence == w.Fence) {
			i++
		}
		if i == len(after) {
			return nil, false
		}
		out = append(out, after[i])
		i++
	}
	return out, true
}

// regVal is r's value in regs (undefined when unset).
func (e *Encoding) regVal(regs map[lsl.Reg]*Val, r lsl.Reg) *Val {
	if v, ok := regs[r]; ok {
		return v
	}
	return e.undef
}

package mining

import (
	"slices"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
)

// Reload rounds in the simulation. On the built-in .mm models the
// encoding deletes a loop's first round when it only re-reads the
// location the thread loaded just before the loop (encode/reload.go,
// docs/semantics.md "Reload rounds"): the C11 retry idiom
//
//	t := load X; fences
//	loop { …; c := load X (the CAS); if failed { t := c; continue } }
//
// whose failed rounds store nothing. Deleting the first round makes the
// second the first, so a run of failed rounds at the start of the loop
// is deleted round by round and the loop needs one iteration per
// successful round, not per failed CAS. The runs counted every failed
// round, so they proposed bounds above what the lazy unrolling needs
// (Treiber's pop at 3+3: 3 where the check needs 1), and a larger
// unrolling for the solver (on treiber_3_3, most of the final proof).
// The runs now delete those rounds too, judged on the run's values as
// the encoding judges them on the execution's, except that the fences
// after the re-read are not matched: a round the runs delete that the
// encoding keeps only makes the check start lower, and the lazy
// unrolling raises it.

// simReloadSource is the load a loop's first round may re-read (the
// encoding's reloadSource): the statements just before the loop, on one
// path, were the load and then only fences and copies of its value.
type simReloadSource struct {
	load   *lsl.Load
	regs   map[lsl.Reg]bool // registers holding exactly the load's value
	fences []*lsl.Fence     // the fences after the load
}

// simReloadEntry is a loop entry's reload source in a run: the cell the
// load read and the registers holding its value.
type simReloadEntry struct {
	cell string
	regs map[lsl.Reg]bool
	// alone: when the entry's last iteration so far started, every other
	// thread but the final one had completed (reloadGone)
	alone bool
	// stores: the stores of the run when that iteration started
	// (unpublished)
	stores int
}

// reloadSources finds, in an unrolled thread body, the first iteration
// blocks that follow a reload source, as the encoding's trackReload does:
// a load outside atomic blocks starts a source; fences keep it; a copy of
// a register holding its value adds to it; an assignment that computes
// from such a register, or any other statement, ends it, and so does the
// end of a block (the join of its breaks).
func reloadSources(body *lsl.Block, out map[*lsl.Block]*simReloadSource) {
	reloadWalk(body.Stmts, nil, out)
}

func reloadWalk(stmts []lsl.Stmt, src *simReloadSource, out map[*lsl.Block]*simReloadSource) *simReloadSource {
	for _, s := range stmts {
		switch s := s.(type) {
		case *lsl.Block:
			if s.Iter == 1 && src != nil {
				out[s] = &simReloadSource{load: src.load, regs: copyRegSet(src.regs), fences: src.fences}
			}
			if s.Iter > 0 {
				reloadWalk(s.Stmts, nil, out)
			} else {
				reloadWalk(s.Stmts, src, out)
			}
			src = nil
		case *lsl.Load:
			src = &simReloadSource{load: s, regs: map[lsl.Reg]bool{s.Dst: true}}
		case *lsl.Fence:
			if src != nil {
				src.fences = append(src.fences, s)
			}
		case *lsl.Assign:
			if src == nil {
				continue
			}
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
				src = nil
			default:
				delete(src.regs, s.Dst)
			}
		case *lsl.If:
			reloadWalk(s.Then.Stmts, nil, out)
			if s.Else != nil {
				reloadWalk(s.Else.Stmts, nil, out)
			}
			src = nil
		case *lsl.Atomic:
			reloadWalk(s.Body.Stmts, nil, out) // loads inside start no source
			src = nil
		case *lsl.Spin:
			reloadWalk(s.Body.Stmts, nil, out)
			src = nil
		default:
			src = nil
		}
	}
	return src
}

// matchReloadSources drops the sources whose rounds the encoding cannot
// delete for their tags or fences on a cat model with a C11 mapping
// (encode.ReloadSourceMayMatch): the runs would propose bounds below what
// the check needs.
func (k *checker) matchReloadSources(s *simulator) {
	for b, src := range s.reloadSrc {
		if !encode.ReloadSourceMayMatch(k.opt.Model, s.u.Prog, src.load, src.fences, b) {
			delete(s.reloadSrc, b)
		}
	}
}

func copyRegSet(m map[lsl.Reg]bool) map[lsl.Reg]bool {
	out := make(map[lsl.Reg]bool, len(m))
	for r := range m {
		out[r] = true
	}
	return out
}

// reloadRound reports whether the round that started at from (the
// entry's first one not yet deleted) is a reload round of e's source now
// that it has ended: it stored and observed nothing, every live register
// but the source's kept its value, and the source's registers hold what
// a load of the round read from the source's cell.
func (t *simThread) reloadRound(r *concreteRun, src *simReloadEntry, from simStart, atBound bool) bool {
	if t.storedSince(from.pos) && (atBound || !t.s.storingReloads) || t.obs != from.obs {
		return false
	}
	for i, reg := range from.live {
		v := r.val(reg)
		if !src.regs[reg] {
			if !v.Equal(from.vals[i]) {
				return false
			}
			continue
		}
		read := false
		for j := len(t.loadPos) - 1; j >= 0 && t.loadPos[j] >= from.pos && !read; j-- {
			read = t.loadCells[j] == src.cell && t.loadVals[j].Equal(v)
		}
		if !read {
			return false
		}
	}
	return true
}

// noteReloadStart gives entry e the reload source of its first iteration
// block b, if the runs delete reload rounds and b has one.
func (t *simThread) noteReloadStart(r *concreteRun, e *simEntry, b *lsl.Block) {
	src := t.s.reloadSrc[b]
	if src == nil || !t.s.reloads {
		return
	}
	a := r.val(src.load.Addr)
	if a.Kind != lsl.KPtr {
		return
	}
	e.reload = &simReloadEntry{cell: cellKey(a.Ptr), regs: src.regs}
}

// deleteReloadRound deletes the round of e that ends now (the next
// iteration, iter, starts or, atBound, the thread is cut off at the
// loop's bound) if every earlier round of e was deleted and this one is a
// reload round: at the bound one that stores nothing (the encoding keeps
// a storing one as a cut-off); else one that stores is judged at the end
// of the run (reloadGone).
func (t *simThread) deleteReloadRound(r *concreteRun, e *simEntry, starts []simStart, atBound bool) bool {
	if e.reload != nil && !atBound {
		e.reload.alone = t.s.othersDone(t)
		e.reload.stores = t.s.stores
	}
	if e.reload == nil || len(starts) == 0 || e.reloads != len(starts)-1 {
		return false
	}
	from := starts[len(starts)-1]
	if !t.reloadRound(r, e.reload, from, atBound) {
		return false
	}
	e.reloads++
	e.cycles = append(e.cycles, simCycle{from: from.iter, to: from.iter + 1, lo: from.pos, hi: t.pos, reload: true})
	return true
}

// simStoringReloads reports whether the runs delete reload rounds that
// store: where the encoding deletes them from a thread cut off inside
// its loop (not Options.NoStoringReloads; sc and tso, and rc11 when races
// fail the check: encode.StoringReloadsSuperseded). Elsewhere the
// encoding keeps such a round, so the runs count it.
func (k *checker) simStoringReloads() bool {
	return !k.opt.NoStoringReloads && encode.StoringReloadsSuperseded(k.supersedeOptions(), k.opt.Model)
}

// simCyclesSuperseded reports whether the encoding deletes a storing
// cycle whose stores later stores of its thread supersede (the same
// per-model rule as for storing reload rounds, without the switch that
// turns storing reload rounds off).
func (k *checker) simCyclesSuperseded() bool {
	return encode.StoringReloadsSuperseded(k.supersedeOptions(), k.opt.Model)
}

// supersedeOptions are the encoding options that decide when a storing
// reload round is superseded, with the race check as check.go sets it.
func (k *checker) supersedeOptions() encode.Options {
	o := k.opt.Options
	o.Races = k.opt.Races.checks()
	o.RaceCycles = o.Races && k.opt.Races == RacesFail
	return o
}

// reloadGone returns the reload rounds of t's run that the encoding
// deletes (encode/reload.go, reloadDeletable): each entry's leading
// rounds, up to the first that stores where some load (of any thread,
// its own C included) read one of its stores, or whose stores are not
// superseded in the prefix of the run that stops where the entry's last
// round starts. That prefix, cut off at the bound one below the entry's
// count, is an execution in which the encoding keeps the round unless
// every other thread was done by then and a later store of the thread
// supersedes each of its stores; so the entry needs the round. (Judged
// at the end of the run, when the others are done, the rounds went, and
// treiber_3_3 started at push bound 1 and raised twice, to 3.)
func (s *simulator) reloadGone(t *simThread) []simCycle {
	var out []simCycle
	for _, e := range t.entries {
		// the encoding judges each round as the first of the execution
		// without the entry's rounds deleted before it: their accesses
		// are not before it
		first := len(out)
		for _, c := range e.cycles {
			if !c.reload {
				continue
			}
			start := c.lo
			if len(out) > first {
				start = out[first].lo
			}
			if t.storesIn(c) && (s.readAnywhere(t, c) || !(e.reload.alone || s.fencedRounds || s.unpublished(t, c, e.reload.stores)) || !s.supersededFrom(t, c, start)) {
				break // the later rounds are no first rounds
			}
			out = append(out, c)
		}
	}
	return out
}

// simUnpublishedReloads reports whether the runs delete storing reload
// rounds of a thread cut off while others run, when the round's stores go
// to unpublished blocks: where the encoding does (on sc, not
// Options.NoUnpublishedReloads; encode/reload_unpublished.go). On rc11,
// where the encoding deletes a round superseded by plain stores whether
// or not the others are done (encode/reload_superseded.go), the runs
// judge it as on sc: Treiber's failed pushes store into their
// unpublished node (a round judged otherwise only moves the start).
func (k *checker) simUnpublishedReloads() bool {
	if !k.simStoringReloads() {
		return false
	}
	if encode.PlainSuperseded(k.supersedeOptions(), k.opt.Model) {
		return true
	}
	return !k.opt.NoUnpublishedReloads && (k.opt.Model.SequentiallyConsistent() || k.opt.Model.SequentiallyConsistentCat())
}

// unpublished reports whether every store of c goes to a fresh or local
// block that none of the run's first n stores (those before the entry's
// last round started) holds a pointer to: the encoding's
// unpublishedSuperseded, judged on the run (the encoding also asks that
// only c's thread names the block; a round deleted here that the
// encoding keeps only makes the check start lower).
func (s *simulator) unpublished(t *simThread, c simCycle, n int) bool {
	if !s.unpublishedReloads {
		return false
	}
	first, _ := slices.BinarySearch(t.storePos, c.lo)
	for i := first; i < len(t.storePos) && t.storePos[i] < c.hi; i++ {
		base, err := strconv.ParseInt(strings.Fields(t.storeCells[i])[0], 10, 64)
		if err != nil {
			return false
		}
		if b := s.u.Block(base); b == nil || b.Kind != lsl.BlockFresh && b.Kind != lsl.BlockLocal {
			return false
		}
		for _, o := range s.threads {
			for j, id := range o.storeIDs {
				v := o.storeVal[j]
				if id <= n && (v.Kind == lsl.KComp || v.Kind == lsl.KPtr && len(v.Ptr) > 0 && v.Ptr[0] == base) {
					return false
				}
			}
		}
	}
	return true
}

// storingReloadGone reports whether a reload round of entry e that
// stores is among the deleted rounds gone.
func storingReloadGone(t *simThread, e *simEntry, gone []simCycle) bool {
	for _, c := range e.cycles {
		if c.reload && t.storesIn(c) && slices.Contains(gone, c) {
			return true
		}
	}
	return false
}

// othersDone reports whether every thread but t and the final one has
// completed.
func (s *simulator) othersDone(t *simThread) bool {
	for i, o := range s.threads {
		if o != t && s.u.Threads[i].Kind != lsl.ThreadFinal && !(o.finished && o.r.status == "") {
			return false
		}
	}
	return true
}

// readAnywhere reports whether some load of the run, inside c or outside,
// read one of c's stores.
func (s *simulator) readAnywhere(t *simThread, c simCycle) bool {
	if s.readOutside(t, c) { // builds s.readers
		return true
	}
	first, _ := slices.BinarySearch(t.storePos, c.lo)
	for i := first; i < len(t.storePos) && t.storePos[i] < c.hi; i++ {
		if len(s.readers[t.storeIDs[i]]) > 0 {
			return true
		}
	}
	return false
}

// simFencedRounds reports whether the encoding's fence case may delete
// storing rounds of unrolling u (encode.FencedRoundsMayApply): the runs
// then delete superseded ones whatever the other threads do.
func (k *checker) simFencedRounds(u *lsl.Unrolled) bool {
	return k.fairProgress(k.opt.Model) && encode.FencedRoundsMayApply(k.supersedeOptions(), k.opt.Model, u)
}

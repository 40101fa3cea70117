package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// Superseded storing reload rounds, per model (docs/semantics.md,
// "Superseded reload rounds on weak models"). A storing reload round of
// a thread cut off inside its loop is deleted only when no load after
// the cut can read its stores. The cut-off execution the encoding sees
// is not the restriction of a longer execution E to the unrolling: a
// load of another thread that reads, in E, a store of the cut-off thread
// made after the cut is not in it, and neither is what follows that load
// in its thread. What the encoding sees is E's prefix closed under po and
// rf that stops at the cut (D below), with the other threads continued.
// A load L of E outside D is po | rf after the thread's events after the
// cut, so after the round's superseding store s2 (executed before the
// cut); the question is whether L may still read the round's store s.
//
//   - sc (and sc-cat), tso: no. Every event po | rf after s2 is after it in the memory
//     order (tso keeps stores in order and orders a load before all that
//     follows it), and a load after s2 reads s2 or later. So "superseded
//     while the others are done" (superseded) and, on sc, "into
//     unpublished blocks" (reload_unpublished.go) stand.
//   - rc11 with races failing the check: if L read s, either hb(s2, L),
//     and coherence forbids it; or hb(L, s2), a po | rf cycle, which rc11
//     forbids; or neither, and L races with s2 when s2 is plain — a
//     failure, found in a shorter execution without the round. So s2 must
//     be plain; the other threads need not be done (plainSuperseded).
//   - pso, relaxed, rmo, other cat models, rc11 with races not failing
//     or an atomic s2: yes — a later store of the thread may become
//     visible before s2, or the reader's loads may be reordered, and the
//     reader then reads s (tests/llvm/pthread/unpublished_stale*.c). The
//     round is kept unless the program's fences (fenced.go) or, on a cat
//     model, the model's own order of each thread (fenced_cat.go) rule
//     that out, or it stores only into sealed blocks.

// reloadSupersede says when a storing reload round of a thread cut off
// inside its loop is superseded.
type reloadSupersede uint8

const (
	// supersedeNever: the round is kept.
	supersedeNever reloadSupersede = iota
	// supersedeOthersDone: on sc and tso, superseded (each store followed
	// by a store of the thread to its address) while the other threads
	// are done, or on sc into unpublished blocks.
	supersedeOthersDone
	// supersedePlain: on rc11 with races failing the check, each store
	// followed by a plain store of the thread to its address.
	supersedePlain
)

// reloadSupersedeRule picks the case for model m.
func reloadSupersedeRule(opt Options, m *memmodel.Model) reloadSupersede {
	switch {
	case m.SequentiallyConsistent() || m.TotalStoreOrder() || m.SequentiallyConsistentCat():
		return supersedeOthersDone
	case RC11PlainSuperseded(m) && opt.Races && opt.RaceCycles && !opt.NoPlainSuperseded:
		return supersedePlain
	}
	return supersedeNever
}

// RC11PlainSuperseded reports whether m is the built-in rc11, on which a
// storing reload round superseded by plain stores is deleted when data
// races fail the check: its racy flag is C11's races, it reads the
// program's tags as written and requires po | rf to be acyclic.
func RC11PlainSuperseded(m *memmodel.Model) bool {
	p := m.Props()
	return p.C11RaceFlag != "" && p.NoThinAir && p.C11Tags
}

// reloadSuperseded holds when the stores of a storing reload round cannot
// be read after its thread's cut inside the loop (reloadSupersede).
func (e *Encoding) reloadSuperseded(rec *cycleRec) z.Lit {
	switch e.reloadSupersede {
	case supersedeOthersDone:
		return e.C.Ors(e.superseded(rec), e.unpublishedSuperseded(rec), e.sealedSuperseded(rec))
	case supersedePlain:
		return e.C.Or(e.plainSuperseded(rec), e.sealedSuperseded(rec))
	}
	return e.C.Or(e.sealedSuperseded(rec), e.fencedSuperseded(rec))
}

// cycleSuperseded holds when the stores of a storing cycle (fairness.go)
// of a thread cut off inside its loop cannot be read after the cut. The
// argument is the one for storing reload rounds above — it is about a
// storing round of a cut-off thread, whatever the round read — so the
// same per-model rule applies: on pso, relaxed, rmo and the other cat
// models such a cycle is kept (tests/llvm/pthread/cycle_stale_bug.c
// reads two overwritten values after the publication there) unless the
// sealed, silent or fence case deletes it.
func (e *Encoding) cycleSuperseded(rec *cycleRec) z.Lit {
	switch e.reloadSupersede {
	case supersedeOthersDone:
		return e.C.Ors(e.superseded(rec), e.sealedSuperseded(rec), e.silentSuperseded(rec))
	case supersedePlain:
		return e.C.Ors(e.plainSuperseded(rec), e.sealedSuperseded(rec), e.silentSuperseded(rec))
	}
	return e.C.Ors(e.sealedSuperseded(rec), e.silentSuperseded(rec), e.fencedSuperseded(rec))
}

// silentSuperseded holds when every executed store of rec is a silent
// read-modify-write (silent.go) followed in its thread by an executed
// store to the same address, on the models where silent stores are
// judged (vetted .mm models). No load of the thread after the cut reads
// such a store (it follows the later one in program order), and a load
// of another thread that reads it, inside the unrolling or after the
// cut, comes after it in memory order and reads its source instead, the
// same value, once the round is deleted (docs/semantics.md, "Silent
// rounds of a cut-off thread").
func (e *Encoding) silentSuperseded(rec *cycleRec) z.Lit {
	c := e.C
	if e.noSealed {
		return c.F
	}
	all := e.allSilent(rec)
	if all == c.F {
		return c.F
	}
	parts := []z.Lit{all}
	for _, st := range rec.stores {
		s := e.Instrs[st]
		parts = append(parts, c.Implies(s.Guard, e.overwrittenAfter(rec, s, false)))
	}
	return c.Ands(parts...)
}

// plainSuperseded holds when each executed store of rec is followed in its
// thread by an executed plain store to the same address.
func (e *Encoding) plainSuperseded(rec *cycleRec) z.Lit {
	c := e.C
	if len(rec.stores) == 0 {
		return c.F
	}
	parts := []z.Lit{}
	for _, st := range rec.stores {
		s := e.Instrs[st]
		parts = append(parts, c.Implies(s.Guard, e.overwrittenAfter(rec, s, true)))
	}
	return c.Ands(parts...)
}

// overwrittenAfter holds when an executed store of rec's thread after rec
// (a plain one, with plainOnly) goes to s's address.
func (e *Encoding) overwrittenAfter(rec *cycleRec, s *Instr, plainOnly bool) z.Lit {
	c := e.C
	var later []z.Lit
	for _, j := range e.Threads[rec.thread].Instrs {
		if in := e.Instrs[j]; j >= rec.hi && in.Kind == axioms.Store && (!plainOnly || plainAccess(in)) {
			later = append(later, c.And(in.Guard, e.aliased(s, in)))
		}
	}
	return c.Ors(later...)
}

// plainAccess reports whether an access is plain for the race check: not
// tagged C11 atomic and outside atomic blocks (a read-modify-write's
// accesses are atomic).
func plainAccess(in *Instr) bool {
	return in.Atomic == 0 && !lsl.IsC11Atomic(lsl.Tags(in.Stmt))
}

// StoringReloadsSuperseded reports whether, on model m with options opt,
// a storing reload round of a thread cut off inside its loop may be
// deleted as superseded (sc and tso; rc11 by plain stores when races
// fail the check): the sizing runs delete such rounds only then.
func StoringReloadsSuperseded(opt Options, m *memmodel.Model) bool {
	return reloadSupersedeRule(opt, m) != supersedeNever
}

// PlainSuperseded reports whether the rc11 case applies (supersedePlain):
// there the other threads need not be done.
func PlainSuperseded(opt Options, m *memmodel.Model) bool {
	return reloadSupersedeRule(opt, m) == supersedePlain
}

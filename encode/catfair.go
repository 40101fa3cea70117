package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Fair progress on cat models (docs/semantics.md, "Fair progress on cat
// models"). The mining driver turns it on only for a model that
// cat.FairProgressSafe accepts: deleting reads and fences keeps a
// consistent execution consistent and keeps every flag that fires on the
// remaining events. Two restrictions make the reduction of fairness.go
// hold there:
//
//   - a cycle stores nothing (iteration adds the negated guards of its
//     stores), unless the model survives deleting unread writes too
//     (below);
//   - a cycle none of whose events is in a pair of a flag's relation
//     (catFlagCycles): deleting it cannot hide a flag (a data race) that
//     only its own events show.
//
// Reload rounds (reload.go) move a load; on a cat model without a C11
// mapping they apply when the moved load carries C's tags and its fences
// are no events (docs/semantics.md, "Reload rounds on cat models"); the
// moved load counts as one of the round's events here.
//
// On a model that cat.FairProgressStoresSafe accepts (every built-in one
// but lkmm), a cycle may store, as on the .mm models, under one more
// condition (catCycleStores): no access before the cycle in program order
// (its thread's, the init thread's) has the address of one of its
// stores. Then a write the cycle deletes is never between two remaining
// accesses of one location in program order, so "no write between"
// (arm8's local-read-successor, riscv's rule 2) keeps its pairs; the
// analysis relies on that. The superseded case (fairness.go) holds on a
// model that is coherent per location (cat.CoherentPerLocation).

// catCycleStores is the condition a cat model puts on a cycle's stores:
// none executes; or, where cycles may store, none has the address of an
// access before the cycle in program order.
func (e *Encoding) catCycleStores(rec *cycleRec) z.Lit {
	c := e.C
	var parts []z.Lit
	if !e.catStoringCycles {
		for _, st := range rec.stores {
			parts = append(parts, e.Instrs[st].Guard.Not())
		}
		return c.Ands(parts...)
	}
	var before []int
	for ti, th := range e.Threads {
		if ti == rec.thread || th.T.Kind == lsl.ThreadInit {
			for _, j := range th.Instrs {
				if (ti != rec.thread || j < rec.lo) && e.Instrs[j].IsAccess() {
					before = append(before, j)
				}
			}
		}
	}
	for _, st := range rec.stores {
		s := e.Instrs[st]
		for _, j := range before {
			if a := e.aliased(s, e.Instrs[j]); a != c.F {
				parts = append(parts, c.Ands(s.Guard, e.Instrs[j].Guard, a).Not())
			}
		}
	}
	return c.Ands(parts...)
}

// catFlagCycles restricts the cycles, on a cat model with flags, to those
// whose events take part in no pair of a flag's relation. The literals are
// the flags' own lower encodings: one holds only when the pair is in the
// relation, so the solver can keep a cycle only by making a flag fire, a
// failure of its own.
func (e *Encoding) catFlagCycles() { e.flagCycles(nil) }

// flagCycles is catFlagCycles for the model's flags keep accepts (nil:
// every flag); nothing on a model without flags
// (modelEncoding.flagTouch).
func (e *Encoding) flagCycles(keep func(*cat.Constraint) bool) {
	if !e.fair {
		return
	}
	touch := e.enc.flagTouch(keep)
	if touch == nil {
		return
	}
	c := e.C
	free := func(rec *cycleRec) z.Lit {
		var parts []z.Lit
		for i := rec.lo; i < rec.hi; i++ {
			if t, ok := touch(i); ok {
				parts = append(parts, t.Not())
			}
		}
		if rec.moved != nil { // a reload round deletes its load too
			if t, ok := touch(rec.moved.Index); ok {
				parts = append(parts, t.Not())
			}
		}
		return c.Ands(parts...)
	}
	for _, rec := range e.cycles {
		rec.partial = c.And(rec.partial, free(rec))
	}
	for _, bc := range e.bounded {
		bc.rec.partial = c.And(bc.rec.partial, free(bc.rec))
	}
}

// flagTouchOf returns, per event, the literal "the event is in the set or
// in a pair of the relation of one of flags", from the encodings the
// flags fire by (constraints: a flag the fair-progress check accepts is
// negated, so it fires when its relation is nonempty, reflexive or
// cyclic, and is encoded lower).
func (ci *CatInstance) flagTouchOf(flags []*cat.Constraint) []z.Lit {
	c := ci.c
	touch := make([][]z.Lit, ci.n())
	for _, k := range flags {
		p := testPol(!k.Negated)
		if k.Expr.Kind == cat.KSet {
			for i, l := range ci.set(k.Expr, p) {
				touch[i] = append(touch[i], l)
			}
			continue
		}
		r := ci.rel(k.Expr, p)
		for i, row := range r.rows {
			for _, en := range row {
				touch[i] = append(touch[i], en.l)
				touch[en.j] = append(touch[en.j], en.l)
			}
		}
	}
	out := make([]z.Lit, len(touch))
	for i, ls := range touch {
		out[i] = c.Ors(ls...)
	}
	return out
}

// CatFairNote says which part of fair progress a model whose retry rounds
// must store nothing (memmodel.Properties.StorelessCycles: a cat model)
// does without ("" on other models, or when retry rounds that store are
// deleted and superseded ones too): for the hint of an unroll limit.
func (e *Encoding) CatFairNote() string {
	switch {
	case !e.catCycles || !e.fair:
		return ""
	case !e.catStoringCycles:
		if err := e.Memory.FairProgressStoresSafe(); err != nil {
			return "on this cat model a retry round that stores counts toward the bound (" + err.Error() + ")"
		}
		return "" // turned off (Options.NoCatStoringCycles)
	case !e.catSuperseded:
		return "on this cat model (not coherent per location) a retry round whose stores a later store of its thread overwrites counts while its thread is cut off"
	}
	return ""
}

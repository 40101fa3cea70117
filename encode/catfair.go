package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Fair progress on cat models (docs/semantics.md, "Fair progress on cat
// models"). The mining driver turns it on only for a model that
// cat.FairProgressSafe accepts: deleting reads and fences keeps a
// consistent execution consistent and keeps every flag that fires on the
// remaining events. Two restrictions make the reduction of fairness.go
// hold there:
//
//   - a cycle stores nothing (iteration adds the negated guards of its
//     stores): deleting writes could change coherence, and the rules for
//     cycles that store (superseded, cut off within) rest on the .mm
//     models' memory order;
//   - a cycle none of whose events is in a pair of a flag's relation
//     (catFlagCycles): deleting it cannot hide a flag (a data race) that
//     only its own events show.
//
// Reload rounds (reload.go) move a load, which the cat check does not
// cover; they stay off on cat models.

// catFlagCycles restricts the cycles, on a cat model with flags, to those
// whose events take part in no pair of a flag's relation. The literals are
// the flags' own lower encodings: one holds only when the pair is in the
// relation, so the solver can keep a cycle only by making a flag fire, a
// failure of its own.
func (e *Encoding) catFlagCycles() {
	if e.Cat == nil {
		return
	}
	e.flagCycles(e.Cat.m.Flags())
}

// flagCycles is catFlagCycles for some of the model's flags.
func (e *Encoding) flagCycles(flags []*cat.Constraint) {
	if e.Cat == nil || !e.fair || len(flags) == 0 {
		return
	}
	c := e.C
	touch := e.Cat.flagTouchOf(flags)
	free := func(rec *cycleRec) z.Lit {
		var parts []z.Lit
		for i := rec.lo; i < rec.hi; i++ {
			if ev := e.Cat.evOf[i]; ev >= 0 {
				parts = append(parts, touch[ev].Not())
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

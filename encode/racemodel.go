package encode

import (
	"slices"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Happens-before shared with the model (docs/semantics.md, "Data races",
// "The model's happens-before"). On rc11 the model's own instance
// encodes hb = (po | sw)+ from above for its coherence and sc checks
// (catpoclosure.go), over the same events with the same tags, and the
// race check's rows (racehb.go) and sw (racesw.go) encoded it a second
// time: about a tenth of the formula (msq_2_2). Both encodings are upper
// (every variable implied by the paths that order a pair, free
// otherwise), and every check that reads them wants them small, so in an
// execution the model allows the least solution of the model's
// variables satisfies its checks and the race check at once, and in
// every solution they contain the real hb: a race claimed through them
// is real and every real race can be claimed, the same contract as the
// check's own rows. So where the model's racy flag is rc11's relation
// (memmodel.Properties.C11RaceFlag) and its events are the race
// instance's, with the same kinds, tags and guards, the check reads the
// model's hb and sw instead (Options.PlainRaceHB: its own, for the
// differential test).

// modelHB is the model's hb and sw as the race instance sees them.
type modelHB struct {
	// hb is "a happens before b" (race instance events) from above
	hb func(a, b int) z.Lit
	// swTarget says per race event whether the model's sw may end at it
	swTarget []bool
}

// sharedHB returns the model's hb for the race instance ri, or nil when
// the model's is not the relation the check needs (see above).
func (e *Encoding) sharedHB(ri *CatInstance) *modelHB {
	mi := e.catInst
	race := e.Memory.Props().C11RaceFlag
	if mi == nil || race == "" || mi.hasParts != ri.hasParts || !sameRaceEvents(ri, mi) {
		return nil
	}
	var flag *cat.Constraint
	for _, k := range mi.m.Constraints {
		if k.Flag && k.Name == race {
			flag = k
		}
	}
	if flag == nil {
		return nil
	}
	_, hbNode, swNode, ok := raceNodes(flag.Expr)
	if !ok {
		return nil
	}
	c := e.C
	// memoized: the model's checks built both (hb's closure encodes sw
	// first)
	hb, sw := mi.rel(hbNode, polUpper), mi.rel(swNode, polUpper)
	toModel := func(ev int) int { return mi.evOf[ri.Events[ev].Instr] }
	m := &modelHB{
		hb:       func(a, b int) z.Lit { return hb.get(c, toModel(a), toModel(b)) },
		swTarget: make([]bool, ri.n()),
	}
	for _, row := range sw.rows {
		for _, en := range row {
			if j := mi.Events[en.j].Instr; en.l != c.F && j >= 0 {
				m.swTarget[ri.evOf[j]] = true
			}
		}
	}
	return m
}

// sameRaceEvents reports whether the model instance mi has, besides its
// initial writes (which no race involves), exactly the events of the
// race instance ri: one per instruction, of the same kind, tags (as
// sets), guard and access.
func sameRaceEvents(ri, mi *CatInstance) bool {
	n := 0
	for _, ev := range mi.Events {
		if ev.Instr >= 0 {
			n++
		}
	}
	if n != ri.n() {
		return false
	}
	sorted := func(tags []string) []string {
		t := slices.Clone(tags)
		slices.Sort(t)
		return slices.Compact(t)
	}
	for a, ea := range ri.Events {
		m := mi.evOf[ea.Instr]
		if m < 0 {
			return false
		}
		em := mi.Events[m]
		if em.Kind != ea.Kind || em.Thread != ea.Thread || mi.guards[m] != ri.guards[a] ||
			mi.evOf[ri.Events[ea.Access].Instr] != em.Access || !slices.Equal(sorted(em.Tags), sorted(ea.Tags)) {
			return false
		}
	}
	return true
}

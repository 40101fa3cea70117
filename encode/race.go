package encode

import (
	"slices"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Data races of C11 programs (docs/semantics.md, "Data races"). Two
// accesses of different threads to one location race when one of them
// writes, at least one is not atomic, and neither happens before the
// other, hb = (po | sw)+ with sw rc11's synchronises-with (release
// stores and fences read by acquire loads and fences, through release
// sequences). The relation is rc11.cat's race, evaluated on the
// execution at hand: it needs only po, rf, rmw, loc, ext and the C11
// tags, which every execution has whatever the memory model, so a race
// is decided by the program on every model: a second cat instance over
// the same events (newRaceInstance) with the C11 tags as the front end
// wrote them (a hardware model's Θ sees the tags its C11 mapping compiles
// them to), encoded pair by pair (racehb.go). A pair is in the race only
// if it truly is (hb is encoded from above), so a race the solver reports
// is real. On rc11 this is the relation of the model's own racy flag
// (TestRaceInstanceMatchesRC11Flag), whose generic encoding (hb between
// every pair of events) made checking msq_2_2 on rc11 four times as
// slow when asked. On rc11 the pairs read the model's own hb and sw
// (racemodel.go) instead of encoding them a second time.
//
// A model weaker than C11 in one respect, load buffering (relaxed, rmo,
// arm8, power, riscv: a load may read a store that depends on a later
// load of its thread's partner), has executions rc11 forbids with
// "acyclic po | rf", and a race in such an execution is no race of the
// C11 program. So on every model but rc11 the race check also asks that
// po | rf be acyclic in the execution (noThinAir): the execution is then
// one the compiled program runs on the model and, the C11 mappings being
// correct, an rc11-consistent one. On the .mm models whose loads take
// effect before everything after them in their thread
// (memmodel.Properties.LoadsInOrder:
// sc, tso, pso) po | rf is acyclic in every execution (a load reads a
// store before it in memory order, or an earlier store of its own thread,
// so a cycle would go round the memory order), and the check is left out.
// Elsewhere it is encoded on the rf endpoints of the static graph's
// strongly connected components only (racethinair.go).

// RaceCheck is the data-race check of an encoding (Options.Races).
type RaceCheck struct {
	// Lit holds in the executions with a data race: two racing
	// accesses, po | rf acyclic, and no thread cut off at a loop bound
	// inside an atomic block (Encoding.Error's condition).
	Lit  z.Lit
	ci   *CatInstance    // the race relation's instance
	k    *cat.Constraint // rc11's racy flag: ~empty race
	flag z.Lit           // some pair races
	nta  z.Lit           // po | rf acyclic (true where the model ensures it)
	// pairs are the candidate pairs (racehb.go); flag is their
	// disjunction.
	pairs []racePair
	// swTarget says per event whether sw may end at it (racehb.go)
	swTarget []bool
	// shared: hb is the model's (racemodel.go)
	shared bool
}

// raceModel is rc11 with no constraint but its racy flag.
func raceModel() *cat.Model {
	rc11, _ := cat.Builtin("rc11")
	m := *rc11
	m.Name = "rc11 data races"
	m.Constraints = nil
	for _, k := range rc11.Constraints {
		if k.Flag && k.Name == "racy" {
			m.Constraints = append(m.Constraints, k)
		}
	}
	return &m
}

// buildRaces sets up e.Race after Θ (before fair progress is finished:
// raceCycles restricts its cycles).
func (e *Encoding) buildRaces(opt Options) error {
	c := e.C
	ci, k, err := newRaceInstance(e)
	if err != nil {
		return err
	}
	rc := &RaceCheck{ci: ci, k: k, nta: c.T}
	var shared *modelHB
	if !opt.PlainRaceHB {
		shared = e.sharedHB(ci) // racemodel.go
	}
	rc.pairs, rc.swTarget = ci.demandRaces(k, shared)
	rc.shared = shared != nil
	lits := make([]z.Lit, len(rc.pairs))
	for i, p := range rc.pairs {
		lits[i] = p.lit
	}
	rc.flag = c.Ors(lits...)
	// rc11 requires po | rf acyclic; so does every execution of a model
	// whose loads stay in order (memmodel.Properties.NoThinAir)
	if !e.Memory.Props().NoThinAir {
		if opt.PlainRaceHB {
			rc.nta = ci.noThinAir()
		} else {
			rc.nta = ci.noThinAirEndpoints() // racethinair.go
		}
	}
	e.Race = rc
	return nil
}

// newRaceInstance is the cat instance of the program-level race relation
// over e's instructions, and the racy flag: raceModel's events without
// initial writes, which no race involves (and no synchronisation starts
// at), so no address needs bounding. Its relations are encoded as the
// pairs of the flag ask for them (racehb.go).
func newRaceInstance(e *Encoding) (*CatInstance, *cat.Constraint, error) {
	m := raceModel()
	ci := &CatInstance{e: e, m: m, c: e.C, noInit: true, atMemo: map[[2]int]z.Lit{}, bases: map[string]*lrel{},
		bsets: map[string]lset{}, coVars: map[[2]int]z.Lit{}, memoRel: map[nodeKey]*lrel{},
		memoSet: map[nodeKey]lset{}, groups: map[groupKey]bool{}}
	if err := ci.events(); err != nil {
		return nil, nil, err
	}
	return ci, m.Constraints[0], nil
}

// noThinAir is "po | rf is acyclic": a cycle passes through the source of
// an rf step s, which the least solution of pathsAfter(rf) then reaches
// from itself; its variables are implied by the steps, so a false u(s,s)
// rules every such cycle out (catpoclosure.go).
func (ci *CatInstance) noThinAir() z.Lit {
	c := ci.c
	u := ci.pathsAfter(ci.baseRel("rf"), 0)
	var cyclic []z.Lit
	for s := range u.rows {
		if l := u.get(c, s, s); l != c.F {
			cyclic = append(cyclic, l)
		}
	}
	return c.Ors(cyclic...).Not()
}

// finishRaces sets Lit once the status literals exist, and hands the
// race instance's clauses to the solver with Θ's.
func (e *Encoding) finishRaces() {
	rc := e.Race
	if rc == nil {
		return
	}
	c := e.C
	rc.Lit = c.Ands(rc.flag, rc.nta, e.PrunedInAtomic.Not())
	for cl := range rc.ci.clauses.All() {
		e.Clauses.Add(cl)
	}
	if len(rc.ci.parts) > 0 {
		e.Phi = c.And(e.Phi, c.Ands(rc.ci.parts...))
	}
}

// raceCycles keeps, under fair progress, the retry rounds whose accesses
// race (the counterpart of catFlagCycles for the program-level check): a
// round that only repeats what an earlier one did may be left out of the
// executions, unless one of its events is in a racing pair of an
// execution without thin air, which the solver can claim only by making
// Lit's race real — and, in a round that goes on to another iteration,
// unless a later access of the thread has the race too (raceCovered): it
// remains when the round is left out. plain keeps every racy round (for
// the differential test).
func (e *Encoding) raceCycles(plain bool) {
	rc := e.Race
	if rc == nil || !e.fair {
		return
	}
	c := e.C
	touch := rc.touch()
	free := func(rec *cycleRec, later bool) z.Lit {
		var parts []z.Lit
		for i := rec.lo; i < rec.hi; i++ {
			if ev := rc.ci.evOf[i]; ev >= 0 && touch[ev] != c.F {
				t := touch[ev]
				if later && !plain {
					t = c.And(t, e.raceCovered(rec, i).Not())
				}
				parts = append(parts, t)
			}
		}
		if rec.moved != nil { // a reload round deletes its load too
			if ev := rc.ci.evOf[rec.moved.Index]; ev >= 0 {
				parts = append(parts, touch[ev])
			}
		}
		return c.And(c.Ors(parts...), rc.nta).Not()
	}
	// a round that goes on to another iteration: the thread's later
	// accesses are in the execution; one at the bound: they are not
	for _, rec := range e.cycles {
		rec.partial = c.And(rec.partial, free(rec, true))
	}
	for _, bc := range e.bounded {
		bc.rec.partial = c.And(bc.rec.partial, free(bc.rec, false))
	}
}

// raceCovered holds when every race of instruction i, an access of the
// retry round rec that goes on to another iteration, is also a race of a
// later access of its thread outside the round (docs/semantics.md, "Data
// races", racy retry rounds): some access x after the round, of the same
// kind and tags, executes at i's location, and no event after i up to x
// (for a reload round: from the load it moves up to x) may be the target
// of sw. Then an
// access w that races with i races with x: x is after i in program order,
// so x happens before nothing i does not; and a path from w to x enters
// x's thread through an sw edge into an event up to x, which would be
// one before i. Leaving the round out keeps x and w and does not add to
// happens-before, so the race of x remains.
func (e *Encoding) raceCovered(rec *cycleRec, i int) z.Lit {
	rc := e.Race
	ci, c := rc.ci, e.C
	if ci.hasParts {
		return c.F // an access of several events: not matched here
	}
	// the events after i up to a cover, from the moved load on for a
	// reload round: leaving the round out moves that load next to the
	// round after it, where it reads what the round's last load read
	from := i + 1
	if rec.moved != nil {
		from = rec.moved.Index
	}
	a := ci.evOf[i]
	var covers []z.Lit
	for _, j := range e.Threads[rec.thread].Instrs {
		if j < from {
			continue
		}
		ev := ci.evOf[j]
		if ev < 0 {
			continue
		}
		if rc.swTarget[ev] {
			break // what happens before it need not happen before i
		}
		if j < rec.hi || !sameAccess(ci.Events[a], ci.Events[ev]) {
			continue
		}
		covers = append(covers, c.And(ci.guards[ev], ci.sameLoc(a, ev)))
	}
	return c.Ors(covers...)
}

// sameAccess reports whether two events are accesses of one kind with the
// same tags (as sets): they conflict with the same events and are atomic
// alike.
func sameAccess(a, b CatEvent) bool {
	if a.Kind != b.Kind || a.Kind == cat.Fence {
		return false
	}
	ta, tb := slices.Clone(a.Tags), slices.Clone(b.Tags)
	slices.Sort(ta)
	slices.Sort(tb)
	return slices.Equal(slices.Compact(ta), slices.Compact(tb))
}

// touch is, per event of the race instance, "the event is in a racing
// pair".
func (rc *RaceCheck) touch() []z.Lit {
	c := rc.ci.c
	lits := make([][]z.Lit, rc.ci.n())
	for _, p := range rc.pairs {
		lits[p.a] = append(lits[p.a], p.lit)
		lits[p.b] = append(lits[p.b], p.lit)
	}
	out := make([]z.Lit, len(lits))
	for i, ls := range lits {
		out[i] = c.Ors(ls...)
	}
	return out
}

// RacePair returns the instructions (indices into Instrs, a < b) of a
// racing pair in the execution of val, which must satisfy Lit.
func (rc *RaceCheck) RacePair(val func(z.Lit) bool) (a, b int, ok bool) {
	for _, p := range rc.pairs {
		if val(p.lit) {
			ia, ib := rc.ci.Events[p.a].Instr, rc.ci.Events[p.b].Instr
			return min(ia, ib), max(ia, ib), true
		}
	}
	return 0, 0, false
}

// IsRC11RaceFlag reports whether f is rc11's racy flag of e's model (the
// race check of rc11, whether or not e encodes the check).
func IsRC11RaceFlag(e *Encoding, f *CatFlag) bool {
	race := e.Memory.Props().C11RaceFlag
	return race != "" && f.Name == race
}

// catFlagCyclesButRaces is catFlagCycles without rc11's racy flag, for a
// check that does not look for races (Options.IgnoreRaceFlag): a racy
// retry round is then as redundant as any other, and the loop converges.
// Also for a check whose race check keeps the racy rounds itself
// (Options.RaceCycles, raceCycles): on rc11 its relation is the flag's,
// evaluated on the same executions (TestRaceInstanceMatchesRC11Flag), and
// the flag's own keep would hold every racy round, covered or not.
func (e *Encoding) catFlagCyclesButRaces() {
	race := e.Memory.Props().C11RaceFlag
	e.flagCycles(func(k *cat.Constraint) bool { return k.Name != race })
}

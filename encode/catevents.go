package encode

import (
	"fmt"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// CatEvent is one event of the candidate executions of a cat model: an
// instruction (load, store, fence) of the unrolled program, or the initial
// write of a location.
type CatEvent struct {
	Instr  int // instruction index; -1 for an initial write
	Loc    int // initial write: its location (CatInstance.Locs)
	Kind   cat.EventKind
	Thread int // -1 for an initial write
	Tags   []string
	// Access is the event that begins the access this event is a part of
	// (lsl.TagPart: the cells of one mixed-size access, cat's si); the
	// event itself for every other event.
	Access int
}

// CatInstance is a cat model encoded over one unrolled program (see
// cat.go for the construction and doc.go for how loads take values).
type CatInstance struct {
	e      *Encoding
	m      *cat.Model
	c      *logic.C
	Events []CatEvent
	// Locs are the locations (pointers) the range analysis lists for the
	// accesses; location k has the initial write event k. The locations
	// only accesses with unbounded addresses reach have symbolic initial
	// writes (catlocs.go): location len(Locs)+j is that of sym[j].
	Locs   [][]int64
	sym    []symbolicIW
	evOf   []int // instruction index -> event index (-1: not an event)
	guards []z.Lit
	atMemo map[[2]int]z.Lit
	bases  map[string]*lrel
	bsets  map[string]lset
	coVars map[[2]int]z.Lit

	memoRel map[nodeKey]*lrel
	memoSet map[nodeKey]lset
	// emptyMemo memoizes staticallyEmpty (catempty.go)
	emptyMemo map[*cat.Node]bool
	// groups records how each recursion group was encoded per polarity.
	groups map[groupKey]bool
	// recRefs memoizes refersToGroup.
	recRefs map[*cat.Node]bool

	parts   []z.Lit
	clauses sat.ClauseList
	Flags   []*CatFlag
	stats   axioms.InstanceStats
	// lazy are the components of acyclicity checks left to Lemmas.
	lazy []*lazyAcyclic
	// txnPairs counts the two-cycle clauses of the transaction checks
	// (cattxn_pairs.go)
	txnPairs int
	// txnWalks are the irreflexivity checks lifted to atomic blocks,
	// left to Lemmas (cattxn_walk.go).
	txnWalks []*txnWalk
	// LazyAcyclic makes every acyclicity component lazy (for tests).
	LazyAcyclic bool
	allFences   bool // Options.CatAllFences
	restrictAll bool // Options.CatRestrictAll
	// restricted counts the compositions encoded on their filters' rows
	// and columns (catrestrict.go)
	restricted  int
	unlisted    bool // Options.CatUnlistedLocations
	eagerCo     bool // Options.CatEagerCoherence
	structureFR bool // Options.CatStructureFR
	// plainSuffixes is Options.CatPlainSuffixes (catsuffix.go);
	// chainVertices counts the chain vertices of the checks' graphs
	plainSuffixes bool
	// plainCoherence is Options.CatPlainCoherence (catcoherence.go)
	plainCoherence bool
	// orderAllPOUnions is Options.CatOrderAllPOUnions (orderacyclic.go)
	orderAllPOUnions bool
	// plainPOClosure is Options.CatPlainPOClosure (catpoclosure.go)
	plainPOClosure bool
	chainVertices  int
	// plainRelations is Options.CatPlainRelations (catempty.go)
	plainRelations bool
	// restrictedClosures counts the closures encoded on some rows or
	// columns only (catclosurerows.go)
	restrictedClosures int
	// tripleChecks counts the irreflexivity checks asserted by path
	// clauses (assertIrreflexiveTriples), for the tests
	tripleChecks int
	// seededClosures counts the compositions ending in a closure that
	// were closed from their left operand's rows (catseeded.go), for the
	// tests
	seededClosures int
	// leftAfterSource counts the events a closure through po left out of
	// its sources' rows because they follow the source (paths), for the
	// tests
	leftAfterSource int
	// groupDepth is how many recursion groups are being encoded
	// (restrictions apply outside them only, catclosurerows.go)
	groupDepth int
	// transitivity is Options.Axioms.Transitivity: how total orders are
	// encoded (orderacyclic.go, coherence)
	transitivity axioms.Transitivity
	// noInit: no initial-write events, so no location needs bounding
	// (the program-level race relation, race.go, names none)
	noInit bool
	// hasParts: some access has several parts (lsl.TagPart), so program
	// order is not total on a thread's events (catparts.go)
	hasParts bool
	// allEvents is Options.CatAllEvents; other is the view not in use
	// and inConcurrent says the concurrent one is (catends.go)
	allEvents    bool
	other        *catView
	inConcurrent bool
	conc         *cat.Concurrent
}

// CatFlag is a flag of the model ("flag ~empty race as racy"): Lit holds
// in the executions in which it fires.
type CatFlag struct {
	Name string
	Pos  diag.Pos
	Lit  z.Lit
	k    *cat.Constraint
}

func (ci *CatInstance) n() int { return len(ci.Events) }

// newCatInstance builds the events and encodes every constraint of m.
func newCatInstance(e *Encoding, m *cat.Model, opt Options) (*CatInstance, error) {
	ci := &CatInstance{e: e, m: m, c: e.C, LazyAcyclic: opt.CatLazyAcyclic, allFences: opt.CatAllFences, restrictAll: opt.CatRestrictAll, unlisted: opt.CatUnlistedLocations, eagerCo: opt.CatEagerCoherence, structureFR: opt.CatStructureFR, plainSuffixes: opt.CatPlainSuffixes, plainCoherence: opt.CatPlainCoherence, orderAllPOUnions: opt.CatOrderAllPOUnions, plainPOClosure: opt.CatPlainPOClosure, plainRelations: opt.CatPlainRelations, allEvents: opt.CatAllEvents, transitivity: opt.Axioms.Transitivity, atMemo: map[[2]int]z.Lit{}, bases: map[string]*lrel{},
		bsets: map[string]lset{}, coVars: map[[2]int]z.Lit{}, memoRel: map[nodeKey]*lrel{},
		memoSet: map[nodeKey]lset{}, groups: map[groupKey]bool{}, recRefs: map[*cat.Node]bool{}}
	if err := ci.events(); err != nil {
		return nil, err
	}
	ci.structure()
	ci.constraints()
	ci.atomicBlocks() // cattxn.go
	return ci, nil
}

// events numbers the initial writes (one per location) and then every
// load, store and fence of the threads except the fences the unroller adds
// for thread creation and join (the encoding orders those threads itself)
// and the fences only the .mm models see (mmOnlyNoBarrier).
func (ci *CatInstance) events() error {
	e := ci.e
	seen := map[string]int{}
	var unbounded []int // accesses whose addresses the range analysis cannot list
	for _, in := range e.Instrs {
		if !in.IsAccess() || ci.noInit {
			continue
		}
		ptrs, complete := ci.addresses(in)
		if !complete {
			unbounded = append(unbounded, in.Index)
		}
		for _, p := range ptrs {
			k := fmt.Sprint(p)
			if _, ok := seen[k]; !ok {
				seen[k] = len(ci.Locs)
				ci.Locs = append(ci.Locs, p)
			}
		}
	}
	// locations in a fixed order: by pointer
	sort.Slice(ci.Locs, func(a, b int) bool { return ptrLess(ci.Locs[a], ci.Locs[b]) })
	for k, p := range ci.Locs {
		ci.Events = append(ci.Events, CatEvent{Instr: -1, Loc: k, Kind: cat.Write, Thread: -1, Tags: ci.locTags(p[0]), Access: len(ci.Events)})
		ci.guards = append(ci.guards, ci.c.T)
	}
	ci.symbolicInitialWrites(unbounded)
	ci.evOf = make([]int, len(e.Instrs))
	lastAccess := map[int]int{} // thread -> its last access event
	for i, in := range e.Instrs {
		ci.evOf[i] = -1
		if in.Kind == axioms.Fence && in.Op < 0 {
			continue // thread creation/join
		}
		ev := CatEvent{Instr: i, Loc: -1, Thread: in.Thread, Tags: lsl.Tags(in.Stmt)}
		if tags, err := ci.c11Tags(in, ev.Tags); err != nil {
			return err
		} else {
			ev.Tags = tags
		}
		if in.Kind == axioms.Fence && !ci.allFences && (mmOnlyNoBarrier(lsl.Tags(in.Stmt), ev.Tags) || ci.sameBarrier(i)) {
			continue
		}
		if in.Kind == axioms.Fence && len(ev.Tags) == 0 && len(lsl.Tags(in.Stmt)) == 0 {
			ev.Tags = cat.FenceKindTags(in.Fence)
		}
		switch in.Kind {
		case axioms.Load:
			ev.Kind = cat.Read
		case axioms.Store:
			ev.Kind = cat.Write
		default:
			ev.Kind = cat.Fence
		}
		ev.Access = len(ci.Events)
		if in.IsAccess() {
			if prev, ok := lastAccess[in.Thread]; ok && lsl.IsPart(in.Stmt) {
				ev.Access = ci.Events[prev].Access
				ci.hasParts = true
			}
			lastAccess[in.Thread] = len(ci.Events)
		}
		ci.evOf[i] = len(ci.Events)
		ci.Events = append(ci.Events, ev)
		ci.guards = append(ci.guards, in.Guard)
	}
	return nil
}

func ptrLess(a, b []int64) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func (ci *CatInstance) instr(ev int) *Instr {
	if i := ci.Events[ev].Instr; i >= 0 {
		return ci.e.Instrs[i]
	}
	return nil
}

// at is "access event ev is at location k" (k ≥ len(Locs): the location
// of a symbolic initial write, catlocs.go).
func (ci *CatInstance) at(ev, k int) z.Lit {
	key := [2]int{ev, k}
	if l, ok := ci.atMemo[key]; ok {
		return l
	}
	in := ci.instr(ev)
	l := ci.c.F
	abs := ci.e.Ranges.Addr(in.ID)
	ptrs, complete := ci.addresses(in)
	switch {
	case k >= len(ci.Locs):
		if !complete {
			l = ci.atSymbolic(in, k-len(ci.Locs))
		}
	case !complete:
		if mayHoldPointer(abs, ci.Locs[k]) {
			l = ci.e.vx.ptrEq(in.Addr, ci.e.vx.constVal(lsl.Value{Kind: lsl.KPtr, Ptr: ci.Locs[k]}))
		}
	default:
		for _, p := range ptrs {
			if ptrEqual(p, ci.Locs[k]) {
				if len(ptrs) == 1 {
					l = ci.c.T
				} else {
					l = ci.e.vx.ptrEq(in.Addr, ci.e.vx.constVal(lsl.Value{Kind: lsl.KPtr, Ptr: ci.Locs[k]}))
				}
			}
		}
	}
	ci.atMemo[key] = l
	return l
}

func ptrEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameLoc is "events a and b access the same location" (not guarded).
func (ci *CatInstance) sameLoc(a, b int) z.Lit {
	c := ci.c
	ea, eb := ci.Events[a], ci.Events[b]
	switch {
	case ea.Kind == cat.Fence || eb.Kind == cat.Fence:
		return c.F
	case ea.Instr < 0 && eb.Instr < 0:
		// two symbolic initial writes are never at one location
		if ea.Loc == eb.Loc {
			return c.T
		}
		return c.F
	case ea.Instr < 0:
		return ci.at(b, ea.Loc)
	case eb.Instr < 0:
		return ci.at(a, eb.Loc)
	}
	return ci.e.aliased(ci.e.Instrs[ea.Instr], ci.e.Instrs[eb.Instr])
}

// both is G_a ∧ G_b.
func (ci *CatInstance) both(a, b int) z.Lit { return ci.c.And(ci.guards[a], ci.guards[b]) }

// threadKind is the kind of an event's thread (initial writes: init).
func (ci *CatInstance) threadKind(ev int) lsl.ThreadKind {
	if ci.Events[ev].Thread < 0 {
		return lsl.ThreadInit
	}
	return ci.e.threadKinds[ci.Events[ev].Thread]
}

// programOrder is the static program order of two instruction events: the
// order within a thread, the init thread before and the final thread
// after the others.
func (ci *CatInstance) programOrder(a, b int) bool {
	ea, eb := ci.Events[a], ci.Events[b]
	if ea.Instr < 0 || eb.Instr < 0 || a == b || ea.Access == eb.Access {
		return false
	}
	return universe{ci.e}.ProgramOrder(ea.Instr, eb.Instr)
}

// loads, stores and the like list events by kind.
func (ci *CatInstance) eventsOf(kind cat.EventKind) []int {
	var out []int
	for i, ev := range ci.Events {
		if ev.Kind == kind {
			out = append(out, i)
		}
	}
	return out
}

// baseRel returns the literal matrix of a built-in relation.
func (ci *CatInstance) baseRel(name string) *lrel {
	if r, ok := ci.bases[name]; ok {
		return r
	}
	if ci.inConcurrent {
		r := ci.concurrentBaseRel(name) // catends.go
		ci.bases[name] = r
		return r
	}
	var r *lrel
	switch name {
	case "po":
		r = ci.pairs(func(a, b int) z.Lit {
			if ci.programOrder(a, b) {
				return ci.both(a, b)
			}
			return ci.c.F
		})
	case "rf":
		r = ci.readsFrom()
	case "co":
		r = ci.coherence()
	case "fr":
		r = ci.fromReads()
	case "loc":
		r = ci.pairs(func(a, b int) z.Lit { return ci.c.And(ci.both(a, b), ci.sameLoc(a, b)) })
	case "int", "ext":
		r = ci.pairs(func(a, b int) z.Lit {
			ta, tb := ci.Events[a].Thread, ci.Events[b].Thread
			same := a == b || ta >= 0 && ta == tb
			if same == (name == "int") {
				return ci.both(a, b)
			}
			return ci.c.F
		})
	case "id":
		r = relIdentity(ci.c, ci.guards)
	case "addr", "data", "ctrl":
		r = ci.withAMODependencies(ci.dependencies(name))
	case "amo":
		r = ci.atomicPairs()
	case "lxsx":
		r = ci.exclusivePairs()
	case "rmw":
		r = relUnion(ci.c, ci.baseRel("amo"), ci.baseRel("lxsx"))
	case "si":
		r = ci.sameInstance()
	case "stxn":
		r = ci.sameTransaction() // cattxn.go
	default:
		panic("encode: unknown cat base relation " + name)
	}
	ci.bases[name] = r
	return r
}

// pairs builds a relation from a literal per pair.
func (ci *CatInstance) pairs(f func(a, b int) z.Lit) *lrel {
	r := newLrel(ci.n())
	for a := range ci.Events {
		var row []lentry
		for b := range ci.Events {
			if l := f(a, b); l != ci.c.F {
				row = append(row, lentry{int32(b), l})
			}
		}
		r.rows[a] = row
	}
	return r
}

// readsFrom: a store event to a load is the seed literal of Ψ; the initial
// write of location k to a load is "the load has no seed and is at k".
func (ci *CatInstance) readsFrom() *lrel {
	c, e := ci.c, ci.e
	r := newLrel(ci.n())
	for l, ev := range ci.Events {
		if ev.Kind != cat.Read {
			continue
		}
		noSeed := c.And(ci.guards[l], universe{e}.HasSeed(ev.Instr).Not())
		for k := range ci.numLocs() {
			if lit := c.And(noSeed, ci.at(l, k)); lit != c.F {
				r.rows[k] = append(r.rows[k], lentry{int32(l), lit})
			}
		}
		for _, sv := range e.seeds[ev.Instr] {
			w := ci.evOf[sv.store]
			r.rows[w] = append(r.rows[w], lentry{int32(l), sv.lit})
		}
	}
	for i := range r.rows {
		sort.Slice(r.rows[i], func(a, b int) bool { return r.rows[i][a].j < r.rows[i][b].j })
	}
	return r
}

// coherence is a total order on the writes of each location: the initial
// write first; stores of the init thread before, those of the final thread
// after the other threads' stores; every other pair of stores that may
// share a location gets one variable, and transitivity clauses make the
// order transitive.
func (ci *CatInstance) coherence() *lrel {
	c := ci.c
	stores := ci.eventsOf(cat.Write)
	r := newLrel(ci.n())
	add := func(a, b int, l z.Lit) {
		if l != c.F {
			r.rows[a] = append(r.rows[a], lentry{int32(b), l})
		}
	}
	for x, a := range stores {
		for _, b := range stores[x+1:] {
			same := ci.sameLoc(a, b)
			if same == c.F {
				continue
			}
			ea, eb := ci.Events[a], ci.Events[b]
			g := c.And(ci.both(a, b), same)
			switch {
			case ea.Instr < 0 && eb.Instr < 0:
			case ea.Instr < 0:
				add(a, b, g)
			case eb.Instr < 0:
				add(b, a, g)
			case ci.e.ForcedBefore(ea.Instr, eb.Instr):
				add(a, b, g)
			case ci.e.ForcedBefore(eb.Instr, ea.Instr):
				add(b, a, g)
			default:
				v := c.Lit()
				ci.coVars[[2]int{a, b}] = v
				ci.stats.RelationLits++
				add(a, b, c.And(g, v))
				add(b, a, c.And(g, v.Not()))
			}
		}
	}
	for i := range r.rows {
		sort.Slice(r.rows[i], func(a, b int) bool { return r.rows[i][a].j < r.rows[i][b].j })
	}
	// transitivity over triples of stores (not initial writes, for which
	// it holds by construction) that may share a location, unless a check
	// of the model implies it (catco.go)
	if coImpliedTransitive(ci.m) && !ci.eagerCo {
		return r
	}
	var inner []int
	for _, s := range stores {
		if ci.Events[s].Instr >= 0 {
			inner = append(inner, s)
		}
	}
	if ci.transitivity == axioms.Lazy && !ci.eagerCo {
		// a tournament is transitive iff it is acyclic: its cycles are
		// refuted as they come (catlazy.go)
		ci.lazyOrder(r, inner)
		return r
	}
	for _, a := range inner {
		for _, b := range inner {
			ab := r.get(c, a, b)
			if a == b || ab == c.F {
				continue
			}
			for _, d := range inner {
				if d == a || d == b {
					continue
				}
				bd := r.get(c, b, d)
				if bd == c.F {
					continue
				}
				ad := r.get(c, a, d)
				if ad == c.T || ad == ab || ad == bd {
					continue
				}
				ci.clauses.Add([]z.Lit{ab.Not(), bd.Not(), ad})
				ci.stats.TransitivityClauses++
			}
		}
	}
	return r
}

// dependencies builds addr (from a load to an access whose address
// depends on it), data (to a store whose value does) and ctrl (to any
// event after a branch that does), from the dependency sets of the
// symbolic execution.
func (ci *CatInstance) dependencies(name string) *lrel {
	c := ci.c
	r := newLrel(ci.n())
	if !ci.e.trackDeps {
		return r
	}
	for l, ev := range ci.Events {
		if !ci.dependencySource(l) {
			continue
		}
		var row []lentry
		for b, eb := range ci.Events {
			if eb.Instr < 0 || eb.Thread != ev.Thread || eb.Instr <= ev.Instr {
				continue
			}
			in := ci.e.Instrs[eb.Instr]
			var d depSet
			switch {
			case name == "addr" && eb.Kind != cat.Fence:
				d = in.adeps
			case name == "data" && eb.Kind == cat.Write:
				d = in.vdeps
			case name == "ctrl":
				d = in.cdeps
			}
			if lit := c.And(ci.both(l, b), d.on(c, ev.Instr)); lit != c.F {
				row = append(row, lentry{int32(b), lit})
			}
		}
		r.rows[l] = row
	}
	return r
}

// dependencySource reports whether dependencies start at an event: a
// load, or a store-conditional whose status register later code uses.
func (ci *CatInstance) dependencySource(ev int) bool {
	switch ci.Events[ev].Kind {
	case cat.Read:
		return true
	case cat.Write:
		if ci.Events[ev].Instr < 0 {
			return false
		}
		st, ok := ci.instr(ev).Stmt.(*lsl.Store)
		return ok && st.Status != ""
	}
	return false
}

// atomicPairs relates the load and the store of one atomic block that
// access the same location (the read-modify-write of a CAS, an exchange,
// a fetch-and-add: herd's amo).
func (ci *CatInstance) atomicPairs() *lrel {
	c := ci.c
	r := newLrel(ci.n())
	for l, ev := range ci.Events {
		if ev.Kind != cat.Read || ci.instr(l).Atomic == 0 {
			continue
		}
		for s, es := range ci.Events {
			if es.Kind != cat.Write || es.Instr <= ev.Instr || es.Instr < 0 || ci.instr(s).Atomic != ci.instr(l).Atomic {
				continue
			}
			if lit := c.And(ci.both(l, s), ci.sameLoc(l, s)); lit != c.F {
				r.rows[l] = append(r.rows[l], lentry{int32(s), lit})
			}
		}
	}
	return r
}

// exclusiveTag marks load-exclusive and store-exclusive accesses (LDXR and
// STXR, lr and sc).
const exclusiveTag = "X"

// exclusivePairs relates each executed store-exclusive to the last
// load-exclusive executed before it in its thread (herd's lxsx). Accesses
// of atomic blocks (AMOs, which RISC-V also tags X) do not pair.
func (ci *CatInstance) exclusivePairs() *lrel {
	c := ci.c
	r := newLrel(ci.n())
	excl := func(ev int) bool {
		in := ci.instr(ev)
		return in != nil && in.Atomic == 0 && lsl.HasTag(ci.Events[ev].Tags, exclusiveTag)
	}
	for s, es := range ci.Events {
		if es.Kind != cat.Write || !excl(s) {
			continue
		}
		later := c.F // an exclusive load executes between the candidate and s
		for l := s - 1; l >= 0; l-- {
			el := ci.Events[l]
			if el.Instr < 0 || el.Thread != es.Thread {
				break
			}
			if el.Kind != cat.Read || !excl(l) {
				continue
			}
			if ci.hasParts {
				// the parts of the last exclusive load pair with the
				// parts of s cell by cell (catparts.go)
				later = ci.pairParts(r, l, s, later)
				l = el.Access
				continue
			}
			if lit := c.Ands(ci.both(l, s), later.Not()); lit != c.F {
				r.rows[l] = append(r.rows[l], lentry{int32(s), lit})
			}
			later = c.Or(later, ci.guards[l])
		}
	}
	return r
}

// baseSet returns a built-in set or a tag.
func (ci *CatInstance) baseSet(name string, tag bool) lset {
	key := name
	if tag {
		key = "tag:" + name
	}
	if s, ok := ci.bsets[key]; ok {
		return s
	}
	if ci.inConcurrent {
		s := ci.concurrentBaseSet(name, tag) // catends.go
		ci.bsets[key] = s
		return s
	}
	c := ci.c
	s := make(lset, ci.n())
	for i, ev := range ci.Events {
		in := false
		switch {
		case tag:
			in = lsl.HasTag(ev.Tags, name)
		case name == "R":
			in = ev.Kind == cat.Read
		case name == "W":
			in = ev.Kind == cat.Write
		case name == "M":
			in = ev.Kind != cat.Fence
		case name == "F":
			in = ev.Kind == cat.Fence
		case name == "IW":
			in = ev.Instr < 0
		case name == "FW":
			in = ev.Kind == cat.Write
		default:
			panic("encode: unknown cat base set " + name)
		}
		s[i] = c.F
		if in {
			s[i] = ci.guards[i]
		}
		if tag && !in {
			s[i] = ci.e.condMember(ev.Tags, name, ci.guards[i]) // fencecandidates.go
		}
		if tag {
			s[i] = ci.outcomeMember(i, name, s[i]) // catfailtag.go
		}
	}
	if !tag {
		ci.withAMOKinds(name, s)
	}
	if name == "FW" && !tag {
		co := ci.baseRel("co")
		for i := range s {
			for _, e := range co.rows[i] {
				s[i] = c.And(s[i], e.l.Not())
			}
		}
	}
	ci.bsets[key] = s
	return s
}

// describeEvent names an event for messages: "IW x", "P0:store x".
func (ci *CatInstance) describeEvent(ev int) string {
	e := ci.Events[ev]
	if e.Instr < 0 {
		if e.Loc >= len(ci.Locs) {
			return "IW " + ci.symbolicName(e.Loc-len(ci.Locs))
		}
		return "IW " + ci.e.U.AddrName(lsl.Value{Kind: lsl.KPtr, Ptr: ci.Locs[e.Loc]})
	}
	in := ci.e.Instrs[e.Instr]
	s := ci.e.Threads[in.Thread].T.Name + ":" + in.Kind.String()
	if x := in.Expr(); x != "" {
		s += " " + x
	}
	if len(e.Tags) > 0 {
		s += lsl.FormatTags(e.Tags)
	}
	return strings.TrimSpace(s)
}

package encode

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/trace"
)

// Options control Build.
type Options struct {
	Axioms        axioms.Options
	FallbackWidth int // --int-width: number width when ranges are unbounded (0: the program's IntWidth, else 16)
	// NoFairProgress turns off the fair-progress rule (fairness.go):
	// every iteration counts toward the loop bounds.
	NoFairProgress bool
	// NoReloadRounds keeps fair progress but not its reload rounds
	// (reload.go): the differential tests compare the two.
	NoReloadRounds bool
	// NoStoringReloads keeps reload rounds to rounds that store nothing
	// (reload.go, storing reload rounds): the differential tests compare
	// the two.
	NoStoringReloads bool
	// NoReloadRetag makes reload rounds on cat models ask that the moved
	// load and the re-read carry the same tags, not only tags the model
	// cannot tell apart on a read (reloadtags.go): the differential tests
	// compare the two.
	NoReloadRetag bool
	// NoReloadFenceMove keeps reload rounds on cat models whose moved load
	// has a fence after it with no match after the re-read, even where
	// the model lets the load's own fence move over it (reload.go,
	// catReloadFences): the differential tests compare the two.
	NoReloadFenceMove bool
	// NoUnpublishedReloads keeps storing reload rounds of a thread cut
	// off inside the loop to the case where the other threads are done,
	// without the unpublished-block case on sc (reload_unpublished.go):
	// the differential tests compare the two.
	NoUnpublishedReloads bool
	// NoSilentRMW keeps fair progress but not its rule for silent
	// read-modify-writes (silent.go): the differential tests compare the
	// two.
	NoSilentRMW bool
	// NoCatStoringCycles keeps fair progress on a cat model to cycles that
	// store nothing (catfair.go): the differential tests compare the two.
	NoCatStoringCycles bool
	// NoChainCut keeps the chain rule (chain.go) without its parts for a
	// thread cut off inside its loop (chaincut.go): globals only
	// read-modify-writes reach, and the other threads done.
	NoChainCut bool
	// KeepDeadRegisters keeps every register through the if statements
	// of symbolic execution, the plain encoding: by default a register
	// that no path reads again is dropped before an if forks and at its
	// join (lsl.Liveness), which the circuit never needed. For the
	// differential tests of that shortcut.
	KeepDeadRegisters bool
	// NoSymmetry: do not look for identical threads or order the pool's
	// untouched blocks (SymmetryBreaking is then true).
	NoSymmetry bool
	// NoPoolSymmetry: order identical threads but not the pool's untouched
	// blocks (the benchmark's ablation table measures the two apart).
	NoPoolSymmetry bool
	// ParamSymmetry rewrites the concurrent threads that differ only in
	// the integer constants their parameters are copied from so that
	// they choose them, distinct per thread, and are identical
	// (paramsym.go). For whole programs, whose threads have no
	// observations; a caller that uses it assumes ParamIdentity in every
	// query that does not assume SymmetryBreaking.
	ParamSymmetry bool
	// KeepLaterSeeds keeps the seed variables of loads from later stores
	// of their own thread (laterseeds.go), which a model coherent per
	// location makes false: for the differential tests.
	KeepLaterSeeds bool
	// NoConeLimits: the range analysis keeps its program-wide derivation
	// depth limit (lsl.RangeOptions.NoConeLimits), for the differential
	// tests.
	NoConeLimits bool
	// Ctx, if set, stops the encoding when done (--timeout, --max-memory,
	// Ctrl-C): Build then returns a *limits.CanceledError. It is also the
	// context of range analysis and of the memory model's expansion,
	// unless Axioms.Ctx is set.
	Ctx context.Context
	// CatLazyAcyclic checks every acyclicity of a cat model lazily (by
	// lemmas), not only the large components; for tests.
	CatLazyAcyclic bool
	// CatAllFences makes every fence a cat event, the fences only the .mm
	// models see included (catc11.go leaves those out); for the
	// differential test of that shortcut.
	CatAllFences bool
	// CatRestrictAll encodes every composition between filters on its
	// filters' rows and columns (catrestrict.go), not only where that
	// leaves a quarter of the events (for tests).
	CatRestrictAll bool
	// CatUnlistedLocations treats the addresses of every access as ones
	// the range analysis cannot list (catlocs.go): no location has an
	// initial write of its own, all are symbolic; for the differential
	// test of that encoding.
	CatUnlistedLocations bool
	// CatEagerCoherence keeps the transitivity clauses of co on a model
	// whose checks imply them (catco.go); for the differential tests.
	CatEagerCoherence bool
	// CatStructureFR keeps the fr pairs that contradict the test's
	// structure in the relation fr, only negated (catcheck.go,
	// structure); for the differential test.
	CatStructureFR bool
	// CatPlainSuffixes encodes an acyclicity check's X; po; [B] operands
	// flattened, without the chains of catsuffix.go; for the differential
	// test.
	CatPlainSuffixes bool
	// CatPlainCoherence asserts coherence's hb; rf and hb; co; rf terms
	// as written, without the fr clause of catcoherence.go; for the
	// differential test.
	CatPlainCoherence bool
	// CatOrderAllPOUnions encodes every acyclicity check with po among
	// its union terms as a total order (orderacyclic.go), also those
	// without co or fr beside po; for the differential test.
	CatOrderAllPOUnions bool
	// CatPlainPOClosure builds po;U of a closure through po from every
	// event (catpoclosure.go, closureWithPO) instead of from the sources
	// onwards; for the differential test.
	CatPlainPOClosure bool
	// CatPlainRelations turns off five shortcuts of the cat encoding
	// (for tests): statically empty terms left out (catempty.go), the
	// diagonal of a check's composition split before a closure at its end
	// (irreflexiveSplit, assertIrreflexiveTriples), recursion bodies
	// implied path by path (implyInto), closures encoded on the rows or columns read
	// (catclosurerows.go) and large compositions by path clauses
	// (composeOn).
	CatPlainRelations bool
	// CatAllEvents builds every check of a cat model on all events: the
	// plain encoding for the differential tests of the checks that
	// cat.ConcurrentChecks lets the encoder build on the concurrent
	// threads' events only (catends.go).
	CatAllEvents bool
	// Races builds the data-race check of a C11 program (race.go,
	// Encoding.Race); RaceCycles also keeps, under fair progress, the
	// retry rounds whose accesses race, for a check in which a race is a
	// failure. IgnoreRaceFlag: rc11's racy flag
	// keeps no retry round either (races are not checked).
	Races, RaceCycles, IgnoreRaceFlag bool
	// PlainRaceCycles keeps every retry round whose accesses race, also
	// those whose race a later access of the thread has too (race.go,
	// raceCovered); for the differential test.
	PlainRaceCycles bool
	// PlainRaceHB builds the race check's own happens-before (racehb.go)
	// also where it could read the model's (racemodel.go), and its
	// po | rf acyclicity over every event (race.go, noThinAir); for the
	// differential test.
	PlainRaceHB bool
	// NoPlainSuperseded keeps, on rc11, every storing reload round of a
	// thread cut off inside its loop, also those whose stores later plain
	// stores of the thread overwrite (reload_superseded.go): the
	// differential tests compare the two.
	NoPlainSuperseded bool
	// PlainFinalOrder leaves the memory order of the final thread's own
	// accesses to the axioms on a vetted .mm model, instead of fixing it
	// to program order (universe.go, ForcedOrder; docs/semantics.md, "The
	// final thread in program order"); for the differential tests.
	PlainFinalOrder bool
	// BroadLivelockEscape keeps every cycle of a thread that goes round
	// a cycle forever, as before livelockescape.go narrowed the exception
	// to the rounds of its loop that read final values; for the
	// differential test.
	BroadLivelockEscape bool
	// NoSealedBlocks keeps every storing cycle and reload round whose
	// stores go to sealed blocks (sealed.go) on the models where only
	// that case deletes them: for the differential tests.
	NoSealedBlocks bool
	// NoFencedRounds keeps every storing cycle and reload round that only
	// the fence argument deletes (fenced.go): for the differential tests.
	NoFencedRounds bool
}

// Encoding is the formula Φ = Ψ ∧ Θ ∧ Π_1 ∧ … ∧ Π_n of ch. 5 for one unrolled
// concurrent program and memory model, as a circuit, plus the literals the
// checking procedures need: the status of every thread, the observation
// vector, and the memory model's relations for decoding.
type Encoding struct {
	// storing reload rounds into unpublished blocks (reload_unpublished.go)
	unpublishedReloads bool
	reloadSupersede    reloadSupersede // when a storing reload round is superseded (reload_superseded.go)
	ownerMemo          map[int64]int   // blockOwners, once
	sealedMemo         map[int64]int   // SealedBlocks, once
	noSealed           bool            // Options.NoSealedBlocks
	loadOrderMemo      *lsl.LoadOrder  // LoadOrders (LoadOrdersBy on a cat model), once
	catLoadOrderDone   bool            // catLoadOrder ran
	noFenced           bool            // Options.NoFencedRounds
	published          map[int64]z.Lit // publishedBlock's literal per block

	U       *lsl.Unrolled
	Ranges  *lsl.Ranges
	C       *logic.C
	Memory  *memmodel.Model // the memory model the encoding is on
	Model   Theta           // Θ: the model's modelEncoding (modelenc.go)
	Race    *RaceCheck      // the data-race check (Options.Races), nil without
	Instrs  []*Instr
	Threads []*ThreadEnc

	// Phi is the conjunction of every constraint an execution satisfies,
	// together with Clauses (plain clauses, too many to build as gates).
	Phi     z.Lit
	Clauses *sat.ClauseList
	// Status literals.
	AnyError   z.Lit // some thread fails an assertion or runtime check
	AnyPruned  z.Lit // some thread reaches a loop bound
	AnyBlocked z.Lit // some thread is blocked in a spin loop (on final values: a deadlock)
	AllDone    z.Lit // every thread completes normally
	Deadlock   z.Lit // a thread blocked or livelocked forever, no thread pruned or failed
	Obs        map[trace.ObsKey]*ObsSlot
	ObsKeys    []trace.ObsKey // sorted
	Stats      Stats
	enc        modelEncoding // Θ as the features see it (modelenc.go)
	catInst    *CatInstance  // Θ of a cat model, for tests (nil on a .mm model)
	vx         *valueShape
	undef      *Val
	trackDeps  bool
	wellformed []z.Lit
	assumeFail []z.Lit
	atomics    int
	seeds      [][]seedVar // per load instruction index
	seedOf     map[[2]int]z.Lit
	aliasMemo  map[[2]int]z.Lit
	retagMemo  map[string]bool // reloadTagsMatch's answers (reloadtags.go)
	lockedMemo map[int]bool    // lockedBlock: the atomic blocks that load and store, by id (catlocked.go)
	// reloadFenceMove: a reload round's unmatched fence may be the moved
	// load's own (Options.NoReloadFenceMove)
	reloadFenceMove bool
	hasSeed         map[int]z.Lit
	threadOf        []int
	threadKinds     []lsl.ThreadKind

	// Error is AnyError in an execution that is a real one or a real
	// prefix of one: no thread is cut off at a loop bound inside an atomic
	// block (the rest of such a block would take effect before anything
	// that follows it in memory order, so what others saw is not what
	// they would see). Threads cut off elsewhere are threads that have not
	// run further yet (docs/semantics.md, "Cut-off threads").
	Error z.Lit
	// PrunedInAtomic: some thread reaches a loop bound inside an atomic
	// block.
	PrunedInAtomic z.Lit
	// AnyLivelock: some thread repeats a redundant iteration forever.
	AnyLivelock z.Lit
	fair        bool
	// finalInOrder: the final thread's accesses are in memory order as in
	// program order (universe.go, ForcedOrder)
	finalInOrder bool
	catCycles    bool // a model whose cycles need catfair.go's conditions (Properties.StorelessCycles)
	// catStoringCycles: and cycles may store (cat.FairProgressStoresSafe);
	// catSuperseded: and the model is coherent per location
	catStoringCycles, catSuperseded bool
	reloadRounds                    bool
	noLaterSeeds                    bool         // no seeds from later stores of the load's thread (laterseeds.go)
	storingReloads                  bool         // reload rounds may store (reload.go)
	reloadRetag                     bool         // tags a read's model cannot see may differ (reloadtags.go)
	storeCoherent                   bool         // memmodel.Properties.Vetted (fairness.go, superseded)
	reloadModel                     bool         // memmodel.Properties.ReloadRounds (reload.go)
	taggedEvents                    bool         // memmodel.Properties.TaggedEvents (reload.go)
	cycles                          []*cycleRec  // fair progress: cycles to decide (fairness.go)
	bounded                         []boundCycle // and cycles at a loop's bound
	storeSeeds                      map[int][]loadSeed
	silentRules                     bool                        // silent.go applies (not Options.NoSilentRMW)
	loadsInOrder                    bool                        // memmodel.Properties.LoadsInOrder (silent.go, readsAfter)
	silentModel                     bool                        // memmodel.Properties.SilentRMWs (silent.go)
	silentAnyReader                 bool                        // memmodel.Properties.SilentAnyReader (silent.go, readsAfter)
	silentOrder                     *memmodel.SilentReaderOrder // memmodel.Properties.SilentOrder (silent.go, readsAfter)
	barrierFences                   map[int][]int               // silent.go: each thread's load barriers (loadBarriers)
	rmwLoadOf                       map[int]int                 // silent.go: the load of each read-modify-write's store
	rmwLoads                        map[int]bool                // and the loads of read-modify-writes
	silentMemo                      map[int]z.Lit               // silent(st)
	chainLoadOf                     map[int]int                 // chain.go: the load of each store of a lsl.CheckedRMW
	rmwOnly                         map[int64]*lsl.RMWOnly      // chaincut.go: lsl.RMWOnlyGlobals, once rmwOnlyDone
	rmwOnlyDone                     bool
	chainCut                        bool             // chaincut.go applies (not Options.NoChainCut)
	keepDead                        bool             // Options.KeepDeadRegisters (symexec.go, dropDead)
	condOnly                        map[condKey]bool // conditionOnly's answers (silent.go)
	sym                             []symClass       // identical threads (symmetry.go)
	params                          []*paramClass    // threads rewritten to choose their arguments (paramsym.go)
	paramChooses                    map[*lsl.Choose]paramAt
	rows                            []*rowClass                   // threads that keep their rows (rowsym.go)
	rowClassOf                      map[int]int                   // thread → its class in rows
	poolSym                         z.Lit                         // fresh pool blocks in order (poolsymmetry.go); 0 when none
	symLoops                        map[lsl.LoopKey][]lsl.LoopKey // loop instances of identical threads (SymmetricLoops)
	poll                            limits.Poller                 // --timeout, --max-memory, Ctrl-C
	selectors                       map[int]z.Lit                 // fence synthesis: candidate id -> selector (fencecandidates.go)
	poolSites                       []poolSite                    // accesses that may touch lsl_malloc blocks
	arrays                          bool                          // some block has an array type (bounds.go)
	nodes0                          int                           // circuit nodes before this encoding (the constants)
	chooseRanges                    int                           // wellformed[:chooseRanges]: the ranges of choices; the rest, of loaded values
	broadEscape                     bool                          // Options.BroadLivelockEscape (livelockescape.go)
}

// canceled carries a cancellation out of the encoding to Build.
type canceled struct{ err error }

// checkCanceled stops Build (by a panic it recovers) once the context is
// done.
func (e *Encoding) checkCanceled() {
	if err := e.poll.Check(); err != nil {
		panic(canceled{err})
	}
}

type seedVar struct {
	store int
	lit   z.Lit
}

// ObsSlot is the symbolic content of one observation key: whether it is
// observed and the value.
type ObsSlot struct {
	Present z.Lit
	Val     *Val
}

// Stats are the sizes reported in the results table (Fig. 8.4 columns).
type Stats struct {
	Instrs, Loads, Stores, Fences int // unrolled LSL statements and instructions
	Width, PtrDepth               int
	SeedVars                      int
	Nodes                         int
	NodesThreads, NodesPsi        int // circuit nodes of Π (symbolic execution) and Ψ
	NodesTheta                    int // circuit nodes of Θ (the memory model)
	Axioms                        axioms.InstanceStats
}

// NewSolver returns a solver that holds Φ.
func (e *Encoding) NewSolver() *sat.Solver {
	s := sat.NewSolver(e.C)
	s.Assert(e.Phi)
	for cl := range e.Clauses.All() {
		s.AddClause(cl...)
	}
	return s
}

// Build encodes an unrolled program on a memory model.
func Build(u *lsl.Unrolled, m *memmodel.Model, opt Options) (_ *Encoding, err error) {
	if m == nil {
		return nil, fmt.Errorf("encode: no memory model")
	}
	props := m.Props()
	fallback := opt.FallbackWidth
	if fallback <= 0 {
		fallback = u.Prog.IntWidth // the source's own widest integer type
	}
	// The cone limits assume that every value has a finite derivation,
	// which a model allowing thin-air cycles of po ∪ rf does not give
	// (docs/semantics.md, "Derivation depth per statement").
	noCones := opt.NoConeLimits || !props.NoThinAir
	var params []*paramClass
	var rows []*rowClass
	if opt.ParamSymmetry && !opt.NoSymmetry && !u.Serial {
		if params, rows = symmetrizeParams(u); len(params) > 0 || len(rows) > 0 {
			bodies := make([]lsl.Stmt, len(u.Threads))
			for i, th := range u.Threads {
				bodies[i] = th.Body
			}
			if err := lsl.SanityBlock(&lsl.Block{Stmts: bodies}, u.Prog, true); err != nil {
				return nil, fmt.Errorf("internal error: threads rewritten to choose their arguments fail the sanity check: %w", err)
			}
		}
	}
	ranges := lsl.AnalyzeRanges(u, lsl.RangeOptions{FallbackWidth: fallback, Ctx: opt.Ctx, NoConeLimits: noCones})
	if ranges.Err != nil {
		return nil, ranges.Err
	}
	if opt.Axioms.Ctx == nil {
		opt.Axioms.Ctx = opt.Ctx
	}
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(canceled)
			if !ok {
				panic(r)
			}
			err = c.err
		}
	}()
	c := logic.NewC()
	nodes0 := c.Len()
	labels := 0
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if o, ok := s.(*lsl.Observe); ok && o.Kind == lsl.ObsLabel {
				labels++
			}
			return true
		})
	}
	w := max(ranges.Width, bv.BitsFor(0, int64(labels+1)))
	e := &Encoding{
		U:                u,
		Memory:           m,
		Ranges:           ranges,
		arrays:           u.HasArrays(),
		C:                c,
		Obs:              map[trace.ObsKey]*ObsSlot{},
		seedOf:           map[[2]int]z.Lit{},
		aliasMemo:        map[[2]int]z.Lit{},
		hasSeed:          map[int]z.Lit{},
		fair:             !opt.NoFairProgress,
		reloadRounds:     !opt.NoReloadRounds,
		noLaterSeeds:     laterSeedsFalse(opt, props.CoherentPerLocation),
		storingReloads:   !opt.NoStoringReloads,
		reloadRetag:      !opt.NoReloadRetag,
		reloadFenceMove:  !opt.NoReloadFenceMove,
		silentRules:      !opt.NoSilentRMW,
		chainCut:         !opt.NoChainCut,
		keepDead:         opt.KeepDeadRegisters,
		loadsInOrder:     props.LoadsInOrder,
		silentModel:      props.SilentRMWs,
		silentAnyReader:  props.SilentAnyReader,
		silentOrder:      props.SilentOrder,
		catCycles:        props.StorelessCycles,
		catStoringCycles: props.StorelessCycles && !opt.NoCatStoringCycles && m.FairProgressStoresSafe() == nil,
		catSuperseded:    props.StorelessCycles && !opt.NoCatStoringCycles && props.CoherentPerLocation,
		// stores to one address by one thread take effect in program
		// order and a load reads its thread's latest earlier store or a
		// later one (fairness.go, superseded)
		storeCoherent: props.Vetted,
		reloadModel:   props.ReloadRounds,
		taggedEvents:  props.TaggedEvents,
		poll:          limits.Poller{Ctx: opt.Ctx, Phase: "encoding"},
		nodes0:        nodes0,
	}
	e.trackDeps = m.NeedsDependencies(u)
	e.params, e.paramChooses = params, map[*lsl.Choose]paramAt{}
	e.rows, e.rowClassOf = rows, map[int]int{}
	for k, rc := range rows {
		for _, ti := range rc.threads {
			e.rowClassOf[ti] = k
		}
	}
	for _, cl := range params {
		for i, ch := range cl.chooses {
			e.paramChooses[ch] = paramAt{cl, i}
		}
	}
	e.broadEscape = opt.BroadLivelockEscape
	e.finalInOrder = !opt.PlainFinalOrder && props.Vetted
	e.unpublishedReloads = unpublishedReloadsApply(opt, m)
	e.reloadSupersede = reloadSupersedeRule(opt, m)
	e.noSealed = opt.NoSealedBlocks
	e.noFenced = opt.NoFencedRounds
	e.vx = newValCtx(c, w, ranges.PtrDepth, u.Prog.Composites)
	e.undef = e.vx.undef()
	for ti, th := range u.Threads {
		e.execThread(ti, th)
		e.threadKinds = append(e.threadKinds, th.Kind)
	}
	for _, in := range e.Instrs {
		e.threadOf = append(e.threadOf, in.Thread)
	}
	e.Stats.NodesThreads = c.Len() - nodes0
	e.chooseRanges = len(e.wellformed)
	e.wellformed = append(e.wellformed, e.vx.constraints...)
	psi := e.psi()
	e.Stats.NodesPsi = c.Len() - nodes0 - e.Stats.NodesThreads
	inst, err := e.instantiate(m, opt)
	if err != nil {
		return nil, err
	}
	e.Model, e.enc = inst, inst
	if opt.Races {
		if err := e.buildRaces(opt); err != nil {
			return nil, err
		}
		if opt.RaceCycles {
			e.raceCycles(opt.PlainRaceCycles)
		}
	}
	e.catSilentCycles()
	if opt.IgnoreRaceFlag || opt.Races && opt.RaceCycles {
		// rc11's racy flag is the race check's relation, whose rounds
		// raceCycles keeps
		e.catFlagCyclesButRaces()
	} else {
		e.catFlagCycles()
	}
	e.finishFairness()
	e.Stats.NodesTheta = c.Len() - nodes0 - e.Stats.NodesPsi - e.Stats.NodesThreads
	spins, err := e.spinConsistency()
	if err != nil {
		return nil, err
	}
	lives, err := e.livelockConsistency()
	if err != nil {
		return nil, err
	}
	uaf, err := e.useAfterFree()
	if err != nil {
		return nil, err
	}
	parts := []z.Lit{psi, inst.Constraint(), spins, lives, uaf}
	parts = append(parts, e.wellformed...)
	for _, a := range e.assumeFail {
		parts = append(parts, a.Not())
	}
	parts = append(parts, e.paramConstraint())
	e.Phi = c.Ands(parts...)
	if !opt.NoSymmetry {
		e.findSymmetry()
		if !opt.NoPoolSymmetry {
			e.findPoolSymmetry()
		}
	}
	e.status()
	e.observations()
	// Last: Clauses finalizes the memory model, whose sparse transitivity
	// covers only the order pairs requested (Model.Rel) before this point.
	if e.Clauses, err = inst.Clauses(); err != nil {
		return nil, err
	}
	e.finishRaces()
	e.stats()
	return e, nil
}

// psi builds Ψ (§5.3): seed variables for every load and store that may
// alias, with equal addresses and values; at most one seed per load; a load
// without a seed reads the initial value of its address.
func (e *Encoding) psi() z.Lit {
	c := e.C
	var loads, stores []*Instr
	for _, in := range e.Instrs {
		switch in.Kind {
		case axioms.Load:
			loads = append(loads, in)
		case axioms.Store:
			stores = append(stores, in)
		}
	}
	e.seeds = make([][]seedVar, len(e.Instrs))
	parts := []z.Lit{}
	for _, l := range loads {
		var cands []z.Lit
		for _, s := range stores {
			e.checkCanceled()
			if !e.Ranges.MayAlias(l.ID, s.ID) {
				continue
			}
			if e.ForcedBefore(l.Index, s.Index) {
				continue // the store happens after the load (init/final structure)
			}
			if e.noLaterSeeds && e.laterStore(l, s) {
				continue // the store follows the load in its thread
			}
			v := c.Lit()
			e.seeds[l.Index] = append(e.seeds[l.Index], seedVar{s.Index, v})
			e.seedOf[[2]int{l.Index, s.Index}] = v
			cands = append(cands, v)
			parts = append(parts, c.Implies(v, l.Guard), c.Implies(v, s.Guard), c.Implies(v, e.aliased(l, s)),
				e.vx.impliesSame(v, l.Data, s.Data)) // plain clauses (sameclauses.go)
		}
		// at most one seed: ladder encoding
		prefix := c.F
		for _, v := range cands {
			parts = append(parts, c.And(v, prefix).Not())
			prefix = c.Or(prefix, v)
		}
		e.hasSeed[l.Index] = prefix
		init := e.initial(l)
		readsInit := e.vx.impliesSame(c.And(l.Guard, prefix.Not()), l.Data, init)
		parts = append(parts, readsInit)
	}
	e.Stats.SeedVars = len(e.seedOf)
	return c.Ands(parts...)
}

// initial is the value a never-written cell at the load's address holds:
// the global's initializer or 0 for globals (and the pool's flags), ⊥ for
// allocated blocks and locals.
func (e *Encoding) initial(l *Instr) *Val {
	c := e.C
	vx := e.vx
	abs := e.Ranges.Addr(l.ID)
	ptrs, complete := abs.Pointers()
	if complete {
		out := e.undef
		var vals []lsl.Value
		for _, p := range ptrs {
			vals = append(vals, e.initialCell(p))
		}
		if allSame(vals) && len(vals) > 0 {
			return vx.constVal(vals[0])
		}
		for i := len(ptrs) - 1; i >= 0; i-- {
			cell := vx.constVal(lsl.Value{Kind: lsl.KPtr, Ptr: ptrs[i]})
			out = vx.mux(vx.ptrEq(l.Addr, cell), vx.constVal(vals[i]), out)
		}
		return out
	}
	// Unknown address: decide by the base, then overlay initialized cells.
	zero := c.F
	for _, b := range e.U.Blocks {
		if b.ZeroInit() {
			zero = c.Or(zero, bv.Eq(c, l.Addr.Ptr[0], bv.Const(c, b.Base, vx.w)))
		}
	}
	out := vx.mux(zero, vx.constVal(lsl.Num(0)), e.undef)
	for gi, g := range e.U.Prog.Globals {
		for _, ci := range g.Init {
			p := append([]int64{int64(gi + 1)}, ci.Path...)
			cell := vx.constVal(lsl.Value{Kind: lsl.KPtr, Ptr: p})
			out = vx.mux(vx.ptrEq(l.Addr, cell), vx.constVal(ci.Val), out)
		}
	}
	return out
}

func allSame(vs []lsl.Value) bool {
	for _, v := range vs {
		if !v.Equal(vs[0]) {
			return false
		}
	}
	return true
}

func (e *Encoding) initialCell(p []int64) lsl.Value {
	if g := e.U.Prog.GlobalName(p[0]); g != "" {
		for _, ci := range e.U.Prog.Globals[p[0]-1].Init {
			if len(ci.Path) == len(p)-1 {
				match := true
				for i, n := range ci.Path {
					if p[i+1] != n {
						match = false
					}
				}
				if match {
					return ci.Val
				}
			}
		}
	}
	if b := e.U.Block(p[0]); b != nil && b.ZeroInit() {
		return lsl.Num(0)
	}
	return lsl.Undef
}

// aliased is A_i = A_j, false when the range analysis rules it out.
func (e *Encoding) aliased(a, b *Instr) z.Lit {
	if a.Index == b.Index {
		return e.C.T
	}
	k := [2]int{min(a.Index, b.Index), max(a.Index, b.Index)}
	if v, ok := e.aliasMemo[k]; ok {
		return v
	}
	v := e.C.F
	if e.Ranges.MayAlias(a.ID, b.ID) {
		v = e.vx.ptrEq(a.Addr, b.Addr)
	}
	e.aliasMemo[k] = v
	return v
}

// ForcedBefore reports that instruction i happens before j in every
// execution because of the test's structure: the init thread runs before the
// concurrent threads, which run before the final thread (SPEC §4). Order
// within a thread is the memory model's business.
func (e *Encoding) ForcedBefore(i, j int) bool {
	ti, tj := e.threadOf[i], e.threadOf[j]
	if ti == tj {
		return false
	}
	ki, kj := e.threadKinds[ti], e.threadKinds[tj]
	return (ki == lsl.ThreadInit && kj != lsl.ThreadInit) || (kj == lsl.ThreadFinal && ki != lsl.ThreadFinal)
}

// spinConsistency says that a thread blocked in a spin loop observed final
// values: no load of its last iteration is followed in memory order by an
// aliased store. Otherwise the loop would eventually read the newer value
// and the execution is not a complete one (so it is excluded); a blocked
// thread that did see final values is deadlocked.
func (e *Encoding) spinConsistency() (z.Lit, error) {
	c := e.C
	parts := []z.Lit{}
	for _, th := range e.Threads {
		for _, sp := range th.Spins {
			if sp.Blocked == c.F {
				continue
			}
			final, err := e.finalLoads(sp.Loads, sp.Stores)
			if err != nil {
				return c.F, err
			}
			parts = append(parts, c.Implies(sp.Blocked, final))
		}
	}
	return c.Ands(parts...), nil
}

// finalLoads holds when each executed load in loads reads the last value of
// its cell: no aliased store after it in memory_order. The stores of the
// blocked iteration itself (own) do not count: retrying repeats them, and a
// side-effect-free spin loop only rewrites what it read (a failed lock
// exchange stores "held" over "held").
func (e *Encoding) finalLoads(loads, own []int) (z.Lit, error) {
	return e.finalLoadsUnless(loads, own, nil)
}

// finalLoadsUnless is finalLoads where a store in skip does not count
// when its literal holds (chaincut.go: the chain stores of threads that
// go round their chains forever too).
func (e *Encoding) finalLoadsUnless(loads, own []int, skip map[int]z.Lit) (z.Lit, error) {
	c := e.C
	if len(loads) == 0 {
		return c.T, nil
	}
	if err := e.canOrderStores(); err != nil {
		return c.F, err
	}
	res := c.T
	for _, li := range loads {
		l := e.Instrs[li]
		for _, s := range e.Instrs {
			if s.Kind != axioms.Store || !e.Ranges.MayAlias(l.ID, s.ID) {
				continue
			}
			if containsInt(own, s.Index) {
				continue
			}
			if e.ForcedBefore(l.Index, s.Index) {
				// a thread that runs after the blocked one (the final
				// thread after a concurrent one) never starts
				continue
			}
			// a silent store writes back the value before it (silent.go)
			later := c.Ands(s.Guard, e.aliased(l, s), e.storeAfter(l.Index, s.Index))
			if silent := e.silent(s.Index); silent != c.F {
				later = c.And(later, silent.Not())
			}
			if sk, ok := skip[s.Index]; ok {
				later = c.And(later, sk.Not())
			}
			res = c.And(res, c.Implies(l.Guard, later.Not()))
		}
	}
	return res, nil
}

func (e *Encoding) status() {
	c := e.C
	var errs, pruned, inAtomic, blocked, live, done []z.Lit
	for ti, th := range e.Threads {
		for _, es := range th.Errors {
			errs = append(errs, es.Guard)
		}
		for _, p := range th.Pruned {
			pruned = append(pruned, p.Guard)
			if p.InAtomic {
				inAtomic = append(inAtomic, p.Guard)
			}
		}
		// a thread the program may end before (main returns without
		// joining it) blocks or goes round forever without a deadlock
		// or livelock: the program ends (docs/semantics.md)
		if !e.U.Threads[ti].Detached {
			for _, sp := range th.Spins {
				blocked = append(blocked, sp.Blocked)
			}
			for _, ls := range th.Livelocks {
				live = append(live, ls.Guard)
			}
		}
		done = append(done, th.Done)
	}
	e.AnyError = c.Ors(errs...)
	e.AnyPruned = c.Ors(pruned...)
	e.PrunedInAtomic = c.Ors(inAtomic...)
	e.Error = c.And(e.AnyError, e.PrunedInAtomic.Not())
	e.AnyBlocked = c.Ors(blocked...)
	e.AllDone = c.Ands(done...)
	e.AnyLivelock = c.Ors(live...)
	e.Deadlock = c.Ands(c.Or(e.AnyBlocked, e.AnyLivelock), e.AnyPruned.Not(), e.AnyError.Not())
}

// observations merges the observation events of every key into a slot: the
// key is present if some event with it executes; its value is that of the
// last such event in program order.
func (e *Encoding) observations() {
	c := e.C
	for _, th := range e.Threads {
		for _, ev := range th.obs {
			s, ok := e.Obs[ev.key]
			if !ok {
				s = &ObsSlot{Present: c.F, Val: e.undef}
				e.Obs[ev.key] = s
				e.ObsKeys = append(e.ObsKeys, ev.key)
			}
			s.Val = e.vx.mux(ev.guard, ev.val, s.Val)
			s.Present = c.Or(s.Present, ev.guard)
		}
	}
	trace.SortKeys(e.ObsKeys)
}

func (e *Encoding) stats() {
	for _, th := range e.U.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			switch s.(type) {
			case *lsl.Block, *lsl.Atomic:
			default:
				e.Stats.Instrs++
			}
			return true
		})
	}
	for _, in := range e.Instrs {
		switch in.Kind {
		case axioms.Load:
			e.Stats.Loads++
		case axioms.Store:
			e.Stats.Stores++
		case axioms.Fence:
			e.Stats.Fences++
		}
	}
	e.Stats.Width = e.vx.w
	e.Stats.PtrDepth = e.vx.d
	e.Stats.Nodes = e.C.Len() - e.nodes0
	e.Stats.Axioms = e.Model.Stats()
}

// Seed returns the seed literal of load l and store s (false if impossible).
func (e *Encoding) Seed(l, s int) z.Lit {
	if v, ok := e.seedOf[[2]int{l, s}]; ok {
		return v
	}
	return e.C.F
}

var _ = bits.Len

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

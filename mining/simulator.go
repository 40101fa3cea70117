package mining

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/checkfence/checkfence/lsl"
)

// simulator runs one unrolled whole program concretely under random
// schedules (sizing_simulation.go). Each thread runs in its own goroutine, the
// interpreter of concrete mining (concreteRun), and hands control back before
// each shared access; only one runs at a time, so the memory needs no
// lock. The goroutines serve one run after another (workers): the
// interpreter recurses deeply, and a fresh goroutine per thread and run
// grew its stack again each time (a fifth of a small test's CPU went to
// copying stacks).
type simulator struct {
	u   *lsl.Unrolled
	rng *rand.Rand
	m   *serialMiner // what concreteRun needs of a miner (no fair-progress rule of its own)
	// coherent: the model is a built-in one, whose stores to one address
	// take effect in program order (a cycle's stores can be superseded)
	coherent bool
	// silent: the encoding deletes silent cycles (encode/silent.go)
	silent bool
	live   map[*lsl.Block][]lsl.Reg
	// atomics and rmwStarts cache atomicInfo and startsWithRMW
	atomics   map[*lsl.Atomic]simAtomic
	rmwStarts map[*lsl.Block]bool
	// reloads: the encoding deletes reload rounds (a built-in .mm model
	// with fair progress); reloadSrc: the first iteration blocks that
	// follow a reload source (simulator_reload.go)
	reloads   bool
	reloadSrc map[*lsl.Block]*simReloadSource
	steps     int // shared accesses of the last run
	// sched is the last run's schedule: the thread of each step;
	// choices draws the values of nondeterministic choices.
	sched   []int
	choices *rand.Rand

	threads   []*simThread // of the current run
	sc        simSched     // the current run's scheduler
	ready     []int        // runnable's result
	mem       map[string]lsl.Value
	lastStore map[string]int // per cell, the store that wrote it last (1-based)
	stores    int            // stores so far (their ids are 1..stores)
	loads     []simLoad
	readers   map[int][]simEvent // per store id, the loads that read it (made when needed)
	// workers: per thread number, the goroutine that runs that thread of
	// each run (made when first needed; close ends them)
	workers []chan *simThread
	// regs: per thread number, its registers, cleared for each run (a
	// map that starts empty in every run grows, rehashing, to the
	// thread's size again: a tenth of a C11 MS queue's simulation)
	regs []map[lsl.Reg]lsl.Value
	// storingReloads: reload rounds may store (simulator_reload.go)
	storingReloads bool
	// cyclesSuperseded: the model is one on which the encoding deletes a
	// storing cycle superseded while the others are done (sc, tso,
	// sc-cat; on rc11 by plain stores: encode/reload_superseded.go,
	// cycleSuperseded)
	cyclesSuperseded bool
	// unpublishedReloads: and those of a thread whose stores go to a
	// block no store has published yet (simulator_reload.go)
	unpublishedReloads bool
	// fencedRounds: the encoding may delete a storing cycle or reload
	// round superseded in its thread whatever the others do (the fence
	// case, encode.FencedRoundsMayApply; its fence is not judged here)
	fencedRounds bool
	// catStores: with the fence case on a cat model, a round whose stores
	// go where its thread or the init thread accessed before it is kept
	// (storesAccessedBefore), as the encoding keeps it; and the fence case
	// deletes storing reload rounds only, not cycles (on riscv and
	// tso-cat, whose compare-exchange reads have other tags than the load
	// before the loop, the runs deleted rounds the check kept and
	// proposed bounds it raised)
	catStores bool
	// finalMemo: the trie of the final thread's paths and what it did on
	// each (simulator_final.go), finalNodes its size; final: the current
	// run's final thread (noFinalMemo, set only by tests: runs every
	// final thread)
	noFinalMemo bool
	finalMemo   *simFinalNode
	finalNodes  int
	final       *simFinalRun
	keyBuf      []byte
}

type simEvent struct{ thread, pos int }

type simLoad struct {
	simEvent
	store int // the store read, 0 for the initial value
}

// simThread is one thread of a run.
type simThread struct {
	s        *simulator
	idx      int
	r        *concreteRun
	body     *lsl.Block
	resume   chan bool
	back     chan struct{}
	started  bool
	finished bool
	err      error
	inAtomic bool
	// inRMW: inside an outermost atomic block that is a lsl.PlainRMW
	// (a store there that writes back what was read is silent)
	inRMW bool
	// inChainRMW: inside one that is a lsl.CheckedRMW; rmwSrc and rmwVal
	// are the store its load read (its id, 0 for the initial value) and
	// the value (encode/chain.go)
	inChainRMW bool
	rmwSrc     int
	rmwVal     lsl.Value
	atAtomic   bool // the next step is an atomic block
	// afterAtomic: the last step ended with an atomic block
	afterAtomic bool
	pos         int      // shared accesses so far
	obs         int      // observations so far
	storePos    []int    // the positions of its stores, ascending
	storeIDs    []int    // and their ids
	storeCells  []string // and their cells
	storeSilent []bool   // and whether each is a silent read-modify-write
	// storeChain: for the store of a lsl.CheckedRMW, the store its load
	// read (id, 0 for the initial value), else -1; storeFrom and storeVal:
	// the value its load read and the value it wrote
	storeChain []int
	storeFrom  []lsl.Value
	storeVal   []lsl.Value
	// loadPos, loadCells and loadVals: the positions of its loads, their
	// cells and the values they read (reload rounds)
	loadPos   []int
	loadCells []string
	loadVals  []lsl.Value
	starts    map[lsl.LoopKey][]simStart
	cutAt     lsl.LoopKey // the loop instance the thread stopped at (status "pruned")
	exempt    bool        // it stopped right after a storeless (or silent) cycle
	entries   []*simEntry
	entry     map[lsl.LoopKey]*simEntry // per loop instance, its current entry
	chose     bool                      // it made a nondeterministic choice
	// firstReads: the final thread records its first reads there
	// (simulator_final.go)
	firstReads *simFinalRun
	vals       []lsl.Value // valSlice's buffer
}

// simEntry is one entry of a thread into a loop instance: the iterations
// it started, and which of them belong to cycles the encoding excludes.
type simEntry struct {
	loop   lsl.LoopKey
	pos    int // the thread's position at the first iteration
	iters  int
	cycles []simCycle
	// reload: the entry's reload source, if the runs delete reload rounds
	// and its loop has one; reloads: its first rounds deleted as reload
	// rounds so far
	reload  *simReloadEntry
	reloads int
}

// simStart is the state at the start of one loop iteration; rmw: the
// iteration starts with a read-modify-write (lsl.StartsWithRMW).
type simStart struct {
	live           []lsl.Reg
	vals           []lsl.Value
	iter, pos, obs int
	rmw            bool
}

// simCycle is a run of iterations from..to-1, from the thread's position
// lo to hi, that started and ended in the same state. silent: its stores
// are all silent read-modify-writes of the cell its first iteration starts
// with, which the encoding deletes like a storeless cycle on a built-in
// model (encode/silent.go).
type simCycle struct {
	from, to, lo, hi int
	silent           bool
	reload           bool // a reload round (simulator_reload.go)
}

func newSimulator(u *lsl.Unrolled, rng *rand.Rand, coherent bool) *simulator {
	s := &simulator{u: u, rng: rng, m: &serialMiner{u: u, pruned: map[lsl.LoopKey]bool{}}, live: map[*lsl.Block][]lsl.Reg{}, coherent: coherent,
		atomics: map[*lsl.Atomic]simAtomic{}, rmwStarts: map[*lsl.Block]bool{}}
	s.reloadSrc = map[*lsl.Block]*simReloadSource{}
	for _, th := range u.Threads {
		for b, regs := range lsl.IterationState(th.Body) {
			s.live[b] = regs
		}
		reloadSources(th.Body, s.reloadSrc)
	}
	return s
}

// run simulates one random schedule. It returns, for each loop instance
// where a thread was cut off, the iterations that needs; failed when a
// thread failed a check (a real failing execution).
func (s *simulator) run(prefix []int, seed uint64) (need lsl.Bounds, failed bool, err error) {
	s.steps = 0
	s.sched = s.sched[:0]
	s.choices = rand.New(rand.NewPCG(seed, 0x5eed))
	if s.mem == nil {
		s.mem, s.lastStore = map[string]lsl.Value{}, map[string]int{}
	}
	clear(s.mem)
	clear(s.lastStore)
	s.stores, s.loads, s.readers, s.final = 0, s.loads[:0], nil, nil
	if s.threads == nil {
		s.threads = make([]*simThread, len(s.u.Threads))
	}
	threads := s.threads
	for len(s.regs) < len(threads) {
		s.regs = append(s.regs, map[lsl.Reg]lsl.Value{})
	}
	for i := range threads {
		clear(s.regs[i])
		threads[i] = s.reset(threads[i], i)
	}
	defer func() {
		for _, t := range threads {
			if t.started && !t.finished {
				t.resume <- false
				<-t.back
			}
		}
	}()
	sc := &s.sc
	*sc = simSched{prefix: prefix, cur: -1, lowest: -1, threads: threads}
	sc.switchP = []float64{0.05, 0.2, 0.5, 1}[s.rng.IntN(4)]
	sc.atomicP = simAtomicP[s.rng.IntN(len(simAtomicP))]
	// Three runs in four schedule by priority, as PCT does (Burckhardt et
	// al., ASPLOS 2010): the ready thread with the highest priority runs,
	// and a thread that just completed an atomic block, or one at a random
	// step, drops to the lowest. A thread preempted right after its CAS is
	// what makes the others retry or help (an MS queue's lagging tail);
	// plain random switching rarely preempts there while the others run
	// long enough (on an MS queue 3+3, 16 in 4000 runs reach the dequeue
	// bound the check needs, against none in 20000 random ones).
	sc.prio = s.rng.Perm(len(threads))
	sc.usePrio = s.rng.IntN(4) != 0
	sc.changeP = []float64{0, 0.02, 0.05, 0.1, 0.2}[s.rng.IntN(5)]
	next := -1 // the step a thread already scheduled (access), -1 if none
	for {
		cur := next
		if cur < 0 {
			var ok bool
			if cur, ok = s.schedule(); !ok {
				break
			}
		}
		t := threads[cur]
		if !t.started && s.u.Threads[cur].Kind == lsl.ThreadFinal && !s.noFinalMemo && s.startFinal(t) {
			next = -1 // replayed (simulator_final.go)
			continue
		}
		if !t.started {
			t.started = true
			s.start(t, s.u.Threads[cur].Body)
		}
		sc.handoff = -1
		t.resume <- true
		<-t.back
		if t.err != nil {
			return nil, false, t.err
		}
		if next = sc.handoff; next == simSchedEnd {
			break
		}
	}
	if s.steps >= simRunSteps {
		return nil, false, nil // an unfinished run says nothing
	}
	need = lsl.Bounds{}
	for i, t := range threads {
		switch t.r.status {
		case "error":
			failed = true
		case "blocked":
			if !s.u.Threads[i].Detached { // the program ends while it waits
				return nil, false, nil
			}
		case "assume":
			return nil, false, nil
		}
		iters := s.iterations
		if s.u.Threads[i].Kind == lsl.ThreadFinal && s.final != nil {
			iters = s.finalNeed
		}
		for key, n := range iters(t) {
			need[key] = max(need[key], n)
		}
	}
	// A failing run is an execution too: the unrolling that fits it has
	// the failure (it used to be the only way to the failure of
	// tests/fairness/cutoff_reads_cycle.c: docs/semantics.md, "Fair
	// progress", cut-off executions).
	return need, failed, nil
}

// simSched is the scheduler's state during one run. Each step's thread is
// chosen by schedule: by the scheduler's loop (run) when a thread ended or
// handed control back, and by the running thread itself at its shared
// access (access), which goes on without a switch of goroutines when it
// chose itself: the same choices, in the same order, from the same random
// numbers, as when the scheduler's loop made every one of them (two
// channel handoffs per shared access were a fifth of the simulation on
// the C11 MS queue and Treiber stack, issue 52).
type simSched struct {
	threads                   []*simThread
	prefix                    []int // the schedule to replay first
	cur                       int   // the thread of the last step (-1 before the first)
	prio                      []int // per thread, its priority (usePrio)
	lowest                    int   // the next lowest priority
	usePrio                   bool
	switchP, atomicP, changeP float64
	// handoff: the step a thread chose before handing control back (-1
	// none, simSchedEnd: the run ends)
	handoff int
}

// simHandBack, set only by tests, makes every shared access hand control
// back to the scheduler's loop, which then chooses the next step: the
// protocol before the threads scheduled themselves (simSched).
var simHandBack = false

// simSchedEnd is simSched.handoff when the thread that handed control
// back found that the run ends.
const simSchedEnd = -2

// schedule chooses the thread of the next step and appends it to the
// schedule; ok is false when the run ends (its steps are spent, or no
// thread can take a step).
func (s *simulator) schedule() (cur int, ok bool) {
	sc := &s.sc
	if s.steps >= simRunSteps {
		return -1, false
	}
	threads := sc.threads
	ready := s.runnable(threads)
	if len(ready) == 0 {
		return -1, false
	}
	cur = sc.cur
	p := sc.switchP
	if contains(ready, cur) && (threads[cur].atAtomic || threads[cur].afterAtomic) {
		p = sc.atomicP
	}
	if i := len(s.sched); i < len(sc.prefix) && contains(ready, sc.prefix[i]) {
		cur = sc.prefix[i]
	} else if sc.usePrio {
		if cur >= 0 && (threads[cur].afterAtomic || s.rng.Float64() < sc.changeP) {
			sc.prio[cur] = sc.lowest
			sc.lowest--
		}
		best := ready[0]
		for _, i := range ready {
			if sc.prio[i] > sc.prio[best] {
				best = i
			}
		}
		cur = best
	} else if !contains(ready, cur) || s.rng.Float64() < p {
		cur = ready[s.rng.IntN(len(ready))]
	}
	sc.cur = cur
	s.sched = append(s.sched, cur)
	return cur, true
}

// reset returns thread i of a new run: old, the thread i of the last
// run, cleared, so that its slices, maps and channels serve again (a run
// that made them anew spent a third of its time allocating).
func (s *simulator) reset(old *simThread, i int) *simThread {
	if old == nil {
		t := &simThread{s: s, idx: i, resume: make(chan bool), back: make(chan struct{}), starts: map[lsl.LoopKey][]simStart{}, entry: map[lsl.LoopKey]*simEntry{}}
		t.r = &concreteRun{m: s.m, thread: i, base: s.mem, writes: s.mem, regs: s.regs[i], sim: t}
		return t
	}
	clear(old.starts)
	clear(old.entry)
	clear(old.entries) // let the last run's entries go
	*old = simThread{s: s, idx: i, resume: old.resume, back: old.back, starts: old.starts, entry: old.entry,
		storePos: old.storePos[:0], storeIDs: old.storeIDs[:0], storeCells: old.storeCells[:0], storeSilent: old.storeSilent[:0],
		storeChain: old.storeChain[:0], storeFrom: old.storeFrom[:0], storeVal: old.storeVal[:0],
		loadPos: old.loadPos[:0], loadCells: old.loadCells[:0], loadVals: old.loadVals[:0],
		entries: old.entries[:0], vals: old.vals[:0], r: old.r}
	*old.r = concreteRun{m: s.m, thread: i, base: s.mem, writes: s.mem, regs: s.regs[i], sim: old, args: old.r.args}
	return old
}

// iterations returns, per loop instance, the most iterations an entry of
// thread t needs in the execution without the cycles the encoding
// excludes (one more than it ran for the entry the thread was cut off
// in). Deleting such a cycle leaves an execution of the program in
// which the iterations before and after it run as they did (the state
// where it ended is the state where it began, and nothing outside it read
// its stores), so an entry needs at least the iterations outside every
// such cycle; an entry that starts inside a cycle of an enclosing loop is
// deleted with it and counts for nothing, and one in a later iteration
// counts under the key it has in the shorter execution (reducedKey).
//
// A cycle that stores is not deleted unless its stores are superseded
// (s.superseded). The encoding keeps it in an execution where the thread
// is cut off after it inside its loop (encode/fairness.go, cutWithin).
// Below the entry's full count, the prefix of this run that stops at the
// bound is such an execution. So the entry needs every iteration of the
// cycle, as the check would find one round later.
func (s *simulator) iterations(t *simThread) lsl.Bounds {
	var gone []simCycle
	for _, e := range t.entries {
		for _, c := range e.cycles {
			if c.reload {
				continue // reloadGone
			}
			if c.silent || s.chainIn(t, c) || !s.readOutside(t, c) && (!t.storesIn(c) || s.superseded(t, c)) {
				gone = append(gone, c)
			}
		}
	}
	gone = append(gone, s.reloadGone(t)...)
	deleted := map[*simEntry][]bool{} // per entry, its deleted iterations
	renumbered := false               // some entry has deleted iterations
	for _, e := range t.entries {
		del := make([]bool, e.iters+1)
		for _, c := range e.cycles {
			if slices.Contains(gone, c) {
				for i := c.from; i < c.to; i++ {
					del[i] = true
					renumbered = true
				}
			}
		}
		deleted[e] = del
	}
	out := lsl.Bounds{}
	for _, e := range t.entries {
		inside := false
		for _, other := range t.entries {
			if other == e {
				continue
			}
			for _, c := range other.cycles {
				if slices.Contains(gone, c) && c.lo <= e.pos && e.pos < c.hi {
					inside = true
				}
			}
		}
		if inside {
			continue
		}
		n := 0
		for i := 1; i <= e.iters; i++ {
			if !deleted[e][i] {
				n++
			}
		}
		if t.r.status == "pruned" && !t.exempt && e == t.entry[t.cutAt] {
			n++ // it was about to start one more
		}
		if storingReloadGone(t, e, gone) {
			// at the bound a reload round that stores is a cut-off: the
			// deleted round needs a next iteration to be deleted in
			n = max(n, 2)
		}
		key := e.loop // no iteration deleted renumbers none (reducedKey)
		if renumbered {
			key = reducedKey(t.entries, e, deleted)
		}
		out[key] = max(out[key], n)
	}
	return out
}

// reducedKey returns the key of entry e's loop instance in the execution
// without the deleted iterations: deleting iterations of an enclosing loop
// of the same activation renumbers the iterations after them, and the keys
// of the loops they hold with them (lsl.Unroll names the loop L2 in
// iteration 2 of L1 "…/L1#2/L2"; with iteration 1 of L1 deleted it is
// "…/L1#1/L2"). A loop of a called procedure is keyed by the call path
// alone and needs no renumbering.
func reducedKey(entries []*simEntry, e *simEntry, deleted map[*simEntry][]bool) lsl.LoopKey {
	// the enclosing entries: per loop, the last one entered before e
	latest := map[lsl.LoopKey]*simEntry{}
	for _, o := range entries {
		if o != e && o.pos <= e.pos && o.loop.Encloses(e.loop) {
			latest[o.loop] = o
		}
	}
	outer := slices.Collect(maps.Keys(latest))
	// innermost first: renaming an iteration of an outer loop leaves the
	// key's prefix up to it as it was
	slices.SortFunc(outer, func(a, b lsl.LoopKey) int { return len(b) - len(a) })
	key := e.loop
	for _, loop := range outer {
		k, rest, ok := loop.Within(key)
		if !ok {
			continue
		}
		del := deleted[latest[loop]]
		gone := 0
		for i := 1; i < k && i < len(del); i++ {
			if del[i] {
				gone++
			}
		}
		key = loop.InIteration(k-gone, rest)
	}
	return key
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// runnable lists the threads that may take a step, as the encoding starts
// them: the init thread first, the concurrent threads once it completed,
// the final thread once every other did.
func (s *simulator) runnable(threads []*simThread) []int {
	out := s.ready[:0] // valid until the next call
	initDone, concDone := true, true
	for i, t := range threads {
		ok := t.finished && t.r.status == ""
		switch s.u.Threads[i].Kind {
		case lsl.ThreadInit:
			initDone = initDone && ok
		case lsl.ThreadConcurrent:
			concDone = concDone && ok
		}
	}
	for i, t := range threads {
		if t.finished {
			continue
		}
		switch s.u.Threads[i].Kind {
		case lsl.ThreadInit:
			out = append(out, i)
		case lsl.ThreadConcurrent:
			if initDone {
				out = append(out, i)
			}
		case lsl.ThreadFinal:
			if initDone && concDone {
				out = append(out, i)
			}
		}
	}
	s.ready = out
	return out
}

// storesIn reports whether thread t stored inside cycle c.
func (t *simThread) storesIn(c simCycle) bool {
	i, _ := slices.BinarySearch(t.storePos, c.lo)
	return i < len(t.storePos) && t.storePos[i] < c.hi
}

// superseded mirrors the encoding's exemption of a cycle that stores
// (encode/reload_superseded.go, cycleSuperseded): on sc, tso and sc-cat
// (and, judged as there, rc11), each of its
// stores is followed in thread t by a store to the same cell, and every
// other thread but the final one has completed; where the fence case may
// apply (fencedRounds), whatever the other threads do.
func (s *simulator) superseded(t *simThread, c simCycle) bool {
	return s.supersededFrom(t, c, c.lo)
}

// supersededFrom is superseded with the thread's accesses before position
// start counted as before c: a reload round that follows deleted rounds
// of its loop entry starts where the first of them did.
func (s *simulator) supersededFrom(t *simThread, c simCycle, start int) bool {
	fenced := s.fencedRounds && (c.reload || !s.catStores)
	if !s.coherent || !s.cyclesSuperseded && !fenced {
		return false
	}
	if s.catStores && s.storesAccessedBefore(t, c, start) {
		return false
	}
	for i, o := range s.threads {
		if !fenced && o != t && s.u.Threads[i].Kind != lsl.ThreadFinal && !(o.finished && o.r.status == "") {
			return false
		}
	}
	first, _ := slices.BinarySearch(t.storePos, c.lo)
	for i := first; i < len(t.storePos) && t.storePos[i] < c.hi; i++ {
		later := false
		for j := i + 1; j < len(t.storePos) && !later; j++ {
			later = t.storePos[j] >= c.hi && t.storeCells[j] == t.storeCells[i]
		}
		if !later {
			return false
		}
	}
	return true
}

// storesAccessedBefore reports whether a store of cycle c goes to a cell
// that thread t accessed before position start (c.lo, or where deleted
// rounds before c began), or the init thread accessed: on a cat model the
// encoding deletes such a round only when none does (encode/catfair.go,
// catCycleStores).
func (s *simulator) storesAccessedBefore(t *simThread, c simCycle, start int) bool {
	before := map[string]bool{}
	for i, p := range t.loadPos {
		if p < start {
			before[t.loadCells[i]] = true
		}
	}
	for i, p := range t.storePos {
		if p < start {
			before[t.storeCells[i]] = true
		}
	}
	for i, o := range s.threads {
		if s.u.Threads[i].Kind == lsl.ThreadInit {
			for _, cell := range o.loadCells {
				before[cell] = true
			}
			for _, cell := range o.storeCells {
				before[cell] = true
			}
		}
	}
	first, _ := slices.BinarySearch(t.storePos, c.lo)
	for i := first; i < len(t.storePos) && t.storePos[i] < c.hi; i++ {
		if before[t.storeCells[i]] {
			return true
		}
	}
	return false
}

// readOutside reports whether a load outside cycle c of thread t read one
// of the cycle's stores (then the encoding does not count it as a cycle).
func (s *simulator) readOutside(t *simThread, c simCycle) bool {
	if s.readers == nil {
		s.readers = map[int][]simEvent{}
		for _, l := range s.loads {
			if l.store != 0 {
				s.readers[l.store] = append(s.readers[l.store], l.simEvent)
			}
		}
	}
	first, _ := slices.BinarySearch(t.storePos, c.lo)
	for i := first; i < len(t.storePos) && t.storePos[i] < c.hi; i++ {
		for _, l := range s.readers[t.storeIDs[i]] {
			if l.thread != t.idx || l.pos < c.lo || l.pos >= c.hi {
				return true
			}
		}
	}
	return false
}

// start runs t's body on the worker of its thread number.
func (s *simulator) start(t *simThread, body *lsl.Block) {
	for len(s.workers) <= t.idx {
		s.workers = append(s.workers, nil)
	}
	if s.workers[t.idx] == nil {
		jobs := make(chan *simThread)
		s.workers[t.idx] = jobs
		go func() {
			for t := range jobs {
				t.main(t.body)
			}
		}()
	}
	t.body = body
	s.workers[t.idx] <- t
}

// close ends the workers; the simulator makes new ones if it runs again.
func (s *simulator) close() {
	for _, jobs := range s.workers {
		if jobs != nil {
			close(jobs)
		}
	}
	s.workers = nil
}

// main runs the thread's body; the scheduler's first resume starts it.
func (t *simThread) main(body *lsl.Block) {
	defer func() {
		if p := recover(); p != nil {
			t.err = fmt.Errorf("internal error: simulation: %v", p)
		}
		t.finished = true
		t.back <- struct{}{}
	}()
	if !<-t.resume {
		t.err = errSimAbandon
		return
	}
	if _, err := t.r.plainBlock(body); err != nil && err != errSimAbandon {
		t.err = err
	}
}

// access hands control back before a shared access.
func (t *simThread) access() error {
	if t.inAtomic {
		return nil
	}
	s := t.s
	s.steps++
	if !simHandBack {
		next, ok := s.schedule()
		if ok && next == t.idx {
			t.afterAtomic = false
			return nil // the thread goes on: no handoff
		}
		s.sc.handoff = simSchedEnd
		if ok {
			s.sc.handoff = next
		}
	}
	t.back <- struct{}{}
	if !<-t.resume {
		return errSimAbandon
	}
	t.afterAtomic = false // read by the scheduler while this thread waits
	return nil
}

// loaded records a load of the cell whose key (cellKey) is cell.
func (t *simThread) loaded(cell string, v lsl.Value) {
	src := t.s.lastStore[cell]
	t.loadPos = append(t.loadPos, t.pos)
	t.loadCells = append(t.loadCells, cell)
	t.loadVals = append(t.loadVals, v)
	t.s.loads = append(t.s.loads, simLoad{simEvent{t.idx, t.pos}, src})
	t.rmwSrc, t.rmwVal = src, v
	t.pos++
}

// stored records a store to the cell whose key (cellKey) is cell.
func (t *simThread) stored(cell string, silent bool, v lsl.Value) {
	if t.firstReads != nil {
		t.firstReads.written[cell] = true
	}
	t.s.stores++
	t.s.lastStore[cell] = t.s.stores
	t.storePos = append(t.storePos, t.pos)
	t.storeIDs = append(t.storeIDs, t.s.stores)
	t.storeCells = append(t.storeCells, cell)
	t.storeSilent = append(t.storeSilent, silent)
	chain := -1
	if t.inChainRMW {
		chain = t.rmwSrc
	}
	t.storeChain = append(t.storeChain, chain)
	t.storeFrom = append(t.storeFrom, t.rmwVal)
	t.storeVal = append(t.storeVal, v)
	t.pos++
}

// chainIn reports whether the stores of cycle c are a chain of
// read-modify-writes that writes back what it first read, and no load
// outside the cycle reads one of them but the last (encode/chain.go;
// in a sequentially consistent run every load comes after the store it
// reads).
func (s *simulator) chainIn(t *simThread, c simCycle) bool {
	if !s.silent {
		return false
	}
	first, _ := slices.BinarySearch(t.storePos, c.lo)
	last := first
	for i := first; i < len(t.storePos) && t.storePos[i] < c.hi; i++ {
		if t.storeChain[i] < 0 || i > first && t.storeChain[i] != t.storeIDs[i-1] {
			return false
		}
		last = i
	}
	if last == first && (first == len(t.storePos) || t.storePos[first] >= c.hi) {
		return false // no stores
	}
	if !t.storeFrom[first].Equal(t.storeVal[last]) {
		return false
	}
	s.readOutside(t, simCycle{lo: c.lo, hi: c.lo}) // builds s.readers
	for i := first; i < last; i++ {
		for _, l := range s.readers[t.storeIDs[i]] {
			if l.thread != t.idx || l.pos < c.lo || l.pos >= c.hi {
				return false
			}
		}
	}
	return true
}

// silentSince reports whether the iterations from from on are a silent
// cycle's (simCycle.silent): from starts with a read-modify-write, and
// every store since is a silent one on the cell of its first.
func (t *simThread) silentSince(from simStart) bool {
	if !t.s.silent || !from.rmw {
		return false
	}
	first, _ := slices.BinarySearch(t.storePos, from.pos)
	if first == len(t.storePos) {
		return false
	}
	for i := first; i < len(t.storePos); i++ {
		if !t.storeSilent[i] || t.storeCells[i] != t.storeCells[first] {
			return false
		}
	}
	return true
}

// atomic runs an atomic block as one step.
func (t *simThread) atomic(r *concreteRun, a *lsl.Atomic) (signal, error) {
	info := t.s.atomicInfo(a)
	alloc := info.alloc
	t.atAtomic = !alloc
	err := t.access()
	t.atAtomic = false
	if err != nil {
		return signal{}, err
	}
	outer := t.inAtomic
	t.inAtomic = true
	t.inRMW = info.plainRMW
	t.inChainRMW = !outer && info.checkedRMW
	sig, err := r.block(a.Body)
	t.inAtomic, t.inRMW, t.inChainRMW = outer, false, false
	t.afterAtomic = !outer && !alloc
	return sig, err
}

// simAtomic is what the runs ask of an atomic block of the unrolling,
// computed once per block (simulator.atomicInfo).
type simAtomic struct{ alloc, plainRMW, checkedRMW bool }

// atomicInfo returns a's allocatorBlock, lsl.PlainRMW and lsl.CheckedRMW:
// the runs execute the same blocks again and again, and the runs only
// read the unrolling.
func (s *simulator) atomicInfo(a *lsl.Atomic) simAtomic {
	info, ok := s.atomics[a]
	if !ok {
		info = simAtomic{alloc: s.allocatorBlock(a), plainRMW: lsl.PlainRMW(a), checkedRMW: lsl.CheckedRMW(a)}
		s.atomics[a] = info
	}
	return info
}

// startsWithRMW is lsl.StartsWithRMW(b), computed once per block.
func (s *simulator) startsWithRMW(b *lsl.Block) bool {
	v, ok := s.rmwStarts[b]
	if !ok {
		v = lsl.StartsWithRMW(b)
		s.rmwStarts[b] = v
	}
	return v
}

// allocatorBlock reports the atomic block of a malloc or free of the
// pool (lsl/unroll_pool.go: it stores pool.flags[k]). The scheduler
// preempts around atomic blocks, where a program's CAS makes the other
// threads retry or help; the allocator's blocks are no such place, and
// preempting there took the preemptions from the program's own: in the
// MS queue 2+2 that frees its nodes at the end of main (every malloc a
// pool block), 1 in 5000 random runs and 91 in 5000 replays reached
// the dequeue's third iteration, against 9 and 429 without the frees,
// and the check needed a second round (issue 52).
func (s *simulator) allocatorBlock(a *lsl.Atomic) bool {
	if s.u.Pool == nil {
		return false
	}
	for _, st := range a.Body.Stmts {
		if st, ok := st.(*lsl.Store); ok {
			if _, flag := s.u.Pool.FlagStores[st]; flag {
				return true
			}
		}
	}
	return false
}

// iterationStart records the state at the start of iteration b and the
// cycles that end there.
func (t *simThread) iterationStart(r *concreteRun, b *lsl.Block) {
	if b.Iter == 1 {
		t.starts[b.Loop] = nil
		e := &simEntry{loop: b.Loop, pos: t.pos}
		t.entries = append(t.entries, e)
		t.entry[b.Loop] = e
		t.noteReloadStart(r, e, b)
	}
	e := t.entry[b.Loop]
	e.iters = max(e.iters, b.Iter)
	if b.Iter > 1 {
		t.deleteReloadRound(r, e, t.starts[b.Loop], false)
	}
	for _, from := range t.starts[b.Loop] {
		if t.sameState(r, from) {
			e.cycles = append(e.cycles, simCycle{from: from.iter, to: b.Iter, lo: from.pos, hi: t.pos, silent: t.silentSince(from)})
		}
	}
	live := t.s.live[b]
	vals := t.valSlice(len(live))
	for i, reg := range live {
		vals[i] = r.val(reg)
	}
	t.starts[b.Loop] = append(t.starts[b.Loop], simStart{live: live, vals: vals, iter: b.Iter, pos: t.pos, obs: t.obs, rmw: t.s.startsWithRMW(b)})
}

// valSlice returns a slice of n values for the live registers of an
// iteration start, carved from a buffer of the thread that serves every
// run (they were a sixth of the runs' allocations); the slices of a run
// are only read during that run.
func (t *simThread) valSlice(n int) []lsl.Value {
	if cap(t.vals)-len(t.vals) < n {
		t.vals = make([]lsl.Value, 0, max(2*cap(t.vals), n, 64)) // the old buffer stays with its slices
	}
	k := len(t.vals)
	t.vals = t.vals[:k+n]
	return t.vals[k : k+n : k+n]
}

// cutOff records that the thread stops at loop's bound; a storeless cycle
// just before makes the cut-off one the encoding does not count.
func (t *simThread) cutOff(r *concreteRun, loop lsl.LoopKey) {
	t.cutAt = loop
	if e := t.entry[loop]; e != nil && t.deleteReloadRound(r, e, t.starts[loop], true) {
		t.exempt = true // a reload round at the bound is no cut-off
	}
	for _, from := range t.starts[loop] {
		if t.sameState(r, from) && (!t.storedSince(from.pos) || t.silentSince(from)) {
			t.exempt = true
		}
	}
}

func (t *simThread) sameState(r *concreteRun, from simStart) bool {
	if t.obs != from.obs {
		return false
	}
	for i, reg := range from.live {
		if !r.val(reg).Equal(from.vals[i]) {
			return false
		}
	}
	return true
}

func (t *simThread) storedSince(pos int) bool {
	return len(t.storePos) > 0 && t.storePos[len(t.storePos)-1] >= pos
}

// choose picks a value of a nondeterministic choice at random; a malloc's
// choice of pool block picks a free block when there is one.
func (t *simThread) choose(r *concreteRun, c *lsl.Choose) int64 {
	t.chose = true
	pool := t.s.u.Pool
	if pool != nil && pool.Choices[c] {
		var free []int64
		for k := c.Lo; k <= c.Hi; k++ {
			if !r.load([]int64{pool.Flags, k}).Equal(lsl.Num(1)) {
				free = append(free, k)
			}
		}
		if len(free) > 0 {
			return free[t.s.choices.IntN(len(free))]
		}
	}
	span := uint64(c.Hi) - uint64(c.Lo)
	if span == ^uint64(0) {
		return int64(t.s.choices.Uint64())
	}
	return c.Lo + int64(t.s.choices.Uint64N(span+1))
}

var simAtomicP = []float64{0.05, 0.2, 0.5, 1}

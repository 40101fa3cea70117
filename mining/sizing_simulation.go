package mining

import (
	"errors"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// Sizing by simulation. Before the sizing pass asks the solver for its
// first cut-off execution, a whole program is run concretely, on
// sequentially consistent memory, under many schedules (random, by
// priority, and replays of the runs that needed most; simulator.go): every
// loop instance that some run enters more often than its bound allows is
// raised to the number of iterations that run started, and the program is
// run again at the new bounds, until a round of runs raises nothing (for
// a large encoding, until several rounds find nothing new). Each raise
// is one the lazy unrolling would make anyway, so the pass skips the
// rounds that would find those cut-off executions one at a time:
//
//   - every run is an execution of the encoding: its threads start and end
//     as the encoding's do (the init thread first, the final thread after
//     every concurrent thread completed), each shared access takes effect
//     at once (a sequentially consistent execution, which every memory
//     model allows), and a run that blocks or is discarded by an assume
//     raises nothing (a failing run raises to what it needed, and stops
//     the search: the check then starts where that failure fits);
//   - with fair progress the encoding excludes executions with a cycle
//     (encode/fairness.go); a run raises nothing when some loop iteration
//     starts as an earlier iteration of the same loop entry did (the live
//     registers hold the same values, no observation in between) — a
//     superset of the encoding's cycles, which also require that no load
//     outside read the cycle's stores, and that the values carry the same
//     dependencies — unless a load outside the cycle read one of its
//     stores (then the encoding has no cycle there either); a run cut off
//     right after a storeless cycle raises nothing.
//
//   - where the encoding deletes reload rounds (encode/reload.go), the
//     runs delete them too (simulator_reload.go).
//
// So the bounds the simulation reaches are at most those the lazy
// unrolling would reach (docs/semantics.md), and it only saves rounds:
// the check still asks,
// at the bounds it starts from, whether any execution fails or is cut off
// (docs/semantics.md, "Sizing pass"). Without fair progress retry loops
// never converge, and the simulation is not used.

const (
	simLoopBound    = 6     // loop bound of the first runs
	simMaxBound     = 24    // highest loop bound of the runs
	simRunsPerRound = 200   // runs at each unrolling
	simRunSteps     = 2_000 // shared accesses of one run
	simPatience     = 4     // rounds in a row without a new need of a concurrent thread before it stops (0: when no bound of the runs was raised)
	// An unrolling of at least simDeepInstrs instructions in its
	// concurrent threads (at the bounds the first search reached) gets a
	// longer search: simDeepBudget more shared accesses (the patience is
	// unbounded: the MS queue 3+3's 4th dequeue iteration was found after
	// 3,500-5,500 runs by four seeds in ten, past eight idle rounds). Its rounds
	// of the sizing pass cost seconds (an MS queue 3+3: 1,300
	// instructions, 260k clauses; its cut-off execution that needs a 4th
	// dequeue iteration took the solver 5-7 s to find, 16 in 4000 runs
	// find it), while the simulation's runs cost about a millisecond. The
	// size is judged on the unrolling, not on its encoding, so that a
	// program whose bounds the longer search raises is encoded once: the
	// pthread programs of tests/llvm/pthread split at the same place
	// either way (MS queue 2+2: 817 instructions, 64k clauses; 3+2:
	// 1,128 and 164k).
	simDeepInstrs   = 1000
	simDeepPatience = math.MaxInt // the deep search spends its budget
	simDeepBudget   = 600_000
)

// simStepBudget is the shared accesses over all runs of the first search
// (a variable for tests).
var simStepBudget = 200_000

// simNestedInstrs bounds the runs' unrolling where it opens nested loop
// instances at the first bound (unroll; a variable for tests).
var simNestedInstrs = 100_000

// errSimAbandon unwinds a thread whose run ended before it did.
var errSimAbandon = errors.New("simulation run abandoned")

// simSearch is the simulation's state between calls of search: what the
// runs found and the schedules that found it.
type simSearch struct {
	k         *checker
	prog      *lsl.Program
	specs     []lsl.ThreadSpec
	simBounds lsl.Bounds // the runs' bounds
	loops     map[lsl.LoopKey]*lsl.LoopInfo
	// concurrent names the concurrent threads: only their loops share
	// needs (symmetricNeeds); ops: a test's concurrent threads' operations
	concurrent map[string]bool
	ops        map[string]string
	rng        *rand.Rand
	instrs     int        // of the unrolling at the starting bounds
	need       lsl.Bounds // per loop instance, the most iterations a run needed
	steps      int        // shared accesses of all runs so far
	failed     bool       // a run failed: no more runs
	// The schedules that needed the most are kept from round to round:
	// a schedule is a list of thread numbers, which replays at any bounds.
	best    map[lsl.LoopKey]*simBest
	overall *simBest      // the run with the most iterations in all
	keys    []lsl.LoopKey // of best, in the order found
	// lastU is the unrolling at lastBounds (unroll)
	lastU      *lsl.Unrolled
	lastBounds lsl.Bounds
	lastSim    *simulator // the simulator of lastU's last round
	// runs counts the runs made; lastNeed is the one (counted from 1)
	// that last raised a need of a concurrent thread
	// (TestSimulationSeeds)
	runs, lastNeed int
}

func (k *checker) newSimSearch(prog *lsl.Program, specs []lsl.ThreadSpec, bounds lsl.Bounds) *simSearch {
	u, err := lsl.Unroll(prog, specs, lsl.UnrollOptions{Bounds: bounds, Omit: k.opt.Omit, KeepFaint: k.opt.KeepFaint, FixedPool: k.fixedPool(), Ctx: k.ctx})
	if err != nil || len(u.Loops) == 0 {
		return nil
	}
	// Runs are made at generous bounds, so that one round sees loops
	// iterate several times; a loop some run needs more of gets more in
	// the next round.
	simBounds := copyBounds(bounds)
	for key := range u.Loops {
		simBounds[key] = max(simBounds[key], min(simLoopBound, k.opt.MaxUnroll))
	}
	concurrent := map[string]bool{}
	ops := map[string]string{}
	for _, th := range u.Threads {
		if th.Kind == lsl.ThreadConcurrent {
			concurrent[th.Name] = true
			if !k.test.Program { // a program's threads start from wrappers of their own
				ops[th.Name] = strings.Join(th.Ops, " ")
			}
		}
	}
	return &simSearch{k: k, prog: prog, specs: specs, simBounds: simBounds, loops: u.Loops, concurrent: concurrent, ops: ops,
		rng: rand.New(rand.NewPCG(1, 2)), instrs: unrolledInstrs(u), need: lsl.Bounds{}, best: map[lsl.LoopKey]*simBest{}}
}

// search runs rounds of runs until patience rounds in a row find no loop
// that needs more, or budget more shared accesses were made.
func (ss *simSearch) search(patience, budget int) {
	k, rng := ss.k, ss.rng
	limit := ss.steps + budget
	idle := 0 // rounds in a row that found nothing new
	for k.ctx.Err() == nil && ss.steps < limit && !ss.failed {
		u, err := ss.unroll()
		if err != nil {
			return
		}
		ss.loops = u.Loops
		if ss.lastSim == nil || ss.lastSim.u != u {
			// a round at the bounds of the one before reuses its
			// simulator: its analyses of the unrolling and its memo
			ss.lastSim = k.newRoundSimulator(u, rng)
		}
		s := ss.lastSim
		improved := false
		for run := 0; run < simRunsPerRound && ss.steps < limit && k.ctx.Err() == nil; run++ {
			// Half the runs are new schedules; the others replay a
			// prefix of the run that needed the most iterations of some
			// loop and continue at random, which climbs towards the
			// schedules that need the most.
			var prefix []int
			seed := rng.Uint64()
			if run >= simRunsPerRound/2 && len(ss.keys) > 0 {
				b := ss.overall
				if rng.IntN(2) == 0 {
					b = ss.best[ss.keys[rng.IntN(len(ss.keys))]]
				}
				prefix, seed = mutate(rng, b.sched, len(u.Threads)), b.seed
			}
			got, fail, err := s.run(prefix, seed)
			ss.steps += s.steps
			ss.runs++
			if err != nil {
				// the program has a feature the runs do not support:
				// they say nothing
				ss.failed, ss.need = true, lsl.Bounds{}
				s.close()
				return
			}
			if fail {
				// a failing execution: the check starts from bounds that
				// fit it, where it finds the failure (or one in a smaller
				// unrolling) without counting on its rounds to reach it
				for key, n := range got {
					ss.need[key] = max(ss.need[key], n)
				}
				ss.failed = true
				s.close()
				return
			}
			// The schedules to climb from are those whose concurrent
			// threads iterate most: the init and final threads' loops
			// follow from the memory the concurrent threads leave, and
			// a final thread's check loops would outweigh a retry.
			total := 0
			for key, n := range got {
				if ss.concurrent[key.Thread()] {
					total += n
				}
			}
			if ss.overall == nil || total > ss.overall.n {
				ss.overall = &simBest{n: total, sched: slices.Clone(s.sched), seed: seed}
			}
			for _, key := range slices.Sorted(maps.Keys(got)) {
				n := got[key]
				if n > ss.need[key] {
					ss.need[key] = n
					if ss.concurrent[key.Thread()] {
						// a deeper schedule: patience starts again
						improved = true
						ss.lastNeed = ss.runs
					}
				}
				if b := ss.best[key]; b == nil || n > b.n {
					if b == nil {
						ss.keys = append(ss.keys, key)
					}
					ss.best[key] = &simBest{n: n, sched: slices.Clone(s.sched), seed: seed}
				}
			}
		}
		s.close()
		more := false
		for key, n := range ss.need {
			if li := u.Loops[key]; li != nil && n > li.Bound && li.Bound < min(simMaxBound, k.opt.MaxUnroll) {
				ss.simBounds[key] = min(2*li.Bound, simMaxBound, k.opt.MaxUnroll)
				more = true
			}
		}
		// Another round at higher bounds; with patience, also while the
		// runs still find loops that need more: deep schedules are rare.
		if more || improved && patience > 0 {
			idle = 0
		} else if idle++; idle >= max(1, patience) {
			return
		}
	}
}

// newRoundSimulator returns the simulator of a round of runs on
// unrolling u, judging cycles and reload rounds as the encoding does.
func (k *checker) newRoundSimulator(u *lsl.Unrolled, rng *rand.Rand) *simulator {
	s := newSimulator(u, rng, k.supersedes())
	props := k.opt.Model.Props()
	s.silent = s.coherent && (!props.RMWWrites || props.SilentRMWs) && !k.opt.NoSilentRMW
	s.reloads = k.simReloads()
	k.matchReloadSources(s)
	s.storingReloads = k.simStoringReloads()
	s.cyclesSuperseded = k.simCyclesSuperseded()
	s.unpublishedReloads = k.simUnpublishedReloads()
	if s.fencedRounds = k.simFencedRounds(u); s.fencedRounds && !k.opt.NoStoringReloads {
		s.storingReloads = true
	}
	s.catStores = s.fencedRounds && k.opt.Model.Cat() != nil
	return s
}

// unroll returns the unrolling at the runs' bounds. The rounds of a
// search that raise nothing (patience, and the deep search's first
// round) run at the bounds of the round before: they reuse its
// unrolling, which the runs only read.
//
// A loop instance that only exists once an enclosing loop has more
// iterations (the inner loop of an outer loop's later iterations) gets
// the runs' generous first bound too, level by level, as long as the
// unrolling stays within simNestedInstrs instructions. At the unroller's
// default of 1 every such instance cut the runs off on its first
// iteration, and each round of runs opened one more: the final thread's
// nested check loops of the C11 Treiber stack 3+3 took nine rounds of
// runs (1,800 runs, 0.38 s, against one with this), and the rounds'
// replays followed those loops instead of the concurrent threads'.
func (ss *simSearch) unroll() (*lsl.Unrolled, error) {
	if ss.lastU != nil && maps.Equal(ss.lastBounds, ss.simBounds) {
		return ss.lastU, nil
	}
	k := ss.k
	first := min(simLoopBound, k.opt.MaxUnroll)
	var u *lsl.Unrolled
	var opened []lsl.LoopKey // the instances the last unrolling opened
	for {
		next, err := lsl.Unroll(ss.prog, ss.specs, lsl.UnrollOptions{Bounds: ss.simBounds, Omit: k.opt.Omit, KeepFaint: k.opt.KeepFaint, FixedPool: k.fixedPool(), Ctx: k.ctx})
		if err != nil {
			return nil, err
		}
		if u != nil && unrolledInstrs(next) > simNestedInstrs {
			for _, key := range opened { // too large: they stay at 1
				delete(ss.simBounds, key)
			}
			break
		}
		u, opened = next, opened[:0]
		if first > 1 {
			for key := range u.Loops {
				if _, ok := ss.simBounds[key]; !ok {
					opened = append(opened, key)
					ss.simBounds[key] = first
				}
			}
		}
		if len(opened) == 0 {
			break
		}
	}
	ss.lastU, ss.lastBounds = u, copyBounds(ss.simBounds)
	return u, nil
}

// searchSized runs the simulation's search and returns base raised to
// what the runs needed; when the unrolling at those bounds is large (at
// least simDeepInstrs instructions in its concurrent threads), it then
// looks longer for schedules that need more (simDeepPatience, simDeepBudget): a large unrolling makes
// every round of the check costly, and deep schedules are rare. (A test's
// check found them one round at a time before 2026-11-25: harris Saacr on
// sc took 4 rounds, 17 s, and takes 1, 6 s.)
func (ss *simSearch) searchSized(base lsl.Bounds) lsl.Bounds {
	ss.search(simPatience, simStepBudget)
	bounds := ss.bounds(base)
	if ss.k.concurrentSize(ss.prog, ss.specs, bounds) >= simDeepInstrs {
		ss.search(simDeepPatience, simDeepBudget)
		bounds = ss.bounds(base)
	}
	return bounds
}

// simStepsPerConflict is the simulation's extension when a query of the
// sizing pass runs out of its budget: that many shared accesses of runs
// per conflict the query spent. On an MS queue 4+4 (841k clauses, a
// conflict about 0.65 ms, a shared access about 1 µs) the first query's
// 100,000 conflicts cost about a minute, and the bounds the first search
// reached missed a fifth dequeue iteration, which the check then took
// 160 s more to find with the solver; the runs found it after 2,300 to
// 37,000 more runs with four seeds (6.4 million accesses are about
// 30,000 runs there, some seconds). A variable for tests.
var simStepsPerConflict = 64

// extend searches on for steps more shared accesses (the deep search's
// patience) and returns base raised to what the runs needed, and whether
// that raised a loop of u, the unrolling at base, above its bound there.
func (ss *simSearch) extend(base lsl.Bounds, u *lsl.Unrolled, steps int) (lsl.Bounds, bool) {
	ss.search(simDeepPatience, steps)
	next := ss.bounds(base)
	for key, li := range u.Loops {
		if next[key] > li.Bound {
			return next, true
		}
	}
	return next, false
}

// concurrentSize is the number of instructions of prog unrolled at bounds
// (0 if it does not unroll), of a whole program only those of its
// concurrent threads. A whole program's init and final threads are main
// before its first pthread_create and after its last join: they run
// alone, so their instructions add to a query's size but not to its
// interleavings, which are what make a round of the sizing pass cost
// seconds. The C11 MS queue 2+2 of tests/llvm/pthread/c11bench has 1,692
// instructions, 735 of them its final thread's checks and drain, and its
// one query takes half a second; its deep search (four idle rounds of
// runs) cost as much as that query. (A test's operations in its init and
// final threads do count: harris Saacr needs the deep search's bounds,
// and without them takes three rounds instead of one.)
func (k *checker) concurrentSize(prog *lsl.Program, specs []lsl.ThreadSpec, bounds lsl.Bounds) int {
	u, err := lsl.Unroll(prog, specs, lsl.UnrollOptions{Bounds: bounds, Omit: k.opt.Omit, KeepFaint: k.opt.KeepFaint, FixedPool: k.fixedPool(), Ctx: k.ctx})
	if err != nil {
		return 0
	}
	if !k.test.Program {
		return unrolledInstrs(u)
	}
	var conc []*lsl.Thread
	for _, th := range u.Threads {
		if th.Kind == lsl.ThreadConcurrent {
			conc = append(conc, th)
		}
	}
	return unrolledInstrs(&lsl.Unrolled{Threads: conc})
}

// bounds returns base raised to what the runs needed.
func (ss *simSearch) bounds(base lsl.Bounds) lsl.Bounds {
	out := copyBounds(base)
	for key, n := range symmetricNeeds(ss.need, ss.loops, ss.concurrent, ss.ops) {
		out[key] = max(out[key], min(n, ss.k.opt.MaxUnroll))
	}
	return out
}

// mutate returns a schedule to replay that differs from sched a little:
// either a prefix of it (the rest random), or sched with a few steps of
// one thread inserted somewhere (a preemption), replayed in full.
func mutate(rng *rand.Rand, sched []int, threads int) []int {
	cut := rng.IntN(len(sched) + 1)
	if rng.IntN(2) == 0 {
		return sched[:cut]
	}
	out := slices.Clone(sched[:cut])
	t := rng.IntN(threads)
	for n := 1 + rng.IntN(3); n > 0; n-- {
		out = append(out, t)
	}
	return append(out, sched[cut:]...)
}

// simBest is the run that needed the most iterations of one loop.
type simBest struct {
	n     int
	sched []int
	seed  uint64
}

func copyBounds(b lsl.Bounds) lsl.Bounds {
	out := make(lsl.Bounds, len(b))
	for k, v := range b {
		out[k] = v
	}
	return out
}

// symmetricNeeds gives the instances of one loop in concurrent threads
// that run the same procedure the largest need among them: threads
// created from the same function are usually identical, and the encoding
// only orders identical threads (encode/symmetry.go) when their unrollings
// are the same. A loop key is "t4.0:main_thread4>deq>dequeue/L1": the part
// after the thread's own procedure names the loop within the thread's
// function. The init and final threads run alone, so they are never
// identical to another thread and share no needs: a data-type test's init
// thread adds to the set without a retry, whatever the concurrent adds
// need. A test's threads (ops, by name) share only with threads of the
// same operations, at the same operation: msn T54's "e e e | e" are never
// identical, and the lone enqueue's third iteration made the other
// thread's three enqueues start at 3 where the lazy unrolling leaves
// them at 2 (643 instructions against 574 at the end).
func symmetricNeeds(need lsl.Bounds, loops map[lsl.LoopKey]*lsl.LoopInfo, concurrent map[string]bool, ops map[string]string) lsl.Bounds {
	groupOf := func(key lsl.LoopKey) (string, bool) {
		g, ok := loopGroup(key, concurrent)
		if !ok || ops == nil {
			return g, ok
		}
		inst, _, _ := strings.Cut(string(key), ":") // "t1.0"
		op := inst[strings.LastIndex(inst, ".")+1:]
		return ops[key.Thread()] + "#" + op + "|" + g, true
	}
	group := map[string]int{}
	for key, n := range need {
		if g, ok := groupOf(key); ok {
			group[g] = max(group[g], n)
		}
	}
	out := lsl.Bounds{}
	for key, n := range need {
		out[key] = n
	}
	for key := range loops {
		if g, ok := groupOf(key); ok && group[g] > out[key] {
			out[key] = group[g]
		}
	}
	return out
}

// loopGroup returns the part of a loop key after its thread's procedure
// (lsl.LoopKey.CallPath), if the key belongs to a concurrent thread.
func loopGroup(key lsl.LoopKey, concurrent map[string]bool) (string, bool) {
	if !concurrent[key.Thread()] {
		return "", false
	}
	_, path, ok := key.CallPath()
	return path, ok
}

// simReloads reports whether the runs delete reload rounds: where the
// encoding does (encode/reload.go, reloadsApply), with fair progress on a
// built-in .mm model or a copy of one, or on a cat model without a C11
// mapping (the encoding also asks the moved load for the tags of the
// re-read; a round kept for that only makes the check start lower).
func (k *checker) simReloads() bool {
	return !k.opt.NoReloadRounds && k.opt.Model.Props().ReloadRounds && k.fairProgress(k.opt.Model)
}

// supersedes reports whether the encoding exempts a cycle whose stores
// later stores of its thread supersede (encode/fairness.go, superseded):
// on the built-in .mm models, and on a cat model that is coherent per
// location and on which cycles may store (encode/catfair.go).
func (k *checker) supersedes() bool {
	m := k.opt.Model
	if p := m.Props(); p.StorelessCycles {
		return !k.opt.NoCatStoringCycles && p.CoherentPerLocation && m.FairProgressStoresSafe() == nil
	}
	return m.Props().Vetted
}

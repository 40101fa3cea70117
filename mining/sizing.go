package mining

import (
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// A whole program (a pthread main) has no serial executions whose loop
// bounds could start the lazy unrolling, so every bound starts at one and
// each round of the check pays for a proof that no execution fails within
// bounds that are still too small: on an MS queue with 3 enqueuers and 3
// dequeuers those proofs are most of the time. The sizing pass finds the
// starting bounds without them: it asks the check's question (is there an
// execution that fails or is cut off?) under a budget of conflicts, and
// raises the bounds of a cut-off execution after looking for a failing one
// only under the budget of the check's rounds (deferred.go). Its last
// encoding, with its solver and what that learned, is the check's first
// round; its rounds whose look ran out of budget are deferred rounds of
// the check.
// docs/semantics.md ("Sizing pass") argues why the verdicts do not change.

// presizeConflicts is the conflict budget of the sizing pass's first
// query; each later query may take presizeGrowth times what the one
// before took, since the queries grow with the unrolling (on an MS queue
// with 3+3 threads on relaxed: 7k, 14k, 122k conflicts), and the round that a fixed
// budget cut short cost a full proof that no execution fails within
// bounds still too small (268k conflicts there). A budget in conflicts,
// not time, keeps the unrolling the same on every machine; the conflicts
// are not lost when it runs out, since the check asks the same question
// of the same solver next. (A variable for tests.)
var presizeConflicts int64 = 100000

const presizeGrowth = 10

// presize returns the problem the check starts with, its bounds, and its
// round number. It stops raising at the first unrolling where the answer
// is a failing execution (the check reports one that fits it), where
// there is none or no answer within the budget, or where a cut-off
// execution is at --max-unroll (the check then looks for failures at those
// bounds before giving up, as without the pass).
func (k *checker) presize(prog *lsl.Program, specs []lsl.ThreadSpec, bounds lsl.Bounds) (*problem, lsl.Bounds, int, []deferredRound, error) {
	var deferred []deferredRound
	var ss *simSearch
	if k.simulationApplies() {
		k.progress("simulate", 1, 0)
		if ss = k.newSimSearch(prog, specs, bounds); ss != nil {
			bounds = ss.searchSized(bounds)
		}
	}
	budget := presizeConflicts
	for round := 1; ; round++ {
		p, err := k.encode(prog, specs, k.opt.Model, false, bounds, round)
		if err != nil {
			return nil, nil, 0, nil, err
		}
		k.current(p, bounds)
		e := p.enc
		c := e.C
		k.progress("size", round, 0)
		conflicts0 := p.s.Stats().Conflicts
		failure := c.Ors(k.raceLit(e), k.errorLit(e), k.deadlockLit(e), k.boundLit(e)) // a whole program has no observations
		r, err := k.solveBreaking(p, budget, e.SymmetryBreaking(nil), c.Or(failure, e.AnyPruned))
		if err == nil && r == sat.Budget && ss != nil {
			// The query is costly: runs are cheap beside it. If more
			// of them find a loop that needs more, this round's proof
			// would only have been followed by a cut-off execution.
			k.progress("simulate", round+1, 0)
			spent := p.s.Stats().Conflicts - conflicts0
			if next, raised := ss.extend(bounds, e.U, simStepsPerConflict*int(spent)); raised {
				// its look for a failure ran out of budget: a deferred
				// round, like those below
				deferred = append(deferred, deferredRound{round: round, bounds: bounds})
				k.unrollDetail = raisedDetail(e.U, bounds, next)
				p.s.Close()
				bounds = next
				continue
			}
		}
		if err != nil || r != sat.Sat || p.s.Value(failure) {
			return p, bounds, round, deferred, err
		}
		budget = max(presizeConflicts, presizeGrowth*(p.s.Stats().Conflicts-conflicts0))
		if k.atUnrollLimit(p) {
			return p, bounds, round, deferred, nil
		}
		// The answer was a cut-off execution. A failing execution within
		// these bounds is still looked for, but only as far as it is
		// cheap: finding one is usually easy, proving there is none is
		// what the pass saves. So a bug that is easy to find is reported
		// at once, even if a time or memory limit would end a later round;
		// one that is not is traced back to these bounds if found later.
		// It is looked for before the bounds are raised, as the check
		// does (check.go): the queries that look for more cut-off loops
		// cost more than it on a large formula (power's
		// treiber_2_2_pop_sc_rlx_bug: 1,322 conflicts, 10 s), and a bug
		// found first makes them unnecessary.
		cut := p.s.KeepModel()
		spent := p.s.Stats().Conflicts - conflicts0 // the raise queries' budget: the size query's
		rf, err := k.lookForFailure(p, e.SymmetryBreaking(nil), failure)
		if err != nil || rf == sat.Sat {
			return p, bounds, round, deferred, err
		}
		if rf == sat.Budget {
			deferred = append(deferred, deferredRound{round: round, bounds: bounds})
		}
		p.s.RestoreModel(cut)
		next, limit, err := k.raiseAll(p, bounds, spent)
		if err != nil {
			return nil, nil, 0, nil, err
		}
		if limit != nil {
			// a further cut-off execution is at the limit: the check
			// decides at the current bounds
			return p, bounds, round, deferred, nil
		}
		k.unrollDetail = raisedDetail(e.U, bounds, next)
		bounds = next
	}
}

// fixedPool reports whether the unrolling may give each malloc a fixed
// pool block where no block can be handed out twice
// (lsl.UnrollOptions.FixedPool): in a whole program, which has no
// observations whose pointers could tell blocks apart.
func (k *checker) fixedPool() bool {
	return k.test.Program && !k.opt.ChoosePool
}

// atUnrollLimit reports whether the last model of p cuts off a loop
// instance that already has --max-unroll iterations.
func (k *checker) atUnrollLimit(p *problem) bool {
	for _, th := range p.enc.Threads {
		for _, ps := range th.Pruned {
			if p.s.Value(ps.Guard) && p.enc.U.Loops[ps.Loop].Bound+1 > k.opt.MaxUnroll {
				return true
			}
		}
	}
	return false
}

// simulationApplies reports whether random sequentially consistent runs
// propose the loop bounds the unrolling starts from (sizing_simulation.go). The
// runs delete cycles as fair progress does, so on a .mm model they apply
// with fair progress. On a cat model, whose fair progress deletes only
// storeless cycles (or none, on a model it is not argued for), a loop
// needs at least the iterations it needs on sc with fair progress when the
// model allows every sc execution (every built-in one does); and bounds
// that are too high cost encoding size, never a verdict, since the lazy
// unrolling still rules out every cut-off execution.
func (k *checker) simulationApplies() bool {
	if k.opt.NoSimulation || k.opt.NoFairProgress {
		return false
	}
	return k.opt.Model.Props().StorelessCycles || k.fairProgress(k.opt.Model)
}

// fairProgress reports whether an encoding on model (of the serial or
// the concurrent executions) uses the fair-progress rule: not when turned
// off, and only on a model it is argued for (axioms.FairProgressSafe for
// .mm models, cat.FairProgressSafe for cat models, where the engine
// deletes storeless cycles only).
func (k *checker) fairProgress(model *memmodel.Model) bool {
	if k.opt.NoFairProgress {
		return false
	}
	return model.FairProgressSafe() == nil
}

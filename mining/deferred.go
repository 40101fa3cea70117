package mining

import (
	"fmt"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Deferred failure proofs. A round of the check whose answer is a cut-off
// execution must make sure, before it raises any bound, that no execution
// fails within the current bounds (SPEC §6: the failure reported is one
// that fits the smallest unrolling that has one). When the test passes,
// each of those proofs is wasted: the final query proves the same for the
// largest unrolling, which contains every execution of the smaller ones.
// On tests that need several rounds they were up to a third of the time
// (msn T56: 50 CPU s with them, 37 s without).
//
// So a round looks for a failing execution under a budget of conflicts
// (failureConflicts) and, if the budget runs out, raises the bounds and
// remembers the round. The proofs are owed only when a failure turns up
// after all, in a later round or as the unroll limit is reached: then the
// deferred rounds are checked in order, without a budget, and the failure
// reported is from the first that has one. The verdict and the unrolling
// the failure is reported in are those of the check without deferral;
// what a deferral can change is the verdict when a time or memory limit
// ends a later round before the failure is found (docs/semantics.md).

// failureConflicts is the default budget of a round's look for a failing
// execution; finding one is usually quick, proving there is none is not.
// On the failing rows of tests/datatypes/expected.csv every look that
// found one took under 300 conflicts. A larger budget costs nearly the
// proof itself on large encodings, where gini (which answers the first
// 5000 conflicts of --solver auto) takes ~2 ms a conflict: on harris Saacr
// a budget of 5000 spent 4–10 s a round against 2–12 s for the proofs.
const failureConflicts = 1000

// deferredRound is a round whose failure proof was put off.
type deferredRound struct {
	round  int
	bounds lsl.Bounds
}

// failingRound is an encoding with a failing execution, and its literal
// for an observation no serial execution produces (for the report).
type failingRound struct {
	p            *problem
	inconsistent z.Lit
}

// failureBudget is the budget of a round's look for a failing execution
// (0: none).
func (k *checker) failureBudget() int64 {
	switch {
	case k.opt.FailureBudget < 0:
		return 0
	case k.opt.FailureBudget == 0:
		return failureConflicts
	}
	return k.opt.FailureBudget
}

// earliestFailure looks for a failing execution in the unrollings of the
// deferred rounds, earliest first and without a budget, and returns the
// first found (nil if none). cur is the encoding of round curRound, used
// instead of encoding that round again (nil: none).
func (k *checker) earliestFailure(prog *lsl.Program, specs []lsl.ThreadSpec, obs []trace.Observation, compare bool,
	rounds []deferredRound, cur *problem, curRound int) (*failingRound, error) {
	for _, d := range rounds {
		p := cur
		if p == nil || d.round != curRound {
			k.unrollDetail = fmt.Sprintf("back to the bounds of round %d: a failing execution there is reported first", d.round)
			var err error
			if p, err = k.encode(prog, specs, k.opt.Model, false, d.bounds, d.round); err != nil {
				return nil, err
			}
		}
		k.current(p, d.bounds)
		failure, inconsistent := k.failureOf(p.enc, obs, compare)
		k.progress("check", d.round, len(obs))
		r, err := k.solveBreaking(p, 0, p.enc.SymmetryBreaking(obs), failure)
		if err != nil {
			return nil, err
		}
		k.stats(p)
		if r == sat.Sat {
			return &failingRound{p: p, inconsistent: inconsistent}, nil
		}
	}
	return nil, nil
}

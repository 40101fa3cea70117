package mining

import (
	"github.com/checkfence/checkfence/lsl"
)

// Simulation for tests. The random runs that size a whole program
// (sizing_simulation.go) also size the concurrent executions of a .tst test:
// they start from the serial bounds, and every run is an execution of the
// test's encoding, so a loop some run needs n iterations of is one the lazy
// unrolling would raise to n. Each round they spare costs an encoding and
// a query that finds one cut-off execution, while the runs cost tens of
// milliseconds; so they run once per check: before the first round when
// the unrolling at the serial bounds is large (one round of it costs more
// than the runs), otherwise when the first round found a cut-off execution
// (a check that passes in its first round never pays for them) and its
// formula was not tiny, or else when the second round found one.
const (
	// simUpfrontInstrs: from this many instructions at the serial bounds
	// the runs come before the first round (tests of this size took 0.2-3 s
	// a round, the runs 20-180 ms).
	simUpfrontInstrs = 500
	// simAfterClauses: a first round with fewer clauses is followed by a
	// second round without the runs; they wait for a cut-off execution in
	// the second round. A round that small costs a few milliseconds, the
	// runs 5-10 (msn T0: 1,230 clauses in its first round; its check took
	// 29 ms with the runs after it and 20 ms without, the same two rounds;
	// Tpc2's first round, 4,768 clauses, is followed by the runs; the
	// smallest first round the runs spared a round after, msn T1's, had
	// 8,818 before the gates were folded, 5,237 since: 2026-12-01).
	simAfterClauses = 4000
)

// simulateTest returns the bounds a test's check goes on from: bounds
// raised to what random runs need, or bounds itself when the runs do not
// apply (a whole program, which is sized by presize; no fair progress;
// --simulate=false), already ran in this check, or (upfront)
// the unrolling is small.
func (k *checker) simulateTest(prog *lsl.Program, specs []lsl.ThreadSpec, bounds lsl.Bounds, round int, upfront bool) lsl.Bounds {
	if k.test.Program || k.simulated || !k.simulationApplies() {
		return bounds
	}
	ss := k.newSimSearch(prog, specs, bounds)
	if ss == nil {
		k.simulated = true
		return bounds
	}
	if upfront && ss.instrs < simUpfrontInstrs {
		return bounds
	}
	k.simulated = true
	k.progress("simulate", round, 0)
	return ss.searchSized(bounds)
}

// unrolledInstrs counts the instructions of an unrolled program as the
// encoding's statistics do.
func unrolledInstrs(u *lsl.Unrolled) int {
	n := 0
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			switch s.(type) {
			case *lsl.Block, *lsl.Atomic:
			default:
				n++
			}
			return true
		})
	}
	return n
}

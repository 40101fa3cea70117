// Package encode turns an unrolled LSL program and a memory model into the
// propositional formula Φ = Ψ ∧ Θ ∧ Π₁ ∧ … ∧ Πₙ of the dissertation's ch. 5,
// as a gini logic circuit, and decodes satisfying assignments back into
// executions.
//
// Values (value.go) are typed bit vectors: a kind (undefined, number,
// pointer, composite) from a binary code, a number of the width the range
// analysis found sufficient, a pointer as a one-hot length and one component
// per list element, a composite as a tag and fields. Basic functions
// (ops.go) compute a result and the condition under which they are a
// runtime error; bitvec*.go are the arithmetic circuits.
//
// Π (symexec.go) is forward symbolic execution with guards (§5.5): each
// thread's statements are executed once over symbolic state — a guard
// literal for the current execution state, symbolic registers, control
// dependencies and the observation-record counter — with pending states for
// every label a break targets, merged at the label by multiplexing. Loads
// get fresh values restricted by the range analysis; every load, store and
// fence becomes an Instr with its guard, address and value. Runtime errors,
// failed assertions, pruned loops and blocked spin loops become guarded
// exit states of the thread.
//
// Ψ (encoding.go) introduces a seed literal for every load and store that may
// alias (by the range analysis), with equal addresses and values, at most
// one seed per load, and the initial value for loads without one; a seed's
// equal values are plain clauses (sameclauses.go). Θ comes from package
// axioms through the Universe adapter (universe.go); Build requests every
// memory-order literal before it takes Θ's clauses, which finalizes the
// sparse transitivity (axioms package documentation). Spin loops add that
// a blocked thread saw final values (otherwise the execution is incomplete
// and excluded; if it did, it is a deadlock).
//
// Identical concurrent threads (symmetry.go) are found by comparing their
// unrolled code; SymmetryBreaking orders them by the memory order of their
// first shared access, for queries that do not distinguish them
// (docs/semantics.md, "Symmetric threads").
//
// The Encoding exposes Phi and status literals (AnyError, AnyPruned,
// Deadlock, AllDone), the observation vector (obs.go: ObsEquals for "the
// observation is o", DecodeObs) and Decode (trace.go), which reads a model
// into an Execution: per thread the executed instructions with addresses,
// values and the store each load read, the memory order, and the failure.
// Solver (solver.go) feeds the circuit to a SAT solver incrementally,
// splitting asserted conjunctions and sending disjunctions as clauses, and
// keeps the model (completed by evaluating the circuit).
//
// The SAT solver is a backend behind the small satSolver interface
// (sat.go: add a clause, solve under assumptions with a context and an
// optional conflict budget, model, failed assumptions, conflict count),
// chosen by SolverOptions (solver_options.go; the CLI's --solver):
//
//   - gini (sat_gini.go), pure Go and always present: gini v1.0.4 with a
//     conflict limit patched in (third_party/gini, used through a replace
//     directive, since v1.0.4 has no limit or statistics API);
//   - CaDiCaL (sat_cadical.go, build tag cadical): Debian's
//     libcadical-dev through cgo and its C API; a solve is stopped by a
//     C-side flag that CaDiCaL's terminate callback (a C function) polls
//     and a Go goroutine sets when the context ends;
//   - portfolio (sat_portfolio.go, with the tag): gini and CaDiCaL get
//     every clause and race on each solve, one core each; the first
//     answer wins, the loser is stopped, the model is the winner's;
//   - auto, the default (sat_escalate.go): gini without the tag; with it
//     gini until one solve needs more than DefaultEscalateAfter (20000)
//     conflicts, then CaDiCaL, which gets every clause so far and keeps
//     the formula. Size does not tell hard queries from easy ones: the
//     fast data-type tests have formulas of up to 10^6 clauses that gini
//     decides in under 20000 conflicts, as fast as CaDiCaL or faster (no
//     cgo, no CaDiCaL start-up, preprocessing and larger memory; whole
//     runs with --solver cadical took 1.0-2.0x the CPU seconds of gini),
//     while the final consistency queries of the larger tests take gini
//     10^5 conflicts and more (msn Tpc5: gini 164000 conflicts, 135 CPU
//     seconds; CaDiCaL 35000 learned clauses, 40 s). Counting conflicts
//     keeps the choice independent of the machine.
//
// SolveBudget ends a search after a number of conflicts with the result
// Budget: gini counts its conflicts exactly; CaDiCaL enforces its own
// conflict limit and reports learned clauses as its count (its C API has
// no conflict counter). Both backends are deterministic, so budgeted
// solving gives the same answers, models and counts on any machine; a
// portfolio is not (who wins depends on timing).
package encode

// Package sat is checkfence's SAT layer: a Solver that feeds a gini logic
// circuit (internal/gini/logic) to a SAT backend incrementally, and the
// backends. It imports only gini and the standard library; encode builds
// the formula Φ and reads executions back from a Solver's model.
//
// Solver (solver.go) sends the cone of every literal that is asserted,
// added in a clause or assumed (Tseitin, each gate once), splitting
// asserted conjunctions and sending disjunctions as clauses, and keeps the
// model (completed by evaluating the circuit). A gate is sent as one
// n-ary conjunction: the gates below it that no other gate of the circuit
// uses are folded into it and not sent (gateLeaves), so that a chain of
// binary gates (an Ands or Ors of n literals) is one variable and n+1
// clauses, which the solver assigns once instead of n-1 times.
// ClauseList (clauselist.go) stores plain clauses compactly, for the
// transitivity clauses of the memory models and the backends' logs.
//
// The SAT solver is a backend behind the small satSolver interface
// (backend.go: add a clause, solve under assumptions with a context and an
// optional conflict budget, model, failed assumptions, conflict count),
// chosen by SolverOptions (options.go; the CLI's --solver):
//
//   - gini (gini.go), pure Go and always present: gini v1.0.4 with a
//     conflict limit patched in (internal/gini, a package of this module,
//     since v1.0.4 has no limit or statistics API); where gini
//     reaches a model that violates a clause (an internal error it used to
//     exit the process on), the solve runs again on a new instance with
//     the same clauses, or on CaDiCaL under auto;
//   - CaDiCaL (cadical.go, build tag cadical): Debian's
//     libcadical-dev through cgo and its C API; a solve is stopped by a
//     C-side flag that CaDiCaL's terminate callback (a C function) polls
//     and a Go goroutine sets when the context ends;
//   - portfolio (portfolio.go, with the tag): gini and CaDiCaL get
//     every clause and race on each solve, one core each; the first
//     answer wins, the loser is stopped, the model is the winner's;
//   - auto, the default (escalate.go, policy.go): gini without the tag;
//     with it, a formula of DefaultEscalateClauses (16,000) clauses or
//     more at its first solve starts on CaDiCaL, a smaller one on gini
//     until one solve needs more than DefaultEscalateAfter (5000)
//     conflicts, then on CaDiCaL, which gets every clause so far and
//     keeps the formula. Size does not tell hard queries from easy ones,
//     but above 16,000 clauses CaDiCaL's wins on the hard ones (2-3x)
//     outweigh its losses on the easy ones (1.0-1.5x), and escalating
//     from gini pays both solvers on every hard query; below it the two
//     are even and gini has no cgo or start-up cost. Counting clauses and
//     conflicts keeps the choice independent of the machine.
//
// SolveBudget ends a search after a number of conflicts with the result
// Budget: gini counts its conflicts exactly; CaDiCaL enforces its own
// conflict limit and reports learned clauses as its count (its C API has
// no conflict counter). Both backends are deterministic, so budgeted
// solving gives the same answers, models and counts on any machine; a
// portfolio is not (who wins depends on timing).
//
// CHECKFENCE_CADICAL_OPTIONS (cadicaloptions.go) sets CaDiCaL options of
// every CaDiCaL solver of the process ("shuffle=1,shufflerandom=1,seed=3"):
// a measuring knob, for judging an encoding change over several decision
// orders rather than one lucky or unlucky numbering of the variables.
package sat

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
// Solver (solver.go) feeds the circuit to gini incrementally, splitting
// asserted conjunctions and sending disjunctions as clauses.
package encode

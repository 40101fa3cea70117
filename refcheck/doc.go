// Package refcheck is an explicit-state reference checker for small
// unrolled LSL programs: a deliberately simple, independent implementation
// of the execution semantics that the SAT engine (packages encode, axioms,
// mining) encodes symbolically. The differential tests in refcheck/diff run
// both on random programs (Generate) and require identical answers, so
// that a verifier bug shows up as a disagreement instead of a wrong
// verdict.
//
// # Independence
//
// The reference shares with the engine only the inputs and the concrete
// semantics of single operations: the LSL IR and parser (lsl), the
// unroller (lsl.Unroll), the basic functions (lsl.EvalOp, lsl.Truth,
// lsl.Compare) and the .mm parser and AST (axioms.Parse, axioms.Builtin).
// It imports nothing of encode or mining and none of the axioms engine
// (only the failure reasons' spelling, from the plain-data package trace):
// there is no SAT solver, no symbolic value, no guard, no range analysis,
// and the axioms are evaluated directly on concrete traces (Def. 16).
//
// # Semantics
//
// Executions follow the dissertation, ch. 2–3 and 5:
//
//   - Local traces. Each thread of the unrolled program is run concretely
//     (thread.go) on every path: every load takes every candidate value,
//     every choose every number. A run records its loads, stores and fences
//     (address, value, fence kind, atomic block), how it ends — completed,
//     failed (assertion, or a runtime error: an lsl.EvalOp/Truth/Compare
//     error, a load, store or free through a non-pointer, abort), blocked in
//     a spin loop, or pruned at a loop bound — and its observations. An
//     assume(false) discards the run: it is no execution at all.
//   - Candidate values (domain.go). A load returns the initial value of its
//     cell (a global's initializer, else 0 in globals and the pool flags,
//     else ⊥), a value some run stores there, or a constant that a store
//     writes or a comparison tests (a store may hang on a branch that only
//     a value from that very store takes, which relaxed allows). The sets
//     grow in rounds, one per store of the program, which finds every value
//     an execution computes without a circular data dependency; values
//     only an out-of-thin-air cycle computes are not considered (as in the
//     dissertation's range analysis, §7.3.2). Extra candidates cost time,
//     not exactness: a load value that no store provides has no seed.
//   - Global traces (search.go). Every combination of one run per thread is
//     a candidate. Its seed function maps each load to a store with the same
//     address and value, or to none when the load read the initial value;
//     every such seed function is tried.
//   - The memory model (model.go, eval.go). The axioms are evaluated over
//     the executed instructions with the interpretation of Def. 15 and §3.4:
//     sorts by instruction kind; program_order within a thread, plus init
//     before and final after everything else; atomic for instructions of the
//     same outermost atomic block (reflexive); aliased for accesses to equal
//     addresses; seed and has_seed from the seed function; the fence
//     predicates from lsl.FenceKind.Predicates; data_dependent(L, Y) when a
//     chain of instructions, each reading a register the previous one
//     wrote, leads from load L to Y (loads continue the chain: the value a
//     load returns depends on its address); control_dependent(L, Y) when a
//     branch condition (if, assert, assume) before Y depends so on L. A trace
//     is allowed when some valuation of the relation variables satisfies
//     every axiom. Relations that three axioms make strict total orders
//     (transitivity, irreflexivity, totality) range over all permutations of
//     their domain; every other relation must be defined by Horn rules
//     (premise ⇒ R(…), R positive in premises only; elsewhere R only
//     negative), and then its least solution is the only candidate needed:
//     the rules hold by construction and every other axiom only gets easier
//     as R shrinks. Other models are rejected. For memory_order, every init
//     access precedes and every final access follows every other access.
//   - Spin loops. Only the last iteration is modelled. A thread whose
//     iteration continues the loop is blocked; the execution counts only if
//     each load of that iteration reads a final value (no aliased store
//     follows it in memory_order; stores of threads that only start after
//     the blocked one — the final thread — never happen and do not count) —
//     it is then a deadlock unless a thread failed or pruned.
//   - Fair progress (Options.Unfair false). An iteration of an unrolled
//     loop that continues without a store or observation and leaves every
//     register live at the loop head (liveness.go, this package's own
//     analysis) with its value and dependencies is redundant: a run with
//     one followed by another iteration is discarded, and a redundant last
//     iteration makes the thread livelocked, kept only when its loads read
//     final values (docs/semantics.md, "Fair progress") — unless a wait in
//     it woke spuriously (lsl.TagSpuriousWakeup): then the run is discarded
//     if the cycle stores nothing, else cut off.
//   - Use after free (memsafety.go). A load or store to a block of the
//     lsl_malloc pool fails when the block is not allocated at the
//     access's place in memory_order: the last store to its pool flag
//     before the access is a free's (0), or there is none. A run guesses
//     at every such access whether it fails there; the guesses are checked
//     against each complete order.
//   - Cut-off threads. The concurrent threads start only when the init
//     thread completed, the final thread only when every other thread did
//     (a thread that failed, blocked or stopped at a loop bound is never
//     joined); a thread that does not start contributes no instruction. A
//     failure counts unless some thread stopped at a loop bound inside an
//     atomic block (the rest of the block would take effect at once).
//   - Observations. Per thread, the record index is the number of observe
//     label statements executed so far (0 before the first); the vector
//     holds, per record, kind and name, the value of the last such observe
//     executed; the canonical string is that of trace.Observation.Canon.
//
// The permutations are built one position at a time and the axioms are
// evaluated in Kleene's three-valued logic on the partial order (an atom of
// an unplaced pair is unknown, as is one with an unbound variable): an axiom
// instance that is already false is false in every completion, so the
// search can prune without losing exactness. After each placement only the
// instances that mention the placed instruction are evaluated again (no
// other atom changed); complete orders are checked in full, two-valued.
//
// Explore returns the Set of a test on a model: the observation vectors of
// the complete executions, the failure reasons, whether a deadlock exists
// and which loop bounds some execution reaches. Serial does the same for the
// serial executions (every operation atomic, sc). Decide derives the
// verdict as mining.Check defines it: FAIL with the failure reason if some
// execution fails, else FAIL deadlock, else FAIL consistency if some
// complete execution's observation vector is not serial, else PASS.
//
// Everything is enumerated explicitly, so the cost is exponential: the
// reference is for programs of a few threads and about a dozen accesses,
// and reports ErrLimit beyond that.
package refcheck

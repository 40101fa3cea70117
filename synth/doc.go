// Package synth synthesizes fences ("checkfence fences --insert"): it finds
// a smallest set of fences, ties broken by the cheapest kinds, that makes
// every test of a test file pass on a memory model.
//
// Candidates (lsl.InsertBarriers) are a barrier of each kind the model
// distinguishes (DefaultChoices: the .mm fence kinds, the architecture's
// barrier instructions on a hardware cat model, atomic_thread_fence for a
// C11 program) at every source-level program point between two accesses
// of an operation, and for a C11 program a stronger memory order for each
// atomic access (lsl.InsertOrders, Options.Orders). Each candidate gets a selector literal folded
// into its fence's guard (encode.Encoding.Selector), shared by every
// unrolled and inlined copy. The search is counterexample-guided:
//
//  1. An optimizer over the selectors (optimize.go, gini with sorting
//     network cardinality constraints) proposes a cheapest selection that
//     satisfies every constraint learned so far.
//  2. Each test is checked with that selection (mining.Session, which
//     keeps the test's encoding and solver across selections). A
//     counterexample is a model of the encoding; the candidates whose
//     selection alone would falsify it (encode.Encoding.Kills, by
//     evaluating the circuit) are the only ones that rule it out, so every
//     passing selection contains one of them. The clause is grown first
//     (generalize.go): the failing selection "every candidate but those"
//     is enlarged by real checks while the test still fails, so the
//     clause keeps only candidates each of which, added to it, makes
//     the test pass; then it is learned.
//  3. When every test passes, the selection is optimal: it is a cheapest
//     selection satisfying necessary conditions. Each of its fences is
//     then checked once more on its own (the tests with the fence left
//     out), which names the test that needs it.
//
// The clauses are sound when fences act monotonically on the model
// (memmodel.Model.MonotoneInFences: more fences never allow more
// executions; on a .mm model each axiom instance mentions at most one
// fence); otherwise a counterexample
// only forbids its own selection (weaker clauses, same answer, more
// rounds). Before an answer is reported, every test is checked once more
// on the program with the chosen fences written in (lsl.SelectCandidates,
// no selector literals). With StartUnroll the search runs at a small
// unroll bound first and raises it only while executions at the bound
// matter (Insert). See docs/fences.md.
package synth

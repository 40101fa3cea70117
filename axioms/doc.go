// Package axioms reads axiomatic memory models (.mm files, dissertation
// §3.3–3.6, SPEC §5) and expands them into propositional constraints over
// an unrolled program (§5.4, §7.3.4).
//
// # Models
//
// Parse checks a .mm file: names, sorts (instruction ⊇ access ⊇ {load,
// store}, instruction ⊇ fence), arities, and that every predefined symbol
// used is declared with its canonical signature (PredefinedSymbols). Errors
// are *diag.Error values ("file:line:col: message"). Model.String prints a
// model back in .mm syntax. The built-in models (sc, relaxed, rmo, …) are
// the embedded files models/*.mm; adding a model means adding a file there.
// A built-in model rewritten for size keeps its earlier text in
// equivalent/ (Equivalent: the dissertation's rmo), which allows the same
// executions and whose copies are treated as the built-in.
// LoadModel accepts a built-in name or a path ending in .mm.
//
// # Instantiation
//
// Instantiate expands a model over a Universe — the encoder's view of the
// program's instructions: their kinds, guards (G_i, "instruction i is
// executed"), the static program order and atomic blocks, and literals for
// aliasing, seeds and dependencies. The result is an Instance whose
// Constraint literal Θ is the conjunction of all axiom instances, and whose
// Rel method gives the literal of a relation variable on given
// instructions. Quantifiers expand over the instructions of their sort,
// guarded: ∀X ↦ ∧_i (¬G_i ∨ φ[i/X]), ∃X ↦ ∨_i (G_i ∧ φ[i/X]); the free
// variables of an axiom are universally quantified.
//
// Two encodings are available. Generic is the plain expansion of §5.4 and
// serves as the reference. Optimized derives from the model file:
//
//   - a relation whose axioms state transitivity, irreflexivity and
//     totality over one sort is a total order and gets one literal per
//     unordered pair (those three axioms are then dropped);
//   - an axiom instance that reduces to a single relation atom under the
//     guards of the atom's instructions fixes that atom to a constant (this
//     covers program order, fences and atomic blocks), as do the pairs the
//     Universe reports in ForcedOrder for the relation memory_order;
//   - relations used only as conclusions of definite implications (and
//     negatively elsewhere), like rmo's dependence_order, are fixed to false
//     on every tuple that no chain of those implications can derive;
//   - the remaining instances are enumerated by binding variables one at a
//     time with three-valued partial evaluation, so that statically true
//     instances are never built.
//
// Transitivity of total orders is encoded in one of three ways
// (Options.Transitivity):
//
//   - sparse (the default): only the pairs that have a literal get one —
//     those an axiom instance, a forced order or a Rel request mentioned —
//     and transitivity clauses are added for the triangles of a chordal
//     completion of that graph (Bryant & Velev 2002; chordal.go). When
//     the order's fixed pairs are transitive (sc: program order and the
//     init/final structure) the graph is restricted (restricted.go):
//     unguarded clauses, only the vertices with an unfixed pair, the
//     fixed pairs as their Hasse diagram, and no clause for a triangle
//     that a vertex in between implies. When they are not (relaxed:
//     fences in branches) the clauses keep their guards, and vertices,
//     pairs and triangles leave only where C is transitive locally
//     (through a vertex, or through one in between that executes with
//     the ends). Options.PlainOrderGraph keeps the plain graph, the
//     reference of the differential tests;
//   - eager: every pair gets a literal and every guarded triple its two
//     clauses;
//   - lazy: the caller solves, asks Lemmas for the transitivity clauses the
//     assignment violates, adds them and solves again until there are
//     none.
//
// # Finalize contract
//
// Callers may request relation literals with Rel after Instantiate and
// build constraints on them (package encode does, for spin loops). With
// sparse transitivity such a request adds the pair to the order's graph,
// so the transitivity clauses can only be built once every request is in:
// Finalize builds them, and Clauses calls Finalize. So request every
// literal a constraint will use first, take Clauses last; afterwards Rel
// panics on a pair of a sparse total order that has no literal. Constraints
// on such literals must, like the axioms, matter only in executions that
// execute both instructions (guard them). To read an order back from a
// satisfying assignment use Linearize, which extends the encoded pairs to
// a total order without asking for new literals.
//
// # Universe contract
//
// Instantiate calls DataDependent and ControlDependent only for a load i and
// an instruction j with ProgramOrder(i, j); this includes pairs from the
// init thread to the concurrent threads, for which the Universe answers
// false. Aliased is asked only about accesses, Seed only about a load and
// a store.
package axioms

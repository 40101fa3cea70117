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
// runtime error; the bit vectors and their circuits (arithmetic,
// comparisons, shifts, fresh vectors confined to a range) are package
// encode/bv.
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
// equal values are plain clauses (sameclauses.go). On a model coherent per
// location no seed comes from a later store of the load's own thread
// (laterseeds.go). Θ comes from package
// axioms through the Universe adapter (universe.go), which also fixes the
// final thread's memory order to its program order on a vetted model
// (ForcedOrder; docs/semantics.md); Build requests every
// memory-order literal before it takes Θ's clauses, which finalizes the
// sparse transitivity (axioms package documentation). Spin loops add that
// a blocked thread saw final values (otherwise the execution is incomplete
// and excluded; if it did, it is a deadlock).
//
// Identical concurrent threads (symmetry.go) are found by comparing their
// unrolled code; SymmetryBreaking orders them by the memory order of an
// anchor, a store to one global cell or else their first shared access (on
// a cat model, by coherence on the anchor store and then a key of their
// guards and loaded values, catsymmetry.go), for queries that do not
// distinguish them (docs/semantics.md, "Symmetric threads").
//
// # One model interface (modelenc.go)
//
// Build takes a *memmodel.Model and asks it for its properties
// (memmodel.Properties), never which language it is written in, except
// where Θ is instantiated (modelinstance.go): a .mm model's axioms become an
// axioms.Instance, a herd cat model (package cat) a CatInstance, the
// candidate-execution encoding of cat*.go. Both are a modelEncoding, the
// one interface the features are written against: symmetry and pool
// symmetry ask it for an order of the threads and mallocs (memory_order,
// or the cat symmetry keys) and are off when it has none; deadlock
// detection for "store after a load's value"; fair progress for the
// events a model's flags touch; the fence selectors for lazily checked
// components; traces for the barrier a fence shows as, the total order
// memory_order and the candidate execution. What differs by property
// (fair progress's storeless, storing and superseded rounds; the race
// flag; LoadsInOrder) is read from memmodel.Properties, and a feature a
// property keeps off says so (CatFairNote). Features reports, per
// encoding, which features are on; a copy of a built-in model has the
// built-in's (tests/modelcopy_test.go). Traces carry what the report
// needs as plain data (trace.Execution: C11AsEvents, MemoryOrder,
// RMWWrites, a cat model's candidate execution), so no package outside
// reads the encoder's model state.
//
// # Cat models (candidate executions)
//
// The events are the loads, stores and
// fences of the threads (not the fences the unroller adds for thread
// creation and join) and one initial write IW per location — the
// locations are the cells the range analysis finds for the accesses, and
// for the cells only accesses with unbounded addresses reach, symbolic
// initial writes (catlocs.go).
//
// Loads take values by rf, and rf is Ψ itself: rf(s, l) is the seed
// literal S_ls (which forces equal addresses and values), and a load
// without a seed reads the initial write of its location (Ψ gives it the
// initial value), so every executed load reads from exactly one write.
// Coherence co is a total order per location: one variable per pair of
// stores that may share a location, transitivity clauses over triples
// (unless an acyclicity check of the model implies them, catco.go),
// the initial write first, the init thread's stores before and the final
// thread's after the other threads'. fr = rf^-1;co; a load of the final
// thread has no fr edge to the other threads' stores (it reads the last
// value), and a load of another thread none to the init thread's stores.
// po is the static program order (init thread before, final thread after
// the others), loc is aliasing, int/ext compare threads, addr/data/ctrl
// come from the dependency sets of the symbolic execution (addr: the
// address depends on the load, data: a store's value does, ctrl: a branch
// before the event does; chains pass through loaded values as in §3.4.2),
// amo relates the load and store to one location of an atomic block, lxsx
// a store tagged X with the last load tagged X before it in its thread.
// A load or store tagged part (lsl.TagPart) continues the access of the
// previous one, a cell of a mixed-size access (catparts.go): si relates
// the parts of one access, po does not, and lxsx pairs them cell by cell.
// Tags (lsl.Load.Tags, …) are the event sets the model names. In a
// program of a C11 front end, a hardware model compiles the C11 tags to
// its own (catc11.go, cat.C11Mapping), and the fences only the .mm models
// see are no events unless the mapping puts a barrier there.
//
// Every relation is a sparse matrix of literals over event pairs, each
// implying both events' guards; pairs that are constantly false are not
// stored, so only pairs that can be related are encoded. Checks and flags
// are encoded by polarity (catnode.go): a check's argument may be an
// upper approximation whose auxiliary variables (closures, let rec
// fixpoints of positive recursion) are implied by their definitions and
// free otherwise, a flag's a lower one (exact closures by squaring, let
// rec by Kleene iteration). A recursion body is implied term by term,
// a composition by one clause per path (implyInto), a node that is
// empty in every execution by the rules of catempty.go is not encoded,
// and a closure read on a few rows or columns only is encoded on those
// (catclosurerows.go). acyclic is encoded per strongly connected
// component of the relation's static graph, by vertex elimination
// (catelim.go), or, when po is a union term of the relation beside co or
// fr, by a strict total order with program order fixed and sparse
// transitivity
// (orderacyclic.go, axioms.OrderGraph; Options.Axioms.Transitivity
// chooses sparse, eager or lazy transitivity there and for co, as for the
// .mm models); a component whose clauses would not fit in
// memory is checked lazily instead (catlazy.go: Lemmas returns the clause
// "not all these edges" for each cycle of a satisfying assignment, and the
// callers refine until there is none). Compositions with po use running
// disjunctions along each thread (catpo.go). An atomic block that
// accesses two locations is a transaction: the built-in checks of
// cat.Model.TxnChecks are encoded on each relation with the block
// contracted to one vertex, lazily (cattxn.go), with the 2-cycles between
// two blocks (or a block and an event) forbidden up front over the
// relation's own literals (cattxn_pairs.go), and the irreflexivity
// checks' walks by a lazy search (cattxn_walk.go). Spin loops ask that no store be fr-after
// a blocked load (the cat counterpart of memory_order). Flags are
// literals of CatInstance.Flags. TestCatEncodingMatchesEvaluator compares
// the encoding with the concrete evaluator of package cat on every
// candidate execution of small programs. Fair progress on a cat model
// (catfair.go) deletes only cycles that store nothing and whose events no
// flag's relation names. A storing reload round of a thread cut off
// inside its loop is superseded per model (reload_superseded.go): on sc
// and tso while the other threads are done, on rc11 with races failing by
// later plain stores of its thread, elsewhere never.
//
// # Data races
//
// With Options.Races the encoding also decides data races of C11 programs
// (race.go): rc11's race relation evaluated on the execution at hand,
// whatever the model, as a second cat instance over the same loads and
// stores, encoded pair by pair with happens-before only where a pair
// asks (racehb.go) and synchronises-with composed from its release end,
// one clause per path (racesw.go), with po | rf acyclic where the model does not ensure
// it (on the rf endpoints of the static graph's components, racethinair.go),
// so that a race is one of an rc11-consistent execution. On rc11 the pairs
// read the model's own hb instead (racemodel.go). Race.Lit holds in
// the executions with a race; RaceFailure names the pair and says why
// neither access happens before the other (racewhy.go).
//
// The Encoding exposes Phi and status literals (AnyError, AnyPruned,
// Deadlock, AllDone), the observation vector (obs.go: ObsEquals for "the
// observation is o", DecodeObs) and Decode (trace.go), which reads a model
// into a trace.Execution (package trace, plain data): per thread the
// executed instructions with addresses, values and the store each load
// read, the memory order, and the failure.
// The SAT layer is package encode/sat: its Solver feeds the circuit to a
// SAT backend (gini, CaDiCaL, a portfolio, escalation) incrementally.
// LoadSolver (loadsolver.go) hands Φ and the clause list to one.
package encode

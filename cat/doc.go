// Package cat reads memory models in herd's cat language, in the dialect
// of Dat3M's model files (the .cat files of the dat3m litmus suites), and
// evaluates them on concrete candidate executions.
//
// # Language
//
// A file starts with an optional identity (a name and/or a string) and
// continues with statements:
//
//	let x = e                    bind a set or relation (not recursive)
//	let f(X, Y) = e              a function, expanded at each call f(a, b)
//	let rec x = e1 and y = e2    least fixpoint of mutually recursive definitions
//	                             (monotone: no x under ~ or right of \, monotone.go)
//	include "file.cat"           relative to the including file, else built in
//	acyclic e [as name]          checks: every execution must satisfy them
//	irreflexive e [as name]
//	empty e [as name]
//	~acyclic e …                 negated check
//	flag ~empty e as name        a flag: marks executions, does not exclude them
//	show …, unshow …             ignored
//	enum E = 'a || 'b …          bell declarations of tags: read as
//	instructions R[{'a, …}]      documentation (the front ends set tags)
//
// An expression may be "let [rec] b1 and … in e". LoadFile reads a model
// M.cat after the bell file M.bell beside it, as herd does (bell.go). A
// let rec whose variables occur only positively is the least fixpoint
// (Kleene iteration from the empty relations); one whose variables occur
// negatively is iterated as herd does, each binding in order on the
// latest values, until a round changes nothing (RecGroup.Monotone). A
// flag whose expression is herd's different-values(r) is not computed
// (Model.Unchecked).
//
// Expressions, by increasing precedence (herd's): e1 | e2 (union), e1 ; e2
// (sequence), e1 \ e2 (difference), e1 & e2 (intersection), S1 * S2
// (cartesian product of sets), then ~e (complement), the postfix e+, e*
// (closures), e? (reflexive closure), e^-1 (inverse), and the atoms [S]
// (identity on set S), domain(r), range(r), f(args), 0 (empty), _ (all
// events), names and parenthesized expressions. Comments are (* … *),
// /* … */ (neither nests) and // to the end of the line. Names contain
// letters, digits, _ . - (po-loc, DMB.ISH, fence.rw.rw).
//
// Files are read with source.ReadSource (regular files of at most 16 MiB),
// each once per model, and at most 1000 includes are compiled (load.go).
// LoadFileContext and ParseContext take the limits (--timeout,
// --max-memory, Ctrl-C) as a context, which function expansion polls: an
// expansion can be exponential (f(k) calling f(k-1) on two different
// arguments). Calls are memoized by function and argument nodes, so calls
// on shared terms expand once.
//
// Every expression is a set or a relation; operators check their operands
// (0 takes the type its context needs). A name that is bound nowhere is an
// event tag: the set of events annotated with it (LSL tags, lsl.Load.Tags),
// empty if no event carries it — as in Dat3M, so that a model for one
// architecture can mention the tags of another. Model.Tags lists them.
//
// # Base sets and relations
//
//	R W M F           reads, writes, R|W, fences
//	IW FW             initial writes (one per location), co-last writes
//	po                program order (checkfence's init and final threads
//	                  are ordered before and after the others)
//	rf co fr          reads-from, coherence (total per location, initial
//	                  write first), from-read rf^-1;co
//	loc int ext id    same location, same thread, different threads, identity
//	addr data ctrl    syntactic dependencies from a read
//	amo lxsx rmw      read-modify-write pairs of one instruction (atomic
//	                  blocks), of exclusive load/store pairs, and their union
//	si                same instance: the events of one access (herd's
//	                  mixed-size footprint events: a 64-bit store read back
//	                  as two halves is two events of one instance); id
//	                  without mixed-size accesses. Program order does not
//	                  relate the events of one instance.
//	stxn              same transaction: the events of each atomic block
//	                  whose accesses touch two or more locations, itself
//	                  included (the relation of the built-in checks
//	                  below); a model names it to say more than they do,
//	                  e.g. that a transaction's stores are multicopy-atomic
//	                  (stxn ; rfe in power's prop, as Chong, Sorensen and
//	                  Wickerson's transactional Power model does)
//
// The two events of an amo pair tagged AMO (a RISC-V AMO) are one event
// for the model: each is in R and in W, and addr, data and ctrl into or
// out of either belong to both (amo.go).
//
// The events of an atomic block carry its instance (Event.Block); a block
// whose accesses touch two or more locations is a transaction, and every
// model gets built-in checks that place it at one instant of each of its
// acyclicity orders (txn.go: Model.TxnChecks, Result.ViolatedTxn) and at
// one vertex of each walk its irreflexivity checks forbid (txn_walk.go:
// WalkFactors).
//
// Before every model the embedded models/stdlib.cat is read: po-loc, rfe,
// rfi, coe, coi, fre, fri and fencerel(S).
//
// # Compiled form and evaluation
//
// Parse, LoadFile, Load and Builtin return a Model: constraints over a
// hash-consed DAG of typed nodes (ir.go) in which each let binding is one
// node, so encoders build each relation once. Model.Format prints the
// compiled model as a single cat text (a fixpoint under Parse).
//
// Model.Eval evaluates every constraint on an Execution (bit-set sets and
// relations, exec.go); Candidate derives the base sets and relations from
// events, program order, rf, co and dependencies. This concrete evaluator
// is the reference semantics the SAT encoding (package encode) is tested
// against; let rec is computed by Kleene iteration from the empty
// relations.
//
// # Fair progress
//
// FairProgressSafe (fairness.go) decides whether the engine may delete
// retry rounds that store nothing on executions of a model: it classifies
// each node by how its value changes when reads and fences are deleted
// (exact, shrinks, grows), and accepts a model whose checks can only
// shrink and whose flags can only grow (docs/semantics.md, "Fair progress
// on cat models").
//
// ReadRetagUnseen (readretag.go) decides whether one read's tags may
// change without any check or flag changing: the encoder's reload rounds
// move a load to a later load's place with its own tags
// (docs/semantics.md, "Reload rounds: tags a model does not see on a
// read"). ReadRetagKeepsConsistent (readretag_dir.go) asks less: that the
// change can only remove order (each check's relation may only lose
// pairs, each flag stays), as when a plain load takes the place of a
// compare-and-swap's read tagged X and AMO on riscv or A on x86.
//
// PoOrder (poorder.go) picks an acyclicity check that holds every external
// reads-from and from-read pair, and tells which pairs of one thread's
// events it holds in every execution, from their kinds, tags and the
// fences between: a lower bound of the check evaluated on the smallest
// execution with those events, with the terms that are not monotone taken
// as empty. The fence case of fair progress argues in that check's order
// (docs/semantics.md, "Storing rounds behind fences", on cat models).
package cat

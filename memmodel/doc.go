// Package memmodel owns "a memory model": the one concept the rest of the
// tool knows, whatever language the model is written in.
//
// A *Model wraps either an axiomatic .mm model (package axioms: relation
// variables constrained by first-order axioms, dissertation ch. 3) or a
// herd cat model (package cat: checks over the relations of a candidate
// execution). The package provides, for both:
//
//   - loading (model.go): the built-in models by name (Builtin, one
//     *Model per name) and .mm and .cat files (Load), each file
//     validated on load;
//   - validation (validate.go): a model that admits no execution of a
//     trivial program is rejected (every test would PASS vacuously), and
//     a .mm model on which C11's read-read coherence is lost is reported
//     (C11CoherenceLost). Both are answers to probes (probe.go): small
//     candidate executions that each language decides by its own
//     semantics (a SAT query over the .mm axioms instantiated on the
//     execution; cat.Model.Eval under every coherence order);
//   - descriptions (describe.go): what `checkfence models` prints;
//   - properties (properties.go): what the axioms guarantee, and so
//     which encoder shortcuts and features apply. They are derived from
//     the axioms, never from the model's name, so that a copy of a
//     built-in model under another name is encoded exactly as the
//     built-in (the test in properties_test.go compares clause counts
//     and verdicts). Properties whose argument was made for the built-in
//     axioms (store coherence for fair progress, local clauses) are
//     granted to a model whose axioms are a built-in's up to name,
//     labels and layout (Vetted); the others are read off the axioms
//     (LoadsInOrder: an axiom program_order(L, X) => memory_order(L, X))
//     or the cat checks (NoThinAir, C11RaceFlag: rc11's checks);
//   - NeedsDependencies (deps.go): whether the encoder must track data
//     and control dependencies for a program;
//   - fences (fences.go, catmono.go): what the model makes of fences for
//     fence synthesis: whether it tells them apart by tag or by LSL kind
//     (FencesByTag, FenceTags, FenceKinds), which barriers order
//     anything (Orders), and whether more fences only ever forbid more
//     (MonotoneInFences);
//   - SequentiallyConsistent (sc.go): whether the model is sc's axioms
//     under any name, for readings of a trace that need one total order.
//
// Callers hold a *Model (mining.Options.Model, encode.Build) and ask it
// questions; they do not test which language it is written in. The only
// places that look inside are the ones that encode a language: the
// encoder's instantiation of Θ (encode/modelinstance.go: Axiomatic for
// axioms.Instantiate, Cat for the cat encoder of encode/cat*.go), which
// yields the encoder's one model interface (encode/modelenc.go:
// modelEncoding, implemented for .mm axioms and for cat models) that
// every encoder feature asks; and the .mm-only tools (refcheck, fence
// insertion's selector encoding). A
// feature that a model does not support is off by a property
// (StorelessCycles, CoherentPerLocation, FairProgressStoresSafe, Flags,
// C11Fences, …), never by a name; ReadRetagUnseen (retag.go) answers
// from the cat model's checks which tags of a read it cannot see.
//
// Dependencies: memmodel imports axioms, cat and lsl (and gini for the
// probes); encode, mining, refcheck, report, synth, the front ends and
// the command import memmodel.
package memmodel

package encode

import "github.com/checkfence/checkfence/lsl"

// Seeds from later stores of the load's own thread (docs/semantics.md,
// "No seeds from the thread's later stores"). Ψ gives a load a seed
// variable for every store that may alias it. On a model that is
// sequentially consistent per location no load reads a store that follows
// it in its own thread: on the vetted .mm models v1 asks the store to
// precede the load in memory order (or in program order), and an axiom of
// each (sc's M1, tso's and pso's L, relaxed's M1, rmo's A3) puts an
// aliased store after a program-order-earlier load in memory order; on a
// cat model whose checks make po-loc ∪ rf ∪ co ∪ fr acyclic (or rc11's
// "irreflexive hb; eco?") the pair is the cycle po-loc; rf. Such a seed is
// false in every execution of Φ, so Ψ leaves it out: the final thread's
// checks of a pthread program load and store the same globals many
// times, and their seeds from later stores were a fifth of the MS queue's.

// laterSeedsFalse reports whether the model makes every seed from a later
// store of the load's own thread false (Options.KeepLaterSeeds turns the
// shortcut off for the differential tests).
func laterSeedsFalse(opt Options, coherentPerLocation bool) bool {
	return !opt.KeepLaterSeeds && coherentPerLocation
}

// laterStore reports whether store s follows load l in l's thread's
// program order (universe.ProgramOrder within a thread). Parts of a
// mixed-size access keep their seeds: a cat model relates no two parts of
// one access by po.
func (e *Encoding) laterStore(l, s *Instr) bool {
	return l.Thread == s.Thread && s.Index > l.Index && !lsl.IsPart(l.Stmt) && !lsl.IsPart(s.Stmt)
}

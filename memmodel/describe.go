package memmodel

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/checkfence/checkfence/cat"
)

// summaries are the one-line descriptions `checkfence models` lists.
var summaries = map[string]string{
	"sc":      "sequential consistency (dissertation §3.5.2)",
	"relaxed": "Relaxed: reorders accesses to different addresses, store forwarding, global store order (§3.5.3)",
	"rmo":     "SPARC RMO with its dependence order (§3.6.1)",
	"tso":     "x86/SPARC total store order",
	"pso":     "SPARC partial store order",
	// cat models
	"arm8":    "ARMv8 AArch64 (cat; Arm ARM B2.3, Pulte et al. POPL 2018)",
	"riscv":   "RISC-V RVWMO (cat; the unprivileged spec's RVWMO chapter)",
	"power":   "IBM Power (cat; Alglave et al. TOPLAS 2014)",
	"rc11":    "repaired C11 with data races flagged (cat; Lahav et al. PLDI 2017)",
	"sc-cat":  "sequential consistency in cat (agrees with sc)",
	"tso-cat": "x86-TSO in cat (agrees with tso but after a failed CAS, a locked instruction)",
	"lkmm":    "the Linux-kernel memory model with RCU and locks, data races flagged (cat; Alglave et al. ASPLOS 2018)",
}

// WriteList writes the built-in models with their summaries, the .mm
// ones then the cat ones.
func WriteList(w io.Writer) {
	fmt.Fprintln(w, "models (.mm):")
	for _, n := range MMNames() {
		fmt.Fprintf(w, "  %-8s %s\n", n, summaries[n])
	}
	fmt.Fprintln(w, "cat models:")
	for _, n := range CatNames() {
		fmt.Fprintf(w, "  %-8s %s\n", n, summaries[n])
	}
}

// BuiltinSource returns the text of a built-in model, with, for a cat
// model that compiles C11 atomics, the table of how it does.
func BuiltinSource(name string) (string, bool) {
	m, ok := Builtin(name)
	if !ok {
		return "", false
	}
	if m.mm != nil {
		src, _ := mmSource(name)
		return src, true
	}
	src, _ := catSource(name)
	src += "\n(* " + atomicBlocksNote(m) + " *)\n"
	if m.cat.C11 != nil {
		src += fmt.Sprintf("\n(* How C11 atomics compile to this model (docs/models.md):\n\n%s*)\n", m.cat.C11.Table())
	}
	return src, true
}

// Describe writes what `checkfence models FILE` says about a model read
// from a file: that it is valid, its size, whether fair progress applies,
// and for a cat model its compiled text and the tags it expects; for a
// .mm model whether C11 atomics keep read-read coherence on it. ctx
// bounds the C11 probe.
func (m *Model) Describe(ctx context.Context, w io.Writer) {
	if m.cat != nil {
		c := m.cat
		fmt.Fprintf(w, "(* %s: valid cat model, %d checks, %d flags *)\n", m.file, len(c.Checks()), len(c.Flags()))
		if err := m.FairProgressSafe(); err != nil {
			fmt.Fprintf(w, "(* fair progress off, every loop iteration counts: %v *)\n", err)
		} else if err := cat.FairProgressStoresSafe(c); err != nil {
			fmt.Fprintf(w, "(* fair progress applies: retry rounds that store nothing do not count; rounds that store do: %v *)\n", err)
		} else {
			fmt.Fprintf(w, "(* fair progress applies: retry rounds that store nothing, or only what no one reads, do not count *)\n")
			if !cat.CoherentPerLocation(c) {
				fmt.Fprintf(w, "(* not coherent per location (no acyclic po-loc | rf | co | fr, no irreflexive hb; eco?): a round whose stores a later store of its thread supersedes still counts while its thread is cut off *)\n")
			}
		}
		fmt.Fprintf(w, "(* %s *)\n", atomicBlocksNote(m))
		fmt.Fprint(w, c.Format())
		if len(c.Tags) > 0 {
			fmt.Fprintf(w, "\n(* event tags: %s *)\n", strings.Join(c.Tags, " "))
		}
		return
	}
	fmt.Fprintf(w, "%s: model %s is valid (%d relation variables, %d axioms)\n", m.file, m.name, len(m.mm.Exists), len(m.mm.Axioms))
	if err := m.FairProgressSafe(); err != nil {
		fmt.Fprintf(w, "fair progress off, every loop iteration counts: %v\n", err)
	} else {
		fmt.Fprintf(w, "fair progress applies: loop iterations that change nothing do not count\n")
	}
	ctx, cancel := context.WithTimeout(ctx, vacuityBudget)
	defer cancel()
	if lost, err := m.C11CoherenceLost(ctx); err == nil && lost {
		fmt.Fprintf(w, "C11 atomics (--frontend clang): two relaxed loads of one location may read out of order on this model: "+
			"it lets them reorder across the aliased-loads fence the C front ends put after an atomic load "+
			"(declare al_fence and order aliased loads across it, as relaxed does)\n")
	}
}

// atomicBlocksNote says whether a cat model makes multi-location atomic
// blocks atomic (Properties.AtomicBlocks).
func atomicBlocksNote(m *Model) string {
	if m.Props().AtomicBlocks {
		return "atomic blocks on several locations are atomic: the block-lifted checks place each at one instant of every acyclicity check's order and at one event of every irreflexivity check's walks (docs/semantics.md, \"Atomic blocks on cat models\")"
	}
	return "atomic blocks on several locations are not shown atomic (a negated check, or an irreflexivity check of one relation that is no closure): a FAIL through one is INCONCLUSIVE (atomic-block)"
}

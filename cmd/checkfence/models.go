package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

// loadModel reads --model: a built-in .mm model, a .mm file, a built-in
// cat model or a .cat file. Exactly one of the results is set. A model
// from a file is read, compiled and checked for vacuity under the limits
// (a cat model can take exponential time to expand): when they are
// reached the error is a *lsl.CanceledError (see reportLimit).
func loadModel(name string, lim *loadLimits) (*axioms.Model, *cat.Model, error) {
	if strings.HasSuffix(name, ".cat") {
		m, err := runLimited(lim, "reading the cat model "+name, func(ctx context.Context) (*cat.Model, error) {
			m, err := cat.LoadFileContext(ctx, name)
			if err == nil {
				err = checkVacuousCat(ctx, m)
			}
			return m, err
		})
		return nil, m, err
	}
	if _, ok := axioms.Builtin(name); !ok {
		if m, ok := cat.Builtin(name); ok {
			return nil, m, nil
		}
	}
	m, err := runLimited(lim, "reading the model "+name, func(ctx context.Context) (*axioms.Model, error) {
		return loadMMModel(ctx, name)
	})
	return m, nil, err
}

// modelLimits are the limits of loading --model: --timeout, --max-memory
// and Ctrl-C (no test has started yet).
func modelLimits(timeout time.Duration, maxMemory int64) *loadLimits {
	return &loadLimits{ctx: interrupted, timeout: timeout, maxMemory: maxMemory}
}

// modelName names the model of the options (for --json).
func modelName(o mining.Options) string {
	if o.Cat != nil {
		return o.Cat.Name
	}
	if o.Model != nil {
		return o.Model.Name
	}
	return ""
}

var modelSummaries = map[string]string{
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
	"tso-cat": "x86-TSO in cat (agrees with tso)",
}

func newModelsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "models [NAME|FILE.mm|FILE.cat]",
		Short: "List the built-in memory models, show one, or validate a .mm or .cat file",
		Long: `Without an argument, list the built-in memory models: .mm models
(dissertation ch. 3) and cat models (herd's language; docs/models.md).
With a built-in name, print its source. With a .mm file, check it. With a
.cat file, check it (includes are read relative to the file, then among
the built-in files) and print it compiled: one self-contained cat text
with every definition the checks use, followed by the event tags it
expects.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				fmt.Fprintln(out, "models (.mm):")
				for _, n := range axioms.BuiltinNames() {
					fmt.Fprintf(out, "  %-8s %s\n", n, modelSummaries[n])
				}
				fmt.Fprintln(out, "cat models:")
				for _, n := range cat.BuiltinNames() {
					fmt.Fprintf(out, "  %-8s %s\n", n, modelSummaries[n])
				}
				return nil
			}
			if src, ok := axioms.BuiltinSource(args[0]); ok {
				fmt.Fprint(out, string(src))
				return nil
			}
			if m, ok := cat.Builtin(args[0]); ok {
				src, _ := cat.BuiltinSource(args[0])
				fmt.Fprint(out, string(src))
				if m.C11 != nil {
					fmt.Fprintf(out, "\n(* How C11 atomics compile to this model (docs/models.md):\n\n%s*)\n", m.C11.Table())
				}
				return nil
			}
			lim := modelLimits(0, 0)
			if strings.HasSuffix(args[0], ".cat") {
				_, m, err := loadModel(args[0], lim)
				if err != nil {
					return orLimit(err, lim, cmd, nil)
				}
				fmt.Fprintf(out, "(* %s: valid cat model, %d checks, %d flags *)\n", args[0], len(m.Checks()), len(m.Flags()))
				if err := cat.FairProgressSafe(m); err != nil {
					fmt.Fprintf(out, "(* fair progress off, every loop iteration counts: %v *)\n", err)
				} else if err := cat.FairProgressStoresSafe(m); err != nil {
					fmt.Fprintf(out, "(* fair progress applies: retry rounds that store nothing do not count; rounds that store do: %v *)\n", err)
				} else {
					fmt.Fprintf(out, "(* fair progress applies: retry rounds that store nothing, or only what no one reads, do not count *)\n")
					if !cat.CoherentPerLocation(m) {
						fmt.Fprintf(out, "(* not coherent per location (no acyclic po-loc | rf | co | fr): a round whose stores a later store of its thread supersedes still counts while its thread is cut off *)\n")
					}
				}
				fmt.Fprint(out, m.Format())
				if len(m.Tags) > 0 {
					fmt.Fprintf(out, "\n(* event tags: %s *)\n", strings.Join(m.Tags, " "))
				}
				return nil
			}
			if !strings.HasSuffix(args[0], ".mm") {
				return fmt.Errorf("unknown model %q (built-in models: %s; cat models: %s; or give a .mm or .cat file)", args[0],
					strings.Join(axioms.BuiltinNames(), ", "), strings.Join(cat.BuiltinNames(), ", "))
			}
			m, _, err := loadModel(args[0], lim)
			if err != nil {
				return orLimit(err, lim, cmd, nil)
			}
			fmt.Fprintf(out, "%s: model %s is valid (%d relation variables, %d axioms)\n", args[0], m.Name, len(m.Exists), len(m.Axioms))
			if err := axioms.FairProgressSafe(m); err != nil {
				fmt.Fprintf(out, "fair progress off, every loop iteration counts: %v\n", err)
			} else {
				fmt.Fprintf(out, "fair progress applies: loop iterations that change nothing do not count\n")
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), vacuityBudget)
			defer cancel()
			if lost, err := c11CoherenceLost(ctx, m); err == nil && lost {
				fmt.Fprintf(out, "C11 atomics (--frontend clang): two relaxed loads of one location may read out of order on this model: "+
					"it lets them reorder across the aliased-loads fence the C front ends put after an atomic load "+
					"(declare al_fence and order aliased loads across it, as relaxed does)\n")
			}
			return nil
		},
	}
}

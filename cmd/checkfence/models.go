package main

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

// loadModel reads --model: a built-in .mm model, a .mm file, a built-in
// cat model or a .cat file. Exactly one of the results is set.
func loadModel(name string) (*axioms.Model, *cat.Model, error) {
	if strings.HasSuffix(name, ".cat") {
		m, err := cat.LoadFile(name)
		return nil, m, err
	}
	if _, ok := axioms.Builtin(name); !ok {
		if m, ok := cat.Builtin(name); ok {
			return nil, m, nil
		}
	}
	m, err := axioms.LoadModel(name)
	return m, nil, err
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
}

func newModelsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "models [NAME|FILE.mm]",
		Short: "List the built-in memory models, show one, or validate a .mm file",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				for _, n := range axioms.BuiltinNames() {
					fmt.Fprintf(out, "%-8s %s\n", n, modelSummaries[n])
				}
				return nil
			}
			if src, ok := axioms.BuiltinSource(args[0]); ok {
				fmt.Fprint(out, string(src))
				return nil
			}
			if !strings.HasSuffix(args[0], ".mm") {
				return fmt.Errorf("unknown model %q (built-in models: %s; or give a .mm file)", args[0], strings.Join(axioms.BuiltinNames(), ", "))
			}
			m, err := axioms.LoadModel(args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%s: model %s is valid (%d relation variables, %d axioms)\n", args[0], m.Name, len(m.Exists), len(m.Axioms))
			return nil
		},
	}
}

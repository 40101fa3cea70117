package main

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/spf13/cobra"
)

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
			m, err := loadModel(args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%s: model %s is valid (%d relation variables, %d axioms)\n", args[0], m.Name, len(m.Exists), len(m.Axioms))
			return nil
		},
	}
}

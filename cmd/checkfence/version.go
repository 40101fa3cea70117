package main

import (
	"fmt"
	"runtime/debug"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			rev := ""
			if bi, ok := debug.ReadBuildInfo(); ok {
				for _, s := range bi.Settings {
					if s.Key == "vcs.revision" && len(s.Value) >= 12 {
						rev = " (" + s.Value[:12] + ")"
					}
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "checkfence %s%s\n", version, rev)
			solvers := "gini (pure Go)"
			if sig := sat.CadicalSignature(); sig != "" {
				solvers += ", cadical (" + sig + ", cgo), portfolio"
			} else {
				solvers += "; CaDiCaL not compiled in (make build with libcadical-dev installed)"
			}
			fmt.Fprintf(cmd.OutOrStdout(), "SAT solvers: %s\n", solvers)
			return nil
		},
	}
}

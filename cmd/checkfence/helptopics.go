package main

import (
	"github.com/checkfence/checkfence/report"
	"github.com/spf13/cobra"
)

// newTracesTopic is "checkfence help traces": how to read a trace. A
// command without Run is a help topic for cobra.
func newTracesTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "traces",
		Short: "How to read a counterexample trace",
		Long:  report.TraceLegend + report.RaceLegend,
	}
}

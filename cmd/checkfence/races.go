package main

import (
	"fmt"
	"io"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

// addRacesFlag registers --races on run.
func addRacesFlag(cmd *cobra.Command, v *string) {
	cmd.Flags().StringVar(v, "races", "",
		"data races of C11 programs: fail (a race is a FAIL, the default for C11 programs: --frontend clang, .ll, C using <stdatomic.h>), "+
			"warn (reported beside the verdict), or off; CheckFence-style C (lsl_fence, lsl_cas) is not checked unless asked")
}

// raceMode is the race check a run does on prog: --races, or by default
// fail for a program with C11 semantics and none for others.
func raceMode(flag string, prog *lsl.Program) (mining.RaceMode, error) {
	if flag == "" {
		if mining.C11Semantics(prog) {
			return mining.RacesFail, nil
		}
		return mining.RacesNone, nil
	}
	return mining.ParseRaceMode(flag)
}

// checkRacesFlag rejects a bad --races value before anything runs.
func checkRacesFlag(flag string) error {
	if flag == "" {
		return nil
	}
	_, err := mining.ParseRaceMode(flag)
	return err
}

// writeWarnings prints a result's warnings under its table row.
func writeWarnings(out io.Writer, r *mining.Result) {
	for _, w := range r.Warnings {
		fmt.Fprintf(out, "  warning: %s\n", w.Message)
	}
}

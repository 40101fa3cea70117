// Command checkfence finds concurrency bugs and missing memory fences in
// lock-free code on relaxed memory models (see README.md and SPEC.md).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/checkfence/checkfence/diag"
	_ "github.com/checkfence/checkfence/frontend/c" // registers .c
	"github.com/checkfence/checkfence/report"
	"github.com/spf13/cobra"
)

// Exit statuses (SPEC §2).
const (
	exitPass         = 0
	exitFail         = 1
	exitUsage        = 2
	exitInconclusive = 3
	exitInterrupted  = 130 // or exitTerminated (signals.go)
)

// exitError carries an exit status out of a command.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func main() {
	// Ctrl-C is caught from the start: on a loaded machine it can come
	// before a command sets up its own handling, and must not kill the
	// process then.
	oneProcAtStart()
	var stop func()
	interrupted, stop = notifyInterrupt(context.Background())
	adjustStartingHeap()
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	// labels, names and source lines come from the user's files: their
	// control characters are escaped on both streams (report/escape.go)
	stdout = report.NewTextWriter(stdout, colorTerminal(stdout))
	stderr = report.NewTextWriter(stderr, false)
	root.SetOut(stdout)
	root.SetErr(stderr)
	ran, err := root.ExecuteC()
	if err == nil {
		return exitPass
	}
	var ee exitError
	if errors.As(err, &ee) {
		if ee.code == exitInterrupted {
			return interruptStatus() // 143 after SIGTERM
		}
		return ee.code
	}
	if wantsJSON(ran, args) {
		writeJSONError(stdout, err)
	}
	if diag.IsInputError(err) {
		fmt.Fprintln(stderr, err)
	} else {
		fmt.Fprintf(stderr, "checkfence: %v\n", err)
	}
	return exitUsage
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "checkfence",
		Short: "Find concurrency bugs and missing fences in lock-free code on relaxed memory models",
		Long: `checkfence checks concurrent data types written in C (or LSL, or LLVM IR) on
axiomatic memory models with a SAT solver. For each bounded test it explores every
execution the model allows and answers PASS, or FAIL with a counterexample trace.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return fmt.Errorf("%v (see checkfence %s --help)", err, c.Name())
	})
	addProfileFlag(root)
	root.AddCommand(newRunCmd(), newMineCmd(), newLSLCmd(), newModelsCmd(), newVersionCmd(), newFencesCmd(), newLitmusCmd(), newTracesTopic())
	return root
}

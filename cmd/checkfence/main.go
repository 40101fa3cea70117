// Command checkfence finds concurrency bugs and missing memory fences in
// lock-free code on relaxed memory models (see README.md and SPEC.md).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	_ "github.com/checkfence/checkfence/frontend/c" // registers .c
	"github.com/checkfence/checkfence/lsl"
	"github.com/spf13/cobra"
)

// Exit statuses (SPEC §2).
const (
	exitPass         = 0
	exitFail         = 1
	exitUsage        = 2
	exitInconclusive = 3
	exitInterrupted  = 130
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
	interrupted, stop = signal.NotifyContext(context.Background(), os.Interrupt)
	adjustStartingHeap()
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitPass
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	if lsl.IsInputError(err) {
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

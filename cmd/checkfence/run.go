package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
	"github.com/spf13/cobra"
)

func newRunCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "run IMPL... [TESTFILE]",
		Short: "Check every test of TESTFILE on a memory model",
		Long: `Check each test of TESTFILE (a .tst file) against the implementation (.c, .lsl or
.ll files) on the chosen memory model. Each test is PASS (every execution is
correct), FAIL (with a counterexample trace) or INCONCLUSIVE (a time or unrolling
bound was reached). Exit status: 0 all PASS, 1 some FAIL, 3 some INCONCLUSIVE and
none FAIL, 2 usage or input error, 130 interrupted.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runChecks(cmd, args, &f)
		},
	}
	f.register(cmd, true)
	return cmd
}

func runChecks(cmd *cobra.Command, args []string, f *checkFlags) error {
	opt, model, err := f.options()
	if err != nil {
		return err
	}
	prog, tests, err := loadInputs(args, f.tests, f.frontend)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opt.Witness = f.html != "" || f.verbose || f.json
	prog2 := newProgress(cmd.ErrOrStderr(), !f.json)
	opt.Progress = prog2.update
	var results []*mining.Result
	topt := report.TextOptions{Model: model, Color: outIsTerminal(out)}
	if !f.json {
		report.TableHeader(out)
	}
	interrupted := false
	for _, t := range tests {
		r, err := mining.Check(ctx, prog, t, opt)
		prog2.clear()
		if err != nil {
			return err
		}
		results = append(results, r)
		if !f.json {
			report.WriteTableRow(out, r, topt)
			for _, fl := range r.Flags {
				fmt.Fprintf(out, "  flag %s fires in some execution\n", fl)
			}
			if !f.quiet && (r.Verdict == mining.Fail || (f.verbose && r.Trace != nil)) {
				report.WriteTrace(out, r, topt)
			}
			if r.Verdict == mining.Inconclusive && r.Message != "" {
				fmt.Fprintf(out, "  %s\n", r.Message)
			}
		}
		if ctx.Err() != nil {
			interrupted = true
			break
		}
	}
	if f.json {
		if err := report.WriteJSON(out, model, results); err != nil {
			return err
		}
	}
	if f.html != "" {
		if err := report.WriteHTML(f.html, model, results); err != nil {
			return err
		}
	}
	if interrupted {
		return exitError{exitInterrupted}
	}
	return exitError{status(results)}
}

// outIsTerminal reports whether w is a terminal (then text gets colours).
func outIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && report.ColorTerminal(f)
}

func status(results []*mining.Result) int {
	code := exitPass
	for _, r := range results {
		switch r.Verdict {
		case mining.Fail:
			return exitFail
		case mining.Inconclusive:
			code = exitInconclusive
		}
	}
	return code
}

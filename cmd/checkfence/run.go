package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
	"github.com/spf13/cobra"
)

func newRunCmd() *cobra.Command {
	var f checkFlags
	var ci ciFlags
	var sv svcompFlags
	var jobs int
	cmd := &cobra.Command{
		Use:   "run IMPL... [TESTFILE...]",
		Short: "Check every test of the TESTFILEs on a memory model",
		Long: `Check each test of the TESTFILEs (.tst files, after the implementation) against
the implementation (.c, .lsl or .ll files) on the chosen memory model; without a
.tst file, a C program whose main starts threads is the test (it goes through
clang). Each test is PASS (every execution is correct), FAIL (with a
counterexample trace) or INCONCLUSIVE (a time or unrolling bound was reached).
Tests run in parallel (-j, default: the number of CPUs); the output is in test
order and the same as with -j 1, and --timeout and --max-memory apply to each
test (the tests running at once share the process's memory, so with more than
one job --max-memory gives all of them up when the process exceeds it).
Exit status: 0 all PASS, 1 some FAIL, 3 some INCONCLUSIVE and none FAIL, 2 usage
or input error, 130 interrupted.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if sv.given() {
				return runProperty(cmd, args, &f, &sv) // svcomp.go
			}
			return runChecks(cmd, args, &f, &ci, jobs)
		},
	}
	f.register(cmd, true)
	cmd.Flags().IntVarP(&jobs, "jobs", "j", 0, "tests to check in parallel (default: the number of CPUs; 1 with --log-queries)")
	addRacesFlag(cmd, &f.races)
	ci.register(cmd)
	sv.register(cmd)
	return cmd
}

func runChecks(cmd *cobra.Command, args []string, f *checkFlags, ci *ciFlags, jobs int) error {
	opt, model, err := f.options()
	if err == nil {
		err = checkRacesFlag(f.races)
	}
	if err == nil && (jobs < 0 || jobs > maxJobs) {
		err = fmt.Errorf("--jobs %d: must be between 1 and %d (0: the number of CPUs)", jobs, maxJobs)
	}
	if err != nil {
		return err
	}
	defer oneProc(opt.Solver)()
	// The HTML directory is checked before anything runs: finding out it
	// cannot be written after all tests ran would waste the run.
	overwrites, err := checkHTMLDir(f.html)
	if err != nil {
		return err
	}
	inputs := append(append(append([]string{}, args...), f.spec), modelFile(f.model)...)
	if err := checkOutputs(inputs, ci.outputs(), f.html); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	ctx, stop := interruptible()
	defer stop()
	topt := report.TextOptions{Model: model, Color: outIsTerminal(out)}
	lim := f.limits(ctx, opt)
	prog, tests, err := loadInputs(lim, args, f.tests, f.frontend)
	if err == nil {
		applyLeaks(tests, f.leaks)
		opt.Spec, err = f.loadSpec(lim, tests)
	}
	if err != nil {
		return orLimit(err, lim, cmd, func(results []*mining.Result) error {
			return writeResults(out, f, model, topt, results)
		})
	}
	if opt.Races, err = raceMode(f.races, prog); err != nil {
		return err
	}
	opt.Witness = f.html != "" || f.verbose || f.json
	jobs = runJobs(jobs, len(tests), f.logQueries)
	if jobs > 1 {
		defer parallelProcs()()
	}
	// one progress line: only when the tests run one at a time
	prog2 := newProgress(cmd.ErrOrStderr(), !f.json && jobs == 1)
	opt.Progress = prog2.update
	opt.OnQuery = prog2.clearing(opt.OnQuery)
	var results []*mining.Result
	topt.Verbose, topt.Legend = f.verbose, true
	if !f.json {
		report.TableHeader(out)
	}
	interrupted := false
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for c := range checkTests(cctx, prog, tests, opt, jobs) {
		r, err := c.result, c.err
		prog2.clear()
		if err != nil {
			return err
		}
		results = append(results, r)
		if !f.json {
			report.WriteTableRow(out, r, topt)
			writeWarnings(out, r)
			if !f.quiet && (r.Verdict == mining.Fail || (f.verbose && r.Trace != nil)) {
				report.WriteTrace(out, r, topt)
				topt.Legend = false // once, under the first trace
			}
			if r.Verdict == mining.Inconclusive && r.Message != "" {
				fmt.Fprintf(out, "  %s\n", r.Message)
			}
			if h := report.Hint(r); r.Verdict == mining.Inconclusive && h != "" {
				fmt.Fprintf(out, "  what to do: %s\n", h)
			}
			if r.Verdict == mining.Inconclusive && r.Trace != nil && !f.verbose && !f.quiet {
				// the execution that stopped at the bound shows what
				// changes in each iteration
				fmt.Fprintf(out, "  -v shows the execution that stopped at the bound\n")
			}
		}
		if ctx.Err() != nil {
			break
		}
	}
	interrupted = ctx.Err() != nil
	if f.json {
		if err := report.WriteJSON(out, model, results); err != nil {
			return err
		}
	}
	if f.html != "" {
		if err := report.WriteHTML(f.html, model, results); err != nil {
			return err
		}
		if overwrites {
			fmt.Fprintf(cmd.ErrOrStderr(), "checkfence: overwrote %s, the index of an earlier run\n", filepath.Join(f.html, "index.html"))
		}
	}
	if err := ci.write(model, results, tests[:len(results)]); err != nil {
		return err
	}
	if interrupted {
		return exitError{exitInterrupted}
	}
	return exitError{status(results)}
}

// writeResults prints results that need no trace (INCONCLUSIVE before any
// check ran) as the table, or JSON.
func writeResults(out io.Writer, f *checkFlags, model string, topt report.TextOptions, results []*mining.Result) error {
	if f.json {
		return report.WriteJSON(out, model, results)
	}
	report.TableHeader(out)
	for _, r := range results {
		report.WriteTableRow(out, r, topt)
		fmt.Fprintf(out, "  %s\n", r.Message)
	}
	return nil
}

// orLimit returns err, or reports it when it is a limit reached while
// loading (see reportLimit).
func orLimit(err error, lim *loadLimits, cmd *cobra.Command, rows func([]*mining.Result) error) error {
	if e := reportLimit(err, lim, cmd.OutOrStdout(), cmd.ErrOrStderr(), rows); e != nil {
		return e
	}
	return err
}

// outIsTerminal reports whether w is a terminal (then text gets colours):
// the command's output, which run wrapped (report.NewTextWriter).
func outIsTerminal(w io.Writer) bool {
	if c, ok := w.(interface{ Color() bool }); ok {
		return c.Color()
	}
	return colorTerminal(w)
}

// colorTerminal reports whether w is a terminal that wants colour.
func colorTerminal(w io.Writer) bool {
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

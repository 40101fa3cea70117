package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/frontend"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/litmusrun"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

type litmusFlags struct {
	model        string
	expect       string
	json         bool
	quiet        bool
	lsl          bool
	jobs         int
	timeout      time.Duration
	maxMemory    string
	encoding     string
	transitivity string
	solver       string
	races        string
	cmd          *cobra.Command
}

func newLitmusCmd() *cobra.Command {
	var f litmusFlags
	cmd := &cobra.Command{
		Use:   "litmus FILE.litmus|DIR...",
		Short: "Run herd litmus tests (X86, AArch64, RISCV, PPC, C) on a memory model",
		Long: `Run litmus tests in herd's format (X86, AArch64, RISCV, PPC and a subset
of C; see frontend/litmus/doc.go) on a memory model: a .mm model or a cat
model (herd's language, e.g. --model arm8 or --model aarch64.cat). For each test it enumerates the
final states of all executions the model allows and says, as herd does,
whether the final condition holds (Ok) or not (No): exists holds when some
state satisfies it, ~exists when none does, forall when all do. A witness
execution is shown for a state satisfying an exists or ~exists condition,
or violating a forall condition. Directories are searched for *.litmus
files; tests run in parallel.

With --expect FILE.csv (lines "path,0|1", 1 meaning the condition holds,
path matched as a suffix of the test's path) every disagreement is listed
and the summary says how many tests agree. Tests the front end does not
translate (mixed-size accesses, loops, …) are reported as unsupported,
counted by reason, and do not change the exit status. Flags of a cat model
that fire in some execution are printed (Flag racy). A C test (not one in
the Linux-kernel dialect) is a C11 program, in which a data race is
undefined behaviour: on a model without flags of its own (a .mm model,
tso, arm8, …) checkfence decides races on the executions the model
allows and reports one as Flag racy too, as herd does with rc11.cat
(--races: warn, the default, only reports it; fail also makes the exit
status 1; off leaves the check out). --timeout and
--max-memory give up on a test; the tests running in parallel share the
process's memory, so when it exceeds --max-memory all of them are given up
(run with --jobs 1 to give each test the whole limit). Exit status: 0, or 1
when some test disagrees with --expect (or races, with --races=fail), 3 when some test timed out or ran
out of memory, 2 for input errors.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			allProcs() // its tests run in parallel
			return runLitmus(cmd, args, &f)
		},
	}
	f.cmd = cmd
	fl := cmd.Flags()
	fl.StringVar(&f.model, "model", "tso", "memory model: a built-in name ("+strings.Join(memmodel.Names(), ", ")+"), a .mm file or a .cat file")
	fl.StringVar(&f.expect, "expect", "", "CSV of expected results (path,0|1); list the disagreements")
	fl.BoolVar(&f.json, "json", false, "print machine-readable results on stdout")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print one line per test instead of states and witnesses")
	fl.BoolVar(&f.lsl, "lsl", false, "print the LSL translation of each test instead of running it")
	fl.IntVarP(&f.jobs, "jobs", "j", 0, "tests to run in parallel (default: the number of CPUs)")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up on a test after this long, e.g. 30s")
	fl.StringVar(&f.maxMemory, "max-memory", "", "give up on the tests running when the process's memory exceeds this size, e.g. 4G (default: 3/4 of RAM)")
	fl.StringVar(&f.encoding, "encoding", "optimized", "memory model encoding: optimized or generic (the plain expansion)")
	fl.StringVar(&f.transitivity, "transitivity", "sparse", "transitivity of total orders in the optimized encoding: sparse (chordal), eager or lazy")
	fl.StringVar(&f.races, "races", "warn", "data races of C tests: warn (Flag racy), fail (Flag racy and exit status 1) or off (no check on models without flags of their own)")
	addSolverFlag(cmd, &f.solver)
	return cmd
}

// maxJobs bounds --jobs: each job holds an encoding and a solver, and
// more jobs than this only compete for the same cores and memory.
const maxJobs = 256

func (f *litmusFlags) options() (litmusrun.SuiteOptions, error) {
	var o litmusrun.SuiteOptions
	if f.jobs < 0 || f.jobs > maxJobs {
		return o, fmt.Errorf("--jobs %d: must be between 1 and %d (0: the number of CPUs)", f.jobs, maxJobs)
	}
	if f.timeout < 0 {
		return o, fmt.Errorf("--timeout %v: must not be negative (0 means no limit)", f.timeout)
	}
	var err error
	if o.MaxMemory, err = maxMemory(f.maxMemory); err != nil {
		return o, err
	}
	lim := modelLimits(f.timeout, o.MaxMemory)
	m, err := loadModel(f.model, lim)
	if err != nil {
		return o, orLimit(err, lim, f.cmd, nil)
	}
	enc, err := axioms.ParseEncoding(f.encoding)
	if err != nil {
		return o, err
	}
	tr, err := axioms.ParseTransitivity(f.transitivity)
	if err != nil {
		return o, err
	}
	o.Mining = mining.Options{Options: encode.Options{Axioms: axioms.Options{Encoding: enc, Transitivity: tr}}, Model: m}
	if o.Mining.Solver, err = solverOptions(f.solver); err != nil {
		return o, err
	}
	races, err := mining.ParseRaceMode(f.races)
	if err != nil {
		return o, err
	}
	o.NoRaces = races == mining.RacesOff
	o.Witness = !f.quiet && !f.json
	o.VerdictOnly = f.quiet && !f.json // one query per test (no states to print)
	o.Jobs = f.jobs
	o.Timeout = f.timeout
	return o, nil
}

// litmusJSON is the --json output (SPEC §2).
type litmusJSON struct {
	Model string           `json:"model"`
	Tests []litmusTestJSON `json:"tests"`
}

type litmusTestJSON struct {
	Name      string   `json:"name"`
	File      string   `json:"file"`
	Holds     bool     `json:"holds"`
	Expected  *bool    `json:"expected"`
	Condition string   `json:"condition"`
	States    []string `json:"states"`
	Positive  int      `json:"positive"`
	Negative  int      `json:"negative"`
	Seconds   float64  `json:"seconds"`
	Timeout   bool     `json:"timeout,omitempty"`
	// OverMemory: given up when the process exceeded --max-memory
	OverMemory bool `json:"over_memory,omitempty"`
	// Unsupported is the reason a test was not run (then Detail says
	// where and why).
	Unsupported string `json:"unsupported,omitempty"`
	Detail      string `json:"detail,omitempty"`
	// Flags lists the flags of a cat model that fire in some execution.
	Flags []string `json:"flags,omitempty"`
}

func runLitmus(cmd *cobra.Command, args []string, f *litmusFlags) error {
	opt, err := f.options()
	if err != nil {
		return err
	}
	var exp *litmus.Expectations
	if f.expect != "" {
		src, err := frontend.ReadFile(f.expect)
		if err != nil {
			return err
		}
		if exp, err = litmus.ParseExpectations(f.expect, src); err != nil {
			return err
		}
	}
	files, err := litmus.Files(args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return &diag.Error{Msg: "no .litmus files found"}
	}
	out, errw := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if f.lsl {
		return printLitmusLSL(out, errw, files)
	}
	ctx, stop := notifyInterrupt(context.Background())
	defer stop()
	// the summary goes where it does not mix with the JSON document
	summary := out
	if f.json {
		summary = errw
	}
	doc := litmusJSON{Model: opt.Mining.Model.Name(), Tests: []litmusTestJSON{}}
	var s litmusSummary
	litmusrun.RunFiles(ctx, files, opt, func(o litmusrun.Outcome) {
		if u, ok := litmus.IsUnsupported(o.Err); ok {
			s.unsupported(u.Reason)
			switch {
			case f.json:
				doc.Tests = append(doc.Tests, litmusTestJSON{Name: litmusName(o), File: o.File, Unsupported: u.Reason, Detail: u.Error(), States: []string{}})
			case f.quiet:
				fmt.Fprintf(out, "%-40s Unsupported (%s)\n", litmusName(o), u.Reason)
			default:
				fmt.Fprintf(out, "%s\n\n", u.Error())
			}
			return
		}
		if o.Err != nil && !o.TimedOut && !o.OverMemory {
			fmt.Fprintln(errw, o.Err)
			s.inputErrors++
			return
		}
		s.tests++
		if o.Result != nil && o.Result.Racy() {
			s.racy++
		}
		var expected *bool
		if exp != nil {
			if want, ok := exp.Lookup(o.File); ok {
				expected = &want
			}
		}
		if o.TimedOut {
			s.timeouts++
			fmt.Fprintf(errw, "%s: %s: no answer within %v\n", o.File, o.Test.Name, f.timeout)
		}
		if o.OverMemory {
			s.overMemory++
			fmt.Fprintf(errw, "%s: %s: no answer within %d MiB (--max-memory)\n", o.File, o.Test.Name, opt.MaxMemory>>20)
		}
		holds := o.Result != nil && o.Result.Holds
		switch {
		case expected == nil && exp != nil:
			s.unexpected++
		case expected == nil:
		case o.Result != nil && *expected == holds:
			s.agree++
		default:
			s.disagreements = append(s.disagreements, fmt.Sprintf("%s: %s: %s, expected %s",
				o.File, o.Test.Name, outcomeWord(o), okWord(*expected)))
		}
		if f.json {
			doc.Tests = append(doc.Tests, testJSON(o, holds, expected))
			return
		}
		if o.Result == nil {
			return
		}
		if f.quiet {
			flags := ""
			for _, fl := range o.Result.Flags {
				flags += " (flag " + fl + ")"
			}
			fmt.Fprintf(out, "%-40s %s%s\n", o.Test.Name, holdsWord(o.Result), flags)
			return
		}
		litmusrun.WriteResult(out, o.Result)
		fmt.Fprintln(out)
	})
	if f.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
	}
	s.write(summary, exp != nil)
	switch {
	case ctx.Err() != nil:
		return exitError{exitInterrupted}
	case s.inputErrors > 0:
		return exitError{exitUsage}
	case len(s.disagreements) > 0 || f.races == "fail" && s.racy > 0:
		return exitError{exitFail}
	case s.timeouts > 0 || s.overMemory > 0:
		return exitError{exitInconclusive}
	}
	return nil
}

type litmusSummary struct {
	tests, agree, unexpected, timeouts, overMemory, inputErrors, racy int
	disagreements                                                     []string
	unsupportedBy                                                     map[string]int
}

func (s *litmusSummary) unsupported(reason string) {
	if s.unsupportedBy == nil {
		s.unsupportedBy = map[string]int{}
	}
	s.unsupportedBy[reason]++
}

// litmusName names a test whose file may not have parsed.
func litmusName(o litmusrun.Outcome) string {
	if o.Test != nil {
		return o.Test.Name
	}
	return strings.TrimSuffix(filepath.Base(o.File), ".litmus")
}

func (s *litmusSummary) write(w io.Writer, expect bool) {
	for _, d := range s.disagreements {
		fmt.Fprintln(w, "disagreement:", d)
	}
	line := fmt.Sprintf("%d tests", s.tests)
	if expect {
		line += fmt.Sprintf(", %d agree", s.agree)
		if s.unexpected > 0 {
			line += fmt.Sprintf(", %d without expectation", s.unexpected)
		}
	}
	if s.racy > 0 {
		line += fmt.Sprintf(", %d racy", s.racy)
	}
	if len(s.unsupportedBy) > 0 {
		total := 0
		var reasons []string
		for r, n := range s.unsupportedBy {
			total += n
			reasons = append(reasons, fmt.Sprintf("%s: %d", r, n))
		}
		sort.Strings(reasons)
		line += fmt.Sprintf(", %d unsupported (%s)", total, strings.Join(reasons, ", "))
	}
	if s.timeouts > 0 {
		line += fmt.Sprintf(", %d timed out", s.timeouts)
	}
	if s.overMemory > 0 {
		line += fmt.Sprintf(", %d over the memory limit", s.overMemory)
	}
	if s.inputErrors > 0 {
		line += fmt.Sprintf(", %d with input errors", s.inputErrors)
	}
	fmt.Fprintln(w, line)
}

// outcomeWord is holdsWord of a test that may have run out of memory.
func outcomeWord(o litmusrun.Outcome) string {
	if o.OverMemory {
		return "OverMemory"
	}
	return holdsWord(o.Result)
}

func holdsWord(r *litmusrun.Result) string {
	if r == nil {
		return "Timeout"
	}
	return okWord(r.Holds)
}

func okWord(b bool) string {
	if b {
		return "Ok"
	}
	return "No"
}

func testJSON(o litmusrun.Outcome, holds bool, expected *bool) litmusTestJSON {
	j := litmusTestJSON{Name: o.Test.Name, File: o.File, Holds: holds, Expected: expected,
		Condition: o.Test.Cond.String(), States: []string{}, Timeout: o.TimedOut, OverMemory: o.OverMemory}
	if r := o.Result; r != nil {
		for _, st := range r.States {
			j.States = append(j.States, o.Test.FormatState(st))
		}
		j.Positive, j.Negative, j.Seconds = r.Positive, r.Negative, r.Time.Seconds()
		j.Flags = r.Flags
	}
	return j
}

// printLitmusLSL prints the LSL translation of each file.
func printLitmusLSL(out, errw io.Writer, files []string) error {
	bad := false
	for _, file := range files {
		src, err := frontend.ReadFile(file)
		if err == nil {
			var t *litmus.Test
			if t, err = litmus.Parse(file, src); err == nil {
				fmt.Fprintf(out, "// %s: %s\n%s\n", file, t.Name, litmus.FormatLSL(t))
				continue
			}
		}
		fmt.Fprintln(errw, err)
		bad = true
	}
	if bad {
		return exitError{exitUsage}
	}
	return nil
}

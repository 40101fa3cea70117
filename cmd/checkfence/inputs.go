package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/diag"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

// checkFlags are the flags shared by run and mine.
type checkFlags struct {
	model        string
	spec         string
	tests        []string
	html         string
	json         bool
	timeout      time.Duration
	maxUnroll    int
	maxThreads   int
	intWidth     int
	quiet        bool
	verbose      bool
	encoding     string
	transitivity string
	maxMemory    string
	frontend     string
	fair         bool
	solver       string
	symmetry     bool
	presize      bool
	simulate     bool
	logQueries   bool
	races        string // --races (run)
	leaks        string
	cmd          *cobra.Command // the command the flags belong to (its stderr takes the query log)
}

func (f *checkFlags) register(cmd *cobra.Command, full bool) {
	f.cmd = cmd
	fl := cmd.Flags()
	fl.StringVar(&f.model, "model", "relaxed", "memory model: a built-in name ("+strings.Join(memmodel.Names(), ", ")+"), a .mm file or a .cat file")
	fl.StringVar(&f.spec, "spec", "", "mine observations from this reference implementation instead of IMPL")
	fl.StringArrayVar(&f.tests, "test", nil, "check only this test (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up on a test after this long (INCONCLUSIVE), e.g. 10m")
	fl.IntVar(&f.maxUnroll, "max-unroll", 64, "highest loop bound before INCONCLUSIVE")
	fl.IntVar(&f.maxThreads, "max-threads", llvmfront.DefaultThreadRounds, "thread-creation bound: how often a loop that starts threads with a count known only at run time (C through clang, .ll) is unrolled before INCONCLUSIVE")
	fl.IntVar(&f.intWidth, "int-width", 0, "number width in bits when the range analysis finds no bound (default: the widest integer type of a C program, 64 for AArch64 litmus tests, 16 for LSL)")
	fl.StringVar(&f.maxMemory, "max-memory", "", "give up on a test (INCONCLUSIVE) when the heap exceeds this size, e.g. 4G (default: 3/4 of RAM)")
	fl.StringVar(&f.encoding, "encoding", "optimized", "memory model encoding: optimized or generic (the plain expansion)")
	fl.StringVar(&f.transitivity, "transitivity", "sparse", "transitivity of total orders in the optimized encoding: sparse (chordal), eager or lazy")
	fl.BoolVar(&f.fair, "fair", true, "fair progress: a loop iteration that writes nothing and changes no state is redundant, so retry loops converge (--fair=false counts every iteration)")
	fl.BoolVar(&f.symmetry, "symmetry", true, "explore one order of identical threads (also threads that differ only in integer arguments, made to choose them) and one numbering of the pool blocks mallocs take first (--symmetry=false: all)")
	fl.BoolVar(&f.presize, "presize", true, "whole programs: size the loop bounds first, looking for failures at each size only briefly (--presize=false: every failure within the current bounds is ruled out before any bound is raised)")
	fl.BoolVar(&f.simulate, "simulate", true, "raise loop bounds to those that random sequentially consistent runs need (with fair progress): a whole program starts sizing there; a test goes there before its first round if it is large, else after its first cut-off execution (its second, if the first round's formula is tiny)")
	fl.BoolVar(&f.logQueries, "log-queries", false, "print a line on stderr for each unrolling encoded and each SAT query: its phase, size, answer, conflicts and CPU seconds (where a slow check's time goes)")
	fl.StringVar(&f.leaks, "leaks", leaksAuto, "memory leaks (a malloc'd block not freed when the program ends): auto (check whole programs that free memory), on (every program, and .tst tests with final operations), off")
	fl.BoolVar(&f.json, "json", false, "print machine-readable results on stdout")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print only the results table")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "also print witness traces and statistics")
	addFrontendFlag(cmd, &f.frontend)
	addSolverFlag(cmd, &f.solver)
	if full {
		fl.StringVar(&f.html, "html", "", "write one HTML page per test and an index page to this directory")
	}
}

// maxUnrollLimit bounds --max-unroll: a loop unrolled a million times
// is already far beyond what any encoding can hold.
const maxUnrollLimit = 1_000_000

// maxThreadsLimit bounds --max-threads: every round adds threads to the
// encoding.
const maxThreadsLimit = 1000

// validate rejects flag values that are meaningless, instead of reading
// them as "no limit" or the default.
func (f *checkFlags) validate() error {
	if f.timeout < 0 {
		return fmt.Errorf("--timeout %v: must not be negative (0 means no limit)", f.timeout)
	}
	if f.maxUnroll < 1 || f.maxUnroll > maxUnrollLimit {
		return fmt.Errorf("--max-unroll %d: must be between 1 and %d", f.maxUnroll, maxUnrollLimit)
	}
	if f.maxThreads < 1 || f.maxThreads > maxThreadsLimit {
		return fmt.Errorf("--max-threads %d: must be between 1 and %d", f.maxThreads, maxThreadsLimit)
	}
	if f.intWidth != 0 && (f.intWidth < 2 || f.intWidth > 64) {
		return fmt.Errorf("--int-width must be between 2 and 64")
	}
	switch f.leaks {
	case leaksAuto, leaksOn, leaksOff:
	default:
		return fmt.Errorf("--leaks %q: use auto, on or off", f.leaks)
	}
	if f.quiet && f.verbose {
		return fmt.Errorf("-q (--quiet) and -v (--verbose) contradict each other: give one of them")
	}
	return nil
}

// options builds the mining options and names the model; errors are
// usage errors. The reference implementation (--spec) is loaded by
// loadSpec.
func (f *checkFlags) options() (mining.Options, string, error) {
	var o mining.Options
	err := f.validate()
	if err != nil {
		return o, "", err
	}
	if o.MaxMemory, err = maxMemory(f.maxMemory); err != nil {
		return o, "", err
	}
	lim := modelLimits(f.timeout, o.MaxMemory)
	m, err := loadModel(f.model, lim)
	if err != nil {
		return o, "", orLimit(err, lim, f.cmd, nil)
	}
	enc, err := axioms.ParseEncoding(f.encoding)
	if err != nil {
		return o, "", err
	}
	tr, err := axioms.ParseTransitivity(f.transitivity)
	if err != nil {
		return o, "", err
	}
	if err := checkFrontend(f.frontend); err != nil {
		return o, "", err
	}
	o.Model = m
	o.Axioms = axioms.Options{Encoding: enc, Transitivity: tr}
	o.NoSymmetry = !f.symmetry
	o.NoPresize = !f.presize
	o.NoSimulation = !f.simulate
	o.MaxUnroll = f.maxUnroll
	o.FallbackWidth = f.intWidth
	o.Timeout = f.timeout
	o.NoFairProgress = !f.fair
	if f.logQueries {
		o.OnQuery = queryLogger(f.cmd.ErrOrStderr())
	}
	if o.Solver, err = solverOptions(f.solver); err != nil {
		return o, "", err
	}
	return o, m.Name(), nil
}

// limits are the limits of loading the inputs: those of a test, and
// Ctrl-C (ctx).
func (f *checkFlags) limits(ctx context.Context, o mining.Options) *loadLimits {
	return &loadLimits{ctx: ctx, timeout: o.Timeout, maxMemory: o.MaxMemory, keepPool: f.leaks == leaksOn, maxThreads: f.maxThreads}
}

// loadSpec loads the reference implementation (--spec) and checks that it
// has every operation of the tests.
func (f *checkFlags) loadSpec(lim *loadLimits, tests []*lsl.Test) (*lsl.Program, error) {
	if f.spec == "" {
		return nil, nil
	}
	sp, err := loadImpl(lim, []string{f.spec}, f.frontend)
	if err != nil {
		if ce := (*limits.CanceledError)(nil); errors.As(err, &ce) {
			return nil, &limitError{err: ce, tests: tests}
		}
		return nil, err
	}
	tf := &lsl.TestFile{Tests: tests}
	if err := tf.Check(sp); err != nil {
		var list diag.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				e.Msg += " in the reference implementation " + f.spec + " (--spec)"
			}
		}
		return nil, err
	}
	return sp, nil
}

// maxMemory reads a --max-memory value (run and litmus): bytes, the
// default when the flag is not given.
func maxMemory(flag string) (int64, error) {
	if flag == "" {
		return limits.DefaultMaxMemory(), nil
	}
	n, err := limits.ParseSize(flag)
	if err != nil {
		return 0, fmt.Errorf("--max-memory %q: %v", flag, err)
	}
	return n, nil
}

package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
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
}

func (f *checkFlags) register(cmd *cobra.Command, full bool) {
	fl := cmd.Flags()
	fl.StringVar(&f.model, "model", "relaxed", "memory model: a built-in name ("+strings.Join(axioms.BuiltinNames(), ", ")+") or a .mm file")
	fl.StringVar(&f.spec, "spec", "", "mine observations from this reference implementation instead of IMPL")
	fl.StringArrayVar(&f.tests, "test", nil, "check only this test (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up on a test after this long (INCONCLUSIVE), e.g. 10m")
	fl.IntVar(&f.maxUnroll, "max-unroll", 64, "highest loop bound before INCONCLUSIVE")
	fl.IntVar(&f.intWidth, "int-width", 16, "number width in bits when the range analysis finds no bound")
	fl.StringVar(&f.maxMemory, "max-memory", "", "give up on a test (INCONCLUSIVE) when the heap exceeds this size, e.g. 4G (default: 3/4 of RAM)")
	fl.StringVar(&f.encoding, "encoding", "optimized", "memory model encoding: optimized or generic (the plain expansion)")
	fl.StringVar(&f.transitivity, "transitivity", "sparse", "transitivity of total orders in the optimized encoding: sparse (chordal), eager or lazy")
	fl.BoolVar(&f.fair, "fair", true, "fair progress: a loop iteration that writes nothing and changes no state is redundant, so retry loops converge (--fair=false counts every iteration)")
	fl.BoolVar(&f.symmetry, "symmetry", true, "explore one order of identical threads (--symmetry=false: all)")
	fl.BoolVar(&f.json, "json", false, "print machine-readable results on stdout")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print only the results table")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "also print witness traces and statistics")
	addFrontendFlag(cmd, &f.frontend)
	addSolverFlag(cmd, &f.solver)
	if full {
		fl.StringVar(&f.html, "html", "", "write one HTML page per test and an index page to this directory")
	}
}

// options builds the mining options; errors are usage errors.
func (f *checkFlags) options() (mining.Options, *axioms.Model, error) {
	var o mining.Options
	m, err := axioms.LoadModel(f.model)
	if err != nil {
		return o, nil, err
	}
	enc, err := axioms.ParseEncoding(f.encoding)
	if err != nil {
		return o, nil, err
	}
	tr, err := axioms.ParseTransitivity(f.transitivity)
	if err != nil {
		return o, nil, err
	}
	if f.intWidth < 2 || f.intWidth > 64 {
		return o, nil, fmt.Errorf("--int-width must be between 2 and 64")
	}
	if f.spec != "" {
		sp, err := loadImpl([]string{f.spec}, f.frontend)
		if err != nil {
			return o, nil, err
		}
		o.Spec = sp
	}
	o.MaxMemory = mining.DefaultMaxMemory()
	if f.maxMemory != "" {
		n, err := mining.ParseSize(f.maxMemory)
		if err != nil {
			return o, nil, fmt.Errorf("--max-memory %q: %v", f.maxMemory, err)
		}
		o.MaxMemory = n
	}
	o.Model = m
	o.Axioms = axioms.Options{Encoding: enc, Transitivity: tr}
	o.NoSymmetry = !f.symmetry
	o.MaxUnroll = f.maxUnroll
	o.FallbackWidth = f.intWidth
	o.Timeout = f.timeout
	o.NoFairProgress = !f.fair
	if o.Solver, err = solverOptions(f.solver); err != nil {
		return o, nil, err
	}
	return o, m, nil
}

package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
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
}

func (f *checkFlags) register(cmd *cobra.Command, full bool) {
	fl := cmd.Flags()
	fl.StringVar(&f.model, "model", "relaxed", "memory model: a built-in name ("+strings.Join(append(axioms.BuiltinNames(), cat.BuiltinNames()...), ", ")+"), a .mm file or a .cat file")
	fl.StringVar(&f.spec, "spec", "", "mine observations from this reference implementation instead of IMPL")
	fl.StringArrayVar(&f.tests, "test", nil, "check only this test (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up on a test after this long (INCONCLUSIVE), e.g. 10m")
	fl.IntVar(&f.maxUnroll, "max-unroll", 64, "highest loop bound before INCONCLUSIVE")
	fl.IntVar(&f.intWidth, "int-width", 16, "number width in bits when the range analysis finds no bound")
	fl.StringVar(&f.maxMemory, "max-memory", "", "give up on a test (INCONCLUSIVE) when the heap exceeds this size, e.g. 4G (default: 3/4 of RAM)")
	fl.StringVar(&f.encoding, "encoding", "optimized", "memory model encoding: optimized or generic (the plain expansion)")
	fl.StringVar(&f.transitivity, "transitivity", "eager", "transitivity of total orders in the optimized encoding: eager or lazy")
	fl.BoolVar(&f.json, "json", false, "print machine-readable results on stdout")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print only the results table")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "also print witness traces and statistics")
	addFrontendFlag(cmd, &f.frontend)
	if full {
		fl.StringVar(&f.html, "html", "", "write one HTML page per test and an index page to this directory")
	}
}

// options builds the mining options and names the model; errors are
// usage errors.
func (f *checkFlags) options() (mining.Options, string, error) {
	var o mining.Options
	m, cm, err := loadModel(f.model)
	if err != nil {
		return o, "", err
	}
	enc, err := axioms.ParseEncoding(f.encoding)
	if err != nil {
		return o, "", err
	}
	var tr axioms.Transitivity
	switch f.transitivity {
	case "eager":
		tr = axioms.Eager
	case "lazy":
		tr = axioms.Lazy
	default:
		return o, "", fmt.Errorf("unknown transitivity %q (use eager or lazy)", f.transitivity)
	}
	if f.intWidth < 2 || f.intWidth > 64 {
		return o, "", fmt.Errorf("--int-width must be between 2 and 64")
	}
	if f.spec != "" {
		sp, err := loadImpl([]string{f.spec}, f.frontend)
		if err != nil {
			return o, "", err
		}
		o.Spec = sp
	}
	o.MaxMemory = mining.DefaultMaxMemory()
	if f.maxMemory != "" {
		n, err := mining.ParseSize(f.maxMemory)
		if err != nil {
			return o, "", fmt.Errorf("--max-memory %q: %v", f.maxMemory, err)
		}
		o.MaxMemory = n
	}
	o.Model, o.Cat = m, cm
	o.Axioms = axioms.Options{Encoding: enc, Transitivity: tr}
	o.MaxUnroll = f.maxUnroll
	o.FallbackWidth = f.intWidth
	o.Timeout = f.timeout
	return o, modelName(o), nil
}

package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/checkfence/checkfence/encode"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/frontend/scanf"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
	"github.com/checkfence/checkfence/trace"
	"github.com/spf13/cobra"
)

// Property mode (checkfence run PROGRAM.c --prop FILE, docs/sv-comp.md):
// the program is checked for the violations of one SV-COMP property only,
// on sequential consistency unless --model says otherwise, and the answer
// is printed as SV-COMP verifiers print it, on the last line of the
// output: TRUE, FALSE(PROPERTY) or UNKNOWN. Exit status: 0 TRUE, 1 FALSE,
// 3 UNKNOWN, 2 an input the tool refuses (the message says why).

// svcompFlags are run's property-mode flags.
type svcompFlags struct {
	prop      string // --prop
	dataModel string // --data-model
	witness   string // --witness
}

// The data models of --data-model and the clang flag of each.
var dataModels = map[string]string{"ILP32": "-m32", "LP64": "-m64"}

// clangExtraFlags are added to every clang command line (--data-model).
var clangExtraFlags []string

// checkSignedOverflow makes signed overflow a runtime error of the LLVM
// front end (--prop no-overflow).
var checkSignedOverflow bool

func (s *svcompFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&s.prop, "prop", "", "check one SV-COMP property (a property file: unreach-call, no-data-race, valid-memsafety, ...) and print TRUE, FALSE(PROPERTY) or UNKNOWN (docs/sv-comp.md)")
	fl.StringVar(&s.dataModel, "data-model", "", "with --prop: the C data model, ILP32 (32-bit long and pointers) or LP64 (default: the compiler's)")
	fl.StringVar(&s.witness, "witness", "", "with --prop: write an SV-COMP violation witness (witness 2.0 YAML) for a FALSE answer to this file")
}

// given reports whether a property-mode flag is given.
func (s *svcompFlags) given() bool { return s.prop != "" || s.dataModel != "" || s.witness != "" }

// check rejects flags given without --prop, or a bad --data-model.
func (s *svcompFlags) check() error {
	if s.prop == "" {
		if s.dataModel != "" || s.witness != "" {
			return fmt.Errorf("--data-model and --witness go with --prop")
		}
		return nil
	}
	if s.dataModel != "" {
		if _, ok := dataModels[strings.ToUpper(s.dataModel)]; !ok {
			return fmt.Errorf("unknown data model %q (use ILP32 or LP64)", s.dataModel)
		}
	}
	return nil
}

// runProperty is run with --prop.
func runProperty(cmd *cobra.Command, args []string, f *checkFlags, s *svcompFlags) error {
	if err := s.check(); err != nil {
		return err
	}
	prop, err := readProperty(s.prop)
	if err != nil {
		return err
	}
	for _, a := range args {
		if isTestFile(a) {
			return fmt.Errorf("--prop checks a whole program (its main), not the tests of %s", a)
		}
	}
	if len(f.tests) > 0 {
		return fmt.Errorf("--prop checks a whole program: --test does not apply")
	}
	if f.races != "" {
		return fmt.Errorf("--races does not go with --prop: the property decides whether data races count")
	}
	if !cmd.Flags().Changed("model") {
		f.model = "sc" // SV-COMP's programs run on sequential consistency
	}
	if dm := strings.ToUpper(s.dataModel); dm != "" {
		clangExtraFlags = []string{dataModels[dm]}
		defer func() { clangExtraFlags = nil }()
	}
	if prop == propNoOverflow {
		checkSignedOverflow = true
		defer func() { checkSignedOverflow = false }()
	}
	if !cmd.Flags().Changed("leaks") {
		f.leaks = leaksOff
		if prop == propMemSafety || prop == propMemCleanup {
			f.leaks = leaksOn // keep malloc's pool for the leak check (memsafety.go)
		}
	}
	opt, _, err := f.options()
	if err != nil {
		return err
	}
	defer oneProc(opt.Solver)()
	out := cmd.OutOrStdout()
	ctx, stop := interruptible()
	defer stop()
	start := time.Now()
	lim := f.limits(ctx, opt)
	prog, tests, err := loadInputs(lim, args, nil, f.frontend)
	if err != nil {
		var le *limitError
		if errors.As(err, &le) {
			fmt.Fprintf(out, "%s\n", le.Error())
			return writeAnswer(out, svcompAnswer{verdict: answerUnknown})
		}
		return err
	}
	opt.NoDeadlock = true
	opt.Races = mining.RacesNone
	if prop == propNoDataRace {
		opt.Races = mining.RacesFail
	}
	test := tests[0]
	var r *mining.Result
	for _, leaks := range leakPasses(prop, f.leaks) {
		test.Leaks = leaks
		opt.QuietError = quietErrors(prop, leaks)
		if f.timeout > 0 {
			opt.Timeout = f.timeout - time.Since(start)
			if opt.Timeout <= 0 {
				break
			}
		}
		r, err = mining.Check(ctx, prog, test, opt)
		if err != nil {
			return err
		}
		if r.Verdict != mining.Pass {
			break
		}
	}
	a := answerFor(prop, r)
	if prop == propMemSafety && a.verdict == answerUnknown && r != nil && r.Verdict == mining.Fail &&
		r.Reason == mining.ReasonRuntimeError && memSubproperty(r.Message) == subValidMemtrack {
		// a leak: valid-memtrack only if no pointer reaches the block
		// (svcomp_memtrack.go), and only read on sequential consistency
		if lost, ok := lostBlocks(r); ok && len(lost) > 0 && opt.Model.SequentiallyConsistent() {
			r.Message = fmt.Sprintf("%s; no pointer reaches %s when the program ends (memory lost)", r.Message, strings.Join(lost, ", "))
			a = svcompAnswer{answerFalse, subValidMemtrack}
		} else if ok && len(lost) == 0 {
			r.Message += "; a global still points to it (valid-memcleanup, not valid-memtrack), and this check does not tell whether another execution loses a block"
		}
	}
	if a.verdict == answerFalse && overApproximated(r) {
		fmt.Fprintf(out, "the violation follows a sscanf of a string that is not a constant, whose values are any values: it may not be real\n")
		a = svcompAnswer{verdict: answerUnknown}
	}
	if r != nil && r.Message != "" && a.verdict != answerTrue {
		fmt.Fprintf(out, "%s: %s\n", r.Reason, r.Message)
	}
	if a.verdict == answerFalse && s.witness != "" {
		if err := writeViolationWitness(s.witness, args, prop, a.property, strings.ToUpper(s.dataModel), r); err != nil {
			return err
		}
	}
	return writeAnswer(out, a)
}

// leakPasses are the checks a property takes: valid-memsafety first
// without the leak check (its other violations would otherwise hide behind
// a leak every execution has), then with it.
func leakPasses(prop, leaks string) []bool {
	switch {
	case prop == propMemSafety && leaks == leaksOn:
		return []bool{false, true}
	case leaks == leaksOn:
		return []bool{true}
	}
	return []bool{false}
}

// quietErrors are the error sites that end a path without violating prop:
// abort() and exit() end the program; a failed assertion ends it too
// unless the property is unreach-call; a memory leak is a violation only
// of the memory properties, checked with leaks.
func quietErrors(prop string, leaks bool) func(*encode.ErrorSite) bool {
	return func(es *encode.ErrorSite) bool {
		if es.Reason == trace.ReasonAssertion {
			return prop != propUnreachCall
		}
		a, ok := es.Stmt.(*lsl.Abort)
		switch {
		case !ok:
			return false
		case strings.HasPrefix(a.Msg, "memory leak"):
			return !leaks
		}
		return programEnd(a.Msg)
	}
}

// programEnd reports whether an abort message is that of a call that ends
// the program (abort, exit with a status other than 0: api.go).
func programEnd(msg string) bool {
	return msg == "abort()" || strings.HasPrefix(msg, "exit(") || strings.HasPrefix(msg, "exit with")
}

// The three answers.
const (
	answerTrue    = "TRUE"
	answerFalse   = "FALSE"
	answerUnknown = "UNKNOWN"
)

// svcompAnswer is the answer to a property: for FALSE, the property (or
// subproperty) violated.
type svcompAnswer struct {
	verdict  string
	property string
}

// answerFor maps the result of a property check to the answer: a failure
// is FALSE only when it violates the property for sure; another failure
// (a runtime error under unreach-call, a leak under valid-memsafety, which
// may still be reachable memory) leaves the answer UNKNOWN.
func answerFor(prop string, r *mining.Result) svcompAnswer {
	if r == nil {
		return svcompAnswer{verdict: answerUnknown}
	}
	switch r.Verdict {
	case mining.Pass:
		if prop == propTermination {
			return svcompAnswer{verdict: answerUnknown} // not checked (docs/sv-comp.md)
		}
		return svcompAnswer{verdict: answerTrue}
	case mining.Fail:
	default:
		return svcompAnswer{verdict: answerUnknown}
	}
	switch prop {
	case propUnreachCall:
		if r.Reason == mining.ReasonAssertion {
			return svcompAnswer{answerFalse, propUnreachCall}
		}
	case propNoDataRace:
		if r.Reason == mining.ReasonDataRace {
			return svcompAnswer{answerFalse, propNoDataRace}
		}
	case propMemSafety:
		if r.Reason == mining.ReasonRuntimeError {
			if sub := memSubproperty(r.Message); sub != "" && sub != subValidMemtrack {
				return svcompAnswer{answerFalse, sub}
			}
		}
	case propMemCleanup:
		if r.Reason == mining.ReasonRuntimeError && memSubproperty(r.Message) == subValidMemtrack {
			return svcompAnswer{answerFalse, propMemCleanup}
		}
	case propNoOverflow:
		if r.Reason == mining.ReasonRuntimeError && strings.Contains(r.Message, ": "+llvmfront.OverflowMsg) {
			return svcompAnswer{answerFalse, propNoOverflow}
		}
	}
	return svcompAnswer{verdict: answerUnknown}
}

// memSubproperty names the valid-memsafety subproperty a runtime error's
// message violates ("" for none).
func memSubproperty(msg string) string {
	if i := strings.Index(msg, ": "); i >= 0 && strings.Contains(msg[:i], ".c:") {
		msg = msg[i+2:] // drop the position
	}
	switch {
	case strings.HasPrefix(msg, "free of"):
		return subValidFree
	case strings.HasPrefix(msg, "memory leak"):
		return subValidMemtrack
	}
	for _, p := range []string{"null dereference", "dereference of", "use after free", "use of unallocated memory", "out-of-bounds access"} {
		if strings.HasPrefix(msg, p) {
			return subValidDeref
		}
	}
	return ""
}

// writeAnswer prints the answer line and returns its exit status.
func writeAnswer(w io.Writer, a svcompAnswer) error {
	fmt.Fprintln(w, report.SVCOMPAnswer(a.verdict, a.property))
	switch a.verdict {
	case answerTrue:
		return exitError{exitPass}
	case answerFalse:
		return exitError{exitFail}
	}
	return exitError{exitInconclusive}
}

// overApproximated reports whether the execution of a failure made a
// choice that over-approximates the program (a sscanf of a string that is
// not a constant, frontend/scanf): the failure may not be real.
func overApproximated(r *mining.Result) bool {
	if r == nil || r.Trace == nil {
		return false
	}
	for _, th := range r.Trace.Threads {
		for _, op := range th.Ops {
			for _, c := range op.Choices {
				if scanf.IsOverApproximated(c.Expr) {
					return true
				}
			}
		}
	}
	return false
}

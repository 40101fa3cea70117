package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/synth"
	"github.com/spf13/cobra"
)

// insertFlags are the flags of fences --insert.
type insertFlags struct {
	insert      bool
	diff        bool
	kinds       []string
	startUnroll int
	orders      bool
	relax       bool
	grow        bool
}

func (f *insertFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.BoolVar(&f.insert, "insert", false, "synthesize a minimal fence set from candidate fences at every program point")
	fl.BoolVar(&f.diff, "diff", false, "with --insert: print the fences as a unified diff adding them to the source")
	fl.BoolVar(&f.relax, "relax", false, "for a C11 program: propose weaker memory orders under which every test still passes on the model (--diff: as a patch)")
	fl.BoolVar(&f.orders, "orders", true, "with --insert on a C11 program: also propose stronger memory orders for its atomic accesses (relaxed < acquire/release < acq_rel < seq_cst)")
	fl.IntVar(&f.startUnroll, "start-unroll", 2, "with --insert: search with loops unrolled at most this often first, doubling the bound up to --max-unroll only while executions at the bound matter (0: search at --max-unroll at once)")
	fl.BoolVar(&f.grow, "grow", true, "with --insert: grow the constraint a counterexample teaches by checking larger failing selections first (fewer rounds, more checks a round; --grow=false: learn it as found)")
	fl.StringSliceVar(&f.kinds, "kinds", nil, "with --insert: candidate barriers, each NAME or NAME=COST (none: memory orders only; default: every fence kind the model distinguishes, the architecture's barriers on arm8/riscv/power, atomic_thread_fence for C11 programs)")
}

func insertFences(ctx context.Context, cmd *cobra.Command, prog *lsl.Program, tests []*lsl.Test, opt mining.Options, model *axioms.Model, f *checkFlags, ins *insertFlags) error {
	out := cmd.OutOrStdout()
	errOut := cmd.ErrOrStderr()
	src := synth.NewSources(nil)
	sopt := synth.Options{Mining: opt, Points: src.Filter, StartUnroll: ins.startUnroll, PlainClauses: !ins.grow}
	if ins.orders && synth.C11Program(prog) {
		sopt.Orders, sopt.OrderPoints = true, src.OrderFilter
	}
	if len(ins.kinds) > 0 {
		cs, err := synth.ParseChoices(ins.kinds, prog, opt)
		if err != nil {
			return err
		}
		sopt.Choices = cs
	} else {
		sopt.Choices = synth.DefaultChoices(prog, opt)
	}
	quiet := f.json || ins.diff || f.quiet
	if !quiet {
		sopt.OnUnroll = func(b int, why string) {
			if why == "" {
				fmt.Fprintf(out, "searching with loops unrolled at most %d times\n", b)
			} else {
				fmt.Fprintf(out, "searching again with loops unrolled at most %d times: %s\n", b, why)
			}
		}
		sopt.Progress = func(r synth.Round) { fmt.Fprintln(out, roundLine(r)) }
	}
	if !quiet {
		var kinds []string
		for _, c := range sopt.Choices {
			kinds = append(kinds, c.Name)
		}
		if sopt.Orders {
			kinds = append(kinds, "stronger memory orders")
		}
		fmt.Fprintf(out, "%d tests, model %s, candidate kinds: %s\n", len(tests), modelNameOf(opt), strings.Join(kinds, ", "))
	}
	prog2 := newProgress(errOut, !f.json)
	sopt.Mining.Progress = prog2.update
	sopt.Mining.OnQuery = prog2.clearing(sopt.Mining.OnQuery)
	r, err := synth.Insert(ctx, prog, tests, sopt)
	prog2.clear()
	if err != nil {
		return err
	}
	switch {
	case f.json:
		if err := synth.WriteJSON(out, r); err != nil {
			return err
		}
	case ins.diff:
		if r.Outcome == synth.Found {
			if err := synth.WriteDiff(out, r, src); err != nil {
				return err
			}
		} else {
			synth.WriteText(errOut, r)
		}
	default:
		grow := ""
		if r.GrowChecks > 0 {
			grow = fmt.Sprintf(" (%d of them growing clauses)", r.GrowChecks)
		}
		fmt.Fprintf(out, "%d candidate fences at %d program points; %d rounds, %d checks%s\n", len(r.Candidates), r.Points, r.Rounds, r.Checks, grow)
		synth.WriteText(out, r)
		if r.Outcome == synth.Found {
			fmt.Fprintln(out, coversOnly(len(tests)))
		}
	}
	if ctx.Err() != nil {
		return exitError{exitInterrupted}
	}
	switch r.Outcome {
	case synth.Unfixable:
		return exitError{exitFail}
	case synth.Undecided:
		return exitError{exitInconclusive}
	}
	return nil
}

func modelNameOf(opt mining.Options) string { return opt.Model.Name() }

// relaxOrders is fences --relax: weaker memory orders that keep every test
// passing (synth.Relax).
func relaxOrders(ctx context.Context, cmd *cobra.Command, prog *lsl.Program, tests []*lsl.Test, opt mining.Options, f *checkFlags, ins *insertFlags) error {
	if !synth.C11Program(prog) {
		return fmt.Errorf("--relax weakens the memory orders of C11 atomics; this program has none")
	}
	if err := synth.RelaxModelOK(opt); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	src := synth.NewSources(nil)
	var progress func(string)
	if !ins.diff && !f.quiet {
		progress = func(s string) { fmt.Fprintln(out, "  "+s) }
	}
	rs, err := synth.Relax(ctx, prog, tests, opt, src.OrderFilter, progress)
	if ctx.Err() != nil {
		return exitError{exitInterrupted}
	}
	if err != nil {
		return err
	}
	if ins.diff {
		r := &synth.Result{}
		for _, x := range rs {
			r.Fences = append(r.Fences, &synth.Fence{Candidate: x.Candidate})
		}
		return synth.WriteDiff(out, r, src)
	}
	fmt.Fprintf(out, "%d %s can be weakened, in source order, each with the ones before it (every test passes with all of them):\n", len(rs), map[bool]string{true: "order", false: "orders"}[len(rs) == 1])
	for _, x := range rs {
		fmt.Fprintf(out, "  %s:%d  %s\n", x.Point.File, x.Point.Line, synth.Describe(x.Candidate))
	}
	fmt.Fprintln(out, coversOnly(len(tests)))
	return nil
}

// roundLine is the progress line of one round of fence insertion.
func roundLine(r synth.Round) string {
	var names []string
	for _, c := range r.Selected {
		names = append(names, fmt.Sprintf("%s:%d %s %s", c.Point.File, c.Point.Line, c.Point.Side, synth.Describe(c)))
	}
	sel := "no fences"
	if len(names) > 0 {
		sel = strings.Join(names, ", ")
	}
	if r.Test == "" {
		return fmt.Sprintf("round %d: %s: every test passes", r.N, sel)
	}
	if !r.Lesson {
		return fmt.Sprintf("round %d: %s: %s %s (%s): the search stops undecided", r.N, sel, r.Test, r.Verdict, r.Reason)
	}
	rule := "candidates rule"
	if r.Kills == 1 {
		rule = "candidate rules"
	}
	what := "the counterexample"
	if r.Verdict == mining.Inconclusive {
		what = "the execution cut off at the unroll limit"
	}
	grown := ""
	if r.Clause < r.Kills {
		grown = fmt.Sprintf("; %d after growing the selection", r.Clause)
	}
	return fmt.Sprintf("round %d: %s: %s %s (%s), %d %s %s out%s", r.N, sel, r.Test, r.Verdict, r.Reason, r.Kills, rule, what, grown)
}

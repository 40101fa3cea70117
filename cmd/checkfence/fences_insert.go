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
	insert bool
	diff   bool
	kinds  []string
}

func (f *insertFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.BoolVar(&f.insert, "insert", false, "synthesize a minimal fence set from candidate fences at every program point")
	fl.BoolVar(&f.diff, "diff", false, "with --insert: print the fences as a unified diff adding them to the source")
	fl.StringSliceVar(&f.kinds, "kinds", nil, "with --insert: candidate fence kinds (default: every kind the model distinguishes)")
}

func insertFences(ctx context.Context, cmd *cobra.Command, prog *lsl.Program, tests []*lsl.Test, opt mining.Options, model *axioms.Model, f *checkFlags, ins *insertFlags) error {
	if model == nil {
		// candidates are the .mm fence kinds, and the learned clauses rest
		// on axioms.FenceMonotone, which is not argued for cat models
		return fmt.Errorf("fences --insert works on the .mm models (sc, tso, pso, relaxed, rmo or a .mm file), not on cat model %s", opt.Model.Name())
	}
	out := cmd.OutOrStdout()
	errOut := cmd.ErrOrStderr()
	src := synth.NewSources(nil)
	sopt := synth.Options{Mining: opt, Points: src.Filter}
	if len(ins.kinds) > 0 {
		for _, name := range ins.kinds {
			k, ok := lsl.ParseFenceKind(name)
			if !ok || k == lsl.FenceFull {
				return fmt.Errorf("unknown fence kind %q for --kinds (valid kinds: %s)", name, strings.Join(lsl.FenceNames()[:len(lsl.FenceNames())-1], ", "))
			}
			sopt.Kinds = append(sopt.Kinds, k)
		}
	}
	quiet := f.json || ins.diff || f.quiet
	if !quiet {
		sopt.Progress = func(r synth.Round) {
			var names []string
			for _, c := range r.Selected {
				names = append(names, fmt.Sprintf("%s:%d %s %s", c.Point.File, c.Point.Line, c.Point.Side, c.Kind))
			}
			sel := "no fences"
			if len(names) > 0 {
				sel = strings.Join(names, ", ")
			}
			if r.Test == "" {
				fmt.Fprintf(out, "round %d: %s: every test passes\n", r.N, sel)
				return
			}
			rule := "candidates rule"
			if r.Kills == 1 {
				rule = "candidate rules"
			}
			what := "the counterexample"
			if r.Verdict == mining.Inconclusive {
				what = "the execution at the limit"
			}
			fmt.Fprintf(out, "round %d: %s: %s %s (%s), %d %s %s out\n", r.N, sel, r.Test, r.Verdict, r.Reason, r.Kills, rule, what)
		}
	}
	if !quiet {
		var kinds []string
		for _, k := range synth.KindsOrDefault(sopt.Kinds, model) {
			kinds = append(kinds, k.String())
		}
		fmt.Fprintf(out, "%d tests, model %s, candidate kinds: %s\n", len(tests), model.Name, strings.Join(kinds, ", "))
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
		fmt.Fprintf(out, "%d candidate fences at %d program points; %d rounds, %d checks\n", len(r.Candidates), r.Points, r.Rounds, r.Checks)
		synth.WriteText(out, r)
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

package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

func newFencesCmd() *cobra.Command {
	var f checkFlags
	var minimize bool
	var ins insertFlags
	cmd := &cobra.Command{
		Use:   "fences IMPL... TESTFILE",
		Short: "Show which fences the tests need, or find a minimal fence set",
		Long: `Check the tests with all fences, then without each fence in turn (the others
kept): a fence is needed when some test fails without it; the test and the reason
are shown. With --minimize, remove fences one at a time in source order, keeping a
removal whenever every test still passes: the result is a minimal set of fences
(no single fence of it can be dropped) that makes all tests pass.
With --insert, synthesize fences instead: a candidate of each barrier the model
distinguishes is placed at every program point between two memory accesses of an
operation (the .mm fence kinds; DMB ISHLD/ISHST/ISH on arm8; fence r,rw / rw,w /
fence.tso / rw,rw on riscv; lwsync, sync on power; atomic_thread_fence for C11
programs, which also get stronger memory orders for their atomic accesses), and a
counterexample-guided search with the SAT solver finds a smallest set (fewest
changes, then the cheapest) that makes every test pass; each is shown with the test
that fails without it. --kinds NAME[=COST],... picks the candidates and costs.
The fences the program has stay. --diff prints the answer as a patch to the source
(inline assembly for a barrier, atomic_thread_fence or the new memory_order_
argument in C11 code), --json as JSON. The search starts with loops unrolled at most
--start-unroll times and raises the bound only while executions at the bound matter;
an execution that runs a loop to --max-unroll counts against a set like a
counterexample (the answer is then smallest among the sets that pass within the
limit); other limits stop the search. The answer is minimal for the tests given.
See docs/fences.md.
Exit status: 0 when all tests pass with the fences given (--insert: a fence set
was found), 1 otherwise, 3 when a limit stopped the search.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, model, err := f.options()
			if err != nil {
				return err
			}
			defer oneProc(opt.Solver)()
			ctx, stop := interruptible()
			defer stop()
			lim := f.limits(ctx, opt)
			prog, tests, err := loadInputs(lim, args, f.tests, f.frontend)
			if err == nil {
				opt.Spec, err = f.loadSpec(lim, tests)
			}
			if err != nil {
				return orLimit(err, lim, cmd, nil)
			}
			out := cmd.OutOrStdout()
			if ins.relax {
				return relaxOrders(ctx, cmd, prog, tests, opt, &f, &ins) // fences_insert.go
			}
			if ins.insert {
				return insertFences(ctx, cmd, prog, tests, opt, opt.Model.Axiomatic(), &f, &ins) // fences_insert.go
			}
			groups := fenceGroups(prog)
			fmt.Fprintf(out, "%d fences, %d tests, model %s\n", len(groups), len(tests), model)
			first, bound, err := checkAll(ctx, prog, tests, opt, nil)
			if err != nil {
				return err
			}
			if first != nil {
				fmt.Fprintf(out, "the tests do not pass with all fences: %s %s: %s %s\n", first.Test, first.Verdict, first.Reason, first.Message)
				if first.Reason == mining.ReasonInterrupted {
					return exitError{exitInterrupted}
				}
				if first.Verdict == mining.Inconclusive {
					return exitError{exitInconclusive}
				}
				return exitError{exitFail}
			}
			if !cmd.Flags().Changed("max-unroll") && trialUnroll(bound) < opt.MaxUnroll {
				opt.MaxUnroll = trialUnroll(bound)
				fmt.Fprintf(out, "without a fence, a test is INCONCLUSIVE when a loop needs more than %d iterations (4x the %d the tests need with every fence; --max-unroll sets it)\n", opt.MaxUnroll, bound)
			}
			if minimize {
				return minimizeFences(ctx, out, prog, tests, opt, groups)
			}
			for _, g := range groups {
				r, _, err := checkAll(ctx, prog, tests, opt, g.omit())
				if err != nil {
					return err
				}
				if r == nil {
					fmt.Fprintf(out, "  %-30s %-22s not needed by these tests\n", g.pos, g.kind)
				} else {
					fmt.Fprintf(out, "  %-30s %-22s needed: %s %s (%s)\n", g.pos, g.kind, r.Test, r.Verdict, reasonText(r))
				}
				if ctx.Err() != nil {
					return exitError{exitInterrupted}
				}
			}
			return nil
		},
	}
	f.register(cmd, false)
	cmd.Flags().BoolVar(&minimize, "minimize", false, "find a minimal fence set by greedy removal")
	ins.register(cmd)
	return cmd
}

// fenceGroup is the fence statements of one source position (a fence
// written once in C may appear in several LSL places, and a barrier or a
// C11 fence is several fence statements: lsl.Barrier).
type fenceGroup struct {
	pos    diag.Pos
	kind   string
	fences []*lsl.Fence
}

func (g *fenceGroup) omit() map[*lsl.Fence]bool {
	m := map[*lsl.Fence]bool{}
	for _, f := range g.fences {
		m[f] = true
	}
	return m
}

func fenceGroups(p *lsl.Program) []*fenceGroup {
	byKey := map[string]*fenceGroup{}
	var out []*fenceGroup
	for _, proc := range p.Procs {
		lsl.Walk(proc.Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Fence); ok {
				key := f.Pos.String()
				if f.Pos.Line == 0 {
					key += " " + f.Kind.String()
				}
				g, ok := byKey[key]
				if !ok {
					g = &fenceGroup{pos: f.Pos}
					byKey[key] = g
					out = append(out, g)
				}
				g.fences = append(g.fences, f)
				g.kind = fenceName(g.fences)
			}
			return true
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].pos, out[j].pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return out
}

// fenceName names the fences of one source position: a barrier's tag
// (DMB.ISH), a C11 fence's order (ACQ), or the fence kinds.
func fenceName(fs []*lsl.Fence) string {
	var kinds []string
	for _, f := range fs {
		for _, t := range f.Tags {
			if t != lsl.TagMMOnly {
				if _, role := lsl.ParseC11Role(t); !role {
					return t
				}
			}
		}
		if k := f.Kind.String(); !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return strings.Join(kinds, "+")
}

// checkAll runs every test without the omitted fences and returns the first
// result that is not PASS (nil when all pass), and the highest loop bound
// the passing tests needed.
func checkAll(ctx context.Context, prog *lsl.Program, tests []*lsl.Test, opt mining.Options, omit map[*lsl.Fence]bool) (*mining.Result, int, error) {
	opt.Omit = omit
	bound := 0
	for _, t := range tests {
		r, err := mining.Check(ctx, prog, t, opt)
		if err != nil {
			return nil, 0, err
		}
		if r.Verdict != mining.Pass {
			return r, bound, nil
		}
		for _, b := range r.Bounds {
			bound = max(bound, b)
		}
	}
	return nil, bound, nil
}

// trialUnroll is the loop bound at which a check without a fence gives up,
// when --max-unroll is not given: four times the highest bound the tests
// needed with every fence, at least 8. A removal can make a retry loop
// repeat rounds the checker must keep (a storing round another thread
// might read on a weak model: docs/semantics.md, "Storing cycles"); such a
// check never converges, and running it to the default limit of 64 costs
// minutes where the rest of the search costs a fraction of a second. The
// fence is then kept, and the output says why.
func trialUnroll(bound int) int {
	return max(8, 4*bound)
}

func minimizeFences(ctx context.Context, out io.Writer, prog *lsl.Program, tests []*lsl.Test, opt mining.Options, groups []*fenceGroup) error {
	removed := map[*lsl.Fence]bool{}
	var kept []*fenceGroup
	for _, g := range groups {
		trial := map[*lsl.Fence]bool{}
		for f := range removed {
			trial[f] = true
		}
		for f := range g.omit() {
			trial[f] = true
		}
		r, _, err := checkAll(ctx, prog, tests, opt, trial)
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return exitError{exitInterrupted}
		}
		if r == nil {
			removed = trial
			fmt.Fprintf(out, "  %-30s %-22s removed\n", g.pos, g.kind)
		} else {
			kept = append(kept, g)
			fmt.Fprintf(out, "  %-30s %-22s kept: without it %s %s (%s)\n", g.pos, g.kind, r.Test, r.Verdict, reasonText(r))
		}
	}
	fmt.Fprintf(out, "minimal fence set: %d of %d fences\n", len(kept), len(groups))
	for _, g := range kept {
		fmt.Fprintf(out, "  %s %s\n", g.pos, g.kind)
	}
	fmt.Fprintln(out, coversOnly(len(tests)))
	return nil
}

// coversOnly says what a minimal set is minimal for: the tests checked.
func coversOnly(n int) string {
	return fmt.Sprintf("note: the set is minimal for the %d %s given; other tests (more threads, operations or loop iterations) may need more fences", n, map[bool]string{true: "test", false: "tests"}[n == 1])
}

func reasonText(r *mining.Result) string {
	if r.Message == "" {
		return r.Reason
	}
	return r.Reason + ": " + r.Message
}

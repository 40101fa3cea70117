package main

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

func newLSLCmd() *cobra.Command {
	var positions, unrolled, ranges bool
	var frontendName string
	var tests []string
	cmd := &cobra.Command{
		Use:   "lsl IMPL... [TESTFILE]",
		Short: "Print the LSL translation of the implementation",
		Long: `Print the LSL program the implementation translates to, annotated with the
source lines it comes from. With a test file and --unrolled, print the unrolled
program of each selected test (loop bounds 1, as in the first lazy-unrolling round);
--ranges adds the range analysis of every access.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			impl := args
			var tfile string
			if strings.HasSuffix(args[len(args)-1], ".tst") {
				impl, tfile = args[:len(args)-1], args[len(args)-1]
			}
			if len(impl) == 0 {
				return fmt.Errorf("need implementation files")
			}
			if (unrolled || ranges) && tfile == "" {
				return fmt.Errorf("--unrolled and --ranges need a test file")
			}
			out := cmd.OutOrStdout()
			src := newSourceLines()
			opts := lsl.PrintOptions{Positions: positions, SourceComments: src.line}
			ctx, stop := interruptible()
			defer stop()
			lim := &loadLimits{ctx: ctx}
			if !unrolled {
				prog, err := loadImpl(lim, impl, frontendName)
				if err != nil {
					return orLimit(err, lim, cmd, nil)
				}
				fmt.Fprint(out, lsl.Format(prog, opts))
				return nil
			}
			prog, sel, err := loadInputs(lim, append(append([]string(nil), impl...), tfile), tests, frontendName)
			if err != nil {
				return orLimit(err, lim, cmd, nil)
			}
			for _, t := range sel {
				u, err := lsl.Unroll(prog, mining.ThreadSpecs(t), lsl.UnrollOptions{Ctx: ctx})
				if err != nil {
					return orLimit(err, lim, cmd, nil)
				}
				fmt.Fprintf(out, "// test %s\n", t.Name)
				for _, th := range u.Threads {
					fmt.Fprintf(out, "// thread %s: %s\n", th.Name, strings.Join(th.Ops, " "))
					fmt.Fprintln(out, lsl.FormatStmt(th.Body, prog))
				}
				if ranges {
					r := lsl.AnalyzeRanges(u, lsl.RangeOptions{FallbackWidth: prog.IntWidth, Ctx: ctx})
					if r.Err != nil {
						return orLimit(r.Err, lim, cmd, nil)
					}
					fmt.Fprintf(out, "// ranges: width %d, pointer depth %d, %d passes\n", r.Width, r.PtrDepth, r.Passes)
					for _, th := range u.Threads {
						lsl.Walk(th.Body, func(s lsl.Stmt) bool {
							switch s := s.(type) {
							case *lsl.Load:
								fmt.Fprintf(out, "// load#%d %s addr %s value %s\n", s.ID, s.Pos, r.Addr(s.ID), r.Value(s.ID))
							case *lsl.Store:
								fmt.Fprintf(out, "// store#%d %s addr %s value %s\n", s.ID, s.Pos, r.Addr(s.ID), r.Value(s.ID))
							}
							return true
						})
					}
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&positions, "positions", false, "emit loc directives so the output parses back with positions")
	cmd.Flags().BoolVar(&unrolled, "unrolled", false, "print the unrolled program of each test")
	cmd.Flags().BoolVar(&ranges, "ranges", false, "print the range analysis of each access")
	cmd.Flags().StringArrayVar(&tests, "test", nil, "select a test (repeatable)")
	addFrontendFlag(cmd, &frontendName)
	return cmd
}

// sourceLines serves source text for the annotations of the printout.
type sourceLines struct{ files map[string][]string }

func newSourceLines() *sourceLines { return &sourceLines{files: map[string][]string{}} }

func (s *sourceLines) line(p diag.Pos) string {
	if !p.IsValid() || strings.HasSuffix(p.File, ".lsl") {
		return ""
	}
	lines, ok := s.files[p.File]
	if !ok {
		// only input files: a position may name any file
		if b := source.ReadShownSource(p.File, source.MaxSourceSize); b != nil {
			lines = strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
		}
		s.files[p.File] = lines
	}
	if p.Line-1 < len(lines) {
		return strings.TrimSpace(lines[p.Line-1])
	}
	return ""
}

package main

import (
	"encoding/json"
	"fmt"

	"github.com/checkfence/checkfence/mining"
	"github.com/spf13/cobra"
)

func newMineCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "mine IMPL... TESTFILE",
		Short: "Print the observation set of each test's serial executions",
		Long: `Enumerate the observations (operation arguments and results) of all serial
executions of each test: operations atomic, memory sequentially consistent
(dissertation §6.5). These are the executions a concurrent execution must match.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, _, err := f.options()
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
			type jsonTest struct {
				Name         string   `json:"name"`
				Observations []string `json:"observations"`
				Seconds      float64  `json:"seconds"`
				Verdict      string   `json:"verdict,omitempty"`
				Message      string   `json:"message,omitempty"`
			}
			var js []jsonTest
			code := exitPass
			for _, t := range tests {
				r, err := mining.Mine(ctx, prog, t, opt)
				if err != nil {
					return err
				}
				jt := jsonTest{Name: t.Name, Observations: []string{}, Seconds: r.Stats.Total.Seconds()}
				if r.Verdict != mining.Pass {
					jt.Verdict, jt.Message = string(r.Verdict), r.Message
					if r.Verdict == mining.Fail {
						code = exitFail
					} else if code == exitPass {
						code = exitInconclusive
					}
				}
				if u := r.Unrolled; u != nil {
					name := func(i int) string { return u.Threads[i].Name }
					for _, o := range r.Mined {
						jt.Observations = append(jt.Observations, o.Format(name, u.BaseName))
					}
				}
				if !f.json {
					fmt.Fprintf(out, "test %s: %d observations (%.2fs)\n", t.Name, len(jt.Observations), jt.Seconds)
					if jt.Verdict != "" {
						fmt.Fprintf(out, "  %s: %s\n", jt.Verdict, jt.Message)
					}
					for _, o := range jt.Observations {
						fmt.Fprintf(out, "  %s\n", o)
					}
				}
				js = append(js, jt)
				if ctx.Err() != nil {
					break
				}
			}
			if f.json {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				if err := enc.Encode(map[string]any{"tests": js}); err != nil {
					return err
				}
			}
			if ctx.Err() != nil {
				return exitError{exitInterrupted}
			}
			return exitError{code}
		},
	}
	f.register(cmd, false)
	return cmd
}

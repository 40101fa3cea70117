package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/checkfence/checkfence/memmodel"
)

// loadModel reads --model: a built-in .mm or cat model, or a .mm or
// .cat file (memmodel.Load). A model from a file is read, compiled and
// checked for vacuity under the limits (a cat model can take exponential
// time to expand): when they are reached the error is a
// *limits.CanceledError (see reportLimit).
func loadModel(name string, lim *loadLimits) (*memmodel.Model, error) {
	if m, ok := memmodel.Builtin(name); ok {
		return m, nil
	}
	return runLimited(lim, "reading the model "+name, func(ctx context.Context) (*memmodel.Model, error) {
		return memmodel.Load(ctx, name)
	})
}

// modelLimits are the limits of loading --model: --timeout, --max-memory
// and Ctrl-C (no test has started yet).
func modelLimits(timeout time.Duration, maxMemory int64) *loadLimits {
	return &loadLimits{ctx: interrupted, timeout: timeout, maxMemory: maxMemory}
}

func newModelsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "models [NAME|FILE.mm|FILE.cat]",
		Short: "List the built-in memory models, show one, or validate a .mm or .cat file",
		Long: `Without an argument, list the built-in memory models: .mm models
(dissertation ch. 3) and cat models (herd's language; docs/models.md).
With a built-in name, print its source. With a .mm file, check it. With a
.cat file, check it (includes are read relative to the file, then among
the built-in files) and print it compiled: one self-contained cat text
with every definition the checks use, followed by the event tags it
expects.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				memmodel.WriteList(out)
				return nil
			}
			if src, ok := memmodel.BuiltinSource(args[0]); ok {
				fmt.Fprint(out, src)
				return nil
			}
			if !strings.HasSuffix(args[0], ".cat") && !strings.HasSuffix(args[0], ".mm") {
				return fmt.Errorf("unknown model %q (built-in models: %s; cat models: %s; or give a .mm or .cat file)", args[0],
					strings.Join(memmodel.MMNames(), ", "), strings.Join(memmodel.CatNames(), ", "))
			}
			lim := modelLimits(0, 0)
			m, err := loadModel(args[0], lim)
			if err != nil {
				return orLimit(err, lim, cmd, nil)
			}
			m.Describe(cmd.Context(), out)
			return nil
		},
	}
}

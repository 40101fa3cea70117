package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// checkExpected runs every row of an expected.csv (slow ones included) and
// prints each as the row it should be: the verdict and reason found, and
// "slow" when the check took longer than slowAfter, followed by the time
// and, on a disagreement, what the file says. It reports whether all rows
// agree (the slow column aside).
func checkExpected(ctx context.Context, dir, path string, timeout, slowAfter time.Duration, solver sat.Backend) (bool, error) {
	rows, err := datatypes.ReadExpected(path)
	if err != nil {
		return false, err
	}
	programs := map[string]*datatypes.Program{}
	fmt.Println(strings.Join(datatypes.Header, ","))
	agree := true
	for _, row := range rows {
		key := row.Datatype + "/" + row.Variant
		p, ok := programs[key]
		if !ok {
			v, err := datatypes.NewVariant(dir, row.Datatype, row.Variant)
			if err != nil {
				return false, err
			}
			if p, err = v.Load(); err != nil {
				return false, err
			}
			programs[key] = p
		}
		test, err := p.Test(row.Test)
		if err != nil {
			return false, err
		}
		r, err := p.CheckRow(ctx, test, row, timeout, func(o *mining.Options) {
			o.Solver = sat.SolverOptions{Backend: solver}
		})
		if err != nil {
			return false, err
		}
		slow, unroll := "", ""
		if r.Stats.Total > slowAfter {
			slow = "slow"
		}
		if row.MaxUnroll > 0 {
			unroll = strconv.Itoa(row.MaxUnroll)
		}
		note := fmt.Sprintf("# %.2fs", r.Stats.Total.Seconds())
		if r.Verdict != row.Verdict || r.Reason != row.Reason {
			agree = false
			note += fmt.Sprintf(" DISAGREES with line %d: %s %s; %s", row.Line, row.Verdict, row.Reason, r.Message)
		}
		fmt.Printf("%s %s\n", strings.Join([]string{row.Datatype, row.Variant, row.Test, row.Model, string(r.Verdict), r.Reason, slow, unroll}, ","), note)
		os.Stdout.Sync()
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
	}
	return agree, nil
}

package tests

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestDeadRegistersRandom: symbolic execution drops the registers no path
// reads again before an if forks, at its join and at the breaks of a
// labelled block (lsl.Liveness, encode.Options.KeepDeadRegisters;
// docs/semantics.md, "Dead registers at the joins of symbolic
// execution"). Dropping them changes nothing a check sees: on
// random programs of several generators (branches, retry loops, spins,
// chains, pushes) and models, the lazy unrolling converges at the same
// bounds with and without the shortcut, with the same failures,
// deadlocks, observations and flags.
func TestDeadRegistersRandom(t *testing.T) {
	n := 50 * randomScale()
	gens := []struct {
		name string
		cfg  refcheck.GenConfig
	}{{"small", refcheck.SmallGen}, {"reload", refcheck.ReloadGen}, {"silent", refcheck.SilentGen},
		{"chain", refcheck.ChainGen}, {"push", refcheck.PushGen}, {"large", refcheck.LargeGen}}
	for gi, g := range gens {
		for _, m := range []string{"sc", "relaxed", "rc11", "power"} {
			t.Run(g.name+"/"+m, func(t *testing.T) {
				t.Parallel()
				base := int64(31000 + 1000*gi)
				randomSeeds(t, g.cfg, base, n, n/3, nil, func(seed int64, src string, c *refcheck.Case) bool {
					opt := mining.Options{Model: model(t, m), MaxUnroll: 6, Timeout: 20 * time.Second}
					with, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], opt, false)
					if err != nil {
						return false
					}
					opt.Options = encode.Options{KeepDeadRegisters: true}
					plain, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], opt, false)
					if err != nil {
						t.Errorf("seed %d on %s: %v with every register kept, converged without\n%s", seed, m, err, src)
						return false
					}
					where := fmt.Sprintf("seed %d on %s", seed, m)
					if !slices.Equal(keysOf(with.Bounds), keysOf(plain.Bounds)) || fmt.Sprint(with.Bounds) != fmt.Sprint(plain.Bounds) {
						t.Errorf("%s: bounds %v dropping dead registers, %v keeping them\n%s", where, with.Bounds, plain.Bounds, src)
					}
					sameExecutionSets(t, where, with, plain, "dropping dead registers", "keeping them")
					return true
				})
			})
		}
	}
}

func keysOf[K comparable, V any](m map[K]V) []string {
	var out []string
	for k := range m {
		out = append(out, fmt.Sprint(k))
	}
	slices.Sort(out)
	return out
}

// TestDeadRegistersPrograms: the same on pthread programs through clang
// (nested ifs and blocks with breaks from the LLVM front end's
// structuring) at the bounds they converge at.
func TestDeadRegistersPrograms(t *testing.T) {
	needClang(t)
	for _, file := range []string{"msqueue_joins.c", "condvar_while.c", "rwlock_posix.c", "string_copy_bug.c", "poll_mutex.c", "tas_lock.c", "c11bench/treiber_2_2.c", "rows_ticket.c"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			for _, m := range []string{"sc", "rc11"} {
				sameAtConvergedBounds(t, ruleProgram{file, prog, test}, m, "dropping dead registers", "keeping them", func(o *mining.Options) { o.KeepDeadRegisters = true })
			}
		})
	}
}

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
	gens := []randomGen{{"small", refcheck.SmallGen}, {"reload", refcheck.ReloadGen}, {"silent", refcheck.SilentGen},
		{"chain", refcheck.ChainGen}, {"push", refcheck.PushGen}, {"large", refcheck.LargeGen}}
	sameWithOptions(t, gens, []string{"sc", "relaxed", "rc11", "power"}, 31000, 50*randomScale(),
		encode.Options{KeepDeadRegisters: true}, "dropping dead registers", "keeping them")
}

// randomGen is a generator of random programs, by name.
type randomGen struct {
	name string
	cfg  refcheck.GenConfig
}

// sameWithOptions checks n random programs of each generator (seeds from
// base + 1000 × its index) on each model, with the default options and
// with plain (a shortcut turned off): where the default converges (at
// MaxUnroll 6), plain must converge at the same bounds with the same
// failures, deadlocks, observations and flags. on and off name the two
// in messages.
func sameWithOptions(t *testing.T, gens []randomGen, models []string, base int64, n int, plain encode.Options, on, off string) {
	for gi, g := range gens {
		for _, m := range models {
			t.Run(g.name+"/"+m, func(t *testing.T) {
				t.Parallel()
				randomSeeds(t, g.cfg, base+int64(1000*gi), n, n/3, nil, func(seed int64, src string, c *refcheck.Case) bool {
					opt := mining.Options{Model: model(t, m), MaxUnroll: 6, Timeout: 20 * time.Second}
					with, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], opt, false)
					if err != nil {
						return false
					}
					opt.Options = plain
					other, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], opt, false)
					if err != nil {
						t.Errorf("seed %d on %s: %v %s, converged %s\n%s", seed, m, err, off, on, src)
						return false
					}
					where := fmt.Sprintf("seed %d on %s", seed, m)
					if !slices.Equal(keysOf(with.Bounds), keysOf(other.Bounds)) || fmt.Sprint(with.Bounds) != fmt.Sprint(other.Bounds) {
						t.Errorf("%s: bounds %v %s, %v %s\n%s", where, with.Bounds, on, other.Bounds, off, src)
					}
					sameExecutionSets(t, where, with, other, on, off)
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

package tests

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestC11SeqCstRandom: a C11 program whose every access is seq_cst has
// only sequentially consistent executions on rc11 (Lahav et al., PLDI
// 2017), and so, compiled with their C11 mappings, on arm8, riscv, power
// and tso-cat (cat/c11.go) — whatever the mapping puts where. Random
// programs (refcheck's generators) are made so: every load, store and
// atomic block becomes a seq_cst access or read-modify-write with the
// mm-only fences a C11 front end puts beside it (seqCstProgram), their
// own fences are dropped, and each model must give the observations,
// failures and deadlocks of the .mm model sc, where both converge. It
// checks the mappings and the models' C11 paths on code no litmus test
// has (branches, retry loops, CAS that fail). 40 seeds of three
// generators; CHECKFENCE_FULL=1 ten times as many.
func TestC11SeqCstRandom(t *testing.T) {
	full := 1
	if os.Getenv("CHECKFENCE_FULL") != "" {
		full = 10
	}
	for _, m := range []string{"rc11", "sc-cat", "arm8", "riscv", "power", "tso-cat"} {
		for _, g := range []struct {
			name string
			cfg  refcheck.GenConfig
		}{{"separators", refcheck.SepGen}, {"small", refcheck.SmallGen}, {"reload", refcheck.ReloadGen}} {
			t.Run(m+"/"+g.name, func(t *testing.T) {
				t.Parallel()
				n, compared := 40*full, 0
				for seed := int64(25000); seed < 25000+int64(n); seed++ {
					src, ok := seqCstProgram(refcheck.Generate(seed, g.cfg))
					if !ok {
						continue
					}
					c, err := refcheck.ParseCase(fmt.Sprint("sc", seed), []byte(src))
					if err != nil {
						t.Fatalf("seed %d: %v\n%s", seed, err, src)
					}
					run := func(name string) *mining.ExecutionSet {
						set, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: model(t, name), MaxUnroll: 6, Timeout: 20 * time.Second}, false)
						if err != nil || len(set.Pruned) > 0 {
							return nil
						}
						return set
					}
					a, b := run("sc"), run(m)
					if a == nil || b == nil {
						continue
					}
					compared++
					oa, ob := canons(a.Observations), canons(b.Observations)
					if a.AnyError != b.AnyError || a.AnyDeadlock != b.AnyDeadlock || !slices.Equal(oa, ob) || len(b.Flags) > 0 {
						t.Errorf("seed %d: failures/deadlocks %v/%v on sc, %v/%v on %s (flags %v); observations\n%v\n%v\n%s",
							seed, a.AnyError, a.AnyDeadlock, b.AnyError, b.AnyDeadlock, m, b.Flags, oa, ob, src)
					}
				}
				if compared < n/2 {
					t.Errorf("only %d of %d seeds compared", compared, n)
				}
				t.Logf("compared %d of %d seeds", compared, n)
			})
		}
	}
}

var (
	lslLoad  = regexp.MustCompile(`^(\s*)(%\S+ := )load (.*)$`)
	lslStore = regexp.MustCompile(`^(\s*)store (.*)$`)
	lslFence = regexp.MustCompile(`^\s*fence \S+$`)
)

// seqCstProgram rewrites a generated program so that every access is a
// seq_cst C11 access: loads and stores outside atomic blocks get <A,SC>
// and the mm-only full fences a C11 front end puts before and after them
// (lsl.C11RoleOf reads their roles), an atomic block becomes a seq_cst
// read-modify-write, and the program's own fences go. ok is false for a
// program it cannot rewrite (an atomic block on one line).
func seqCstProgram(src string) (string, bool) {
	var out []string
	depth, atomicAt := 0, -1
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		before := depth
		depth += strings.Count(t, "{") - strings.Count(t, "}")
		indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
		fence := func(role string) string { return indent + "fence full<mm-only,c11-" + role + "-SC>" }
		switch {
		case lslFence.MatchString(l):
			continue
		case strings.HasPrefix(t, "atomic {"):
			if depth == before {
				return "", false
			}
			atomicAt = before
			out = append(out, fence("before-RMW"), l)
		case atomicAt >= 0 && depth == atomicAt:
			atomicAt = -1
			out = append(out, l, fence("after-RMW"))
		case lslLoad.MatchString(l):
			m := lslLoad.FindStringSubmatch(l)
			tagged := m[1] + m[2] + "load<A,SC> " + m[3]
			if atomicAt >= 0 {
				out = append(out, tagged)
			} else {
				out = append(out, fence("before-R"), tagged, fence("after-R"))
			}
		case lslStore.MatchString(l):
			m := lslStore.FindStringSubmatch(l)
			tagged := m[1] + "store<A,SC> " + m[2]
			if atomicAt >= 0 {
				out = append(out, tagged)
			} else {
				out = append(out, fence("before-W"), tagged, fence("after-W"))
			}
		default:
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n"), true
}

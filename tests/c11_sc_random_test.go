package tests

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
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
// seq_cst C11 access (c11Program).
func seqCstProgram(src string) (string, bool) {
	return c11Program(src, func(string) string { return "SC" })
}

// c11Program rewrites a generated program so that every access is a C11
// atomic of the order order gives its kind ("R", "W", "RMW"): loads and
// stores outside atomic blocks get <A,ORDER> and the mm-only fences a C11
// front end puts before and after them (lsl.C11RoleOf reads their roles;
// the hardware mappings put their barriers there), an atomic block
// becomes a read-modify-write of one order, and each of the program's own
// fences a C11 fence of the order F gives (none for ""). ok is false for a program it cannot rewrite (an atomic block on one
// line).
func c11Program(src string, order func(kind string) string) (string, bool) {
	var out []string
	depth, atomicAt := 0, -1
	rmw := "" // the order of the open atomic block
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		// statements inside braces on one line ("if %c { store @Y, 0 }",
		// "if %c { } else { … }") each on a line of its own
		if strings.Contains(l, "{ ") || strings.Contains(l, " }") {
			indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
			l = strings.NewReplacer("{ ", "{\n"+indent, " }", "\n"+indent+"}").Replace(l)
		}
		lines = append(lines, strings.Split(l, "\n")...)
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		before := depth
		depth += strings.Count(t, "{") - strings.Count(t, "}")
		indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
		fence := func(role, ord string) string {
			return indent + "fence full<mm-only,c11-" + role + "-" + ord + ">"
		}
		access := func(kind, tagged string) {
			ord := order(kind)
			tagged = strings.Replace(tagged, "ORDER", ord, 1)
			out = append(out, fence("before-"+kind, ord), tagged, fence("after-"+kind, ord))
		}
		switch {
		case lslFence.MatchString(l):
			// a C11 fence of the order F gives, as the C front end
			// writes atomic_thread_fence: its barrier's fence kinds, the
			// first tagged with the order
			ord := order("F")
			if b := lsl.C11FenceBarrier(ord); b != nil && atomicAt < 0 {
				for i, k := range b.Kinds {
					tag := "mm-only"
					if i == 0 {
						tag = ord
					}
					out = append(out, indent+"fence "+k.String()+"<"+tag+">")
				}
			}
		case strings.HasPrefix(t, "atomic {"):
			if depth == before {
				return "", false
			}
			atomicAt, rmw = before, order("RMW")
			out = append(out, fence("before-RMW", rmw), l)
		case atomicAt >= 0 && depth == atomicAt:
			atomicAt = -1
			out = append(out, l, fence("after-RMW", rmw))
		case lslLoad.MatchString(l):
			m := lslLoad.FindStringSubmatch(l)
			if atomicAt >= 0 {
				out = append(out, m[1]+m[2]+"load<A,"+rmw+"> "+m[3])
			} else {
				access("R", m[1]+m[2]+"load<A,ORDER> "+m[3])
			}
		case lslStore.MatchString(l):
			m := lslStore.FindStringSubmatch(l)
			if atomicAt >= 0 {
				out = append(out, m[1]+"store<A,"+rmw+"> "+m[2])
			} else {
				access("W", m[1]+"store<A,ORDER> "+m[2])
			}
		default:
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n"), true
}

// TestRC11HerdRandom: the built-in rc11 reaches what the suite's own
// rc11.cat does on random C11 programs of every order (c11Program with a
// random order per access and block): the built-in gets the encoding's
// rc11 shortcuts (silent rounds, chains, reload and superseded rounds)
// that a model read from a file does not, and its racy flag. The same
// failures, deadlocks and observations where both converge, and the same
// answer to "is there a data race" (rc11.cat's racy flag). 60 seeds of
// two generators; CHECKFENCE_FULL=1 ten times as many.
func TestRC11HerdRandom(t *testing.T) {
	file, err := filepath.Abs("../../shared/suites/cat/rc11.cat")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(file); err != nil {
		t.Skipf("suite not available: %v", err)
	}
	herd, err := cat.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	full := 1
	if os.Getenv("CHECKFENCE_FULL") != "" {
		full = 10
	}
	orders := map[string][]string{"R": {"RLX", "ACQ", "SC"}, "W": {"RLX", "REL", "SC"}, "RMW": {"RLX", "ACQ", "REL", "ACQ_REL", "SC"}, "F": {"ACQ", "REL", "ACQ_REL", "SC"}}
	for _, g := range []struct {
		name string
		cfg  refcheck.GenConfig
	}{{"separators", refcheck.SepGen}, {"reload", refcheck.ReloadGen}, {"silent", refcheck.SilentGen}} {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			n, compared := 60*full, 0
			for seed := int64(26000); seed < 26000+int64(n); seed++ {
				r := rand.New(rand.NewSource(seed))
				src, ok := c11Program(refcheck.Generate(seed, g.cfg), func(kind string) string {
					return orders[kind][r.Intn(len(orders[kind]))]
				})
				if !ok {
					continue
				}
				c, err := refcheck.ParseCase(fmt.Sprint("rc11", seed), []byte(src))
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, src)
				}
				run := func(m *memmodel.Model) *mining.ExecutionSet {
					set, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: m, MaxUnroll: 6, Timeout: 20 * time.Second}, false)
					if err != nil || len(set.Pruned) > 0 {
						return nil
					}
					return set
				}
				a, b := run(memmodel.FromCat(herd)), run(catModel(t, "rc11"))
				if a == nil || b == nil {
					continue
				}
				compared++
				oa, ob := canons(a.Observations), canons(b.Observations)
				if a.AnyError != b.AnyError || a.AnyDeadlock != b.AnyDeadlock || !slices.Equal(oa, ob) || (len(a.Flags) > 0) != (len(b.Flags) > 0) {
					t.Errorf("seed %d: failures/deadlocks/flags %v/%v/%v on rc11.cat, %v/%v/%v on rc11; observations\n%v\n%v\n%s",
						seed, a.AnyError, a.AnyDeadlock, a.Flags, b.AnyError, b.AnyDeadlock, b.Flags, oa, ob, src)
				}
			}
			if compared < n/3 { // spins converge less on the file model
				t.Errorf("only %d of %d seeds compared", compared, n)
			}
			t.Logf("compared %d of %d seeds", compared, n)
		})
	}
}

// TestC11MappingsRandom: what a hardware model reaches on a C11 program
// compiled with its mapping (cat.C11Mapping) RC11 allows, without its
// no-thin-air axiom (which the standard mappings do not keep: Lahav et
// al., PLDI 2017, §6) — on random programs of every order (c11Program):
// each observation of arm8, riscv, power and tso-cat is one of RC11's, and
// a failure there is one there. litmusrun's TestC11MappingsSound checks
// the same on the C11 litmus tests. 60 seeds of two generators per
// model; CHECKFENCE_FULL=1 ten times as many.
func TestC11MappingsRandom(t *testing.T) {
	src, ok := cat.BuiltinSource("rc11")
	const nta = "acyclic po | rf as no-thin-air"
	if !ok || !strings.Contains(string(src), nta) {
		t.Fatalf("rc11.cat no longer says %q", nta)
	}
	weakCat, err := cat.Parse("rc11-no-thin-air.cat", []byte(strings.Replace(string(src), nta, "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	weak := memmodel.FromCat(weakCat)
	full := 1
	if os.Getenv("CHECKFENCE_FULL") != "" {
		full = 10
	}
	orders := map[string][]string{"R": {"RLX", "ACQ", "SC"}, "W": {"RLX", "REL", "SC"}, "RMW": {"RLX", "ACQ", "REL", "ACQ_REL", "SC"}, "F": {"ACQ", "REL", "ACQ_REL", "SC"}}
	for _, hw := range []string{"arm8", "riscv", "power", "tso-cat"} {
		for _, g := range []struct {
			name string
			cfg  refcheck.GenConfig
		}{{"separators", refcheck.SepGen}, {"reload", refcheck.ReloadGen}} {
			t.Run(hw+"/"+g.name, func(t *testing.T) {
				t.Parallel()
				n, compared := 60*full, 0
				for seed := int64(27000); seed < 27000+int64(n); seed++ {
					r := rand.New(rand.NewSource(seed))
					src, ok := c11Program(refcheck.Generate(seed, g.cfg), func(kind string) string {
						return orders[kind][r.Intn(len(orders[kind]))]
					})
					if !ok {
						continue
					}
					c, err := refcheck.ParseCase(fmt.Sprint("map", seed), []byte(src))
					if err != nil {
						t.Fatalf("seed %d: %v\n%s", seed, err, src)
					}
					run := func(m *memmodel.Model) *mining.ExecutionSet {
						set, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: m, MaxUnroll: 6, Timeout: 20 * time.Second}, false)
						if err != nil || len(set.Pruned) > 0 {
							return nil
						}
						return set
					}
					a, b := run(weak), run(model(t, hw))
					if a == nil || b == nil {
						continue
					}
					compared++
					oa, ob := canons(a.Observations), canons(b.Observations)
					if b.AnyError && !a.AnyError || !subset(ob, oa) {
						t.Errorf("seed %d: %s reaches what RC11 does not: failures %v on %s, %v on RC11; observations\n%v on %s\n%v on RC11\n%s",
							seed, hw, b.AnyError, hw, a.AnyError, ob, hw, oa, src)
					}
				}
				if compared < n/3 {
					t.Errorf("only %d of %d seeds compared", compared, n)
				}
				t.Logf("compared %d of %d seeds", compared, n)
			})
		}
	}
}

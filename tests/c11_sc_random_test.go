package tests

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
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
	for _, m := range []string{"rc11", "sc-cat", "arm8", "riscv", "power", "tso-cat"} {
		for _, g := range []struct {
			name string
			cfg  refcheck.GenConfig
		}{{"separators", refcheck.SepGen}, {"small", refcheck.SmallGen}, {"reload", refcheck.ReloadGen}} {
			t.Run(m+"/"+g.name, func(t *testing.T) {
				t.Parallel()
				n := 40 * randomScale()
				randomSeeds(t, g.cfg, 25000, n, n/2, func(_ int64, src string) (string, bool) { return seqCstProgram(src) }, func(seed int64, src string, c *refcheck.Case) bool {
					a, b := convergedExecutions(c, model(t, "sc")), convergedExecutions(c, model(t, m))
					if a == nil || b == nil {
						return false
					}
					if diff := executionsDiffer(a, b, "sc", m); diff != "" {
						t.Errorf("seed %d: %s\n%s", seed, diff, src)
					}
					return true
				})
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
	herd, err := cat.LoadFile(suiteCatPath(t, "rc11.cat"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct {
		name string
		cfg  refcheck.GenConfig
	}{{"separators", refcheck.SepGen}, {"reload", refcheck.ReloadGen}, {"silent", refcheck.SilentGen}} {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			n := 60 * randomScale()
			// (spins converge less on the file model: a third must compare)
			randomSeeds(t, g.cfg, 26000, n, n/3, randomOrders, func(seed int64, src string, c *refcheck.Case) bool {
				a, b := convergedExecutions(c, memmodel.FromCat(herd)), convergedExecutions(c, catModel(t, "rc11"))
				if a == nil || b == nil {
					return false
				}
				if diff := executionsDiffer(a, b, "rc11.cat", "rc11"); diff != "" {
					t.Errorf("seed %d: %s\n%s", seed, diff, src)
				}
				return true
			})
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
	for _, hw := range []string{"arm8", "riscv", "power", "tso-cat"} {
		for _, g := range []struct {
			name string
			cfg  refcheck.GenConfig
		}{{"separators", refcheck.SepGen}, {"reload", refcheck.ReloadGen}} {
			t.Run(hw+"/"+g.name, func(t *testing.T) {
				t.Parallel()
				n := 60 * randomScale()
				randomSeeds(t, g.cfg, 27000, n, n/3, randomOrders, func(seed int64, src string, c *refcheck.Case) bool {
					a, b := convergedExecutions(c, weak), convergedExecutions(c, model(t, hw))
					if a == nil || b == nil {
						return false
					}
					if diff := executionsWithin(a, b, "RC11", hw); diff != "" {
						t.Errorf("seed %d: %s\n%s", seed, diff, src)
					}
					return true
				})
			})
		}
	}
}

// c11Orders are the orders a C11 access, read-modify-write or fence may
// have.
var c11Orders = map[string][]string{"R": {"RLX", "ACQ", "SC"}, "W": {"RLX", "REL", "SC"}, "RMW": {"RLX", "ACQ", "REL", "ACQ_REL", "SC"}, "F": {"ACQ", "REL", "ACQ_REL", "SC"}}

// randomOrders is c11Program with an order drawn for each access, block
// and fence (from the seed: the same program each run).
func randomOrders(seed int64, src string) (string, bool) {
	r := rand.New(rand.NewSource(seed))
	return c11Program(src, func(kind string) string { return c11Orders[kind][r.Intn(len(c11Orders[kind]))] })
}

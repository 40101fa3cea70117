package encode

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/memmodel"
)

// The race check reading the model's happens-before (racemodel.go) and
// checking po | rf on the rf endpoints (racethinair.go) against its
// plain form (Options.PlainRaceHB: its own hb rows and sw, po | rf over
// every event): on every execution the plain encoding allows, a race can
// be claimed in one exactly when in the other, and so can a po | rf
// cycle; and the other way round.
func TestRaceSharedHBMatchesPlain(t *testing.T) {
	progs := map[string]string{
		// po | rf cycles through three threads, with a fence, a store
		// another thread reads and one no load reads between a cycle's
		// load and store: the race on D needs the cycle
		"LB3+ctrl": `global X global Y global Z global D global E
proc p0() { %r := load<A,RLX> @X  fence<ACQ>  store<A,RLX> @E, 1  if %r { store<NA> @D, 1 }  store<A,RLX> @Y, 1 }
proc p1() { %s := load<A,RLX> @Y  %e := load<A,RLX> @E  if %s { store<A,RLX> @Z, 1 } }
proc p2() { %t := load<A,RLX> @Z  if %t { store<NA> @D, 2  store<A,RLX> @X, 1 } }`,
		"LB3": `global X global Y global Z global D
proc p0() { %r := load<A,RLX> @X  store<NA> @D, %r  fence load-load  store<A,RLX> @Y, 1 }
proc p1() { %s := load<A,RLX> @Y  store<A,RLX> @Z, %s }
proc p2() { %t := load<A,RLX> @Z  store<A,RLX> @X, %t  %d := load<NA> @D }`,
		// a load that reads a later store of its own thread, or of the
		// final thread: a cycle by itself (on a model that allows it)
		"own-future": `global X global D
proc p0() { %r := load<A,RLX> @X  store<A,RLX> @X, 1  if %r { store<NA> @D, 1 } }
proc p1() { store<NA> @D, 2 }`,
		"final-future": `global X global D
proc p0() { %r := load<A,RLX> @X  if %r { store<NA> @D, 1 } }
proc p1() { store<NA> @D, 2 }
proc final() { store<A,RLX> @X, 1 }`,
	}
	cycles := map[string]bool{} // the shapes above, also on no model
	for name := range progs {
		cycles[name] = true
	}
	for name, src := range racePrograms {
		progs[name] = src
	}
	n := *raceSeeds
	if testing.Short() {
		n = min(n, 8)
	}
	for seed := int64(300); seed < 300+int64(n); seed++ {
		progs[fmt.Sprintf("seed %d", seed)] = raceProgram(rand.New(rand.NewSource(seed)))
	}
	models := map[string]*memmodel.Model{}
	for _, name := range []string{"relaxed", "rmo", "tso"} {
		m, _ := axioms.Builtin(name)
		models[name] = memmodel.FromMM(m)
	}
	for _, name := range []string{"rc11", "arm8", "power"} {
		m, _ := cat.Builtin(name)
		models[name] = memmodel.FromCat(m)
	}
	// no check at all: every candidate execution, cycles of every shape
	models["none"] = memmodel.FromCat(trackingModel(t, "po"))
	execs, races, thin := 0, 0, 0
	for pname, src := range progs {
		u := unrollPerProc(t, src)
		for mname, md := range models {
			if mname == "none" && !cycles[pname] {
				continue // thousands of candidate executions
			}
			build := func(plain bool) *Encoding {
				e, err := Build(u, md, Options{Races: true, RaceCycles: true, PlainRaceHB: plain})
				if err != nil {
					t.Fatal(err)
				}
				return e
			}
			plain, fast := build(true), build(false)
			if fast.Race.shared != (mname == "rc11") || plain.Race.shared {
				t.Fatalf("%s/%s: hb shared %v (plain %v), want it on rc11 only", pname, mname, fast.Race.shared, plain.Race.shared)
			}
			for _, q := range [][2]*Encoding{{plain, fast}, {fast, plain}} {
				x, r, th := sameRaceVerdicts(t, pname+"/"+mname, src, q[0], q[1])
				execs, races, thin = execs+x, races+r, thin+th
			}
		}
	}
	t.Logf("%d executions compared, %d with a race, %d with a po | rf cycle", execs, races, thin)
	if races == 0 || races == execs || thin == 0 {
		t.Errorf("the programs do not exercise both answers (%d racy, %d with a cycle, of %d)", races, thin, execs)
	}
}

// sameRaceVerdicts enumerates the executions of a and checks on each that
// b has it too, and that a race and a po | rf cycle can be claimed in b
// exactly when in a (both encode the same unrolled program on one model).
func sameRaceVerdicts(t *testing.T, name, src string, a, b *Encoding) (execs, races, thin int) {
	t.Helper()
	sa := a.NewSolver()
	la, keys := executionLits(a)
	lb := make([]z.Lit, len(keys))
	for i, k := range keys {
		lb[i] = b.Instrs[k[0]].Guard
		if k[1] >= 0 {
			lb[i] = b.Seed(k[0], k[1])
		}
	}
	for n := 0; n < 1000; n++ {
		if !solveRefining(a, sa) {
			return
		}
		var fixA, fixB, block []z.Lit
		var desc strings.Builder
		for i, l := range la {
			if sa.Value(l) {
				if k := keys[i]; k[1] < 0 {
					fmt.Fprintf(&desc, " %d", k[0])
				} else {
					fmt.Fprintf(&desc, " %d->%d", k[1], k[0])
				}
				fixA, fixB, block = append(fixA, l), append(fixB, lb[i]), append(block, l.Not())
			} else {
				fixA, fixB, block = append(fixA, l.Not()), append(fixB, lb[i].Not()), append(block, l)
			}
		}
		sa.AddClause(block...)
		if !solveRefining(b, b.NewSolver(), fixB...) {
			t.Fatalf("%s: an execution of one encoding is none of the other:\n%s", name, src)
		}
		execs++
		raceA := solveRefining(a, a.NewSolver(), append(fixA, a.Race.Lit)...)
		raceB := solveRefining(b, b.NewSolver(), append(fixB, b.Race.Lit)...)
		if raceA != raceB {
			t.Errorf("%s: race %v in one encoding, %v in the other, on\n%s\nof\n%s", name, raceA, raceB, "executed, stores -> loads:"+desc.String(), src)
			return
		}
		thinA := !solveRefining(a, a.NewSolver(), append(fixA, a.Race.nta)...)
		thinB := !solveRefining(b, b.NewSolver(), append(fixB, b.Race.nta)...)
		if thinA != thinB {
			t.Errorf("%s: po | rf cyclic %v in one encoding, %v in the other, on\n%s\nof\n%s", name, thinA, thinB, "executed, stores -> loads:"+desc.String(), src)
			return
		}
		if raceA {
			races++
		}
		if thinA {
			thin++
		}
	}
	t.Logf("%s: more than 1000 executions, compared the first", name)
	return
}

// TestRaceSharedHBNeedsSameEvents: the model's hb is read only when its
// events are the race instance's; with every fence an event of the
// model (Options.CatAllFences: the mm-only fences of a C11 program too,
// which the race instance leaves out) the check builds its own.
func TestRaceSharedHBNeedsSameEvents(t *testing.T) {
	src := `global X global Y
proc p0() { store<NA> @X, 1  fence store-store<mm-only,c11-before-W-REL>  store<A,REL> @Y, 1 }
proc p1() { %r := load<A,ACQ> @Y  fence load-load<mm-only,c11-after-R-ACQ>  if %r { %s := load<NA> @X } }`
	rc11, _ := cat.Builtin("rc11")
	u := unrollPerProc(t, src)
	for _, all := range []bool{false, true} {
		e, err := Build(u, memmodel.FromCat(rc11), Options{Races: true, RaceCycles: true, CatAllFences: all})
		if err != nil {
			t.Fatal(err)
		}
		if e.Race.shared == all {
			t.Errorf("all fences %v: hb shared %v", all, e.Race.shared)
		}
	}
}

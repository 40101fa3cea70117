package encode

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/memmodel"
)

// The data-race check (race.go) against the concrete evaluator of package
// cat: for every execution a model allows of small C11 programs, the
// check holds exactly when rc11's race relation is nonempty and po | rf
// is acyclic in that execution (on rc11 itself, when its racy flag
// fires).

// raceProgram writes a small random C11 program: 2-3 threads (sometimes
// init and final ones) of plain and atomic loads and stores of every
// order, read-modify-writes (compare-and-swaps that fail included), C11
// and LSL fences, the mm-only fences the
// front ends put beside atomics, and branches on loaded values (whose
// accesses then depend on what was read, load buffering included).
func raceProgram(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("global X global Y\n")
	loadTags := []string{"<NA>", "", "<A,RLX>", "<A,ACQ>", "<A,CON>", "<A,SC>"}
	storeTags := []string{"<NA>", "", "<A,RLX>", "<A,REL>", "<A,SC>"}
	rmwOrders := []string{"RLX", "ACQ", "REL", "ACQ_REL", "SC", ""}
	fences := []string{"fence<ACQ>", "fence<REL>", "fence<ACQ_REL>", "fence<SC>", "fence store-store", "fence load-load",
		"fence full", "fence load-load<mm-only,c11-after-R-ACQ>", "fence store-store<mm-only,c11-before-W-REL>"}
	vars := []string{"@X", "@Y"}
	regs := 0
	reg := func() string { regs++; return fmt.Sprintf("%%r%d", regs) }
	budget := 7
	if r.Intn(4) == 0 {
		b.WriteString("proc init() { store<A,RLX> @Y, 1 }\n")
	}
	threads := 2 + r.Intn(2)
	for t := 0; t < threads; t++ {
		fmt.Fprintf(&b, "proc p%d() {\n", t)
		var loaded []string
		n := 1 + r.Intn(3)
		for i := 0; i < n && budget > 0; i++ {
			switch k := r.Intn(12); {
			case k < 4:
				d := reg()
				fmt.Fprintf(&b, "  %s := load%s %s\n", d, loadTags[r.Intn(len(loadTags))], vars[r.Intn(2)])
				loaded = append(loaded, d)
				budget--
			case k < 7:
				fmt.Fprintf(&b, "  store%s %s, %d\n", storeTags[r.Intn(len(storeTags))], vars[r.Intn(2)], 1+r.Intn(2))
				budget--
			case k < 8:
				b.WriteString("  " + fences[r.Intn(len(fences))] + "\n")
			case k < 10 && len(loaded) > 0:
				fmt.Fprintf(&b, "  if %s { store%s %s, 2 }\n", loaded[r.Intn(len(loaded))], storeTags[r.Intn(len(storeTags))], vars[r.Intn(2)])
				budget--
			default:
				o := reg()
				ord := rmwOrders[r.Intn(len(rmwOrders))]
				tags := ""
				if ord != "" {
					tags = "<A," + ord + ">"
				}
				v := vars[r.Intn(2)]
				if r.Intn(2) == 0 {
					// a compare-and-swap: the store only when the load
					// read 0, so a failed one is no read-modify-write
					fmt.Fprintf(&b, "  atomic { %s := load%s %s  if %s { } else { store%s %s, 2 } }\n", o, tags, v, o, tags, v)
				} else {
					fmt.Fprintf(&b, "  atomic { %s := load%s %s  store%s %s, 2 }\n", o, tags, v, tags, v)
				}
				loaded = append(loaded, o)
				budget -= 2
			}
		}
		b.WriteString("}\n")
	}
	if r.Intn(3) == 0 {
		b.WriteString("proc final() { %f := load<NA> @X }\n")
	}
	return b.String()
}

// racePrograms are the shapes the random ones may miss.
var racePrograms = map[string]string{
	"MP+plain+rlx": `global X global Y
proc p0() { store<NA> @X, 1  store<A,RLX> @Y, 1 }
proc p1() { %r := load<A,RLX> @Y  if %r { %s := load<NA> @X } }`,
	"MP+plain+ra": `global X global Y
proc p0() { store<NA> @X, 1  store<A,REL> @Y, 1 }
proc p1() { %r := load<A,ACQ> @Y  if %r { %s := load<NA> @X } }`,
	"MP+fences": `global X global Y
proc p0() { store<NA> @X, 1  fence<REL> store<A,RLX> @Y, 1 }
proc p1() { %r := load<A,RLX> @Y  if %r { fence<ACQ> %s := load<NA> @X } }`,
	"release-sequence": `global X global Y
proc p0() { store<NA> @X, 1  store<A,REL> @Y, 1 }
proc p1() { atomic { %o := load<A,RLX> @Y  store<A,RLX> @Y, 2 } }
proc p2() { %r := load<A,ACQ> @Y  if %r { %s := load<NA> @X } }`,
	// hb through a third thread: two synchronisations in a row
	"WRC+ra": `global X global Y global D
proc p0() { store<NA> @D, 1  store<A,REL> @X, 1 }
proc p1() { %r := load<A,ACQ> @X  if %r { store<A,REL> @Y, 1 } }
proc p2() { %s := load<A,ACQ> @Y  if %s { %d := load<NA> @D } }`,
	"WRC+ra+rlx": `global X global Y global D
proc p0() { store<NA> @D, 1  store<A,REL> @X, 1 }
proc p1() { %r := load<A,ACQ> @X  if %r { store<A,RLX> @Y, 1 } }
proc p2() { %s := load<A,ACQ> @Y  if %s { %d := load<NA> @D } }`,
	"LB+ctrl": `global X global Y global Z
proc p0() { %r := load<A,RLX> @X  if %r { store<NA> @Z, 1 }  store<A,RLX> @Y, 1 }
proc p1() { %s := load<A,RLX> @Y  if %s { store<NA> @Z, 2 }  store<A,RLX> @X, 1 }`,
	// a compare-exchange's read has its failure order when the block
	// does not store (lsl.FailTag): relaxed, acquire, and a successful
	// one that acquires
	"MP+cas-fail-rlx": `global X global Y
proc p0() { store<NA> @X, 1  store<A,REL> @Y, 1 }
proc p1() { atomic { %r := load<A,ACQ,fail.RLX> @Y  %ok := eq(%r, 0)  if %ok { store<A,ACQ> @Y, 2 } }  if %r { %s := load<NA> @X } }`,
	"MP+cas-fail-acq": `global X global Y
proc p0() { store<NA> @X, 1  store<A,REL> @Y, 1 }
proc p1() { atomic { %r := load<A,RLX,fail.ACQ> @Y  %ok := eq(%r, 0)  if %ok { store<A,RLX> @Y, 2 } }  if %r { %s := load<NA> @X } }`,
	"MP+cas-succ-acq": `global X global Y
proc p0() { store<NA> @X, 1  store<A,REL> @Y, 1 }
proc p1() { atomic { %r := load<A,SC,fail.RLX> @Y  %ok := eq(%r, 1)  if %ok { store<A,SC> @Y, 2 } }  if %ok { %s := load<NA> @X } }`,
	"lock": `global L global X
proc p0() { atomic { %o := load @L  store @L, 1 }  if %o { assume 0 }  fence load-load  store<NA> @X, 1  fence store-store  atomic { %u := load @L  store @L, 0 } }
proc p1() { atomic { %o := load @L  store @L, 1 }  if %o { assume 0 }  fence load-load  %x := load<NA> @X  fence store-store  atomic { %u := load @L  store @L, 0 } }`,
}

var raceSeeds = flag.Int("raceseeds", 30, "random programs for TestRaceCheckMatchesEvaluator")

// raceReference evaluates rc11's race and the cycles of po | rf.
type raceReference struct {
	rc11, thin *cat.Model
}

func newRaceReference(t *testing.T) raceReference {
	rc11, _ := cat.Builtin("rc11")
	thin, err := cat.Parse("thin.cat", []byte("flag ~acyclic po | rf as thin"))
	if err != nil {
		t.Fatal(err)
	}
	return raceReference{rc11: rc11, thin: thin}
}

// racy reports rc11's racy flag and a po | rf cycle on a candidate.
func (ref raceReference) racy(x *cat.Execution) (racy, thin bool) {
	for _, f := range ref.rc11.Eval(x).Flagged {
		racy = racy || f.Name == "racy"
	}
	return racy, len(ref.thin.Eval(x).Flagged) > 0
}

// buildOn encodes src (one thread per procedure) on a .mm model or a cat
// model, with the race check.
func buildOn(t *testing.T, src string, m *axioms.Model, cm *cat.Model) *Encoding {
	t.Helper()
	u := unrollPerProc(t, src)
	var md *memmodel.Model
	if cm != nil {
		md = memmodel.FromCat(cm)
	} else {
		md = memmodel.FromMM(m)
	}
	e, err := Build(u, md, Options{Races: true, RaceCycles: true})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// solveRefining solves under assumptions, adding lazy lemmas until the
// assignment is a real execution.
func solveRefining(e *Encoding, s *sat.Solver, assume ...z.Lit) bool {
	for {
		if s.Solve(context.Background(), assume...) != sat.Sat {
			return false
		}
		lemmas := e.Model.Lemmas(s.Value)
		if len(lemmas) == 0 {
			return true
		}
		for _, cl := range lemmas {
			s.AddClause(cl...)
		}
	}
}

// executionLits are the literals that fix an execution of e: the guards
// and the seeds (rf).
func executionLits(e *Encoding) (lits []z.Lit, keys [][2]int) {
	for _, in := range e.Instrs {
		lits = append(lits, in.Guard)
		keys = append(keys, [2]int{in.Index, -1})
	}
	for l, sv := range e.seeds {
		for _, s := range sv {
			lits = append(lits, s.lit)
			keys = append(keys, [2]int{l, s.store})
		}
	}
	return lits, keys
}

// compareRaces enumerates the executions of src on a model and checks
// the race check on each against the reference, evaluated on the same
// execution of base (the program under a cat model without checks).
func compareRaces(t *testing.T, name, src string, m *axioms.Model, cm *cat.Model, base *Encoding, ref raceReference) (execs, races int) {
	t.Helper()
	e := buildOn(t, src, m, cm)
	s := e.NewSolver()
	bs := base.NewSolver()
	lits, keys := executionLits(e)
	for n := 0; ; n++ {
		if n > 3000 {
			t.Logf("%s: more than 3000 executions, compared the first", name)
			return
		}
		if !solveRefining(e, s) {
			return
		}
		vals := make([]bool, len(lits))
		block := make([]z.Lit, len(lits))
		var assume, baseAssume []z.Lit
		for i, l := range lits {
			vals[i] = s.Value(l)
			lit := l
			if !vals[i] {
				lit = l.Not()
			}
			block[i] = lit.Not()
			assume = append(assume, lit)
			k := keys[i]
			bl := base.Instrs[k[0]].Guard
			if k[1] >= 0 {
				bl = base.Seed(k[0], k[1])
			}
			if !vals[i] {
				bl = bl.Not()
			}
			baseAssume = append(baseAssume, bl)
		}
		// seeds e leaves out (laterseeds.go: false in each of its
		// executions) are false in base's copy of the execution too
		for l, sv := range base.seeds {
			for _, x := range sv {
				if _, ok := e.seedOf[[2]int{l, x.store}]; !ok {
					baseAssume = append(baseAssume, x.lit.Not())
				}
			}
		}
		s.AddClause(block...)
		if bs.Solve(context.Background(), baseAssume...) != sat.Sat {
			t.Fatalf("%s: an execution of the model is no candidate execution of the program:\n%s", name, src)
		}
		cx := base.catInst.Decode(bs.Value)
		racy, thin := ref.racy(cx.Candidate.Execution())
		want := racy && !thin // rc11's executions have no po|rf cycle
		got := solveRefining(e, e.NewSolver(), append(assume, e.Race.Lit)...)
		execs++
		if want {
			races++
		}
		if got != want {
			t.Errorf("%s: race check %v, rc11's race %v (po|rf cyclic %v) on\n%s\nof\n%s", name, got, racy, thin, describeCandidate(base, bs.Value), src)
			return
		}
		if got {
			// the decoded race is a pair of the execution
			fs := e.NewSolver()
			solveRefining(e, fs, append(assume, e.Race.Lit)...)
			x := e.Decode(fs.Value)
			if f := e.RaceFailure(fs.Value, x); f == nil || x.Race == nil {
				t.Errorf("%s: the race check holds but names no racing pair", name)
			}
		}
	}
}

// raceModels are the models the check is compared on.
func raceModels(t *testing.T) (mm map[string]*axioms.Model, cats map[string]*cat.Model) {
	mm = map[string]*axioms.Model{}
	for _, n := range []string{"sc", "tso", "relaxed", "rmo"} {
		m, ok := axioms.Builtin(n)
		if !ok {
			t.Fatalf("no model %s", n)
		}
		mm[n] = m
	}
	cats = map[string]*cat.Model{}
	for _, n := range []string{"rc11", "arm8", "riscv", "power", "tso-cat"} {
		m, ok := cat.Builtin(n)
		if !ok {
			t.Fatalf("no model %s", n)
		}
		cats[n] = m
	}
	return mm, cats
}

// TestRaceCheckMatchesEvaluator: on each model, for each execution it
// allows, the race check against rc11's race relation evaluated
// concretely (and po | rf acyclic off rc11).
func TestRaceCheckMatchesEvaluator(t *testing.T) {
	ref := newRaceReference(t)
	none := trackingModel(t, "po")
	mm, cats := raceModels(t)
	progs := map[string]string{}
	for name, src := range racePrograms {
		progs[name] = src
	}
	n := *raceSeeds
	if testing.Short() {
		n = min(n, 8)
	}
	for seed := int64(1); seed <= int64(n); seed++ {
		progs[fmt.Sprintf("seed %d", seed)] = raceProgram(rand.New(rand.NewSource(seed)))
	}
	total, racy := 0, 0
	for pname, src := range progs {
		base := buildOn(t, src, nil, none)
		for mname, m := range mm {
			e, r := compareRaces(t, pname+"/"+mname, src, m, nil, base, ref)
			total, racy = total+e, racy+r
		}
		for mname, m := range cats {
			e, r := compareRaces(t, pname+"/"+mname, src, nil, m, base, ref)
			total, racy = total+e, racy+r
		}
	}
	t.Logf("%d executions compared, %d with a race", total, racy)
	if racy == 0 || racy == total {
		t.Errorf("the programs do not exercise both answers (%d racy of %d)", racy, total)
	}
}

// TestRaceInstanceMatchesRC11Flag: on rc11's own encoding, the
// program-level race relation (what every other model uses) fires in
// exactly the executions rc11's racy flag does.
func TestRaceInstanceMatchesRC11Flag(t *testing.T) {
	rc11, _ := cat.Builtin("rc11")
	progs := []string{}
	for _, src := range racePrograms {
		progs = append(progs, src)
	}
	n := *raceSeeds
	if testing.Short() {
		n = min(n, 8)
	}
	for seed := int64(100); seed < 100+int64(n); seed++ {
		progs = append(progs, raceProgram(rand.New(rand.NewSource(seed))))
	}
	for _, src := range progs {
		e := buildOn(t, src, nil, rc11)
		own, found := e.C.F, false
		for _, f := range e.catInst.Flags {
			if IsRC11RaceFlag(e, f) {
				own, found = f.Lit, true
			}
		}
		if !found {
			t.Fatal("rc11 has no racy flag")
		}
		prog := e.Race.flag
		s := e.NewSolver()
		lits, _ := executionLits(e)
		// per execution in which one flag can fire, the other can too
		for _, q := range [][2]z.Lit{{own, prog}, {prog, own}} {
			block := e.C.T
			for n := 0; n < 500; n++ {
				if !solveRefining(e, s, q[0], block) {
					break
				}
				var fix, diff []z.Lit
				for _, l := range lits {
					if s.Value(l) {
						fix, diff = append(fix, l), append(diff, l.Not())
					} else {
						fix, diff = append(fix, l.Not()), append(diff, l)
					}
				}
				if !solveRefining(e, s, append(fix, q[1])...) {
					t.Errorf("the two race relations disagree on an execution of\n%s", src)
					break
				}
				// the next execution differs in some literal
				b := e.C.Lit()
				s.AddClause(append([]z.Lit{b.Not()}, diff...)...)
				block = e.C.And(block, b)
			}
		}
	}
}

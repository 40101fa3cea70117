package encode

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// catPrograms are small concurrent programs (one procedure per thread)
// that exercise what the cat encoding derives from the program: tags,
// fences, atomic blocks, exclusive pairs, dependencies, branches, several
// stores per location, pointers.
var catPrograms = map[string]string{
	"SB": `global X global Y
proc p0() { store @X, 1  %r := load @Y }
proc p1() { store<L> @Y, 1  fence<DMB.SY> %s := load<A> @X }`,
	"MP+deps": `global X global Y global Z = @X
proc p0() { store @X, 1  fence<sync> store<Rel> @Y, 1 }
proc p1() { %r := load<Acq> @Y  %a := load @Z  %v := load %a  if %r { store @X, 2 } }`,
	"2+2W+rmw": `global X global Y
proc p0() { store @X, 1  store @Y, 2 }
proc p1() { atomic { %o := load<A> @Y  store<A> @Y, 1 }  store @X, 2 }`,
	"exclusive": `global X
proc p0() { %r := load<X> @X  %t := add(%r, 1)  store<X> @X, %t  %s := load<X> @X  store<X> @X, 5 }
proc p1() { store @X, 3 }`,
	"IRIW": `global X global Y
proc w0() { store<A,SC> @X, 1 }
proc r1() { %a := load<A,ACQ> @X  %b := load<A,ACQ> @Y }
proc w2() { store<A,SC> @Y, 1 }
proc r3() { %c := load<A,RLX> @Y  fence<F,SC> %d := load<NA> @X }`,
	"init+final": `global X global Y
proc init() { store @X, 1  fence<DMB.SY> store @Y, 1 }
proc p0() { %r := load @Y  store @X, 2 }
proc p1() { %s := load<A> @X  fence store-store store @Y, 2 }
proc final() { %x := load @X  %y := load @Y  store @Y, 3 }`,
	"race": `global X global Y
proc p0() { store<NA> @X, 1  store<A,REL> @Y, 1 }
proc p1() { %r := load<A,ACQ> @Y  if %r { %s := load<NA> @X } }`,
	// atomic blocks with and without a memory order: rc11's seq-cst is
	// empty or not depending on the tags, which the encoding decides
	// statically (setMinus, and the compositions it then skips)
	"rmw-orders": `global X global Y
proc p0() { atomic { %o := load<A,REL> @X  store<A,REL> @X, 1 }  %r := load<A,ACQ> @Y }
proc p1() { store<A,RLX> @Y, 1  atomic { %p := load @X  store @X, 2 } }`,
	"rmw-no-sc": `global X global Y
proc p0() { atomic { %o := load<A,REL> @X  store<A,REL> @X, 1 }  %r := load<A,ACQ> @Y }
proc p1() { store<A,RLX> @Y, 1  %s := load<A,ACQ> @X }`,
	// the coherence shapes, each of which a term of catcoherence.go's
	// decomposition of irreflexive hb; eco? forbids: CoWW and CoRR here,
	// CoWR, CoRW and a read of its own later write below (a mutant that
	// leaves out any one term fails)
	"CoWW+CoRR": `global X
proc p0() { store<A,RLX> @X, 1  store<A,RLX> @X, 2 }
proc p1() { %a := load<A,RLX> @X  %b := load<A,RLX> @X }`,
	"CoWR+CoRW": `global X
proc p0() { %a := load<A,RLX> @X  store<A,RLX> @X, 1 }
proc p1() { store<A,RLX> @X, 2  %b := load<A,RLX> @X }`,
}

// catModels are the models the encoding is compared on: the suites'
// (read from ../shared) and small ones for the constructs those lack.
var catModelSources = map[string]string{
	// riscv's ppo rule 2 (catsamesource.go): a difference by rf^-1; rf
	// in a check (upper polarity, the clauses) and in a flag (lower)
	"same-source": `let pl = [R]; (po & loc); [R]
acyclic (pl \ (rf^-1; rf)) | rf | co | fr as ss
flag ~empty (pl \ (rf^-1; rf)) as diff-src`,
	// catcoherence.go's decomposition of irreflexive hb; eco?, with an hb
	// whose terms rc11's no-thin-air does not already imply: a reflexive
	// hb (the ?) and one that reaches a read's source from the read
	"coherence-id": `irreflexive (po | [R]) ; (rf | co | fr)+? as coh`,
	"coherence-rf": `irreflexive (po | rf^-1) ; (fr | rf | co)+ as coh`,
	"rec-negative": `let rec a = po | (a ; rf) \ co and b = [R] ; a
acyclic a | fr as order
flag ~empty b \ po as funny`,
	"sets": `let s = domain(rf) | range(co) \ IW
empty [FW] ; po ; [s] as tail
flag ~empty ~(W | R | F) as nothing
flag empty rf as norf
irreflexive (rf ; po)+ & ~id as odd`,
	"negated": `~acyclic (po | rf | fr | co) as cycle
flag ~acyclic po | rf as thin
flag acyclic (rf | co)^-1 ; po as ok`,
	// set differences whose right operand depends on the execution (not
	// a tag or a base set, which setMinus decides statically)
	"dynamic-diff": `let unread = W \ domain(rf)
let plain = R \ domain(rmw)
flag ~empty [unread] ; po as unread-write
acyclic (po | rf | co | fr) \ ([plain] ; po ; [~range(rf)]) as odd-sc`,
	// compositions ending in a closure not through po, closed from
	// their rows (catseeded.go): r* and r+, in checks; the flag's lower
	// polarity composes
	"seeded": `acyclic [W]; po; (rf | co | fr)* as star
acyclic [R]; po; (rf | fr)+ as plus
empty ([W]; (co | fr)+) & id as plus-not-star
flag ~empty ([W]; po; (rf | co)*) & loc as lower`,
	"closure": `let hb = (po | rf | rmw | addr | data | ctrl | lxsx)+
irreflexive hb ; (co | fr)? as coh
flag ~empty (W * W) & loc & ext \ hb \ hb^-1 as race`,
	// a closure through po (catpoclosure.go) whose paths leave a thread
	// and come back through po from another thread: in init+final, the
	// final thread's second load reads a store of another thread, which
	// po leads back to the final thread's first load
	"po-closure": `let back = (po | rf^-1)+
empty back & po^-1 & (R * R) & int as backwards`,
	// a closure through po checked on pairs into initial writes, which
	// no thread holds: an init thread's event reaches one only through a
	// later thread's read (catpoclosure.go, closureWithPOLater's tails)
	"po-closure-iw": `let back = (po | rf^-1)+
empty back & ((W \ IW) * IW) as reaches-iw`,
	// the same through a later thread: a read reaches an initial write
	// other than its source only through the final thread's read
	"po-closure-later": `let back = (po | rf^-1)+
empty (back & (R * IW)) \ rf^-1 as indirect`,
	// a recursion group whose bodies compose its variables (power's
	// preserved program order): encoded as clauses path by path
	// (CatInstance.implyInto), in a check and, by Kleene iteration, in a
	// flag
	// (the filters make its compositions matter: a mutant without their
	// clauses fails on CoWR+CoRW and init+final)
	"rec-compose": `let rec a = rfe | addr | (a ; b) | (b ; a ; b) and b = (po & loc) | data | (b ; b)
acyclic (a & (R * R)) | (b & (R * W)) | co | fr | rf as order
empty a & (W * W) & ext as chain
flag ~empty (a ; b) & (W * W) as ww`,
	// power's observation: a composition whose diagonal alone is asked
	// for, with a closure last (irreflexiveSplit), and a term that is empty
	// on programs without fences (staticallyEmpty), in a check and in flags
	"observation": `let hb = (po & loc) | rfe | data | addr
let f = po ; [F] ; po
let prop = ((W * W) & ((rfe | co) ; hb*)) | (co* ; (rf | co)* ; f ; hb*)
irreflexive fre ; prop ; hb* as obs
flag ~irreflexive fr ; prop ; hb* as seen
flag ~empty (co* ; f ; hb+) & (W * W) as fenced`,
}

func catModels(t *testing.T) map[string]*cat.Model {
	out := map[string]*cat.Model{}
	for _, name := range []string{"sc", "tso", "aarch64", "riscv", "power", "rc11", "c11"} {
		m, err := cat.LoadFile(filepath.Join("../../shared/suites/cat", name+".cat"))
		if err != nil {
			if strings.Contains(err.Error(), "cannot read") {
				continue
			}
			t.Fatal(err)
		}
		out[name] = m
	}
	for _, name := range []string{"rc11", "power", "lkmm"} { // arm8 maps C11 tags (catc11.go), the evaluator does not
		m, _ := cat.Builtin(name)
		out["builtin-"+name] = m
	}
	for name, src := range catModelSources {
		m, err := cat.Parse(name+".cat", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = m
	}
	return out
}

func buildCat(t *testing.T, src string, m *cat.Model) *Encoding {
	return buildCatOpt(t, src, m, Options{})
}

func buildCatOpt(t *testing.T, src string, m *cat.Model, opt Options) *Encoding {
	t.Helper()
	u := unrollPerProc(t, src)
	// the candidates compared per model include reads from later stores of
	// the reader's thread, which a model coherent per location leaves out
	// (laterseeds.go): every encoding of a comparison keeps them
	opt.KeepLaterSeeds = true
	e, err := Build(u, memmodel.FromCat(m), opt)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// projection lists the literals that determine a candidate execution:
// the guards, the seeds, the coherence variables and the locations.
func projection(e *Encoding) []z.Lit {
	var ls []z.Lit
	for _, in := range e.Instrs {
		ls = append(ls, in.Guard)
	}
	for _, sv := range e.seeds {
		for _, s := range sv {
			ls = append(ls, s.lit)
		}
	}
	ci := e.catInst
	for a := range ci.Events {
		for b := range ci.Events {
			if v, ok := ci.coVars[[2]int{a, b}]; ok {
				ls = append(ls, v)
			}
		}
		if ci.Events[a].Instr >= 0 && ci.Events[a].Kind != cat.Fence {
			for k := range ci.numLocs() {
				ls = append(ls, ci.at(a, k))
			}
		}
	}
	return ls
}

// TestCatEncodingMatchesEvaluator enumerates every candidate execution of
// each program (the encoding on a model without checks) and compares,
// for every model, the encoding's verdict under the candidate's
// assignment with the concrete evaluator's: consistency and each flag.
func TestCatEncodingMatchesEvaluator(t *testing.T) {
	// mentioning the dependencies makes the encoding track them
	none := trackingModel(t, "po | addr | data | ctrl")
	models := catModels(t)
	for pname, src := range catPrograms {
		base := buildCat(t, src, none)
		proj := projection(base)
		cands := candidates(t, base, proj, 5000)
		if len(cands) == 0 {
			t.Fatalf("%s: no candidate execution (or too many)", pname)
		}
		for mname, m := range models {
			for _, lazy := range []bool{false, true} {
				if lazy && testing.Short() {
					continue
				}
				compareCandidates(t, pname+"/"+mname, src, m, lazy, base, proj, cands)
			}
		}
	}
}

// candidates enumerates the assignments of proj in base's executions (nil
// if more than limit).
func candidates(t *testing.T, base *Encoding, proj []z.Lit, limit int) [][]bool {
	s := base.NewSolver()
	var cands [][]bool
	for s.Solve(context.Background()) == sat.Sat {
		vals := make([]bool, len(proj))
		var block []z.Lit
		for i, l := range proj {
			vals[i] = s.Value(l)
			if vals[i] {
				block = append(block, l.Not())
			} else {
				block = append(block, l)
			}
		}
		cands = append(cands, vals)
		s.AddClause(block...)
		if len(cands) > limit {
			return nil
		}
	}
	return cands
}

// compareCandidates checks the encoding of m (with every acyclicity lazy
// or not) against the evaluator on each candidate.
func compareCandidates(t *testing.T, name, src string, m *cat.Model, lazy bool, base *Encoding, proj []z.Lit, cands [][]bool) {
	candidateMismatches(t, name, src, m, lazy, base, proj, cands, t.Errorf)
}

// candidateMismatches is compareCandidates reporting each difference
// through errorf; it returns how many there were.
func candidateMismatches(t *testing.T, name, src string, m *cat.Model, lazy bool, base *Encoding, proj []z.Lit, cands [][]bool, errorf func(string, ...any)) int {
	ctx := context.Background()
	mismatches := 0
	if lazy {
		name += "/lazy"
	}
	enc := buildCatOpt(t, src, m, Options{CatLazyAcyclic: lazy})
	mproj := projection(enc)
	if fmt.Sprint(mproj) != fmt.Sprint(proj) {
		t.Fatalf("%s: the projection literals differ between encodings", name)
	}
	ms := enc.NewSolver()
	solve := func(assume ...z.Lit) bool {
		for {
			if ms.Solve(ctx, assume...) != sat.Sat {
				return false
			}
			lemmas := enc.Model.Lemmas(ms.Value)
			if len(lemmas) == 0 {
				return true
			}
			for _, cl := range lemmas {
				ms.AddClause(cl...)
			}
		}
	}
	allowed := 0
	for _, vals := range cands {
		assume := candidateAssumptions(proj, vals)
		// the candidate as the model-free encoding decodes it
		if r := s0(t, base, assume); r == nil {
			t.Fatalf("%s: candidate lost", name)
		} else {
			want := m.Eval(base.catInst.Decode(r).Candidate.Execution())
			got := solve(assume...)
			if got != want.Consistent() {
				mismatches++
				errorf("%s: encoding says consistent=%v, evaluator %v (violated %v) on\n%s", name, got, want.Consistent(), want.Violated, describeCandidate(base, r))
				continue
			}
			if !got {
				continue
			}
			allowed++
			for _, f := range enc.catInst.Flags {
				fired := false
				for _, w := range want.Flagged {
					fired = fired || flagName(w) == f.Name
				}
				if g := solve(append(assume, f.Lit)...); g != fired {
					mismatches++
					errorf("%s: flag %s: encoding %v, evaluator %v on\n%s", name, f.Name, g, fired, describeCandidate(base, r))
				}
			}
		}
	}
	t.Logf("%s: %d of %d candidates consistent", name, allowed, len(cands))
	return mismatches
}

// s0 returns an assignment of e under the assumptions (nil if none).
func s0(t *testing.T, e *Encoding, assume []z.Lit) func(z.Lit) bool {
	s := e.NewSolver()
	if s.Solve(context.Background(), assume...) != sat.Sat {
		return nil
	}
	return s.Value
}

func describeCandidate(e *Encoding, val func(z.Lit) bool) string {
	x := e.catInst.Decode(val)
	var b strings.Builder
	for k, i := range x.Index {
		fmt.Fprintf(&b, "  %d: %s (loc %d)\n", k, e.catInst.describeEvent(i), x.Candidate.Events[k].Loc)
	}
	fmt.Fprintf(&b, "  rf %v co %v\n", x.Candidate.RF, x.Candidate.CO)
	return b.String()
}

// candidateAssumptions fixes each projected literal to its value in one
// candidate execution.
func candidateAssumptions(proj []z.Lit, vals []bool) []z.Lit {
	assume := make([]z.Lit, len(proj))
	for i, l := range proj {
		assume[i] = l
		if !vals[i] {
			assume[i] = l.Not()
		}
	}
	return assume
}

// trackingModel is a cat model with no checks that mentions rels, so that
// an encoding under it tracks those relations and allows every candidate
// execution (the base of the comparisons with the evaluator).
func trackingModel(t *testing.T, rels string) *cat.Model {
	t.Helper()
	m, err := cat.Parse("none.cat", []byte("let x = "+rels))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// unrollPerProc parses src and unrolls it with one thread per procedure:
// init and final are the initial and final threads, the others run
// concurrently.
func unrollPerProc(t *testing.T, src string) *lsl.Unrolled {
	t.Helper()
	p, err := lsl.Parse("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var specs []lsl.ThreadSpec
	for _, pr := range p.Procs {
		kind := lsl.ThreadConcurrent
		switch pr.Name {
		case "init":
			kind = lsl.ThreadInit
		case "final":
			kind = lsl.ThreadFinal
		}
		specs = append(specs, lsl.ThreadSpec{Kind: kind, Ops: []string{pr.Name}})
	}
	u, err := lsl.Unroll(p, specs, lsl.UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

package encode

import (
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// txnWalkPrograms have multi-location atomic blocks that walks of
// power's observation, rc11's coherence and lkmm's rcu check pass
// through: a DCAS seen by a fenced or acquiring reader, one inside an
// RCU grace period's reach, one that passes an RCU reader's write on to
// another reader, one whose reader synchronises with a block's second
// store only, and two blocks that each read what the other overwrites
// (a cycle through two transactions).
var txnWalkPrograms = map[string]string{
	"MP+dcas": `global X global Y
proc p0() { atomic { store<A,SC,ONCE> @X, 1  store<A,SC,ONCE> @Y, 1 } }
proc p1() { %r := load<A,ACQ,ONCE> @X  fence<sync> fence<MB> %s := load<A,RLX,ONCE> @Y }`,
	"rcu+dcas": `global X global Y
proc p0() { fence<Rcu-lock>  %r := load<ONCE> @X  %s := load<ONCE> @Y  fence<Rcu-unlock> }
proc p1() { atomic { store<ONCE> @Y, 1  %a := load<ONCE> @X } fence<Sync-rcu> store<ONCE> @X, 1 }`,
	"rcu+hb+dcas": `global X global Y global Q global S
proc p0() { fence<Rcu-lock>  %x := load<ONCE> @X  store<ONCE> @Q, 1  fence<Rcu-unlock> }
proc p1() { store<ONCE> @Y, 1  fence<Sync-rcu>  store<ONCE> @X, 1 }
proc p2() { atomic { %q := load<ONCE> @Q  store<ONCE> @S, 1 } }
proc p3() { %s := load<ONCE> @S  fence<MB>  %y := load<ONCE> @Y }`,
	"2blocks": `global X global Y
proc p0() { atomic { %a := load<A,SC,ONCE> @X  store<A,SC,ONCE> @Y, 1 } }
proc p1() { atomic { %b := load<A,SC,ONCE> @Y  store<A,SC,ONCE> @X, 1 } }`,
	"WRC+dcas": `global X global Y global Z
proc p0() { atomic { store<A,REL,ONCE> @X, 1  store<A,REL,ONCE> @Y, 1 } }
proc p1() { %r := load<A,ACQ,ONCE> @Y  fence<sync> fence<MB> store<A,REL,ONCE> @Z, 1 }
proc p2() { %s := load<A,ACQ,ONCE> @Z  fence<sync> fence<MB> %t := load<A,RLX,ONCE> @X }`,
}

// walkModels are the built-in models with irreflexivity checks.
func walkModels(t *testing.T) map[string]*cat.Model {
	out := map[string]*cat.Model{}
	for _, name := range []string{"power", "rc11", "lkmm"} {
		m, ok := cat.Builtin(name)
		if !ok {
			t.Fatal(name)
		}
		out[name] = m
	}
	return out
}

// randomWalkProgram is randomTxnProgram with the tags and fences of
// power, rc11 and lkmm.
func randomWalkProgram(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("global X global Y\n")
	tags := []string{"<ONCE>", "<A,SC,ONCE>", "<A,ACQ,ONCE>", "<A,REL,ONCE>", "<A,RLX,ONCE>", "", "<ACQUIRE>", "<RELEASE>"}
	fences := []string{"fence<sync>", "fence<lwsync>", "fence<MB>", "fence<Sync-rcu>", "fence<SC>", "fence<Rmb>", "fence<Wmb>"}
	regs := 0
	access := func() string {
		v, tg := []string{"@X", "@Y"}[r.Intn(2)], tags[r.Intn(len(tags))]
		if r.Intn(2) == 0 {
			regs++
			return fmt.Sprintf("%%r%d := load%s %s", regs, tg, v)
		}
		return fmt.Sprintf("store%s %s, %d", tg, v, 1+r.Intn(2))
	}
	budget := 7
	for t := 0; t < 2+r.Intn(2); t++ {
		fmt.Fprintf(&b, "proc p%d() {\n", t)
		rcu := r.Intn(4) == 0
		if rcu {
			b.WriteString("  fence<Rcu-lock>\n")
		}
		for i := 0; i < 1+r.Intn(3) && budget > 0; i++ {
			switch k := r.Intn(6); {
			case k < 2:
				b.WriteString("  " + access() + "\n")
				budget--
			case k < 3:
				b.WriteString("  " + fences[r.Intn(len(fences))] + "\n")
			default:
				var body []string
				for j := 0; j < 2; j++ {
					body = append(body, access())
				}
				b.WriteString("  atomic { " + strings.Join(body, "  ") + " }\n")
				budget -= 2
			}
		}
		if rcu {
			b.WriteString("  fence<Rcu-unlock>\n")
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// walkOnly reports whether the evaluator finds x inconsistent only
// through lifted irreflexivity checks.
func walkOnly(r *cat.Result) bool {
	if len(r.Violated) > 0 || len(r.ViolatedTxn) == 0 {
		return false
	}
	for _, k := range r.ViolatedTxn {
		if k.Kind != cat.TxnWalk {
			return false
		}
	}
	return true
}

// TestTxnWalkEncodingMatchesEvaluator compares, on every candidate
// execution of programs with multi-location atomic blocks, the lazy walk
// search of the encoding with the evaluator's lifted relation as written
// (cat/txn_walk.go), on power, rc11 and lkmm; each model must meet
// candidates that only its lifted irreflexivity check forbids.
func TestTxnWalkEncodingMatchesEvaluator(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl")
	models := walkModels(t)
	type prog struct{ name, src string }
	var progs []prog
	for name, src := range txnWalkPrograms {
		progs = append(progs, prog{name, src})
	}
	for seed := int64(1); seed <= int64(*txnSeeds); seed++ {
		progs = append(progs, prog{fmt.Sprintf("seed %d", seed), randomWalkProgram(rand.New(rand.NewSource(seed)))})
	}
	caught := map[string]int{}
	for _, p := range progs {
		base := buildCat(t, p.src, none)
		proj := projection(base)
		cands := candidates(t, base, proj, 400)
		if cands == nil {
			if _, fixed := txnWalkPrograms[p.name]; fixed {
				t.Fatalf("%s: too many candidates", p.name)
			}
			continue
		}
		for mname, m := range models {
			for _, vals := range cands {
				if walkOnly(m.Eval(decodeCandidate(t, base, proj, vals))) {
					caught[mname]++
				}
			}
			compareCandidates(t, p.name+"/"+mname, p.src, m, false, base, proj, cands)
		}
	}
	for name := range models {
		if caught[name] == 0 {
			t.Errorf("%s: no candidate is forbidden by a lifted irreflexivity check alone", name)
		}
	}
	t.Logf("candidates forbidden by lifted irreflexivity checks alone: %v", caught)
}

// TestTxnWalkMutants: each way of breaking the walk search (no hops, a
// block's inner edges as steps, closures of one step) makes the encoding
// disagree with the evaluator on some candidate of txnWalkPrograms.
func TestTxnWalkMutants(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl")
	models := walkModels(t)
	defer func() { txnWalkMutant = 0 }()
	for mutant := 1; mutant <= 3; mutant++ {
		found := 0
		for pname, src := range txnWalkPrograms {
			base := buildCat(t, src, none)
			proj := projection(base)
			cands := candidates(t, base, proj, 400)
			for mname, m := range models {
				txnWalkMutant = mutant
				found += candidateMismatches(t, pname+"/"+mname, src, m, false, base, proj, cands, func(string, ...any) {})
				txnWalkMutant = 0
			}
		}
		if found == 0 {
			t.Errorf("mutant %d: no candidate tells it from the evaluator", mutant)
		}
	}
}

// TestTxnWalkAgreesWithStronglift: on the models whose checks are
// acyclicity and emptiness checks, the walk lifting of each acyclicity
// check written as irreflexive r+ says what the existing lifting acyclic
// stronglift(r, stxn) says, on every candidate execution of the DCAS
// programs: the two definitions coincide there (docs/semantics.md).
func TestTxnWalkAgreesWithStronglift(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl")
	acyclic := regexp.MustCompile(`(?m)^acyclic (.*) as (\S+)$`)
	var progs []string
	for _, src := range txnPrograms {
		progs = append(progs, src)
	}
	for _, src := range txnWalkPrograms {
		progs = append(progs, src)
	}
	for _, name := range []string{"sc-cat", "tso-cat", "arm8", "riscv"} {
		m, _ := cat.Builtin(name)
		src, _ := cat.BuiltinSource(name)
		rewritten := acyclic.ReplaceAllString(string(src), "irreflexive ($1)+ as $2")
		if rewritten == string(src) {
			t.Fatalf("%s: no acyclicity check", name)
		}
		w, err := cat.Parse(name+"-irreflexive.cat", []byte(rewritten))
		if err != nil {
			t.Fatal(err)
		}
		walks, txns := 0, 0
		for _, k := range w.TxnChecks() {
			if k.Kind == cat.TxnWalk {
				walks++
			}
		}
		if walks == 0 || !cat.TxnAtOneInstant(w) {
			t.Fatalf("%s: the rewritten model lifts no walk", name)
		}
		for _, p := range progs {
			base := buildCat(t, p, none)
			proj := projection(base)
			for _, vals := range candidates(t, base, proj, 400) {
				x := decodeCandidate(t, base, proj, vals)
				if x.Stxn == nil {
					continue
				}
				txns++
				// check by check (the rewritten model has isolation as a
				// check of its own: it has no acyclicity check left to imply it)
				a, b := txnNames(m.Eval(x)), slices.DeleteFunc(txnNames(w.Eval(x)), func(s string) bool { return s == "atomic-block isolation" })
				if !slices.Equal(a, b) {
					t.Errorf("%s: stronglift violates %v, walks %v on\n%s", name, a, b, p)
				}
			}
		}
		if txns == 0 {
			t.Fatalf("%s: no candidate with a transaction", name)
		}
	}
}

func txnNames(r *cat.Result) []string {
	var out []string
	for _, k := range r.ViolatedTxn {
		out = append(out, k.Name())
	}
	return out
}

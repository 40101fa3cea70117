package encode

import (
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// txnPrograms have atomic blocks that access several locations: a DCAS
// seen by ordered and unordered readers, a block whose second location
// depends on a loaded pointer, one that writes a second location only
// on a branch (a transaction in some executions only), and blocks of one
// location beside them.
var txnPrograms = map[string]string{
	"MP+dcas": `global X global Y
proc p0() { atomic { %a := load @X  %b := load @Y  store @X, 1  store @Y, 1 } }
proc p1() { %r := load @X  fence<DMB.SY> fence<sync> fence<Fence.rw.rw> fence<mfence> fence<F,SC> %s := load @Y }`,
	"SB+dcas": `global X global Y global Z
proc p0() { atomic { %a := load @Y  store @X, 1 } }
proc p1() { store @Y, 1  %r := load<A,SC> @X }
proc p2() { atomic { store @Z, 1  %b := load @X } }`,
	"pointer": `global X global Y global P = @X
proc p0() { atomic { %p := load @P  store %p, 2  store @Y, 1 } }
proc p1() { store @P, @Y  %r := load<A> @Y  %s := load<A> @X }`,
	"branch": `global X global Y
proc p0() { atomic { %a := load @X  if %a { store @Y, 1 } store @X, 2 } }
proc p1() { store<L> @X, 1  %r := load<A> @Y  %s := load @X }`,
}

// randomTxnProgram writes a small random program with multi-location
// atomic blocks: 2–3 threads of loads, stores, fences and blocks of one
// or two locations, with random tags.
func randomTxnProgram(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("global X global Y\n")
	tags := []string{"", "", "<A>", "<L>", "<Q>", "<A,ACQ>", "<A,REL>", "<A,SC>", "<A,RLX>", "<NA>"}
	fences := []string{"fence full", "fence<DMB.SY>", "fence<DMB.ISHLD>", "fence<DMB.ISHST>", "fence<sync>", "fence<lwsync>",
		"fence<Fence.rw.rw>", "fence<Fence.r.rw>", "fence<Fence.tso>", "fence<SC>", "fence<mfence>"}
	vars := []string{"@X", "@Y"}
	regs := 0
	reg := func() string { regs++; return fmt.Sprintf("%%r%d", regs) }
	access := func() string {
		v, t := vars[r.Intn(2)], tags[r.Intn(len(tags))]
		if r.Intn(2) == 0 {
			return fmt.Sprintf("%s := load%s %s", reg(), t, v)
		}
		return fmt.Sprintf("store%s %s, %d", t, v, 1+r.Intn(2))
	}
	budget := 7
	for t := 0; t < 2+r.Intn(2); t++ {
		fmt.Fprintf(&b, "proc p%d() {\n", t)
		for i := 0; i < 1+r.Intn(3) && budget > 0; i++ {
			switch k := r.Intn(6); {
			case k < 2:
				b.WriteString("  " + access() + "\n")
				budget--
			case k < 3:
				b.WriteString("  " + fences[r.Intn(len(fences))] + "\n")
			default:
				n := 2 + r.Intn(2)
				var body []string
				for j := 0; j < n; j++ {
					body = append(body, access())
				}
				b.WriteString("  atomic { " + strings.Join(body, "  ") + " }\n")
				budget -= n
			}
		}
		b.WriteString("}\n")
	}
	return b.String()
}

var txnSeeds = flag.Int("txnseeds", 3, "random programs for TestTxnEncodingMatchesEvaluator")

// TestTxnEncodingMatchesEvaluator compares, on every candidate execution
// of programs with multi-location atomic blocks, the encoding's
// contracted acyclicity checks with the evaluator's stronglift as
// written (cat/txn.go), on every model.
func TestTxnEncodingMatchesEvaluator(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl")
	models := catModels(t)
	type prog struct{ name, src string }
	var progs []prog
	for name, src := range txnPrograms {
		progs = append(progs, prog{name, src})
	}
	accepted, seed := 0, int64(0) // random programs compared, the last seed
	for i := 0; ; i++ {
		if i == len(progs) {
			if accepted == *txnSeeds || seed == 100 {
				break
			}
			seed++
			progs = append(progs, prog{fmt.Sprintf("seed %d", seed), randomTxnProgram(rand.New(rand.NewSource(seed)))})
		}
		pname, src := progs[i].name, progs[i].src
		base := buildCat(t, src, none)
		proj := projection(base)
		cands := candidates(t, base, proj, 500)
		if cands == nil {
			if _, fixed := txnPrograms[pname]; fixed {
				t.Fatalf("%s: too many candidates", pname)
			}
			continue // too many to compare: another seed instead
		}
		txns := 0
		for _, vals := range cands {
			if x := decodeCandidate(t, base, proj, vals); x.Stxn != nil {
				txns++
			}
		}
		_, fixed := txnPrograms[pname]
		switch {
		case txns == 0 && fixed:
			t.Errorf("%s: no candidate has a transaction\n%s", pname, src)
		case txns == 0:
			continue // blocks of one location: another seed instead
		case !fixed:
			accepted++
		}
		for mname, m := range models {
			compareCandidates(t, pname+"/"+mname, src, m, i%2 == 0, base, proj, cands)
		}
	}
}

// decodeCandidate is the execution of one candidate.
func decodeCandidate(t *testing.T, base *Encoding, proj []z.Lit, vals []bool) *cat.Execution {
	assume := candidateAssumptions(proj, vals)
	r := s0(t, base, assume)
	if r == nil {
		t.Fatal("candidate lost")
	}
	return base.catInst.Decode(r).Candidate.Execution()
}

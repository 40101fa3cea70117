package encode

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode/sat"
)

// partsModels use si and closures through po, whose po-specific
// encodings (catpo.go, catpoclosure.go) the encoding must not use when an
// access has parts.
var partsModels = map[string]string{
	"si-ob": `let obs = rfe | fre | coe
let ob = obs; si | po; [F]; po | [A]; po | po; [L] | rmw
acyclic ob as external
acyclic po-loc | rf | co | fr as internal`,
	"po-closure-si": `let hb = (po | rf | si)+
irreflexive hb; (co | fr) as coh
acyclic po | (rf; si) as order
flag ~empty (si \ id) & (W * W) as split-write`,
	"po-seq": `let a = po; [W] | [R]; po
acyclic a | rfe | co | fr as mp`,
}

// randomPartsProgram writes a small random program with mixed-size
// accesses: Z has the cells [Z 0] and [Z 1], which an access moves both
// (two parts) or one alone; X is an ordinary location.
func randomPartsProgram(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("global X global Z\n")
	tags := []string{"", "", "A", "L", "Q"}
	fences := []string{"fence full", "fence<DMB.ISHLD>", "fence<DMB.ISHST>", "fence<ISB>"}
	regs := 0
	reg := func() string { regs++; return fmt.Sprintf("%%r%d", regs) }
	tagged := func(op, tag string, part bool) string {
		var ts []string
		if tag != "" {
			ts = append(ts, tag)
		}
		if part {
			ts = append(ts, "part")
		}
		if len(ts) == 0 {
			return op
		}
		return op + "<" + strings.Join(ts, ",") + ">"
	}
	budget := 7
	for t := 0; t < 2+r.Intn(2); t++ {
		fmt.Fprintf(&b, "proc p%d() {\n", t)
		var loaded []string
		val := func() string {
			if len(loaded) > 0 && r.Intn(2) == 0 {
				return loaded[r.Intn(len(loaded))]
			}
			return fmt.Sprint(1 + r.Intn(2))
		}
		for i := 0; i < 1+r.Intn(3) && budget > 0; i++ {
			tag := tags[r.Intn(len(tags))]
			switch k := r.Intn(9); {
			case k < 2: // a whole store of Z
				fmt.Fprintf(&b, "  %s [@Z 0], %s  %s [@Z 1], %s\n", tagged("store", tag, false), val(), tagged("store", tag, true), val())
				budget -= 2
			case k < 4: // a whole load of Z
				x, y := reg(), reg()
				fmt.Fprintf(&b, "  %s := %s [@Z 0]  %s := %s [@Z 1]\n", x, tagged("load", tag, false), y, tagged("load", tag, true))
				loaded = append(loaded, x, y)
				budget -= 2
			case k < 5: // one cell of Z
				if r.Intn(2) == 0 {
					fmt.Fprintf(&b, "  %s [@Z %d], %s\n", tagged("store", tag, false), r.Intn(2), val())
				} else {
					x := reg()
					fmt.Fprintf(&b, "  %s := %s [@Z %d]\n", x, tagged("load", tag, false), r.Intn(2))
					loaded = append(loaded, x)
				}
				budget--
			case k < 6:
				if r.Intn(2) == 0 {
					fmt.Fprintf(&b, "  %s @X, %s\n", tagged("store", tag, false), val())
				} else {
					x := reg()
					fmt.Fprintf(&b, "  %s := %s @X\n", x, tagged("load", tag, false))
					loaded = append(loaded, x)
				}
				budget--
			case k < 7:
				b.WriteString("  " + fences[r.Intn(len(fences))] + "\n")
			case k < 8: // an exclusive pair on both cells
				x, y := reg(), reg()
				fmt.Fprintf(&b, "  %s := load<X> [@Z 0]  %s := load<X,part> [@Z 1]\n  store<X> [@Z 0], 2  store<X,part> [@Z 1], 2\n", x, y)
				budget -= 4
			default: // an atomic exchange of both cells
				x, y := reg(), reg()
				fmt.Fprintf(&b, "  atomic { %s := load [@Z 0]  %s := load<part> [@Z 1]  store [@Z 0], 1  store<part> [@Z 1], 1 }\n", x, y)
				budget -= 4
			}
		}
		b.WriteString("}\n")
	}
	if r.Intn(2) == 0 {
		b.WriteString("proc final() { %f := load [@Z 0]  %g := load<part> [@Z 1] }\n")
	}
	return b.String()
}

// TestCatPartsRandom compares the encoding with the evaluator on random
// programs with mixed-size accesses (see TestCatEncodingMatchesEvaluator).
func TestCatPartsRandom(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl | si")
	models := map[string]*cat.Model{}
	for name, m := range catModels(t) {
		// the models that use si, and two with closures through po
		if name == "aarch64" || name == "closure" || name == "po-closure" {
			models[name] = m
		}
	}
	for name, src := range partsModels {
		m, err := cat.Parse(name+".cat", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		models[name] = m
	}
	arm8, _ := cat.Builtin("arm8")
	models["builtin-arm8"] = arm8
	n := *catSeeds / 3
	if testing.Short() {
		n = min(n, 2)
	}
	compared := 0
	for seed := int64(1); compared < n && seed <= int64(4*n); seed++ {
		src := randomPartsProgram(rand.New(rand.NewSource(seed)))
		base := buildCat(t, src, none)
		if !base.catInst.hasParts {
			continue
		}
		proj := projection(base)
		cands := candidates(t, base, proj, 800)
		if cands == nil {
			continue
		}
		compared++
		for mname, m := range models {
			compareCandidates(t, fmt.Sprintf("seed %d/%s", seed, mname), src, m, seed%2 == 0, base, proj, cands)
		}
	}
	if compared == 0 {
		t.Fatal("no program compared")
	}
}

// TestCatParts checks the base relations of accesses with parts: si
// relates the parts of one access, program order does not, and an
// exclusive pair matches its parts cell by cell.
func TestCatParts(t *testing.T) {
	src := `global X global Z
proc p0() {
  %a := load<X> [@Z 0]  %b := load<X,part> [@Z 1]
  store<X> [@Z 0], 1  store<X,part> [@Z 1], 1
  store @X, 1
}
proc p1() { %c := load @X  %d := load [@Z 1] }
`
	none := trackingModel(t, "po | si | rmw")
	e := buildCat(t, src, none)
	ci := e.catInst
	s := e.NewSolver()
	if s.Solve(context.Background()) != sat.Sat {
		t.Fatal("no execution")
	}
	x := ci.Decode(s.Value)
	name := func(k int) string { return ci.describeEvent(x.Index[k]) }
	pairs := func(ps [][2]int) string {
		var out []string
		for _, p := range ps {
			out = append(out, name(p[0])+" -> "+name(p[1]))
		}
		slices.Sort(out)
		return strings.Join(out, "; ")
	}
	// (thread p0 is t1; the first parts carry <X>, the second <X,part>)
	wantSI := "t1:load<X,part> -> t1:load<X>; t1:load<X> -> t1:load<X,part>; " +
		"t1:store<X,part> -> t1:store<X>; t1:store<X> -> t1:store<X,part>"
	if got := pairs(x.Candidate.SI); got != wantSI {
		t.Errorf("si:\n got %s\nwant %s", got, wantSI)
	}
	wantRMW := "t1:load<X,part> -> t1:store<X,part>; t1:load<X> -> t1:store<X>"
	if got := pairs(x.Candidate.Lxsx); got != wantRMW {
		t.Errorf("lxsx:\n got %s\nwant %s", got, wantRMW)
	}
	for _, p := range x.Candidate.PO {
		a, b := ci.Events[x.Index[p[0]]], ci.Events[x.Index[p[1]]]
		if a.Access == b.Access {
			t.Errorf("po relates %s and %s, parts of one access", name(p[0]), name(p[1]))
		}
	}
	// p0: the two loads before the two stores and the store of X, the
	// two stores before it; p1: one pair
	if n := len(x.Candidate.PO); n != 2*2+2+2+1 {
		t.Errorf("po has %d pairs, want 9: %s", n, pairs(x.Candidate.PO))
	}
}

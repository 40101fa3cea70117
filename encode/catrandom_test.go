package encode

import (
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// randomCatProgram writes a small random program for the differential
// test: 2–3 threads of loads, stores, tagged fences, branches on loaded
// values, atomic blocks, exclusive pairs and pointer loads, with random
// tags; sometimes init and final threads.
func randomCatProgram(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("global X global Y global P = @X\n")
	accessTags := []string{"", "", "<A>", "<L>", "<Q>", "<X>", "<A,ACQ>", "<A,REL>", "<A,SC>", "<A,RLX>", "<NA>", "<Acq>", "<Rel>", "<AcqRel>"}
	fences := []string{"fence full", "fence store-store", "fence load-load", "fence<DMB.SY>", "fence<DMB.ISHLD>",
		"fence<DMB.ISHST>", "fence<ISB>", "fence<sync>", "fence<lwsync>", "fence<isync>", "fence<Fence.rw.rw>",
		"fence<Fence.r.rw>", "fence<Fence.tso>", "fence<SC>", "fence<REL>", "fence<mfence>"}
	vars := []string{"@X", "@Y"}
	regs := 0
	reg := func() string { regs++; return fmt.Sprintf("%%r%d", regs) }
	threads := 2 + r.Intn(2)
	budget := 6
	if r.Intn(3) == 0 {
		b.WriteString("proc init() { store @Y, 1 }\n")
	}
	for t := 0; t < threads; t++ {
		name := fmt.Sprintf("p%d", t)
		fmt.Fprintf(&b, "proc %s() {\n", name)
		var loaded []string
		n := 1 + r.Intn(3)
		for i := 0; i < n && budget > 0; i++ {
			switch k := r.Intn(10); {
			case k < 3:
				d := reg()
				fmt.Fprintf(&b, "  %s := load%s %s\n", d, accessTags[r.Intn(len(accessTags))], vars[r.Intn(2)])
				loaded = append(loaded, d)
				budget--
			case k < 6:
				v := fmt.Sprint(1 + r.Intn(2))
				if len(loaded) > 0 && r.Intn(2) == 0 {
					v = loaded[r.Intn(len(loaded))]
				}
				fmt.Fprintf(&b, "  store%s %s, %s\n", accessTags[r.Intn(len(accessTags))], vars[r.Intn(2)], v)
				budget--
			case k < 7:
				b.WriteString("  " + fences[r.Intn(len(fences))] + "\n")
			case k < 8 && len(loaded) > 0:
				fmt.Fprintf(&b, "  if %s { store %s, 2 }\n", loaded[r.Intn(len(loaded))], vars[r.Intn(2)])
				budget--
			case k < 9:
				o := reg()
				fmt.Fprintf(&b, "  atomic { %s := load %s  store %s, 2 }\n", o, vars[0], vars[0])
				budget -= 2
			default:
				p, d := reg(), reg()
				fmt.Fprintf(&b, "  %s := load @P  %s := load %s\n", p, d, p)
				loaded = append(loaded, d)
				budget -= 2
			}
		}
		b.WriteString("}\n")
	}
	if r.Intn(2) == 0 {
		b.WriteString("proc final() { %f := load @X  %g := load @Y }\n")
	}
	return b.String()
}

var catSeeds = flag.Int("catseeds", 12, "random programs for TestCatEncodingRandom")

// TestCatEncodingRandom runs the differential comparison of
// TestCatEncodingMatchesEvaluator on random programs.
func TestCatEncodingRandom(t *testing.T) {
	none := trackingModel(t, "po | addr | data | ctrl")
	models := catModels(t)
	n := *catSeeds
	if testing.Short() {
		n = min(n, 4)
	}
	for seed := int64(1); seed <= int64(n); seed++ {
		src := randomCatProgram(rand.New(rand.NewSource(seed)))
		base := buildCat(t, src, none)
		proj := projection(base)
		cands := candidates(t, base, proj, 3000)
		if cands == nil {
			continue // too many to compare
		}
		for mname, m := range models {
			compareCandidates(t, fmt.Sprintf("seed %d/%s", seed, mname), src, m, seed%2 == 0, base, proj, cands)
		}
	}
}

package axioms

import (
	"math/rand"
	"testing"
)

// tsoPSOShapes are litmus shapes with their verdicts on tso and pso: is
// the described execution allowed? Blocks lists atomic blocks by
// instruction index (as numbered by litmus(), fences included).
var tsoPSOShapes = []struct {
	name     string
	desc     string
	blocks   [][]int
	tso, pso bool
}{
	{"SB", "st X 1; ld Y 0 | st Y 1; ld X 0", nil, true, true},
	{"SB+sl", "st X 1; f sl; ld Y 0 | st Y 1; f sl; ld X 0", nil, false, false},
	{"SB+full", "st X 1; f full; ld Y 0 | st Y 1; f full; ld X 0", nil, false, false},
	{"SB+ss,ll,ls (no store-load)", "st X 1; f ss,ll,ls; ld Y 0 | st Y 1; f ss,ll,ls; ld X 0", nil, true, true},
	{"SB, forwarding", "st X 1; ld X 1; ld Y 0 | st Y 1; ld Y 1; ld X 0", nil, true, true},
	{"MP", "st X 1; st Y 1 | ld Y 1; ld X 0", nil, false, true},
	{"MP+ss", "st X 1; f ss; st Y 1 | ld Y 1; ld X 0", nil, false, false},
	{"LB", "ld X 1; st Y 1 | ld Y 1; st X 1", nil, false, false},
	{"IRIW", "st X 1 | st Y 1 | ld X 1; ld Y 0 | ld Y 1; ld X 0", nil, false, false},
	{"WRC", "st X 1 | ld X 1; st Y 1 | ld Y 1; ld X 0", nil, false, false},
	{"CoRR", "st X 1 | ld X 1; ld X 0", nil, false, false},
	{"CoWR: own store overwritten", "st X 1; ld X 2 | st X 2", nil, true, true},
	{"CoWR: read own older store", "st X 1; st X 2; ld X 1", nil, false, false},
	{"2+2W", "st X 1; st Y 2 | st Y 1; st X 2 | final: ld X 1; ld Y 1", nil, false, true},
	{"2+2W+ss", "st X 1; f ss; st Y 2 | st Y 1; f ss; st X 2 | final: ld X 1; ld Y 1", nil, false, false},
	{"forwarding (Fig 3.4)", "st X 1; f ss; st Y 1 | st Y 2; ld Y 2; f ll; ld X 0 | final: ld Y 2", nil, true, true},
	{"R: store then store, load", "st X 1; st Y 1 | st Y 2; ld X 0 | final: ld Y 2", nil, true, true},
	{"R+sl", "st X 1; st Y 1 | st Y 2; f sl; ld X 0 | final: ld Y 2", nil, false, true},
	{"init before threads", "init: st X 1 | ld X 0", nil, false, false},
	// An atomic load-store block (x86 XCHG without the front end's
	// fences). On tso it drains the store buffer by itself: earlier stores
	// precede its store (FIFO), its store precedes later loads (its load
	// does, and the block is contiguous).
	{"SB+rmw", "ld Z 0; st Z 1; ld Y 0 | ld W 0; st W 1; ld X 0 | init: st X 0; st Y 0", [][]int{{0, 1}, {3, 4}}, false, false},
	{"SB, stores then rmw", "st X 1; ld Z 0; st Z 1; ld Y 0 | st Y 1; ld W 0; st W 1; ld X 0", [][]int{{1, 2}, {5, 6}}, false, true},
	{"SB, stores then rmw+fences", "st X 1; f full; ld Z 0; st Z 1; f full; ld Y 0 | st Y 1; f full; ld W 0; st W 1; f full; ld X 0", [][]int{{2, 3}, {8, 9}}, false, false},
	// A failing compare-and-swap is a lone load: without fences it orders
	// nothing.
	{"SB, stores then failed cas", "st X 1; ld Z 0; ld Y 0 | st Y 1; ld W 0; ld X 0", [][]int{{1}, {4}}, true, true},
	{"rmw before a store", "ld X 0; st X 1 | st X 2 | final: ld X 2", [][]int{{0, 1}}, true, true},
	{"store between the rmw's load and store", "ld X 0; st X 1 | st X 2 | final: ld X 1", [][]int{{0, 1}}, false, false},
}

func shape(desc string, blocks [][]int) *fakeUniverse {
	u := litmus(desc)
	for b, idx := range blocks {
		for _, i := range idx {
			u.instrs[i].block = b + 1
		}
	}
	return u
}

func TestTSOPSOShapes(t *testing.T) {
	for _, sh := range tsoPSOShapes {
		for _, mv := range []struct {
			name string
			want bool
		}{{"tso", sh.tso}, {"pso", sh.pso}} {
			m := mustBuiltin(t, mv.name)
			if got := bruteAllowed(m, shape(sh.desc, sh.blocks)); got != mv.want {
				t.Errorf("%s on %s: brute force says allowed=%v, want %v", sh.name, mv.name, got, mv.want)
			}
			for _, opts := range allOptions {
				if got := satisfiable(t, m, shape(sh.desc, sh.blocks), opts); got != mv.want {
					t.Errorf("%s on %s (%v/%v): Θ satisfiable=%v, want %v", sh.name, mv.name, opts.Encoding, opts.Transitivity, got, mv.want)
				}
			}
		}
	}
}

// TestTSOPSOEncodings compares every encoding of tso and pso with the
// brute-force evaluator on random small executions.
func TestTSOPSOEncodings(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	models := []*Model{mustBuiltin(t, "tso"), mustBuiltin(t, "pso")}
	n := 300
	if testing.Short() {
		n = 60
	}
	verdicts := map[bool]int{}
	for k := 0; k < n; k++ {
		u := randomExecution(r, 5)
		for _, m := range models {
			want := bruteAllowed(m, u)
			verdicts[want]++
			for _, opts := range allOptions {
				if got := satisfiable(t, m, u, opts); got != want {
					t.Fatalf("case %d, model %s, %v/%v: satisfiable=%v, brute force=%v\n%v", k, m.Name, opts.Encoding, opts.Transitivity, got, want, u)
				}
			}
		}
	}
	t.Logf("verdicts %v", verdicts)
	if verdicts[true] < n/10 || verdicts[false] < n/10 {
		t.Errorf("unbalanced verdicts: %v", verdicts)
	}
}

// TestModelStrength checks on random executions that the models form a
// chain: whatever sc allows, tso allows; whatever tso allows, pso allows;
// whatever pso allows, relaxed allows. Classic shapes show that each step
// is strict.
func TestModelStrength(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	chain := []string{"sc", "tso", "pso", "relaxed"}
	var models []*Model
	for _, n := range chain {
		models = append(models, mustBuiltin(t, n))
	}
	n := 1500
	if testing.Short() {
		n = 300
	}
	for k := 0; k < n; k++ {
		u := randomExecution(r, 5)
		prev := false
		for i, m := range models {
			got := bruteAllowed(m, u)
			if i > 0 && prev && !got {
				t.Fatalf("case %d: allowed on %s but not on %s\n%v", k, chain[i-1], chain[i], u)
			}
			prev = got
		}
	}
	separating := []struct{ weaker, stronger, desc string }{
		{"tso", "sc", "st X 1; ld Y 0 | st Y 1; ld X 0"},      // SB
		{"pso", "tso", "st X 1; st Y 1 | ld Y 1; ld X 0"},     // MP
		{"relaxed", "pso", "ld X 1; st Y 1 | ld Y 1; st X 1"}, // LB
	}
	for _, s := range separating {
		if !bruteAllowed(mustBuiltin(t, s.weaker), litmus(s.desc)) || bruteAllowed(mustBuiltin(t, s.stronger), litmus(s.desc)) {
			t.Errorf("%s should be allowed on %s and not on %s", s.desc, s.weaker, s.stronger)
		}
	}
}

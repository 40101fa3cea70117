package lsl

import (
	"fmt"
	"strings"
	"testing"
)

// TestRangesConeLimits: a counter three threads increment through memory,
// in a program whose other thread has a chain of 300 additions (each into
// a register of its own). Under the
// program-wide depth limit the counter's numbers pass the set's cap and
// the width falls back; under each statement's cone limit the counter
// holds 0..3, and the chain of additions keeps every number it makes
// (its last addition's cone has all 300).
func TestRangesConeLimits(t *testing.T) {
	var chain strings.Builder
	chain.WriteString("proc chain() {\n    %r0 := 0\n")
	for k := range 300 {
		fmt.Fprintf(&chain, "    %%r%d := add(%%r%d, 1)\n", k+1, k)
	}
	chain.WriteString("    store @Out, %r300\n}\n")
	p, err := Parse("c.lsl", []byte(`
global C
global Out
proc inc() { atomic { %c := load @C  %d := add(%c, 1)  store @C, %d } }
`+chain.String()))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{conc("inc"), conc("inc"), conc("inc"), conc("chain")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var loadC, storeOut int
	for i, th := range u.Threads {
		Walk(th.Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Load:
				if i == 0 {
					loadC = s.ID
				}
			case *Store:
				if i == 3 {
					storeOut = s.ID
				}
			}
			return true
		})
	}
	wide := AnalyzeRanges(u, RangeOptions{FallbackWidth: 64, NoConeLimits: true})
	if !wide.Fallback || wide.Width != 64 {
		t.Errorf("program-wide limit: width %d fallback %v, want the fallback 64", wide.Width, wide.Fallback)
	}
	r := AnalyzeRanges(u, RangeOptions{FallbackWidth: 64})
	if lo, hi, ok := r.Value(loadC).NumRange(); !ok || lo != 0 || hi != 3 {
		t.Errorf("counter: %v, want 0..3", r.Value(loadC))
	}
	if lo, hi, ok := r.Value(storeOut).NumRange(); !ok || lo != 300 || hi != 300 {
		t.Errorf("chain: %v, want 300", r.Value(storeOut))
	}
	if r.Fallback || r.Width != bitsFor(300) {
		t.Errorf("cone limits: width %d fallback %v, want %d", r.Width, r.Fallback, bitsFor(300))
	}
}

// TestSCCs: components come after the components they have edges into.
func TestSCCs(t *testing.T) {
	// 0 <- 1 <- 2 <- 1 (a cycle of 1 and 2), 3 <- 2, 4 alone
	preds := [][]int{nil, {0, 2}, {1}, {2}, nil}
	comps, compOf := sccs(preds)
	if len(comps) != 4 || compOf[1] != compOf[2] {
		t.Fatalf("components %v", comps)
	}
	for v, ps := range preds {
		for _, p := range ps {
			if compOf[p] > compOf[v] {
				t.Errorf("%d's component %d before its pred %d's %d", v, compOf[v], p, compOf[p])
			}
		}
	}
}

package synth

import (
	"bytes"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// TestOrderDiff: --diff rewrites the order argument at the access's column
// (not an earlier one on the line), a relaxed CAS failure order with it,
// and refuses a line that does not name the order.
func TestOrderDiff(t *testing.T) {
	src := []string{
		"void f(void) {",
		"    atomic_store_explicit(&x, atomic_load_explicit(&y, memory_order_relaxed), memory_order_relaxed);",
		"    while (!atomic_compare_exchange_weak_explicit(&top, &t, n, memory_order_relaxed, memory_order_relaxed));",
		"    LOAD(x);",
		"}",
		"",
	}
	cand := func(line, col int, access, to string) *lsl.Candidate {
		return &lsl.Candidate{Point: &lsl.FencePoint{File: "f.c", Line: line, Side: lsl.OrderSide, Pos: diag.Pos{File: "f.c", Line: line, Col: col}}, Order: to, From: "RLX", Access: access}
	}
	src2 := NewSources(func(string) ([]byte, error) { return []byte(strings.Join(src, "\n")), nil })
	r := &Result{Fences: []*Fence{
		{Candidate: cand(2, 5, "W", "REL")},
		{Candidate: cand(3, 13, "RMW", "ACQ_REL")},
	}}
	var out bytes.Buffer
	if err := WriteDiff(&out, r, src2); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"+    atomic_store_explicit(&x, atomic_load_explicit(&y, memory_order_relaxed), memory_order_release);",
		"+    while (!atomic_compare_exchange_weak_explicit(&top, &t, n, memory_order_acq_rel, memory_order_acquire));",
	}
	for _, w := range want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("diff lacks %q:\n%s", w, out.String())
		}
	}
	// the store's column is 5: its own (last) order argument is the one
	// after the nested load's; the load at column 31 gets the first
	r = &Result{Fences: []*Fence{{Candidate: cand(2, 31, "R", "ACQ")}}}
	out.Reset()
	if err := WriteDiff(&out, r, src2); err != nil || !strings.Contains(out.String(), "(&y, memory_order_acquire), memory_order_relaxed);") {
		t.Errorf("%v\n%s", err, out.String())
	}
	r = &Result{Fences: []*Fence{{Candidate: cand(4, 5, "R", "ACQ")}}}
	if err := WriteDiff(&out, r, src2); err == nil || !strings.Contains(err.Error(), "change it by hand") {
		t.Errorf("a line without the order: %v", err)
	}
}

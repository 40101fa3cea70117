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

// TestOrderDiffFailureOrder: strengthening a compare-exchange raises its
// failure order to the new success order's read part when it is weaker
// (acquire to seq_cst too: the candidate's tags give the failed read
// that order, lsl.ResolveTags), and leaves a strong enough one alone.
func TestOrderDiffFailureOrder(t *testing.T) {
	for _, c := range []struct{ from, to, line, want string }{
		{"ACQ", "SC", "memory_order_acquire, memory_order_acquire", "memory_order_seq_cst, memory_order_seq_cst"},
		{"ACQ", "SC", "memory_order_acquire, memory_order_relaxed", "memory_order_seq_cst, memory_order_seq_cst"},
		{"ACQ", "ACQ_REL", "memory_order_acquire, memory_order_relaxed", "memory_order_acq_rel, memory_order_acquire"},
		{"RLX", "REL", "memory_order_relaxed, memory_order_relaxed", "memory_order_release, memory_order_relaxed"},
		{"RLX", "ACQ_REL", "memory_order_relaxed, memory_order_seq_cst", "memory_order_acq_rel, memory_order_seq_cst"},
	} {
		src := "    cas(&top, &t, n, " + c.line + ");\n"
		srcs := NewSources(func(string) ([]byte, error) { return []byte(src), nil })
		cand := &lsl.Candidate{Point: &lsl.FencePoint{File: "f.c", Line: 1, Side: lsl.OrderSide, Pos: diag.Pos{File: "f.c", Line: 1, Col: 5}}, Order: c.to, From: c.from, Access: "RMW"}
		var out bytes.Buffer
		if err := WriteDiff(&out, &Result{Fences: []*Fence{{Candidate: cand}}}, srcs); err != nil {
			t.Fatal(err)
		}
		if want := "+    cas(&top, &t, n, " + c.want + ");"; !strings.Contains(out.String(), want) {
			t.Errorf("%s -> %s on %s: diff lacks %q:\n%s", c.from, c.to, c.line, want, out.String())
		}
	}
}

// TestRelaxFailureTag: weakening a compare-exchange caps its failure
// order at the new order's read part, as the edit of the source does.
func TestRelaxFailureTag(t *testing.T) {
	for _, c := range []struct{ tags, to, want string }{
		{"A,SC,fail.ACQ", "REL", "A,REL"},
		{"A,SC,fail.ACQ", "ACQ", "A,ACQ"},
		{"A,SC,fail.RLX", "ACQ", "A,ACQ,fail.RLX"},
		{"A,SC,fail.RLX", "RLX", "A,RLX"},
		{"A,SC", "ACQ", "A,ACQ"},
	} {
		if got := strings.Join(replaceOrder(strings.Split(c.tags, ","), c.to), ","); got != c.want {
			t.Errorf("replaceOrder(%s, %s) = %s, want %s", c.tags, c.to, got, c.want)
		}
	}
}

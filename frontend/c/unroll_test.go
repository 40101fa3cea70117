package cfront

import (
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestUnrollsAndNamesAddresses: a translated queue with its harness
// unrolls, and its memory accesses print as C-level locations.
func TestUnrollsAndNamesAddresses(t *testing.T) {
	p := mustTranslate(t, readSource(t, "testdata/golden/lockqueue.c"))
	u, err := lsl.Unroll(p, []lsl.ThreadSpec{
		{Kind: lsl.ThreadInit, Ops: []string{"i"}},
		{Kind: lsl.ThreadConcurrent, Ops: []string{"e"}},
		{Kind: lsl.ThreadConcurrent, Ops: []string{"d"}},
	}, lsl.UnrollOptions{})
	if err != nil {
		t.Fatalf("unroll: %v", err)
	}
	if len(u.Threads) != 3 {
		t.Fatalf("%d threads", len(u.Threads))
	}
	queue := p.GlobalBase("queue")
	for off, want := range []string{"queue.head", "queue.tail", "queue.lock"} {
		if got := u.AddrName(lsl.Ptr(queue, int64(off))); got != want {
			t.Errorf("AddrName([queue %d]) = %s, want %s", off, got, want)
		}
	}
	// the harness's local v and the pool's nodes are named after their
	// C variable and struct
	names := map[string]bool{}
	for _, b := range u.Blocks {
		names[b.Name] = true
	}
	for _, want := range []string{"queue", "v#1", "node#1", "node#2"} {
		if !names[want] {
			t.Errorf("no block %s among %v", want, names)
		}
	}
}

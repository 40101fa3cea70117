package lsl

import "testing"

// Blocks of the lsl_malloc pool carry the allocations' type when every
// allocation has the same one, so traces name their fields (node_t#1.value
// rather than node_t#1[1]); with mixed types they are plain blocks.
func TestPoolBlockNames(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // AddrName of [b 0], [b 1] of the first pool block
	}{
		{"one type", `struct node_t { next, value }
proc a() { %p := alloc pool node_t  %q := alloc pool node_t }`, []string{"node_t#1.next", "node_t#1.value"}},
		{"mixed types", `struct node_t { next, value }
struct pair_t { x, y }
proc a() { %p := alloc pool node_t  %q := alloc pool pair_t }`, []string{"block#1[0]", "block#1[1]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFiles([]SourceFile{{Name: "p.lsl", Src: []byte(c.src)}})
			if err != nil {
				t.Fatal(err)
			}
			u, err := Unroll(p, []ThreadSpec{conc("a")}, UnrollOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if u.Pool == nil {
				t.Fatal("no pool")
			}
			for off, want := range c.want {
				if got := u.AddrName(Value{Kind: KPtr, Ptr: []int64{u.Pool.First, int64(off)}}); got != want {
					t.Errorf("AddrName([%d %d]) = %q, want %q", u.Pool.First, off, got, want)
				}
			}
		})
	}
}

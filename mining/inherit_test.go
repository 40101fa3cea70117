package mining

import (
	"maps"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestInheritInner: raising loop instance key to nb iterations starts a
// loop inside its new iteration at 2 when it has at least 2 in every
// iteration before, nested loops included; loops elsewhere and bounds
// already higher stay as they are.
func TestInheritInner(t *testing.T) {
	unrolled := func(bounds lsl.Bounds) *lsl.Unrolled {
		u := &lsl.Unrolled{Loops: map[lsl.LoopKey]*lsl.LoopInfo{}}
		for k, b := range bounds {
			u.Loops[k] = &lsl.LoopInfo{Key: k, Bound: b}
		}
		return u
	}
	const L1 = "t2.0:c>contains>search/L1"
	cases := []struct {
		name  string
		loops lsl.Bounds // of the unrolling the raise comes from
		next  lsl.Bounds // before inheriting
		nb    int
		limit int // --max-unroll
		want  lsl.Bounds
	}{
		{"2 in every iteration before",
			lsl.Bounds{L1: 3, L1 + "#1/L2": 3, L1 + "#2/L2": 2, L1 + "#3/L2": 4},
			lsl.Bounds{L1: 4},
			4, 64,
			lsl.Bounds{L1: 4, L1 + "#4/L2": 2}},
		{"nested twice",
			lsl.Bounds{L1: 1, L1 + "#1/L2": 2, L1 + "#1/L2#1/L3": 3, L1 + "#1/L2#2/L3": 1},
			lsl.Bounds{L1: 2},
			2, 64,
			lsl.Bounds{L1: 2, L1 + "#2/L2": 2, L1 + "#2/L2#1/L3": 2}},
		{"1 in some iteration before",
			lsl.Bounds{L1: 2, L1 + "#1/L2": 1, L1 + "#2/L2": 3},
			lsl.Bounds{L1: 3},
			3, 64,
			lsl.Bounds{L1: 3}},
		{"a higher bound stays",
			lsl.Bounds{L1: 1, L1 + "#1/L2": 2},
			lsl.Bounds{L1: 2, L1 + "#2/L2": 5},
			2, 64,
			lsl.Bounds{L1: 2, L1 + "#2/L2": 5}},
		{"other loops and other threads are left alone",
			lsl.Bounds{L1: 1, L1 + "#1/L2": 2, "t1.0:a>add>search/L1#1/L2": 4, L1 + "0#1/L2": 7, "t2.0:c>contains/L1": 3},
			lsl.Bounds{L1: 2},
			2, 64,
			lsl.Bounds{L1: 2, L1 + "#2/L2": 2}},
		{"--max-unroll=1",
			lsl.Bounds{L1: 1, L1 + "#1/L2": 2},
			lsl.Bounds{L1: 2},
			2, 1,
			lsl.Bounds{L1: 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			next := maps.Clone(tc.next)
			inheritInner(unrolled(tc.loops), next, L1, tc.nb, tc.limit)
			if !maps.Equal(next, tc.want) {
				t.Errorf("got %v, want %v", next, tc.want)
			}
		})
	}
}

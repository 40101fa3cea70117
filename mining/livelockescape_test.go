package mining

import (
	"context"
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
)

// A livelock at a bound above one repeats its round before the cycle at the
// bound: those rounds keep the exception for livelocks
// (encode/livelockescape.go), or the livelock would be lost whenever
// another execution raised the loop's bound. Both forms of the exception
// must see it at every bound.
func TestLivelockAtRaisedBounds(t *testing.T) {
	cases := []struct {
		test, model string
		bounds      func(b int) lsl.Bounds
	}{
		{"( never )", "sc", func(b int) lsl.Bounds { return lsl.Bounds{"t1.0:never/L1": b} }},
		{"( never | inc )", "relaxed", func(b int) lsl.Bounds { return lsl.Bounds{"t1.0:never/L1": b, "t2.0:inc/L1": 2} }},
		{"( tries )", "sc", func(b int) lsl.Bounds { return lsl.Bounds{"t1.0:tries/L1": b} }},
	}
	for _, tc := range cases {
		p, test := fairSetup(t, tc.test)
		for b := 1; b <= 3; b++ {
			for _, broad := range []bool{false, true} {
				name := fmt.Sprintf("%s on %s, bound %d, broad %v", tc.test, tc.model, b, broad)
				es, err := ExecutionsAt(context.Background(), p, test, Options{Options: encode.Options{BroadLivelockEscape: broad}, Model: builtin(t, tc.model)}, false, tc.bounds(b))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !es.AnyDeadlock || len(es.Pruned) > 0 {
					t.Errorf("%s: deadlock %v, cut off %v; want the livelock and no cut-off", name, es.AnyDeadlock, es.Pruned)
				}
			}
		}
	}
}

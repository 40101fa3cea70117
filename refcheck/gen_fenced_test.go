package refcheck

import (
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestFenceEverything: the fully fenced programs parse, and the analysis
// of loads a fence orders (lsl.LoadOrders) finds every load of their
// threads ordered, so the fence case of fair progress is what they
// exercise on relaxed and rmo (fuzzdiff -fenced).
func TestFenceEverything(t *testing.T) {
	ordered := 0
	for seed := int64(1); seed <= 60; seed++ {
		for _, cfg := range []GenConfig{SmallGen, PushGen, ReloadGen} {
			cfg.FullyFenced = true
			src := Generate(seed, cfg)
			c, err := ParseCase("fenced.lsl", []byte(src))
			if err != nil {
				t.Fatalf("seed %d: %v\n%s", seed, err, src)
			}
			for _, test := range c.Tests {
				u, err := lsl.Unroll(c.Prog, test.ThreadSpecs(), lsl.UnrollOptions{})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				o := lsl.LoadOrders(u)
				if o.StoreAfterLoad || len(o.LoadAfterLoad) > 0 {
					t.Errorf("seed %d %s: %+v, want every load ordered\n%s", seed, test.Name, o, src)
				}
				if !o.AnyLoadAfterLoad {
					ordered++
				}
			}
		}
	}
	if ordered == 0 {
		t.Errorf("no fully fenced program has every load ordered")
	}
	t.Logf("%d tests with every load ordered", ordered)
}

package refcheck

import (
	"strings"
	"testing"
)

// TestSepGenShapes: SepGen's and SmallSepGen's programs parse, and most put an atomic block
// or a fence between two accesses of a thread (the shapes
// TestCatTwinsRandom and fuzzdiff -sep are for).
func TestSepGenShapes(t *testing.T) {
	blocks, fences := 0, 0
	for seed := int64(1); seed <= 100; seed++ {
		cfg := SepGen
		if seed%2 == 0 {
			cfg = SmallSepGen
		}
		src := Generate(seed, cfg)
		if _, err := ParseCase("sep.lsl", []byte(src)); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		if strings.Contains(src, "atomic {") {
			blocks++
		}
		if strings.Contains(src, "fence ") {
			fences++
		}
	}
	if blocks < 60 || fences < 30 {
		t.Errorf("%d of 100 programs have an atomic block, %d a fence: too few separators", blocks, fences)
	}
	t.Logf("%d of 100 programs with an atomic block, %d with a fence", blocks, fences)
}

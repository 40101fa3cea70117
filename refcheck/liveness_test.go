package refcheck

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestLivenessMatchesEngine compares this package's liveness (a global
// fixpoint over the thread) with the engine's (lsl.IterationState, a
// local fixpoint per loop cut-off) on random programs and the case files,
// at bounds 1 to 3: the two must find the same live registers at every
// iteration, or fair progress would call different iterations redundant.
func TestLivenessMatchesEngine(t *testing.T) {
	var cases []*Case
	for seed := int64(1); seed <= 300; seed++ {
		c, err := ParseCase("gen", []byte(Generate(seed, LargeGen)))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		cases = append(cases, c)
	}
	files, _ := filepath.Glob("testdata/*/*.lsl")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if c, err := ParseCase(f, src); err == nil {
			cases = append(cases, c)
		}
	}
	compared := 0
	for _, c := range cases {
		for _, test := range c.Tests {
			for bound := 1; bound <= 3; bound++ {
				u, err := lsl.Unroll(c.Prog, test.ThreadSpecs(), lsl.UnrollOptions{})
				if err != nil {
					continue
				}
				bounds := lsl.Bounds{}
				for key := range u.Loops {
					bounds[key] = bound
				}
				if u, err = lsl.Unroll(c.Prog, test.ThreadSpecs(), lsl.UnrollOptions{Bounds: bounds}); err != nil {
					continue
				}
				for _, th := range u.Threads {
					ours := iterationLive(th.Body)
					engine := lsl.IterationState(th.Body)
					if len(ours) != len(engine) {
						t.Fatalf("%s %s bound %d thread %s: %d iterations here, %d in the engine", c.Name, test.Name, bound, th.Name, len(ours), len(engine))
					}
					for b, regs := range engine {
						var mine []lsl.Reg
						for r := range ours[b] {
							mine = append(mine, r)
						}
						slices.Sort(mine)
						if !slices.Equal(mine, regs) {
							t.Errorf("%s %s bound %d thread %s, iteration %d of %s: live %v here, %v in the engine", c.Name, test.Name, bound, th.Name, b.Iter, b.Loop, mine, regs)
						}
						compared++
					}
				}
			}
		}
	}
	if compared < 100 {
		t.Fatalf("only %d iterations compared", compared)
	}
	t.Logf("%d iterations compared", compared)
}

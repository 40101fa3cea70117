package mining

import (
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestConcurrentSizeLeavesOutMain: the size that decides the simulation's
// deep search counts a whole program's concurrent threads only (main
// before its first pthread_create and after its last join runs alone),
// and every thread of a .tst test.
func TestConcurrentSizeLeavesOutMain(t *testing.T) {
	model, _ := memmodel.Builtin("sc")
	prog, test := loadPthread(t, "c11bench/msq_2_2.c")
	k := simChecker(Options{Model: model}, test)
	specs := ThreadSpecs(test)
	u, err := lsl.Unroll(prog, specs, lsl.UnrollOptions{Bounds: lsl.Bounds{}, FixedPool: k.fixedPool()})
	if err != nil {
		t.Fatal(err)
	}
	all, conc := unrolledInstrs(u), 0
	for _, th := range u.Threads {
		if th.Kind == lsl.ThreadConcurrent {
			conc += unrolledInstrs(&lsl.Unrolled{Threads: []*lsl.Thread{th}})
		}
	}
	if conc == 0 || conc == all {
		t.Fatalf("the program has %d instructions, %d in concurrent threads: want both kinds", all, conc)
	}
	if got := k.concurrentSize(prog, specs, lsl.Bounds{}); got != conc {
		t.Errorf("whole program: size %d, want %d (of %d)", got, conc, all)
	}
	asTest := *test
	asTest.Program = false
	k = simChecker(Options{Model: model}, &asTest)
	if got := k.concurrentSize(prog, specs, lsl.Bounds{}); got != all {
		t.Errorf("as a test: size %d, want every thread's %d", got, all)
	}
}

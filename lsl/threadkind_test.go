package lsl

import "testing"

func TestWaitsFor(t *testing.T) {
	kinds := []ThreadKind{ThreadInit, ThreadConcurrent, ThreadFinal}
	// want[k][o]: a thread of kind k waits for one of kind o
	want := [3][3]bool{
		{false, false, false}, // init waits for nothing
		{true, false, false},  // a concurrent thread waits for init
		{true, true, false},   // final waits for every other thread
	}
	for i, k := range kinds {
		for j, o := range kinds {
			if got := k.WaitsFor(o); got != want[i][j] {
				t.Errorf("%s.WaitsFor(%s) = %v", k, o, got)
			}
		}
	}
}

package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// A Go process starts with a 4 MiB heap goal, so a check that takes 15 ms
// and allocates some 30 MB collects garbage while most of what it
// allocated is still live (the front end's syntax trees, the encoding):
// starting the collector and its cycles were 7-10% of the smallest Fig.
// 8.4 rows' CPU (ms2 T0, msn T0, lazylist and harris Sac). Like the Go compiler
// (cmd/compile/internal/base.AdjustStartingHeap), checkfence lets the heap
// grow to startingHeap before collecting, and returns to GOGC=100 once the
// live heap is half of it: large checks collect as before, so their peak
// memory does not change. A GOGC set in the environment is left alone.
const startingHeap = 32 << 20

func adjustStartingHeap() {
	if os.Getenv("GOGC") != "" {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
	metrics.Read(sample)
	goal := sample[0].Value.Uint64()
	if goal == 0 || goal >= startingHeap {
		return
	}
	debug.SetGCPercent(int(100 * startingHeap / goal))
	afterEachGC(func() bool {
		// the goal counts stacks and globals too, so it is scaled, not
		// computed from the live heap alone
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}, {Name: "/gc/gogc:percent"}}
		metrics.Read(sample)
		live, goal, gogc := sample[0].Value.Uint64(), sample[1].Value.Uint64(), sample[2].Value.Uint64()
		if live >= startingHeap/2 || goal <= live {
			debug.SetGCPercent(100)
			return false
		}
		debug.SetGCPercent(int(max(100, gogc*(startingHeap-live)/(goal-live))))
		return true
	})
}

// afterEachGC calls f after each garbage collection (from the finalizer
// goroutine) until f returns false.
func afterEachGC(f func() bool) {
	type sentinel struct{ _ [16]byte } // a heap object, not a tiny-allocator one
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
			if f() {
				arm()
			}
		})
	}
	arm()
}

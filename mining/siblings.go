package mining

import (
	"regexp"
	"slices"

	"github.com/checkfence/checkfence/lsl"
)

// A pthread program starts several threads on one function with different
// arguments (a pusher per value): they are not identical threads, so
// symmetry does not raise their loops together, yet the contention that
// cuts one of them off at a bound usually cuts the others off too. The
// lazy unrolling of a whole program therefore raises, with a loop
// instance, the same loop instance of every thread that runs the same
// function (its siblings). A bound raised too far costs encoding size,
// never a verdict (the final round still rules out every cut-off
// execution); on the Treiber stack 3+3 (issue 52) the pushers' retry
// loop was raised one thread per round, three rounds where one does.

// threadWrapper matches the first call of a pthread thread's loop keys:
// its start function's wrapper, main_threadK (frontend/llvm/pthread_spawn.go).
var threadWrapper = regexp.MustCompile(`^(.*)_thread[0-9]+$`)

// siblingShape is key without its thread: "t2.0:main_thread2>pusher>push/L1"
// becomes "main>pusher>push/L1"; "" for a loop outside a started thread.
func siblingShape(key lsl.LoopKey) string {
	op, path, ok := key.CallPath()
	if !ok {
		return ""
	}
	m := threadWrapper.FindStringSubmatch(op)
	if m == nil {
		return ""
	}
	return m[1] + path
}

// siblingLoops returns the loop instances of u with key's shape in other
// threads, sorted.
func siblingLoops(u *lsl.Unrolled, key lsl.LoopKey) []lsl.LoopKey {
	shape := siblingShape(key)
	if shape == "" {
		return nil
	}
	var out []lsl.LoopKey
	for other := range u.Loops {
		if other != key && siblingShape(other) == shape {
			out = append(out, other)
		}
	}
	slices.Sort(out)
	return out
}

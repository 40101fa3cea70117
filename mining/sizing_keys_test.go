package mining

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/frontend"
	_ "github.com/checkfence/checkfence/frontend/c" // the .c front end for frontend.Load
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestSymmetricNeeds: instances of one loop in concurrent threads that run
// the same procedure share the largest need; the init and final threads
// run alone and neither give nor take.
func TestSymmetricNeeds(t *testing.T) {
	loops := map[lsl.LoopKey]*lsl.LoopInfo{}
	for _, k := range []lsl.LoopKey{
		"init.1:a>do_add>add/L1", "t1.0:a>do_add>add/L1", "t2.0:a>do_add>add/L1",
		"final.0:main_final>deq>dequeue/L1", "t3.0:main_thread3>deq>dequeue/L1", "t4.0:main_thread4>deq>dequeue/L1",
	} {
		loops[k] = &lsl.LoopInfo{Key: k}
	}
	concurrent := map[string]bool{"t1": true, "t2": true, "t3": true, "t4": true}
	cases := []struct {
		name string
		need lsl.Bounds
		want lsl.Bounds
	}{
		{"concurrent threads share",
			lsl.Bounds{"t1.0:a>do_add>add/L1": 3},
			lsl.Bounds{"t1.0:a>do_add>add/L1": 3, "t2.0:a>do_add>add/L1": 3}},
		{"the init thread takes nothing",
			lsl.Bounds{"t2.0:a>do_add>add/L1": 2, "init.1:a>do_add>add/L1": 1},
			lsl.Bounds{"t1.0:a>do_add>add/L1": 2, "t2.0:a>do_add>add/L1": 2, "init.1:a>do_add>add/L1": 1}},
		{"the final thread gives nothing",
			lsl.Bounds{"final.0:main_final>deq>dequeue/L1": 4, "t3.0:main_thread3>deq>dequeue/L1": 2},
			lsl.Bounds{"final.0:main_final>deq>dequeue/L1": 4, "t3.0:main_thread3>deq>dequeue/L1": 2, "t4.0:main_thread4>deq>dequeue/L1": 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := symmetricNeeds(tc.need, loops, concurrent, nil); !maps.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSymmetricNeedsByOperations: a test's concurrent threads share
// needs only with threads of the same operations, at the same operation.
func TestSymmetricNeedsByOperations(t *testing.T) {
	loops := map[lsl.LoopKey]*lsl.LoopInfo{}
	for _, k := range []lsl.LoopKey{"t1.0:e>enqueue/L1", "t1.1:e>enqueue/L1", "t2.0:e>enqueue/L1", "t3.0:e>enqueue/L1"} {
		loops[k] = &lsl.LoopInfo{Key: k}
	}
	concurrent := map[string]bool{"t1": true, "t2": true, "t3": true}
	ops := map[string]string{"t1": "e e", "t2": "e", "t3": "e"}
	got := symmetricNeeds(lsl.Bounds{"t2.0:e>enqueue/L1": 3, "t1.1:e>enqueue/L1": 2}, loops, concurrent, ops)
	want := lsl.Bounds{"t2.0:e>enqueue/L1": 3, "t3.0:e>enqueue/L1": 3, "t1.1:e>enqueue/L1": 2}
	if !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestReducedKey: a loop in a later iteration of an enclosing loop of the
// same activation is counted under its key in the execution without the
// deleted iterations.
func TestReducedKey(t *testing.T) {
	outer := &simEntry{loop: "t3.0:r>remove/L1", pos: 0, iters: 3}
	inner2 := &simEntry{loop: "t3.0:r>remove/L1#2/L2", pos: 15, iters: 1}
	inner3 := &simEntry{loop: "t3.0:r>remove/L1#3/L2", pos: 30, iters: 1}
	deepest := &simEntry{loop: "t3.0:r>remove/L1#3/L2#2/L4", pos: 35, iters: 1}
	inside := &simEntry{loop: "t3.0:r>remove/L1#3/L2", pos: 31, iters: 2}
	callee := &simEntry{loop: "t3.0:r>remove>lock/L1", pos: 20, iters: 1}
	entries := []*simEntry{outer, inner2, callee, inner3, inside, deepest}
	cases := []struct {
		name    string
		e       *simEntry
		deleted map[*simEntry][]bool
		want    lsl.LoopKey
	}{
		{"nothing deleted", inner2, map[*simEntry][]bool{}, "t3.0:r>remove/L1#2/L2"},
		{"first iteration deleted", inner2, map[*simEntry][]bool{outer: {false, true, false, false}}, "t3.0:r>remove/L1#1/L2"},
		{"a later iteration deleted", inner2, map[*simEntry][]bool{outer: {false, false, false, true}}, "t3.0:r>remove/L1#2/L2"},
		{"two deleted", inner3, map[*simEntry][]bool{outer: {false, true, true, false}}, "t3.0:r>remove/L1#1/L2"},
		{"two levels", deepest, map[*simEntry][]bool{outer: {false, true, false, false}, inside: {false, true, false}}, "t3.0:r>remove/L1#2/L2#1/L4"},
		{"a called procedure's loop", callee, map[*simEntry][]bool{outer: {false, true, false, false}}, "t3.0:r>remove>lock/L1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := reducedKey(entries, tc.e, tc.deleted); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// TestSimulatedBoundsAtMostNeededOnDataTypes: as
// TestSimulatedBoundsAtMostNeeded, on data-type tests, whose threads have
// init threads that run the concurrent threads' operations serially and
// retry loops that hold search loops. Two estimates were too high here:
// the init thread's adds took the concurrent adds' retries (lazylist
// Saacr), and a search loop in the second iteration of a retry loop whose
// first iteration is a cycle was counted under its own key rather than
// the first iteration's (lazylist Sacr).
func TestSimulatedBoundsAtMostNeededOnDataTypes(t *testing.T) {
	cases := []struct{ datatype, test string }{
		{"lazylist", "Sacr"},
		{"lazylist", "Saacr"},
		{"harris", "Sar"},
		{"msn", "Tpc2"},
		{"ms2", "Ti2"},
	}
	model := memmodel.MustBuiltin("relaxed")
	for _, tc := range cases {
		t.Run(tc.datatype+"/"+tc.test, func(t *testing.T) {
			t.Parallel()
			prog, test := loadDataTypeTest(t, tc.datatype, tc.test)
			k := simChecker(Options{Model: model}, test)
			sim := k.simulateBounds(prog, ThreadSpecs(test), lsl.Bounds{})
			plain, err := Check(context.Background(), prog, test, Options{Model: model, NoSimulation: true})
			if err != nil {
				t.Fatal(err)
			}
			if plain.Verdict != Pass {
				t.Fatalf("verdict %s, want PASS", plain.Verdict)
			}
			// the bounds the last round unrolled with (absent keys: one)
			u, err := lsl.Unroll(prog, ThreadSpecs(test), lsl.UnrollOptions{Bounds: plain.Bounds})
			if err != nil {
				t.Fatal(err)
			}
			for key, b := range sim {
				if li := u.Loops[key]; li != nil && b > li.Bound {
					t.Errorf("the simulation starts loop %s at %d, the lazy unrolling ends at %d", key, b, li.Bound)
				}
			}
		})
	}
}

// loadDataTypeTest loads a test of tests/datatypes: the data type's
// fenced source with its harness, and the test of its .tst file.
func loadDataTypeTest(t *testing.T, datatype, name string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	dir := filepath.Join("../tests/datatypes", datatype)
	prog, err := frontend.Load([]string{filepath.Join(dir, datatype+".c"), filepath.Join(dir, "harness.c")})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, datatype+".tst")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := lsl.ParseTests(file, src)
	if err != nil {
		t.Fatal(err)
	}
	sel, err := tests.Select([]string{name})
	if err != nil {
		t.Fatal(err)
	}
	return prog, sel[0]
}

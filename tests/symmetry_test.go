package tests

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// symmetryCases are tests with and without identical threads, and what
// makes threads distinct (encode/symmetry.go). want lists the classes of
// identical threads by index into the encoding's threads (init first).
var symmetryCases = []struct {
	tst, test string
	impl      []string
	want      [][]int
	big       bool // only TestSymmetricThreadsFound
}{
	{"lslsym/sym.tst", "Inc2", []string{"lslsym/sym.lsl"}, [][]int{{0, 1}}, false}, // private fresh blocks renamed
	{"lslsym/sym.tst", "Inc3", []string{"lslsym/sym.lsl"}, [][]int{{0, 2, 3}}, false},
	{"lslsym/sym.tst", "Mixed", []string{"lslsym/sym.lsl"}, [][]int{{0, 2}}, false},
	{"lslsym/sym.tst", "Flag2", []string{"lslsym/sym.lsl"}, [][]int{{0, 1}}, false},
	{"lslsym/sym.tst", "Who2", []string{"lslsym/sym.lsl"}, nil, false},   // thread ids differ
	{"lslsym/sym.tst", "Where2", []string{"lslsym/sym.lsl"}, nil, false}, // block numbers observable
	{"lslsym/sym.tst", "Leak2", []string{"lslsym/sym.lsl"}, nil, false},  // a pointer is observed
	{"lslpool/pool.tst", "Reuse2", []string{"lslpool/pool.lsl"}, [][]int{{0, 1}}, false},
	{"lslpool/pool.tst", "Base", []string{"lslpool/pool.lsl"}, [][]int{{0, 1}}, false}, // pool blocks are shared: no renaming
	{"lslpool/pool.tst", "Reuse3", []string{"lslpool/pool.lsl"}, nil, false},
	{"lslsym/queue.tst", "Tee", []string{"lslqueue/msn.lsl"}, [][]int{{1, 2}}, false},
	{"lslsym/queue.tst", "Tedd", []string{"lslqueue/msn.lsl"}, [][]int{{2, 3}}, false},
	{"lslsym/queue.tst", "Teed", []string{"lslqueue/msn_nofence.lsl"}, [][]int{{1, 2}}, false},
	{"lslqueue/msn.tst", "T1", []string{"lslqueue/msn.lsl"}, [][]int{{1, 2}, {3, 4}}, true},
	{"lslqueue/msn.tst", "Tpc2", []string{"lslqueue/msn.lsl"}, nil, true},
}

func symmetryTest(t *testing.T, tst, name string, impl []string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	prog, tf := load(t, tst, impl...)
	for _, test := range tf.Tests {
		if test.Name == name {
			return prog, test
		}
	}
	t.Fatalf("%s: no test %s", tst, name)
	return nil, nil
}

// TestSymmetricThreadsFound checks which threads the encoding finds
// interchangeable, and that unequal loop bounds make them distinct.
func TestSymmetricThreadsFound(t *testing.T) {
	m := model(t, "relaxed")
	for _, c := range symmetryCases {
		prog, test := symmetryTest(t, c.tst, c.test, c.impl)
		u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2})
		if err != nil {
			t.Fatal(err)
		}
		e, err := encode.Build(u, m, encode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := e.SymmetricThreads(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %s %v: symmetric threads %v, want %v", c.tst, c.test, c.impl, got, c.want)
		}
		off, _ := encode.Build(u, m, encode.Options{NoSymmetry: true})
		if off.SymmetricThreads() != nil || off.SymmetryBreaking(nil) != off.C.T {
			t.Errorf("%s %s: NoSymmetry still finds symmetric threads", c.tst, c.test)
		}
		if c.want == nil || len(u.Loops) == 0 {
			continue
		}
		// Raise one loop bound of the first thread of the first class only.
		first := u.Threads[c.want[0][0]].Name + "."
		bounds := lsl.Bounds{}
		for key := range u.Loops {
			if strings.HasPrefix(key.String(), first) {
				bounds[key] = 3
				break
			}
		}
		if len(bounds) == 0 {
			continue
		}
		u3, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2, Bounds: bounds})
		if err != nil {
			t.Fatal(err)
		}
		e3, err := encode.Build(u3, m, encode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s %s: bounds %v: classes %v", c.tst, c.test, bounds, e3.SymmetricThreads())
		for _, cl := range e3.SymmetricThreads() {
			if slices.Contains(cl, c.want[0][0]) {
				t.Errorf("%s %s: thread %d with a higher loop bound %v is still in class %v", c.tst, c.test, c.want[0][0], bounds, cl)
			}
		}
	}
}

// TestSymmetryObservations compares, on every case, the executions with
// the symmetry-breaking constraint and without: the same errors, deadlocks
// and pruned executions, every observation with the constraint is one
// without, and every observation without is a permutation of identical
// threads applied to one with.
func TestSymmetryObservations(t *testing.T) {
	for _, mname := range []string{"sc", "relaxed"} {
		m := model(t, mname)
		for _, c := range symmetryCases {
			if c.big {
				continue
			}
			prog, test := symmetryTest(t, c.tst, c.test, c.impl)
			u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2})
			if err != nil {
				t.Fatal(err)
			}
			e, err := encode.Build(u, m, encode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%s %s %v on %s", c.tst, c.test, c.impl, mname)
			onSet, offSet := compareSymmetryBreaking(t, e, where)
			if c.want != nil && len(onSet) == len(offSet) && len(offSet) > 1 {
				t.Logf("%s: symmetry breaking keeps all %d observations", where, len(offSet))
			}
		}
	}
}

// compareSymmetryBreaking compares the executions of e with its
// symmetry-breaking constraint and without: the same errors, deadlocks,
// pruned and complete executions; every observation with the constraint
// is one without; and every observation without is a permutation of
// identical threads applied to one with (renaming pool blocks changes no
// observation). It returns both observation sets.
func compareSymmetryBreaking(t *testing.T, e *encode.Encoding, where string) (onSet, offSet []trace.Observation) {
	t.Helper()
	sym := e.SymmetryBreaking(nil)
	for _, q := range []struct {
		name string
		lit  z.Lit
	}{{"errors", e.AnyError}, {"deadlock", e.Deadlock}, {"pruned", e.AnyPruned}, {"done", e.AllDone}} {
		s := e.NewSolver()
		on := s.Solve(context.Background(), sym, q.lit)
		off := s.Solve(context.Background(), q.lit)
		if on != off {
			t.Errorf("%s: %s with symmetry breaking %v, without %v", where, q.name, on, off)
		}
	}
	onSet = observations(t, e, sym)
	offSet = observations(t, e, e.C.T)
	closure := map[string]bool{}
	for _, o := range onSet {
		if !slices.ContainsFunc(offSet, func(p trace.Observation) bool { return p.Canon() == o.Canon() }) {
			t.Errorf("%s: %s only with symmetry breaking", where, o.Canon())
		}
		for _, p := range permutations(o, e.SymmetricThreads()) {
			closure[p.Canon()] = true
		}
	}
	for _, o := range offSet {
		if !closure[o.Canon()] {
			t.Errorf("%s: %s is no permutation of an observation found with symmetry breaking", where, o.Canon())
		}
	}
	return onSet, offSet
}

// observations enumerates the observation vectors of the complete
// executions under assumption a.
func observations(t *testing.T, e *encode.Encoding, a z.Lit) []trace.Observation {
	t.Helper()
	s := e.NewSolver()
	var out []trace.Observation
	block := e.C.T
	for len(out) < 10000 {
		if s.Solve(context.Background(), a, e.AllDone, block) != sat.Sat {
			return out
		}
		o := e.DecodeObs(s.Value)
		out = append(out, o)
		block = e.C.And(block, e.ObsEquals(o).Not())
	}
	t.Fatal("too many observations")
	return nil
}

// permutations applies every permutation within each class of identical
// threads to an observation.
func permutations(o trace.Observation, classes [][]int) []trace.Observation {
	out := []trace.Observation{o}
	for _, cl := range classes {
		var next []trace.Observation
		for _, p := range out {
			for _, perm := range permuteInts(cl) {
				next = append(next, relabel(p, cl, perm))
			}
		}
		out = next
	}
	return out
}

func relabel(o trace.Observation, from, to []int) trace.Observation {
	out := trace.Observation{}
	for _, it := range o.Items {
		if k := slices.Index(from, it.Key.Thread); k >= 0 {
			it.Key.Thread = to[k]
		}
		out.Items = append(out.Items, it)
	}
	slices.SortFunc(out.Items, func(x, y trace.ObsItem) int {
		if x.Key.Less(y.Key) {
			return -1
		}
		if y.Key.Less(x.Key) {
			return 1
		}
		return 0
	})
	return out
}

func permuteInts(xs []int) [][]int {
	if len(xs) <= 1 {
		return [][]int{slices.Clone(xs)}
	}
	var out [][]int
	for i := range xs {
		rest := append(slices.Clone(xs[:i]), xs[i+1:]...)
		for _, p := range permuteInts(rest) {
			out = append(out, append([]int{xs[i]}, p...))
		}
	}
	return out
}

// TestSymmetryVerdicts compares mining.Check with and without symmetry
// breaking on every case and model.
func TestSymmetryVerdicts(t *testing.T) {
	for _, mname := range []string{"sc", "tso", "relaxed"} {
		m := model(t, mname)
		for _, c := range symmetryCases {
			if c.big {
				continue
			}
			prog, test := symmetryTest(t, c.tst, c.test, c.impl)
			for _, enc := range []axioms.Options{{}, {Transitivity: axioms.Eager}} {
				on := check(t, prog, test, mining.Options{Options: encode.Options{Axioms: enc}, Model: m})
				off := check(t, prog, test, mining.Options{Options: encode.Options{Axioms: enc, NoSymmetry: true}, Model: m})
				if on.Verdict != off.Verdict || on.Reason != off.Reason {
					t.Errorf("%s %s %v on %s (%v): %s %s with symmetry breaking, %s %s without", c.tst, c.test, c.impl, mname,
						enc.Transitivity, on.Verdict, on.Reason, off.Verdict, off.Reason)
				}
			}
		}
	}
}

// TestSymmetryNeedsClosedMinedSet checks that the constraint is dropped
// when the mined set it is used with is not closed under the permutations.
func TestSymmetryNeedsClosedMinedSet(t *testing.T) {
	prog, test := symmetryTest(t, "lslsym/sym.tst", "Inc2", []string{"lslsym/sym.lsl"})
	u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2})
	if err != nil {
		t.Fatal(err)
	}
	e, err := encode.Build(u, model(t, "sc"), encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := observations(t, e, e.C.T)
	if e.SymmetryBreaking(all) == e.C.T {
		t.Fatal("no constraint for the closed set of all observations")
	}
	for i, o := range all {
		if relabel(o, []int{0, 1}, []int{1, 0}).Canon() == o.Canon() {
			continue
		}
		rest := slices.Delete(slices.Clone(all), i, i+1)
		if e.SymmetryBreaking(rest) != e.C.T {
			t.Errorf("a constraint although %s is mined and its permutation not", o.Canon())
		}
		return
	}
	t.Fatal("no asymmetric observation")
}

// symmetryEncoding encodes test on model m at loop bound 2, without pool
// symmetry (the thread classes alone).
func symmetryEncoding(t *testing.T, prog *lsl.Program, test *lsl.Test, m *memmodel.Model) *encode.Encoding {
	t.Helper()
	u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{DefaultBound: 2})
	if err != nil {
		t.Fatal(err)
	}
	e, err := encode.Build(u, m, encode.Options{NoPoolSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestCatSymmetry: on cat models identical threads are sorted by what
// they do (encode/catsymmetry.go). The same classes are found as on the
// .mm models, and the executions with the constraint and without compare
// as in TestSymmetryObservations; mining.Check gives the same verdicts
// with symmetry breaking and without.
func TestCatSymmetry(t *testing.T) {
	for _, mname := range []string{"arm8", "riscv"} {
		m := catModel(t, mname)
		for _, c := range symmetryCases {
			if c.big {
				continue
			}
			prog, test := symmetryTest(t, c.tst, c.test, c.impl)
			e := symmetryEncoding(t, prog, test, m)
			where := fmt.Sprintf("%s %s %v on %s", c.tst, c.test, c.impl, mname)
			if got := e.SymmetricThreads(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: classes %v, want %v", where, got, c.want)
			}
			compareSymmetryBreaking(t, e, where)
			on := check(t, prog, test, mining.Options{Model: m})
			off := check(t, prog, test, mining.Options{Options: encode.Options{NoSymmetry: true}, Model: m})
			if on.Verdict != off.Verdict || on.Reason != off.Reason {
				t.Errorf("%s: %s %s with symmetry breaking, %s %s without", where, on.Verdict, on.Reason, off.Verdict, off.Reason)
			}
		}
	}
}

// TestSymmetryAnchor: threads with a store to one global cell are sorted
// by the order of those stores (encode/catsymmetry.go, symmetryAnchor) —
// memory order on a .mm model, coherence then key on a cat model. inc's
// anchor is a CAS's conditional store (threads whose store does not
// execute tie and fall back to the key), flag's a store that always
// executes. The classes must have their anchor, and the constraint must
// keep a permutation of every execution (compareSymmetryBreaking).
func TestSymmetryAnchor(t *testing.T) {
	for _, mname := range []string{"sc", "relaxed", "rc11", "sc-cat", "arm8"} {
		m := catModel(t, mname)
		for _, name := range []string{"Inc2", "Inc3", "Flag2", "Mixed"} {
			prog, test := symmetryTest(t, "lslsym/sym.tst", name, []string{"lslsym/sym.lsl"})
			e := symmetryEncoding(t, prog, test, m)
			where := fmt.Sprintf("%s on %s", name, mname)
			anchors := e.SymmetryAnchors()
			if len(anchors) != 1 || anchors[0] < 0 {
				t.Errorf("%s: anchors %v, want one", where, anchors)
			}
			compareSymmetryBreaking(t, e, where)
		}
	}
}

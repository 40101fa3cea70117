package axioms

import (
	"math/rand"
	"testing"
)

// TestEquivalentTextsSameExecutions: each earlier text of a built-in model
// (equivalent/) allows exactly the executions the built-in allows. The
// brute-force evaluator decides both on random static executions with
// dependencies, aliasing, fences and init/final threads, and the encoder
// agrees with it on the built-in. For rmo, whose transitivity axiom Dt was
// replaced by Dt3 (a dependency through a store), the mutant without Dt3
// must disagree on some execution: the executions reach such chains.
func TestEquivalentTextsSameExecutions(t *testing.T) {
	eq := Equivalent()
	if len(eq) == 0 {
		t.Fatal("no equivalent texts")
	}
	n := 400
	if testing.Short() {
		n = 120
	}
	for name, old := range eq {
		builtin := mustBuiltin(t, name)
		var mutants []*Model
		if name == "rmo" {
			mutants = append(mutants, withoutAxiom(t, builtin, "Dt3"))
		}
		r := rand.New(rand.NewSource(7))
		verdicts := map[bool]int{}
		caught := make([]int, len(mutants))
		for k := 0; k < n; k++ {
			// random executions, chains of dependencies, and chains through
			// a store that another thread's accesses observe
			var u *fakeUniverse
			switch k % 3 {
			case 0:
				u = randomExecution(r, 5)
			case 1:
				u = chainExecution(r)
			default:
				u = storeChainExecution(r)
			}
			want := satisfiable(t, old, u, Options{Encoding: Generic})
			verdicts[want]++
			if k%6 == 0 { // the small random executions, within the brute force's reach
				if b := bruteAllowed(old, u); b != want {
					t.Fatalf("%s case %d: the earlier text: generic encoding %v, brute force %v\n%v", name, k, want, b, u)
				}
				if b := bruteAllowed(builtin, u); b != want {
					t.Fatalf("%s case %d: the built-in allows=%v (brute force), the earlier text %v\n%v", name, k, b, want, u)
				}
			}
			for _, opts := range allOptions {
				if got := satisfiable(t, builtin, u, opts); got != want {
					t.Fatalf("%s case %d, %v/%v: the built-in satisfiable=%v, the earlier text %v\n%v", name, k, opts.Encoding, opts.Transitivity, got, want, u)
				}
			}
			for i, m := range mutants {
				if satisfiable(t, m, u, Options{Encoding: Generic}) != want {
					caught[i]++
				}
			}
		}
		t.Logf("%s: verdicts %v, mutants caught %v", name, verdicts, caught)
		if verdicts[true] < n/10 || verdicts[false] < n/10 {
			t.Errorf("%s: unbalanced verdicts %v", name, verdicts)
		}
		for i, c := range caught {
			if c == 0 {
				t.Errorf("%s: mutant %d (without Dt3) agrees on every execution: the executions do not reach the chains", name, i)
			}
		}
	}
}

// withoutAxiom is m without the axiom labelled label (for the brute-force
// evaluator, which reads only the declarations and the axioms).
func withoutAxiom(t *testing.T, m *Model, label string) *Model {
	t.Helper()
	out := *m
	out.Axioms = nil
	for _, a := range m.Axioms {
		if a.Label != label {
			out.Axioms = append(out.Axioms, a)
		}
	}
	if len(out.Axioms) != len(m.Axioms)-1 {
		t.Fatalf("%s has no axiom %s", m.Name, label)
	}
	return &out
}

// storeChainExecution is the shape a dependency through a store matters
// in, with random variations (links left out, other seeds, other orders,
// an extra access):
//
//	thread 0: l = load x (reads w); s = store y (depends on l);
//	          l2 = load y (reads s); t = store z (depends on l2)
//	thread 1: m = load z (reads t); fence or dependency; w = store x
//
// With the step through s, l precedes l2 and so t, m, w and l: a cycle.
func storeChainExecution(r *rand.Rand) *fakeUniverse {
	u := newFake()
	dep := func(a, b int) {
		switch r.Intn(4) {
		case 0, 1:
			u.dd[[2]int{a, b}] = true
		case 2:
			u.cd[[2]int{a, b}] = true
		}
	}
	l := u.add(fakeInstr{kind: Load, thread: 0, addr: 0})
	if r.Intn(3) == 0 {
		u.add(fakeInstr{kind: Load, thread: 0, addr: r.Intn(3)})
	}
	st := u.add(fakeInstr{kind: Store, thread: 0, addr: 1, value: 1})
	l2 := u.add(fakeInstr{kind: Load, thread: 0, addr: 1})
	t := u.add(fakeInstr{kind: Store, thread: 0, addr: 2, value: 1})
	m := u.add(fakeInstr{kind: Load, thread: 1, addr: 2})
	if r.Intn(2) == 0 {
		u.add(fakeInstr{kind: Fence, thread: 1, fences: []string{fenceKinds[r.Intn(len(fenceKinds))]}})
	}
	w := u.add(fakeInstr{kind: Store, thread: 1, addr: 0, value: 1})
	dep(l, st)
	dep(l2, t)
	dep(m, w)
	seeds := map[int]int{l: w, l2: st, m: t}
	for i, in := range u.instrs {
		if in.kind != Load {
			continue
		}
		u.seedOf[i] = -1
		if s, ok := seeds[i]; ok && r.Intn(5) != 0 {
			u.seedOf[i] = s
		}
	}
	return u
}

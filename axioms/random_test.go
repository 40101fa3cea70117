package axioms

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// scQuantified is sequential consistency written as in dissertation
// §3.3.2 (φ1–φ6), with an explicit nested quantifier and an equivalence.
const scQuantified = `
model scq
predefined
  set instruction
  predicate access(instruction)
  predicate load(access)
  predicate store(access)
  relation program_order(instruction, instruction)
  relation aliased(access, access)
  relation seed(load, store)
exists
  relation memory_order(access, access)
forall
  X, Y, Z : access
  L : load
  S : store
require
  <T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
  <T2> ~memory_order(X, X)
  <T3> X = Y | memory_order(Y, X) | memory_order(X, Y)
  <M1> program_order(X, Y) => memory_order(X, Y)
  <v1> seed(L, S) => memory_order(S, L) & aliased(S, L)
  <v2> aliased(L, S) & memory_order(S, L) & ~seed(L, S) =>
         exists Z : store . (seed(L, Z) & memory_order(S, Z))
  <v3> (exists S : store . seed(L, S)) <=> ~forall S : store . ~seed(L, S)
end model
`

func testModels(t testing.TB) []*Model {
	t.Helper()
	ms := []*Model{mustBuiltin(t, "sc"), mustBuiltin(t, "relaxed"), mustBuiltin(t, "rmo")}
	m, err := Parse("scq.mm", []byte(scQuantified))
	if err != nil {
		t.Fatal(err)
	}
	ms = append(ms, m, exampleModel(t))
	return ms
}

var fenceKinds = []string{"ll_fence", "ls_fence", "sl_fence", "ss_fence", "al_fence", "ddl_fence", "cd_fence"}

// randomExecution builds a static execution with at most maxAccesses
// executed accesses, random fences, dependencies, atomic blocks,
// non-executed instructions and init/final threads.
func randomExecution(r *rand.Rand, maxAccesses int) *fakeUniverse {
	u := newFake()
	nthreads := 1 + r.Intn(3)
	threads := []int{}
	if r.Intn(4) == 0 {
		threads = append(threads, threadInit)
	}
	for t := 0; t < nthreads; t++ {
		threads = append(threads, t)
	}
	if r.Intn(4) == 0 {
		threads = append(threads, threadFinal)
	}
	naccess := 2 + r.Intn(maxAccesses-1)
	perThread := make([]int, len(threads))
	for k := 0; k < naccess; k++ {
		perThread[r.Intn(len(threads))]++
	}
	values := map[int]int{}
	block := 0
	for t, th := range threads {
		for k := 0; k < perThread[t]; k++ {
			if r.Intn(3) == 0 {
				var preds []string
				for _, f := range fenceKinds {
					if r.Intn(3) == 0 {
						preds = append(preds, f)
					}
				}
				u.add(fakeInstr{kind: Fence, thread: th, fences: preds})
			}
			addr := r.Intn(2)
			kind := Load
			if r.Intn(2) == 0 {
				kind = Store
			}
			in := fakeInstr{kind: kind, thread: th, addr: addr}
			if kind == Store {
				values[addr]++
				in.value = values[addr]
			}
			// Atomic blocks of two consecutive accesses.
			if k > 0 && r.Intn(5) == 0 {
				prev := len(u.instrs) - 1
				if u.instrs[prev].kind != Fence {
					if u.instrs[prev].block == 0 {
						block++
						u.instrs[prev].block = block
					}
					in.block = u.instrs[prev].block
				}
			}
			u.add(in)
		}
	}
	// A non-executed access now and then (never counted as an access).
	if r.Intn(3) == 0 && len(u.instrs) > 0 {
		i := r.Intn(len(u.instrs))
		u.executed[i] = false
	}
	seedAndDepend(r, u, 4, 4)
	return u
}

// seedAndDepend gives each executed load a random executed store of its
// address to read (or the initial value), and a data and a control
// dependency on each later instruction of its thread with odds 1/dd and
// 1/cd.
func seedAndDepend(r *rand.Rand, u *fakeUniverse, dd, cd int) {
	for i, in := range u.instrs {
		if in.kind != Load || !u.executed[i] {
			continue
		}
		u.seedOf[i] = -1
		var cands []int
		for s, st := range u.instrs {
			if st.kind == Store && st.addr == in.addr && u.executed[s] {
				cands = append(cands, s)
			}
		}
		if k := r.Intn(len(cands) + 1); k < len(cands) {
			u.seedOf[i] = cands[k]
		}
		for j := i + 1; j < len(u.instrs) && u.instrs[j].thread == in.thread; j++ {
			if r.Intn(dd) == 0 {
				u.dd[[2]int{i, j}] = true
			}
			if r.Intn(cd) == 0 {
				u.cd[[2]int{i, j}] = true
			}
		}
	}
}

func (u *fakeUniverse) String() string {
	var b strings.Builder
	for i, in := range u.instrs {
		fmt.Fprintf(&b, "%d: t%d %v addr=%d val=%d fences=%v block=%d exec=%v", i, in.thread, in.kind, in.addr, in.value, in.fences, in.block, u.executed[i])
		if s, ok := u.seedOf[i]; ok {
			fmt.Fprintf(&b, " seed=%d", s)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "dd=%v cd=%v\n", u.dd, u.cd)
	return b.String()
}

// TestRandomStaticExecutions compares every encoding with the brute-force
// evaluator on random small executions.
func TestRandomStaticExecutions(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	models := testModels(t)
	n := 400
	if testing.Short() {
		n = 60
	}
	verdicts := map[bool]int{}
	for k := 0; k < n; k++ {
		u := randomExecution(r, 5)
		for _, m := range models {
			want := bruteAllowed(m, u)
			verdicts[want]++
			for _, opts := range allOptions {
				if got := satisfiable(t, m, u, opts); got != want {
					t.Fatalf("case %d, model %s, %v/%v: satisfiable=%v, brute force=%v\n%v", k, m.Name, opts.Encoding, opts.Transitivity, got, want, u)
				}
			}
		}
	}
	// Both verdicts must occur, or the comparison proves little.
	t.Logf("verdicts %v", verdicts)
	if verdicts[true] < n/10 || verdicts[false] < n/10 {
		t.Errorf("unbalanced verdicts: %v", verdicts)
	}
}

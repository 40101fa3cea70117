package axioms

import (
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// weirdModel exercises what the built-ins do not: a relation that is not a
// total order (no totality axiom), a total order over stores only, unary
// and ternary relation variables, <=>, nested quantifiers, constants.
const weirdModel = `
model weird
predefined
  set instruction
  predicate access(instruction)
  predicate load(access)
  predicate store(access)
  predicate fence(instruction)
  predicate ll_fence(fence)
  relation program_order(instruction, instruction)
  relation aliased(access, access)
  relation seed(load, store)
  predicate has_seed(load)
  relation data_dependent(load, instruction)
  relation control_dependent(load, instruction)
  relation atomic(instruction, instruction)
exists
  relation memory_order(access, access)
  relation co(store, store)
  predicate visible(store)
  relation between(access, instruction, access)
forall
  X, Y, Z : access
  L : load
  S, S', S'' : store
  I : instruction
  F : fence
require
  <T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
  <T2> ~memory_order(X, X)
  <po> program_order(X, Y) & aliased(X, Y) => memory_order(X, Y)
  <c1> co(S', S'') & co(S, S') => co(S, S'')
  <c2> ~co(S, S)
  <c3> S' = S | co(S', S) | co(S, S')
  <c4> program_order(S, S') & aliased(S, S') => co(S, S')
  <c5> co(S, S') & aliased(S, S') => memory_order(S, S')
  <b1> between(X, I, Y) <=> program_order(X, I) & program_order(I, Y)
  <f1> ll_fence(F) & between(X, F, Y) & load(X) & load(Y) => memory_order(X, Y)
  <vis> visible(S) <=> exists L : load . seed(L, S)
  <s1> seed(L, S) => memory_order(S, L) | program_order(S, L)
  <s2> has_seed(L) | forall S : store . (aliased(L, S) => ~memory_order(S, L))
  <d1> data_dependent(L, I) & control_dependent(L, I) => false
  <at> atomic(X, Y) & ~(X = Y) => memory_order(X, Y) | memory_order(Y, X)
  <tt> true
end model
`

// quantModel has nested quantifiers whose bodies are often constant while
// the guards of the bound instructions are not.
const quantModel = `
model quant
predefined
  set instruction
  predicate access(instruction)
  predicate load(access)
  predicate store(access)
  relation program_order(instruction, instruction)
  relation aliased(access, access)
  predicate has_seed(load)
exists
  relation memory_order(access, access)
forall
  X, Y, Z : access
  L : load
require
  <T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
  <T2> ~memory_order(X, X)
  <T3> memory_order(X, Y) | memory_order(Y, X) | X = Y
  <w1> (exists S : store . aliased(S, L) & program_order(S, L)) | has_seed(L)
  <w2> (forall S : store . aliased(S, L) => memory_order(S, L)) | ~has_seed(L)
  <w3> forall S : store . exists L' : load . aliased(S, L') | memory_order(L', S)
end model
`

// makeDynamic turns parts of a static execution into free literals:
// guards, aliasing, seeds and dependencies. It returns the literals.
func makeDynamic(r *rand.Rand, u *fakeUniverse) []z.Lit {
	var free []z.Lit
	fresh := func() z.Lit {
		l := u.c.Lit()
		free = append(free, l)
		return l
	}
	u.guardLit = map[int]z.Lit{}
	u.aliasLit = map[[2]int]z.Lit{}
	u.seedLit = map[[2]int]z.Lit{}
	u.hasSeedLit = map[int]z.Lit{}
	u.depLit = map[[2]int]z.Lit{}
	for i, in := range u.instrs {
		if r.Intn(3) == 0 {
			u.guardLit[i] = fresh()
		}
		for j := i + 1; j < len(u.instrs); j++ {
			if in.kind != Fence && u.instrs[j].kind != Fence && r.Intn(2) == 0 {
				u.aliasLit[[2]int{i, j}] = fresh()
			}
			if in.kind == Load && u.sameThread(i, j) && r.Intn(3) == 0 {
				u.depLit[[2]int{i, j}] = fresh()
			}
		}
	}
	for l, in := range u.instrs {
		if in.kind != Load {
			continue
		}
		has := u.c.F
		for s, st := range u.instrs {
			if st.kind == Store && r.Intn(2) == 0 {
				x := fresh()
				u.seedLit[[2]int{l, s}] = x
				has = u.c.Or(has, x)
			}
		}
		u.hasSeedLit[l] = has
	}
	return free
}

// TestOptimizedMatchesGenericDynamic checks that the optimized encodings
// are equisatisfiable with the generic one under random assumptions on the
// execution's literals.
func TestOptimizedMatchesGenericDynamic(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	models := testModels(t)
	for _, src := range []string{weirdModel, quantModel, chainModel} {
		m, err := Parse("test.mm", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, m)
	}
	n := 150
	if testing.Short() {
		n = 30
	}
	verdicts := map[bool]int{}
	for k := 0; k < n; k++ {
		for _, m := range models {
			u := randomExecution(r, 6)
			free := makeDynamic(r, u)
			insts := make([]*Instance, len(allOptions))
			for x, opts := range allOptions {
				var err error
				if insts[x], err = Instantiate(m, u, opts); err != nil {
					t.Fatal(err)
				}
			}
			for trial := 0; trial < 4; trial++ {
				var assume []z.Lit
				for _, l := range free {
					switch r.Intn(5) {
					case 0:
					case 1, 2:
						assume = append(assume, l)
					default:
						assume = append(assume, l.Not())
					}
				}
				want := solveInstance(insts[0], u.c, assume...)
				verdicts[want]++
				for x := 1; x < len(insts); x++ {
					if got := solveInstance(insts[x], u.c, assume...); got != want {
						t.Fatalf("case %d, model %s, %v/%v: satisfiable=%v, generic=%v\n%v",
							k, m.Name, allOptions[x].Encoding, allOptions[x].Transitivity, got, want, u)
					}
				}
			}
		}
	}
	t.Logf("verdicts %v", verdicts)
	if verdicts[true] < n/5 || verdicts[false] < n/5 {
		t.Errorf("unbalanced verdicts: %v", verdicts)
	}
}

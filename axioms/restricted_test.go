package axioms

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/gini"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// restrictedModels are the models the restricted order graph is compared
// on: the built-ins (sc, tso and pso have transitive fixed pairs, relaxed
// and rmo mostly not), sc written with quantifiers, and models with
// relations that are not total orders, orders over stores only and nested
// quantifiers.
func restrictedModels(t *testing.T) []*Model {
	ms := append(testModels(t), mustBuiltin(t, "tso"), mustBuiltin(t, "pso"))
	for _, src := range []string{weirdModel, quantModel, chainModel} {
		m, err := Parse("test.mm", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// fencedModels are the built-in models whose fence axioms fix pairs that
// a fence in a branch makes intransitive.
func fencedModels(t *testing.T) []*Model {
	return []*Model{mustBuiltin(t, "relaxed"), mustBuiltin(t, "rmo")}
}

// restrictedStats sums what the comparison saw.
type restrictedStats struct {
	cases, differ, skipped, allowed int
	restricted, pruned, implied     int
	guarded                         int
}

// compareRestricted instantiates random dynamic executions with the
// restricted and the plain order graph and compares the assignments each
// allows, projected on the guards, some of the execution's free literals
// (aliasing, seeds, dependencies) and the memory order of two pairs the
// caller requested (Rel before Finalize) where both ends execute. It stops
// at the first difference if stopAtFirst.
func compareRestricted(t *testing.T, seed int64, n int, models []*Model, maxAccesses func(k int) int, stopAtFirst bool) restrictedStats {
	return compareRestrictedOn(t, seed, n, models, func(r *rand.Rand, k int) (*fakeUniverse, []z.Lit) {
		u := randomExecution(r, maxAccesses(k))
		return u, makeDynamic(r, u)
	}, stopAtFirst)
}

// compareRestrictedOn is compareRestricted on the executions gen makes
// (the k-th, and its free literals).
func compareRestrictedOn(t *testing.T, seed int64, n int, models []*Model, gen func(r *rand.Rand, k int) (*fakeUniverse, []z.Lit), stopAtFirst bool) restrictedStats {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	var st restrictedStats
	for k := 0; k < n; k++ {
		for _, m := range models {
			u, free := gen(r, k)
			r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
			proj := free[:min(len(free), 6)]
			for i := range u.instrs {
				proj = append(proj, u.Guard(i))
			}
			var pairs [][2]int
			for len(pairs) < 2 && len(u.instrs) > 1 {
				a, b := r.Intn(len(u.instrs)), r.Intn(len(u.instrs))
				if a != b && u.instrs[a].kind != Fence && u.instrs[b].kind != Fence {
					pairs = append(pairs, [2]int{a, b})
				}
				if r.Intn(8) == 0 {
					break
				}
			}
			var sets [2]string
			var capped bool
			for x, plain := range []bool{false, true} {
				inst, err := Instantiate(m, u, Options{PlainOrderGraph: plain})
				if err != nil {
					t.Fatal(err)
				}
				p := slices.Clone(proj)
				if inst.HasRel(memoryOrder) {
					for _, pr := range pairs {
						mo := inst.Rel(memoryOrder, pr[0], pr[1])
						p = append(p, u.c.Ands(u.Guard(pr[0]), u.Guard(pr[1]), mo))
					}
				}
				var full bool
				sets[x], full = allowedProjections(inst, u, p, 2000)
				capped = capped || full
				s := inst.Stats()
				if plain && s.RestrictedOrders != 0 {
					t.Fatalf("PlainOrderGraph encoded %d orders on the restricted graph", s.RestrictedOrders)
				}
				if !plain {
					st.restricted += s.RestrictedOrders
					st.pruned += s.PrunedTriangles
					st.implied += s.ImpliedPairs
					st.guarded += s.GuardedOrders
				}
			}
			st.cases++
			if capped {
				st.skipped++
				continue
			}
			if sets[0] != "" {
				st.allowed++
			}
			if sets[0] != sets[1] {
				st.differ++
				if stopAtFirst {
					return st
				}
				t.Errorf("case %d, model %s: the restricted order graph allows\n%s\nthe plain one\n%s\n%v", k, m.Name, sets[0], sets[1], u)
			}
		}
	}
	return st
}

// allowedProjections lists the assignments of proj that Θ allows, sorted,
// one per line; full reports that it stopped at limit.
func allowedProjections(inst *Instance, u *fakeUniverse, proj []z.Lit, limit int) (string, bool) {
	c := u.c
	g := gini.New()
	mark, _ := c.CnfSince(g, nil, append([]z.Lit{inst.Constraint()}, proj...)...)
	g.Add(inst.Constraint())
	g.Add(0)
	clauses, err := inst.Clauses()
	if err != nil {
		panic(err)
	}
	for cl := range clauses.All() {
		mark, _ = c.CnfSince(g, mark, cl...)
		for _, l := range cl {
			g.Add(l)
		}
		g.Add(0)
	}
	value := func(l z.Lit) bool {
		switch l {
		case c.T:
			return true
		case c.F:
			return false
		}
		return g.Value(l)
	}
	var out []string
	for g.Solve() == 1 {
		if len(out) == limit {
			return "", true
		}
		var b strings.Builder
		var block []z.Lit
		for _, l := range proj {
			if value(l) {
				b.WriteByte('1')
				block = append(block, l.Not())
			} else {
				b.WriteByte('0')
				block = append(block, l)
			}
		}
		out = append(out, b.String())
		for _, l := range block {
			if l != c.F && l != c.T.Not() {
				g.Add(l)
			}
		}
		g.Add(0)
	}
	slices.Sort(out)
	return strings.Join(out, "\n"), false
}

// TestRestrictedOrderGraphMatchesPlain: the restricted order graph
// (restricted.go) allows exactly the executions the plain one does, on
// random executions with dynamic guards (instructions that may not
// execute in the middle of program order), aliasing, seeds, atomic blocks,
// fences and init/final threads, for models where it applies and where it
// does not; and it is used and prunes triangles.
func TestRestrictedOrderGraphMatchesPlain(t *testing.T) {
	// 20 cases even with -short (2 s): with 8, no case used the guards or
	// pruned a triangle, and the coverage checks below failed
	n := 20
	st := compareRestricted(t, 1, n, restrictedModels(t), func(k int) int { return 4 + k%5 }, false)
	t.Logf("all models: %+v", st)
	if st.restricted == 0 || st.guarded == 0 {
		t.Errorf("the restriction was not used, or never with guards: %+v", st)
	}
	if st.allowed < st.cases/4 || st.cases-st.skipped-st.allowed < st.cases/20 || st.skipped > st.cases/4 {
		t.Errorf("unbalanced cases (allowed, forbidden, skipped): %+v", st)
	}
	// Longer executions on the models with program order in the memory
	// order, where triangles get pruned.
	long := []*Model{mustBuiltin(t, "sc"), mustBuiltin(t, "tso"), mustBuiltin(t, "pso")}
	st = compareRestricted(t, 2, n, long, func(k int) int { return 9 + k%3 }, false)
	t.Logf("long: %+v", st)
	if st.pruned == 0 {
		t.Errorf("no triangle was pruned: %+v", st)
	}
}

// TestRestrictedOrderGraphMutants: a restriction made deliberately wrong
// — trusting C to be transitive without checking, dropping the triangles
// a vertex in between does not imply, or closing C through vertices that
// need not execute — is caught by the comparison above.
func TestRestrictedOrderGraphMutants(t *testing.T) {
	defer func() { restrictedMutant = 0 }()
	for _, mut := range []int{mutantNoGate, mutantPruneAll, mutantImplyAll} {
		restrictedMutant = mut
		if st := compareRestricted(t, 1, 40, restrictedModels(t), func(k int) int { return 4 + k%5 }, true); st.differ == 0 {
			t.Errorf("mutant %d: no difference found in %d cases", mut, st.cases)
		}
	}
	restrictedMutant = mutantSplitAny
	branchy := func(r *rand.Rand, _ int) (*fakeUniverse, []z.Lit) { return branchyExecution(r) }
	if st := compareRestrictedOn(t, 1, 150, fencedModels(t), branchy, true); st.differ == 0 {
		t.Errorf("mutant %d: no difference found in %d cases", restrictedMutant, st.cases)
	}
	restrictedMutant = mutantDropIntransitive
	if plain, restricted := intransitiveVertexCase(t); plain == restricted {
		t.Errorf("mutant %d: no difference found on intransitiveVertexCase", restrictedMutant)
	}
}

// intransitiveVertexCase returns the projections the plain and the
// restricted order graph allow on relaxed for
//
//	thread 0: p = load a0; fence ll [b]; v = load a2 [b ∧ x]; s = store a2
//	thread 1: w = store a0, which p reads
//
// C has p → v (the fence, which executes when v does) and v → s (same
// address), not p → s: it is not transitive through v, which has no
// other pair. When v executes, p < v < s < w < p is a cycle, so s → w is
// false; without v it may be true. Dropping v from the graph loses that.
func intransitiveVertexCase(t *testing.T) (plain, restricted string) {
	u := newFake()
	p := u.add(fakeInstr{kind: Load, thread: 0, addr: 0})
	f := u.add(fakeInstr{kind: Fence, thread: 0, fences: []string{"ll_fence"}})
	v := u.add(fakeInstr{kind: Load, thread: 0, addr: 2})
	s := u.add(fakeInstr{kind: Store, thread: 0, addr: 2, value: 1})
	w := u.add(fakeInstr{kind: Store, thread: 1, addr: 0, value: 1})
	u.seedOf[p], u.seedOf[v] = w, -1
	b := u.c.Lit()
	u.guardLit = map[int]z.Lit{f: b, v: u.c.And(b, u.c.Lit())}
	var sets [2]string
	for x, pl := range []bool{true, false} {
		inst, err := Instantiate(mustBuiltin(t, "relaxed"), u, Options{PlainOrderGraph: pl})
		if err != nil {
			t.Fatal(err)
		}
		proj := []z.Lit{u.Guard(v), u.c.And(u.Guard(v).Not(), inst.Rel(memoryOrder, s, w)), u.c.And(u.Guard(v), inst.Rel(memoryOrder, s, w))}
		sets[x], _ = allowedProjections(inst, u, proj, 100)
		if !pl && inst.Stats().GuardedOrders != 1 {
			t.Errorf("intransitiveVertexCase: not encoded with guards: %+v", inst.Stats())
		}
	}
	return sets[0], sets[1]
}

// TestRestrictedOrderGraphIntransitiveVertex: the restricted graph keeps
// a vertex C is not transitive through (intransitiveVertexCase).
func TestRestrictedOrderGraphIntransitiveVertex(t *testing.T) {
	plain, restricted := intransitiveVertexCase(t)
	if plain != restricted || plain != "000\n010\n100" {
		t.Errorf("plain allows\n%s\nrestricted\n%s\nwant 000, 010, 100 (s → w only without v)", plain, restricted)
	}
}

// TestRestrictedOrderGraphSize: on a program-sized synthetic universe
// (4 threads × 20 accesses, CAS blocks, dynamic guards and aliasing) the
// restricted graph needs fewer transitivity clauses than the plain one on
// sc, tso and pso (on the last two with pairs implied through vertices
// that execute with their ends), and each is equisatisfiable with the
// plain one under random assumptions on guards.
func TestRestrictedOrderGraphSize(t *testing.T) {
	for _, name := range []string{"sc", "tso", "pso"} {
		m := mustBuiltin(t, name)
		u := newSynthUniverse(3, 4, 20, 6)
		var insts [2]*Instance
		for x, plain := range []bool{false, true} {
			var err error
			if insts[x], err = Instantiate(m, u, Options{PlainOrderGraph: plain}); err != nil {
				t.Fatal(err)
			}
			if err := insts[x].Finalize(); err != nil {
				t.Fatal(err)
			}
		}
		rs, ps := insts[0].Stats(), insts[1].Stats()
		t.Logf("%s: restricted %d clauses (%d pairs, %d fill, %d pruned), plain %d (%d pairs, %d fill)", name,
			rs.TransitivityClauses, rs.OrderPairs, rs.FillPairs, rs.PrunedTriangles, ps.TransitivityClauses, ps.OrderPairs, ps.FillPairs)
		if rs.RestrictedOrders != 1 || rs.TransitivityClauses >= ps.TransitivityClauses {
			t.Errorf("%s: restricted %+v, plain %+v", name, rs, ps)
		}
		r := rand.New(rand.NewSource(4))
		for trial := 0; trial < 6; trial++ {
			var assume []z.Lit
			for _, g := range u.guard {
				if g != u.c.T && r.Intn(2) == 0 {
					assume = append(assume, g.Not())
				}
			}
			if a, b := solveInstance(insts[0], u.c, assume...), solveInstance(insts[1], u.c, assume...); a != b {
				t.Errorf("%s trial %d: restricted satisfiable=%v, plain %v", name, trial, a, b)
			}
		}
	}
}

// branchyExecution is a random execution with fences in a branch, as
// the symbolic execution builds them: thread 0 has accesses, then a
// branch b of fences (guard b) and accesses (b ∧ x_i, a fresh x_i each,
// or b), then accesses again; threads 1 and 2 have accesses and fences.
// The branch's fences execute whenever one of its accesses does, and the
// accesses around the branch do not imply them, so a fence in the branch
// orders the accesses around it only when the branch runs: C is not
// transitive through the accesses in the branch. Some of those access an
// address of their own, so that their pairs are all fixed. Guards, aliasing, seeds
// and dependencies are dynamic (makeDynamic); it returns the free
// literals.
func branchyExecution(r *rand.Rand) (*fakeUniverse, []z.Lit) {
	u := newFake()
	values := map[int]int{}
	access := func(th int) int {
		in := fakeInstr{kind: Load, thread: th, addr: r.Intn(2)}
		if r.Intn(2) == 0 {
			in.kind = Store
			values[in.addr]++
			in.value = values[in.addr]
		}
		return u.add(in)
	}
	fence := func(th int) int {
		var preds []string
		for _, f := range fenceKinds {
			if r.Intn(4) != 0 {
				preds = append(preds, f)
			}
		}
		return u.add(fakeInstr{kind: Fence, thread: th, fences: preds})
	}
	for range 1 + r.Intn(2) {
		access(0)
	}
	branch := []int{fence(0)}
	var private []int
	for range 1 + r.Intn(2) {
		a := access(0)
		branch = append(branch, a)
		if r.Intn(2) == 0 {
			// an address no other access has: only fixed pairs
			u.instrs[a].addr = 2
			private = append(private, a)
		}
		if r.Intn(2) == 0 {
			branch = append(branch, fence(0))
		}
	}
	branch = append(branch, fence(0))
	for range 1 + r.Intn(2) {
		access(0)
	}
	for th := 1; th < 2+r.Intn(2); th++ {
		for range 1 + r.Intn(2) {
			if r.Intn(2) == 0 {
				fence(th)
			}
			access(th)
		}
	}
	for i, in := range u.instrs {
		if in.kind == Load {
			u.seedOf[i] = -1
		}
	}
	free := makeDynamic(r, u)
	for _, a := range private {
		for i := range u.instrs {
			delete(u.aliasLit, [2]int{min(a, i), max(a, i)})
		}
	}
	b := u.c.Lit()
	free = append(free, b)
	for _, i := range branch {
		if u.instrs[i].kind == Fence || r.Intn(3) == 0 {
			u.guardLit[i] = b
			continue
		}
		x := u.c.Lit()
		free = append(free, x)
		u.guardLit[i] = u.c.And(b, x)
	}
	return u, free
}

// TestRestrictedOrderGraphGuarded: where fences in branches make the
// fixed pairs intransitive (relaxed, rmo and the odd models), the
// restricted graph keeps the guards and still allows exactly the
// executions of the plain one, with vertices and pairs of C left out and
// triangles pruned.
func TestRestrictedOrderGraphGuarded(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 10
	}
	st := compareRestrictedOn(t, 5, n, fencedModels(t), func(r *rand.Rand, _ int) (*fakeUniverse, []z.Lit) { return branchyExecution(r) }, false)
	t.Logf("branchy: %+v", st)
	if st.guarded < st.cases/10 || st.allowed < st.cases/4 || st.skipped > st.cases/4 {
		t.Errorf("too few guarded orders or unbalanced cases: %+v", st)
	}
}

// cyclicFixedCase is an execution whose seeds, static in the fake
// universe, fix pairs of memory_order that close a cycle with program
// order on sc:
//
//	thread 0: l0 = load a0 (reads w); l1 = load a0 (initial value);
//	          l2 = load a0 (reads w); s = store a1
//	thread 1: l = load a1 (reads s); w = store a0
//
// s < l < w < l0 < l1 < l2 < s. Every pair of the cycle is fixed (program
// order, and v1 on the static seeds), so no clause mentions it: the
// restricted graph, which assumes the fixed pairs acyclic, must notice.
func cyclicFixedCase() *fakeUniverse {
	u := newFake()
	l0 := u.add(fakeInstr{kind: Load, thread: 0, addr: 0})
	l1 := u.add(fakeInstr{kind: Load, thread: 0, addr: 0})
	l2 := u.add(fakeInstr{kind: Load, thread: 0, addr: 0})
	s := u.add(fakeInstr{kind: Store, thread: 0, addr: 1, value: 1})
	l := u.add(fakeInstr{kind: Load, thread: 1, addr: 1})
	w := u.add(fakeInstr{kind: Store, thread: 1, addr: 0, value: 1})
	u.seedOf[l0], u.seedOf[l1], u.seedOf[l2], u.seedOf[l] = w, -1, w, s
	return u
}

// TestRestrictedOrderGraphCyclicFixed: when the fixed pairs of a total
// order close a cycle, every encoding rejects the execution (the
// restricted graph falls back to the plain one), and the mutant that
// restricts the graph anyway accepts it. Chains of loads reading other
// threads' stores (chainExecution) agree with the generic encoding on
// every model and option.
func TestRestrictedOrderGraphCyclicFixed(t *testing.T) {
	defer func() { restrictedMutant = 0 }()
	u := cyclicFixedCase()
	sc := mustBuiltin(t, "sc")
	for _, o := range allOptions {
		if satisfiable(t, sc, u, o) {
			t.Errorf("%v/%v plain=%v: a cycle of fixed pairs is allowed", o.Encoding, o.Transitivity, o.PlainOrderGraph)
		}
	}
	restrictedMutant = mutantIgnoreCycles
	if !satisfiable(t, sc, u, Options{Encoding: Optimized, Transitivity: Sparse}) {
		t.Errorf("mutant %d: the cycle is still rejected: the case does not pin the check", restrictedMutant)
	}
	restrictedMutant = 0
	r := rand.New(rand.NewSource(11))
	n := 150
	if testing.Short() {
		n = 50
	}
	for _, m := range testModels(t) {
		for k := 0; k < n; k++ {
			u := chainExecution(r)
			want := satisfiable(t, m, u, Options{Encoding: Generic})
			for _, o := range allOptions[1:] {
				if got := satisfiable(t, m, u, o); got != want {
					t.Fatalf("%s case %d, %v/%v plain=%v: satisfiable=%v, generic %v\n%v", m.Name, k, o.Encoding, o.Transitivity, o.PlainOrderGraph, got, want, u)
				}
			}
		}
	}
}

// chainExecution is a static execution whose first thread has four to six
// accesses to two locations with random data and control dependencies
// (many, so that chains through stores form), and whose second thread has
// one to three accesses; every load reads a random aliased store or the
// initial value.
func chainExecution(r *rand.Rand) *fakeUniverse {
	u := newFake()
	values := map[int]int{}
	add := func(thread int) {
		addr := r.Intn(2)
		in := fakeInstr{kind: Load, thread: thread, addr: addr}
		if r.Intn(2) == 0 {
			in.kind = Store
			values[addr]++
			in.value = values[addr]
		}
		u.add(in)
	}
	for k := 4 + r.Intn(3); k > 0; k-- {
		add(0)
	}
	for k := 1 + r.Intn(3); k > 0; k-- {
		add(1)
	}
	seedAndDepend(r, u, 2, 3)
	return u
}

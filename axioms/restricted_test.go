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

// restrictedStats sums what the comparison saw.
type restrictedStats struct {
	cases, differ, skipped, allowed int
	restricted, pruned, implied     int
}

// compareRestricted instantiates random dynamic executions with the
// restricted and the plain order graph and compares the assignments each
// allows, projected on the guards, some of the execution's free literals
// (aliasing, seeds, dependencies) and the memory order of two pairs the
// caller requested (Rel before Finalize) where both ends execute. It stops
// at the first difference if stopAtFirst.
func compareRestricted(t *testing.T, seed int64, n int, models []*Model, maxAccesses func(k int) int, stopAtFirst bool) restrictedStats {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	var st restrictedStats
	for k := 0; k < n; k++ {
		for _, m := range models {
			u := randomExecution(r, maxAccesses(k))
			free := makeDynamic(r, u)
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
	n := 20
	if testing.Short() {
		n = 8
	}
	st := compareRestricted(t, 1, n, restrictedModels(t), func(k int) int { return 4 + k%5 }, false)
	t.Logf("all models: %+v", st)
	if st.restricted == 0 {
		t.Errorf("the restriction was not used: %+v", st)
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

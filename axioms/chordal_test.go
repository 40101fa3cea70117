package axioms

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/internal/gini"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// TestEliminateChordal checks the chordal completion on random graphs: the
// completed graph is chordal (checked independently by maximum cardinality
// search), contains the original edges, and triangle reports each of its
// triangles exactly once.
func TestEliminateChordal(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		k := 1 + rng.Intn(70)
		density := rng.Float64()
		g := NewOrderGraph(k)
		orig := map[[2]int]bool{}
		for p := 0; p < k; p++ {
			for q := p + 1; q < k; q++ {
				if rng.Float64() < density {
					g.AddEdge(p, q)
					orig[[2]int{p, q}] = true
				}
			}
		}
		edges := map[[2]int]bool{}
		for e := range orig {
			edges[e] = true
		}
		key := func(p, q int) [2]int { return [2]int{min(p, q), max(p, q)} }
		fills := 0
		tris := map[[3]int]int{}
		g.Eliminate(func(p, q int) {
			if edges[key(p, q)] {
				t.Fatalf("fill edge %d-%d already present", p, q)
			}
			edges[key(p, q)] = true
			fills++
		}, func(p, q, s int) {
			x := []int{p, q, s}
			for i := range x {
				for j := i + 1; j < 3; j++ {
					if x[i] > x[j] {
						x[i], x[j] = x[j], x[i]
					}
				}
			}
			tris[[3]int{x[0], x[1], x[2]}]++
		})
		if len(edges) != len(orig)+fills {
			t.Fatalf("edge count")
		}
		adj := func(p, q int) bool { return edges[key(p, q)] }
		if !chordalByMCS(k, adj) {
			t.Fatalf("round %d: completion of a %d-vertex graph is not chordal", round, k)
		}
		want := 0
		for p := 0; p < k; p++ {
			for q := p + 1; q < k; q++ {
				for s := q + 1; s < k; s++ {
					if adj(p, q) && adj(q, s) && adj(p, s) {
						want++
						if tris[[3]int{p, q, s}] != 1 {
							t.Fatalf("triangle %d,%d,%d reported %d times", p, q, s, tris[[3]int{p, q, s}])
						}
					}
				}
			}
		}
		if len(tris) != want {
			t.Fatalf("%d triangles reported, the completed graph has %d", len(tris), want)
		}
	}
}

// chordalByMCS tests chordality (Tarjan & Yannakakis 1984): order the
// vertices by maximum cardinality search; the graph is chordal iff, for
// every vertex, its earlier-numbered neighbours minus the latest of them
// are all neighbours of that latest one.
func chordalByMCS(k int, adj func(p, q int) bool) bool {
	weight := make([]int, k)
	pos := make([]int, k)
	for i := range pos {
		pos[i] = -1
	}
	var order []int
	for n := 0; n < k; n++ {
		v := -1
		for p := 0; p < k; p++ {
			if pos[p] < 0 && (v < 0 || weight[p] > weight[v]) {
				v = p
			}
		}
		pos[v] = n
		order = append(order, v)
		for p := 0; p < k; p++ {
			if pos[p] < 0 && adj(v, p) {
				weight[p]++
			}
		}
	}
	for _, v := range order {
		parent := -1
		var earlier []int
		for p := 0; p < k; p++ {
			if p != v && pos[p] < pos[v] && adj(v, p) {
				earlier = append(earlier, p)
				if parent < 0 || pos[p] > pos[parent] {
					parent = p
				}
			}
		}
		for _, p := range earlier {
			if p != parent && !adj(p, parent) {
				return false
			}
		}
	}
	return true
}

// TestSparseRequestedPairs checks the Rel contract of sparse transitivity:
// pairs requested before Finalize are ordered transitively, including
// through the pairs the completion adds, and new pairs after Finalize are
// refused.
func TestSparseRequestedPairs(t *testing.T) {
	// Four stores to different addresses: no axiom of relaxed orders them.
	u := litmus("st A 1 | st B 1 | st C 1 | st D 1")
	m := mustBuiltin(t, "relaxed")
	for _, tc := range []struct {
		name  string
		cycle []int // requested pairs cycle[k] → cycle[k+1], and back
		unsat bool
		fresh [2]int // a pair neither requested nor added by the completion
	}{
		{"triangle", []int{0, 1, 2}, true, [2]int{0, 3}},
		// min-degree eliminates 0 first and adds the chord 1-3
		{"4-cycle without chord", []int{0, 1, 2, 3}, true, [2]int{0, 2}},
		{"path", []int{0, 1, 2, 3}, false, [2]int{0, 3}},
	} {
		inst, err := Instantiate(m, u, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st := inst.Stats(); st.TransitivityClauses != 0 {
			t.Fatalf("%s: %d transitivity clauses before any request", tc.name, st.TransitivityClauses)
		}
		var assume []z.Lit
		n := len(tc.cycle)
		for k := 0; k < n; k++ {
			if tc.name == "path" && k == n-1 {
				break
			}
			assume = append(assume, inst.Rel("memory_order", tc.cycle[k], tc.cycle[(k+1)%n]))
		}
		got := solveInstance(inst, u.Circuit(), assume...)
		if got == tc.unsat {
			t.Errorf("%s: satisfiable=%v", tc.name, got)
		}
		st := inst.Stats()
		if tc.name == "4-cycle without chord" && st.FillPairs != 1 {
			t.Errorf("%s: %d fill pairs, want 1", tc.name, st.FillPairs)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Rel on a new pair after Finalize did not panic", tc.name)
				}
			}()
			inst.Rel("memory_order", tc.fresh[0], tc.fresh[1])
		}()
	}
}

// TestSparseFewerClauses checks on a larger universe that sparse
// transitivity needs fewer clauses than eager and that the two agree with
// the generic encoding.
func TestSparseFewerClauses(t *testing.T) {
	desc := ""
	for th := 0; th < 3; th++ {
		if th > 0 {
			desc += " | "
		}
		for k := 0; k < 4; k++ {
			desc += fmt.Sprintf("st X%d 1; ld X%d 0; ", (th+k)%3, (th+k+1)%3)
		}
	}
	u := litmus(desc)
	for _, name := range []string{"sc", "relaxed", "tso"} {
		m := mustBuiltin(t, name)
		sparse, _ := Instantiate(m, u, Options{Transitivity: Sparse})
		eager, _ := Instantiate(m, u, Options{Transitivity: Eager})
		if err := sparse.Finalize(); err != nil {
			t.Fatal(err)
		}
		ss, es := sparse.Stats(), eager.Stats()
		if ss.TransitivityClauses >= es.TransitivityClauses {
			t.Errorf("%s: sparse %d transitivity clauses, eager %d", name, ss.TransitivityClauses, es.TransitivityClauses)
		}
		t.Logf("%s: sparse %d clauses (%d pairs + %d fill), eager %d", name, ss.TransitivityClauses, ss.OrderPairs, ss.FillPairs, es.TransitivityClauses)
		want := satisfiable(t, m, u, Options{Encoding: Generic})
		for _, opts := range []Options{{Transitivity: Sparse}, {Transitivity: Eager}} {
			if got := satisfiable(t, m, u, opts); got != want {
				t.Errorf("%s (%v): satisfiable=%v, generic %v", name, opts.Transitivity, got, want)
			}
		}
	}
}

// TestLinearize solves sparse instances of IRIW-like universes, reads the
// memory order back with Linearize and checks that it lists exactly the
// executed accesses and agrees with every pair that has a literal.
func TestLinearize(t *testing.T) {
	solved := 0
	for _, desc := range []string{
		"st X 1 | st Y 1 | ld X 1; ld Y 0 | ld Y 1; ld X 0",
		"st X 1; f full; ld Y 0 | st Y 1; f full; ld X 0",
		"st X 1; st X 2 | ld X 2; ld X 1 | st Y 1; ld X 1",
	} {
		for _, name := range []string{"sc", "tso", "relaxed"} {
			u := litmus(desc)
			u.executed[len(u.executed)-1] = false // one access not executed
			m := mustBuiltin(t, name)
			inst, err := Instantiate(m, u, Options{})
			if err != nil {
				t.Fatal(err)
			}
			c := u.Circuit()
			g := gini.New()
			mark, _ := c.CnfSince(g, nil, inst.Constraint())
			g.Add(inst.Constraint())
			g.Add(0)
			clauses, err := inst.Clauses()
			if err != nil {
				t.Fatal(err)
			}
			for cl := range clauses.All() {
				mark, _ = c.CnfSince(g, mark, cl...)
				for _, l := range cl {
					g.Add(l)
				}
				g.Add(0)
			}
			if g.Solve() != 1 {
				continue // the outcome is forbidden on this model
			}
			solved++
			order := inst.Linearize("memory_order", g.Value)
			pos := map[int]int{}
			for k, i := range order {
				pos[i] = k
			}
			for i := range u.instrs {
				_, listed := pos[i]
				if want := u.isAccess(i) && u.executed[i]; listed != want {
					t.Errorf("%s on %s: instruction %d listed=%v, want %v", desc, name, i, listed, want)
				}
			}
			r := inst.rels[inst.relIdx["memory_order"]]
			for _, i := range order {
				for _, j := range order {
					l := r.peek(inst.in, []int32{int32(i), int32(j)})
					if i == j || l == 0 {
						continue
					}
					v := l == c.T || l != c.F && g.Value(l)
					if v != (pos[i] < pos[j]) {
						t.Errorf("%s on %s: memory_order(%d,%d)=%v but Linearize puts them %d, %d", desc, name, i, j, v, pos[i], pos[j])
					}
				}
			}
		}
	}
	if solved < 4 {
		t.Errorf("only %d of 9 instances are satisfiable", solved)
	}
}

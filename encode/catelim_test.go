package encode

import (
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// hasCycle reports whether the graph of the true edges has a cycle.
func hasCycle(n int, edge func(i, j int) bool) bool {
	state := make([]int, n) // 0 new, 1 on the stack, 2 done
	var visit func(v int) bool
	visit = func(v int) bool {
		state[v] = 1
		for w := range n {
			if !edge(v, w) {
				continue
			}
			if state[w] == 1 || state[w] == 0 && visit(w) {
				return true
			}
		}
		state[v] = 2
		return false
	}
	for v := range n {
		if state[v] == 0 && visit(v) {
			return true
		}
	}
	return false
}

// solveWith decides the clauses of ci and its circuit under assumptions.
func solveWith(c *logic.C, cls *sat.ClauseList, assume []z.Lit) bool {
	g := gini.New()
	c.ToCnf(g)
	for cl := range cls.All() {
		for _, l := range cl {
			g.Add(l)
		}
		g.Add(0)
	}
	g.Assume(assume...)
	return g.Solve() == 1
}

// TestAcyclicityEncodingsRandom compares the acyclicity encoding (vertex
// elimination, catelim.go) with a depth-first search on random graphs of
// up to 24 events, larger and denser than the components of
// TestCatEncodingMatchesEvaluator's programs, under random edge
// assignments: the clauses are satisfiable exactly when the graph of the
// true edges is acyclic.
func TestAcyclicityEncodingsRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	rounds := 300
	if testing.Short() {
		rounds = 60
	}
	for round := range rounds {
		n := 3 + r.Intn(22)
		density := 0.05 + r.Float64()*0.4
		c := logic.NewC()
		rel := newLrel(n)
		var lits []z.Lit
		type pair struct{ i, j int }
		var pairs []pair
		for i := range n {
			for j := range n {
				if i != j && r.Float64() < density {
					l := c.Lit()
					rel.rows[i] = append(rel.rows[i], lentry{int32(j), l})
					lits = append(lits, l)
					pairs = append(pairs, pair{i, j})
				}
			}
		}
		ci := &CatInstance{c: c, guards: make([]z.Lit, n)}
		for i := range ci.guards {
			ci.guards[i] = c.T
		}
		ci.assertAcyclic(rel)
		for range 8 {
			on := map[pair]bool{}
			assume := make([]z.Lit, len(lits))
			for k, l := range lits {
				if r.Intn(3) == 0 {
					on[pairs[k]] = true
					assume[k] = l
				} else {
					assume[k] = l.Not()
				}
			}
			want := !hasCycle(n, func(i, j int) bool { return on[pair{i, j}] })
			if got := solveWith(c, &ci.clauses, assume); got != want {
				t.Fatalf("round %d: %d events, edges %v: elimination says acyclic=%v, search %v", round, n, on, got, want)
			}
		}
	}
}

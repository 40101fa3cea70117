package axioms

import (
	"math/rand/v2"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

func TestImplies(t *testing.T) {
	c := logic.NewC()
	p, q, r := c.Lit(), c.Lit(), c.Lit()
	branch := c.And(p, q)                         // a branch under p
	join := c.Or(c.And(p, r), c.And(p, r.Not()))  // both arms under p
	loose := c.Or(c.And(p, r), c.And(q, r.Not())) // one arm not under p
	cached := newGuardImplications(c, 256)
	for _, tc := range []struct {
		name string
		a, b z.Lit
		want bool
	}{
		{"same", p, p, true},
		{"to true", p, c.T, true},
		{"from false", c.F, p, true},
		{"conjunct", branch, p, true},
		{"nested conjunct", c.And(branch, r), q, true},
		{"not a conjunct", branch, r, false},
		{"weaker to stronger", p, branch, false},
		{"join of branches", join, p, true},
		{"join with a stray arm", loose, p, false},
		{"negated input", p.Not(), p, false},
	} {
		if got := implies(c, tc.a, tc.b, 256); got != tc.want {
			t.Errorf("%s: implies = %v, want %v", tc.name, got, tc.want)
		}
		// The cache answers the same, asked first and asked again.
		for round := 0; round < 2; round++ {
			if got := cached.implies(tc.a, tc.b); got != tc.want {
				t.Errorf("%s: cached implies (round %d) = %v, want %v", tc.name, round, got, tc.want)
			}
		}
	}
	if implies(c, c.And(branch, r), q, 1) {
		t.Error("a budget of one gate still found a conjunct two gates deep")
	}
	tight := newGuardImplications(c, 1)
	if tight.implies(join, p) || tight.implies(c.And(branch, r), q) {
		t.Error("the cache with a budget of one gate found a conjunct two gates deep")
	}
}

// TestGuardImplicationsMatchImplies: the cache answers every pair of a
// random circuit's literals as implies does, at budgets that run out
// mid-walk and ones that do not, with gates added between questions (the
// stamped memo grows with the circuit).
func TestGuardImplicationsMatchImplies(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 52))
	for _, limit := range []int{1, 3, 8, 256} {
		c := logic.NewC()
		lits := []z.Lit{c.T, c.F}
		for range 6 {
			lits = append(lits, c.Lit())
		}
		g := newGuardImplications(c, limit)
		pick := func() z.Lit {
			m := lits[rng.IntN(len(lits))]
			if rng.IntN(2) == 0 {
				m = m.Not()
			}
			return m
		}
		for step := 0; step < 400; step++ {
			if step%4 == 0 {
				lits = append(lits, c.And(pick(), pick()))
			}
			a, b := pick(), pick()
			if got, want := g.implies(a, b), implies(c, a, b, limit); got != want {
				t.Fatalf("limit %d: cached implies(%v, %v) = %v, implies = %v", limit, a, b, got, want)
			}
		}
	}
}

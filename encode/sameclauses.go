package encode

import (
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// impliesSame is cond ⇒ same(a, b), built as a conjunction of disjunctions
// of literals. Solver.Assert sends each disjunction as one plain clause, so
// that a seed variable costs two clauses per bit of the value it copies
// instead of the Tseitin clauses of an equality circuit (three gates per
// bit), and implies the bits directly.
//
// It relies on every value having exactly one kind flag set (see Val):
// then same(a, b) holds iff a and b have the same kind flags and, for that
// kind, the same payload.
func (x *valueShape) impliesSame(cond z.Lit, a, b *Val) z.Lit {
	c := x.c
	if a == b || cond == c.F {
		return c.T
	}
	bits := 0
	if len(a.Ptr) > 0 {
		bits = len(a.Ptr[0])
	}
	parts := make([]z.Lit, 0, 9+2*len(a.Num)+2*x.d+x.d*(x.d+1)*bits)
	var buf [5]z.Lit // a clause's literals: at most four, and ¬cond
	clause := func(lits ...z.Lit) { parts = append(parts, c.Ors(append(append(buf[:0], lits...), cond.Not())...)) }
	iff := func(guard, p, q z.Lit) { // cond ∧ guard ⇒ (p ⇔ q)
		clause(guard.Not(), p.Not(), q)
		clause(guard.Not(), p, q.Not())
	}
	for _, k := range [][2]z.Lit{{a.U, b.U}, {a.N, b.N}, {a.P, b.P}, {a.C, b.C}} {
		iff(c.T, k[0], k[1])
	}
	for i := range a.Num {
		iff(a.N, a.Num[i], b.Num[i])
	}
	// pointers: the same length, and the same components below it
	for i := 0; i < x.d; i++ {
		iff(a.P, a.PLen[i], b.PLen[i])
		for j := i; j < x.d; j++ { // a has more than i components if PLen[j], j ≥ i
			for bit := range a.Ptr[i] {
				clause(a.P.Not(), a.PLen[j].Not(), a.Ptr[i][bit].Not(), b.Ptr[i][bit])
				clause(a.P.Not(), a.PLen[j].Not(), a.Ptr[i][bit], b.Ptr[i][bit].Not())
			}
		}
	}
	if a.C != c.F && b.C != c.F {
		cp := c.Ands(a.C, b.C, bv.Eq(c, a.Tag, b.Tag))
		for i := range a.Fields {
			cp = c.And(cp, x.same(a.Fields[i], b.Fields[i]))
		}
		clause(a.C.Not(), cp)
	}
	return c.Ands(parts...)
}

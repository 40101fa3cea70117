package encode

import (
	"github.com/checkfence/checkfence/cat"
)

// a \ (rf^-1; rf) in the upper polarity: the pairs of a whose events do
// not read from the same write (riscv's ppo rule 2). The subtrahend
// would be encoded exactly, in the lower polarity: per pair the
// disjunction over every write w of rf(w,i) ∧ rf(w,j), two gates per
// write (28 k of the 54 k gates of msn Tpc4's main check on riscv, for
// 600 pairs). Since every executed read reads from exactly one write
// (Ψ's seeds, the initial write without one: doc.go), "i and j do not
// read from the same write" is "for the write w that i reads from, j
// does not", and the upper literal of a pair is a(i,j) ∧ v with a fresh v
// and, for each write w that i may read from, the clause
//
//	a(i,j) ∧ rf(w,i) ∧ ¬rf(w,j) ⇒ v
//
// one clause per candidate write and no gate. v is implied exactly when
// a(i,j) holds and j reads from another write than i (i reads from some
// w, whose clause then fires), and is free otherwise: its least value
// is the difference, the contract of the upper polarity (catnode.go).
// Pairs whose first event is no read keep a(i,j): rf^-1; rf relates
// reads only. TestCatSameSourceDiff compares it with the evaluator.

// isSameSource reports whether n is rf^-1; rf.
func isSameSource(n *cat.Node) bool {
	if n.Op != cat.OpSeq {
		return false
	}
	l, r := n.Kids[0], n.Kids[1]
	isRF := func(m *cat.Node) bool { return m.Op == cat.OpBase && m.Name == "rf" }
	return l.Op == cat.OpInverse && isRF(l.Kids[0]) && isRF(r)
}

// diffSameSource is a \ (rf^-1; rf) in the upper polarity.
func (ci *CatInstance) diffSameSource(a *lrel) *lrel {
	c := ci.c
	rf := ci.baseRel("rf")
	src := relInverse(c, rf) // per read, the writes it may read from
	out := newLrel(a.n())
	for i, row := range a.rows {
		var o []lentry
		for _, e := range row {
			if e.l == c.F {
				continue
			}
			j := int(e.j)
			if len(src.rows[i]) == 0 || len(src.rows[j]) == 0 {
				o = append(o, e) // not both reads: never the same source
				continue
			}
			v := c.Lit()
			ci.stats.RelationLits++
			for _, w := range src.rows[i] {
				ci.clause(e.l.Not(), w.l.Not(), rf.get(c, int(w.j), j), v)
			}
			o = append(o, lentry{e.j, c.And(e.l, v)})
		}
		out.rows[i] = o
	}
	return out
}

package encode

import "github.com/checkfence/checkfence/internal/gini/z"

// Two-cycles of a transaction check, as clauses up front
// (docs/semantics.md, "Two-cycles of the transaction checks"). The
// contracted graph of a transaction check (cattxn.go) is made acyclic
// lazily: each cycle of a satisfying assignment becomes a lemma. On
// snark's Dm on arm8 the solver found six executions with such cycles
// before the final proof, 8 k of the query's 28 k conflicts; a third of
// the lemmas were 2-cycles between two classes of the contraction. Those
// are cheap to forbid over r's own literals, without the contraction's
// gates: a cycle
//
//	a →r u ~t?~ u' →r a' ~t?~ a
//
// with a, a' in block B and u, u' in another class C (a block or a
// single event) is a 2-cycle B → C → B of stronglift(r, t), and its
// t? steps hold when a = a' or B is a transaction (and u = u' or C is
// one). So for each such quadruple the clause
//
//	¬r(a,u) ∨ ¬r(u',a') ∨ ¬multi(B) [a ≠ a'] ∨ ¬multi(C) [u ≠ u']
//
// is a lemma the lazy check would learn from an execution with that
// cycle: implied by the check, so it changes no verdict; the lazy check
// stays and keeps the encoding exact. (a = a' and u = u' is a 2-cycle of
// r itself, the model's own check's business.)

// txnPairClauses switches the two-cycle clauses on (off in tests that
// compare with the plain lazy check).
var txnPairClauses = true

// maxTxnPairClauses bounds the clauses of one check: they are only a
// head start for the lazy check, which is exact without them.
const maxTxnPairClauses = 200_000

// txnTwoCycles adds the two-cycle clauses of stronglift(r, t) for the
// blocks that may be transactions.
func (ci *CatInstance) txnTwoCycles(r *lrel, blocks []txnBlock, blockOf []int) {
	if !txnPairClauses {
		return
	}
	c := ci.c
	n := 0
	// class returns the events of the class of u and its multi literal
	// (F for an event outside the blocks).
	class := func(u int) ([]int, z.Lit) {
		if b := blockOf[u]; b >= 0 {
			return blocks[b].events, blocks[b].multi
		}
		return []int{u}, c.F
	}
	for bi, b := range blocks {
		for _, a := range b.events {
			for _, e := range r.rows[a] {
				u := int(e.j)
				if e.l == c.F || blockOf[u] == bi || blockOf[u] >= 0 && blockOf[u] < bi {
					continue // inside B, or the pair seen from the other block
				}
				others, multiC := class(u)
				for _, u2 := range others {
					for _, a2 := range b.events {
						if a == a2 && u == u2 {
							continue
						}
						back := r.get(c, u2, a2)
						if back == c.F {
							continue
						}
						if n >= maxTxnPairClauses {
							return
						}
						cl := []z.Lit{e.l.Not(), back.Not()}
						if a != a2 {
							cl = append(cl, b.multi.Not())
						}
						if u != u2 {
							cl = append(cl, multiC.Not())
						}
						ci.clause(cl...)
						n++
					}
				}
			}
		}
	}
	ci.txnPairs += n
}

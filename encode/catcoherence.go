package encode

import "github.com/checkfence/checkfence/cat"

// Coherence without the closure of eco. rc11 (and C11 models written the
// same way) check irreflexive hb; eco? with eco = (rf | co | fr)+. The
// upper closure of eco has a variable per pair of accesses to one location
// and a clause per step: cubic in the accesses of a location, 211 k of
// the 330 k clauses of rc11 on a Treiber stack 3+3 whose top is one hot
// location. But the base relations make the closure flat: co is a strict
// total order of the writes of each location (transitive), every executed
// read reads from exactly one write (rf is functional), and fr = rf^-1;co.
// Then rf;fr ⊆ co, fr;co ⊆ fr, co;co ⊆ co, and rf;rf, rf;co, co;fr and
// fr;fr are empty (a step that ends at a read cannot be followed by one
// that leaves a write, and the other way round), so every path of eco
// steps shortens to one of
//
//	eco = rf ∪ co ∪ fr ∪ co;rf ∪ fr;rf
//
// and irreflexive hb; eco? is, term by term, the conjunction of
//
//	irreflexive hb           (with the ?)
//	irreflexive hb; rf       no read happens before the write it reads
//	irreflexive hb; co       no write happens before a co-earlier one
//	irreflexive hb; fr       no write happens before a read of a co-earlier write
//	irreflexive hb; co; rf   no read happens before a write co-before its source
//	irreflexive hb; fr; rf   no read happens before a read of a co-earlier write
//
// each asserted as clauses over pairs (and the source of a read): no
// closure variables, and no gates. The answers are exactly those of the
// closure: TestCatEncodingMatchesEvaluator compares the encoding with the
// evaluator on every candidate execution, with programs of each coherence
// shape (CoWW+CoRR, CoWR+CoRW) and models whose hb no other axiom
// constrains (coherence-id, coherence-rf), so that a mutant without any
// one of the six terms fails. The argument needs rf functional: if a
// read could read from several writes (mixed-size accesses), rf;fr ⊆ co
// would no longer hold and this shortcut must be switched off.

// readsBefore. The terms hb; rf and hb; co; rf of a read i and a write k
// with hb(i, k) say together that i does not read k or a write
// co-after k. When i and k access one location (both executed), i reads
// from exactly one write s at that location, and co orders s and k unless
// s = k: so i reads k or a co-later write exactly when it does not read a
// co-earlier one, which is fr(i, k) (catfr.go: exact, since rf is
// functional). The two terms are thus the one clause
//
//	hb(i, k) ∧ loc(i, k) → fr(i, k)
//
// per pair instead of one per write co-after k (msq_3_3 on rc11: 853 k →
// 823 k clauses). Options.CatPlainCoherence keeps the two terms as
// written; TestCatCoherenceReadsBefore compares both.

// ecoShape reports whether n is the closure (rf | co | fr)+ of the three
// base relations (a union of exactly them, in any order and nesting).
func ecoShape(n *cat.Node) bool {
	if n.Op != cat.OpPlus {
		return false
	}
	seen := map[string]bool{}
	ok := true
	var walk func(m *cat.Node)
	walk = func(m *cat.Node) {
		switch {
		case m.Op == cat.OpUnion:
			walk(m.Kids[0])
			walk(m.Kids[1])
		case m.Op == cat.OpBase && (m.Name == "rf" || m.Name == "co" || m.Name == "fr"):
			seen[m.Name] = true
		default:
			ok = false
		}
	}
	walk(n.Kids[0])
	return ok && len(seen) == 3
}

// coherenceShape reports whether e is hb; eco? or hb; eco with eco of
// ecoShape, and returns hb and whether the ? is there.
func coherenceShape(e *cat.Node) (hb *cat.Node, opt bool, ok bool) {
	if e.Op != cat.OpSeq {
		return nil, false, false
	}
	right := e.Kids[1]
	if right.Op == cat.OpOpt {
		opt, right = true, right.Kids[0]
	}
	if !ecoShape(right) {
		return nil, false, false
	}
	return e.Kids[0], opt, true
}

// assertCoherence adds the clauses of irreflexive hb; eco? (opt) or
// irreflexive hb; eco, with eco = (rf | co | fr)+, for the upper encoding
// of hb.
func (ci *CatInstance) assertCoherence(hb *lrel, opt bool) {
	c := ci.c
	rf, co, fr, loc := ci.baseRel("rf"), ci.baseRel("co"), ci.baseRel("fr"), ci.baseRel("loc")
	for i, row := range hb.rows {
		for _, e := range row {
			k := int(e.j)
			h := e.l
			if k == i {
				if opt {
					ci.clause(h.Not())
				}
				continue
			}
			ki, ik := ci.Events[k].Kind, ci.Events[i].Kind
			switch {
			case ik == cat.Read && ki == cat.Write:
				if !ci.plainCoherence {
					// hb; rf and hb; co; rf at once: i must read a
					// write co-before k (readsBefore, above)
					if l := loc.get(c, i, k); l != c.F {
						ci.clause(h.Not(), l.Not(), fr.get(c, i, k))
					}
					continue
				}
				ci.clause(h.Not(), rf.get(c, k, i).Not()) // hb; rf
				for _, w := range co.rows[k] {            // hb; co; rf
					if l := rf.get(c, int(w.j), i); l != c.F {
						ci.clause(h.Not(), w.l.Not(), l.Not())
					}
				}
			case ik == cat.Write && ki == cat.Write:
				ci.clause(h.Not(), co.get(c, k, i).Not()) // hb; co
			case ik == cat.Write && ki == cat.Read:
				ci.clause(h.Not(), fr.get(c, k, i).Not()) // hb; fr
			case ik == cat.Read && ki == cat.Read:
				for _, w := range fr.rows[k] { // hb; fr; rf
					if l := rf.get(c, int(w.j), i); l != c.F {
						ci.clause(h.Not(), w.l.Not(), l.Not())
					}
				}
			}
		}
	}
}

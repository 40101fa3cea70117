package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// fromReads is fr = rf^-1; co with a variable per pair instead of the
// gates of the composition. As gates, fr(r, s) is the disjunction over
// the writes w that r may read from of rf(w, r) ∧ co(w, s): 2n gates
// and 6n clauses per pair, where n is the number of such writes (the
// fairness check, storeAfter, asks it of every load and aliased store:
// most of the gates of rc11's livelock check). Because a read reads from
// at most one write (Ψ's ladder allows one seed per load, a load without
// a seed reads the initial write of the one location its address
// holds), fr(r, s) is, exactly, the variable v with
//
//	rf(w, r) ∧ co(w, s) → v          for each w   (v is at least fr)
//	v ∧ rf(w, r) → co(w, s)          for each w   (v only after r's source)
//	v → ∨_w rf(w, r)                               (r reads from some write)
//
// one variable and 2n+1 clauses. If v holds, r reads from some w and
// that w is co-before s, so fr holds; if fr holds through w, v holds.
// With two sources the second line would over-constrain: rf must stay
// functional (docs/semantics.md, "fr as variables"); with mixed-size
// accesses the composition stays, as catcoherence.go's shortcut is off
// there. A read with one possible source keeps the single gate rf ∧ co.
// TestCatEncodingMatchesEvaluator compares the result with the evaluator,
// which composes rf^-1 and co itself; TestCatFromReadsExact drops each
// clause family in turn and expects a difference.
func (ci *CatInstance) fromReads() *lrel {
	c := ci.c
	rf, co := ci.baseRel("rf"), ci.baseRel("co")
	src := relInverse(c, rf)
	if ci.hasParts {
		// mixed-size accesses: keep the composition (see catcoherence.go)
		return relCompose(c, src, co)
	}
	out := newLrel(ci.n())
	for r, ws := range src.rows {
		if ci.Events[r].Kind != cat.Read || len(ws) == 0 {
			continue
		}
		if len(ws) == 1 {
			w := ws[0]
			for _, s := range co.rows[w.j] {
				out.rows[r] = append(out.rows[r], lentry{s.j, c.And(w.l, s.l)})
			}
			continue
		}
		targets := map[int32]bool{}
		for _, w := range ws {
			for _, s := range co.rows[w.j] {
				targets[s.j] = true
			}
		}
		some := make([]z.Lit, 0, len(ws)+1)
		for _, w := range ws {
			some = append(some, w.l)
		}
		for s := range ci.Events {
			if !targets[int32(s)] {
				continue
			}
			v := c.Lit()
			ci.stats.RelationLits++
			for _, w := range ws {
				cw := co.get(c, int(w.j), s)
				if !frDropAtLeast {
					ci.clause(w.l.Not(), cw.Not(), v)
				}
				if !frDropOnlyAfter {
					ci.clause(v.Not(), w.l.Not(), cw)
				}
			}
			if !frDropSome {
				ci.clause(append([]z.Lit{v.Not()}, some...)...)
			}
			out.rows[r] = append(out.rows[r], lentry{int32(s), v})
		}
	}
	return out
}

// Mutants of fromReads for TestCatFromReadsExact: each drops one clause
// family, which must make the encoding differ from the evaluator.
var frDropAtLeast, frDropOnlyAfter, frDropSome bool

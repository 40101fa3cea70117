package axioms

import (
	"math/bits"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// A tournament (a total, antisymmetric, irreflexive relation) is
// transitive iff it has no 3-cycle, and a triple a < b < c can cycle in two
// ways: a→b→c→a (m_ab, m_bc, ¬m_ac) or a→c→b→a (¬m_ab, ¬m_bc, m_ac). So
// two guarded clauses per triple encode transitivity.

// eagerTransitivity adds both clauses for every triple of instructions
// that may execute, skipping those that fixed literals satisfy. They are
// plain clauses (Instance.Clauses), not circuit gates: there are cubically
// many, and gates would triple the memory and the variables.
func (inst *Instance) eagerTransitivity(e *engine, r *relation) {
	in, c := inst.in, inst.in.c
	dom, guard := r.vertices(in, e.dom[r.decl.Params[0]])
	var ab [2]int32
	for x, a := range dom {
		ga := guard(a)
		if ga == c.F {
			continue
		}
		for y := x + 1; y < len(dom); y++ {
			b := dom[y]
			gb := guard(b)
			if gb == c.F {
				continue
			}
			ab[0], ab[1] = a, b
			mab := r.lit(in, ab[:], &inst.stats.RelationLits)
			for _, cc := range dom[y+1:] {
				in.lim.check()
				gc := guard(cc)
				if gc == c.F {
					continue
				}
				ab[0], ab[1] = b, cc
				mbc := r.lit(in, ab[:], &inst.stats.RelationLits)
				ab[0], ab[1] = a, cc
				mac := r.lit(in, ab[:], &inst.stats.RelationLits)
				// no cycle a→b→c→a, no cycle a→c→b→a
				inst.addClause(ga.Not(), gb.Not(), gc.Not(), mab.Not(), mbc.Not(), mac)
				inst.addClause(ga.Not(), gb.Not(), gc.Not(), mab, mbc, mac.Not())
			}
		}
	}
}

// addClause records a transitivity clause without its constantly false
// literals, unless a literal is constantly true.
func (inst *Instance) addClause(lits ...z.Lit) {
	c := inst.in.c
	var buf [8]z.Lit
	out := buf[:0]
	for _, l := range lits {
		switch l {
		case c.T:
			return
		case c.F:
			continue
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		out = append(out, c.F)
	}
	inst.raw.Add(out)
	inst.stats.TransitivityClauses++
}

// maxLemmas bounds the lemmas returned by one call of Lemmas.
const maxLemmas = 20000

// Lemmas inspects a satisfying assignment (value gives the truth of a
// literal; constants are handled here) and returns guarded transitivity
// clauses it violates: one per 3-cycle among executed instructions in each
// total order, up to a cap. It returns nil when every total order is
// transitive on the executed instructions — then the assignment satisfies
// the full model. With eager transitivity it always returns nil.
//
// value may be asked about relation literals that occur in no clause yet
// (pairs no axiom mentions); any answer is fine for those, since every
// lemma is a valid transitivity clause. Lemma literals are literals of the
// Universe's circuit (guards may be internal nodes): add their definitions
// with CnfSince before adding the clauses to a solver.
func (inst *Instance) Lemmas(value func(z.Lit) bool) [][]z.Lit {
	if inst.opts.Transitivity != Lazy {
		return nil
	}
	in, c := inst.in, inst.in.c
	val := func(l z.Lit) bool {
		switch l {
		case c.T:
			return true
		case c.F:
			return false
		}
		return value(l)
	}
	var out [][]z.Lit
	var pair [2]int32
	for _, ri := range inst.totals {
		r := inst.rels[ri]
		var exec []int32
		dom, guard := r.vertices(in, in.sortDom[r.decl.Params[0]])
		for _, i := range dom {
			if val(guard(i)) {
				exec = append(exec, i)
			}
		}
		k := len(exec)
		words := (k + 63) / 64
		out1 := make([]uint64, k*words) // row p: q with exec[p] → exec[q]
		lit := func(p, q int) z.Lit {
			pair[0], pair[1] = exec[p], exec[q]
			return r.lit(in, pair[:], &inst.stats.RelationLits)
		}
		for p := 0; p < k; p++ {
			for q := p + 1; q < k; q++ {
				if val(lit(p, q)) {
					out1[p*words+q/64] |= 1 << (q % 64)
				} else {
					out1[q*words+p/64] |= 1 << (p % 64)
				}
			}
		}
		// Report each cycle once, from its smallest member a: a→b, then
		// c > a with b→c and c→a (c ∉ out(a)).
		for a := 0; a < k && len(out) < maxLemmas; a++ {
			rowA := out1[a*words : (a+1)*words]
			for bw := range rowA {
				for bbits := rowA[bw]; bbits != 0 && len(out) < maxLemmas; bbits &= bbits - 1 {
					b := bw*64 + bits.TrailingZeros64(bbits)
					if b < a {
						continue
					}
					rowB := out1[b*words : (b+1)*words]
					for cw := a / 64; cw < words && len(out) < maxLemmas; cw++ {
						cand := rowB[cw] &^ rowA[cw]
						if cw == a/64 {
							cand &^= (uint64(2) << (a % 64)) - 1 // only c > a
						}
						for ; cand != 0 && len(out) < maxLemmas; cand &= cand - 1 {
							cc := cw*64 + bits.TrailingZeros64(cand)
							out = append(out, inst.transitivityLemma(guard(exec[a]), guard(exec[b]), guard(exec[cc]), lit(a, b), lit(b, cc), lit(a, cc)))
						}
					}
				}
			}
		}
	}
	inst.stats.Lemmas += len(out)
	return out
}

// transitivityLemma is ¬G_a ∨ ¬G_b ∨ ¬G_c ∨ ¬R(a,b) ∨ ¬R(b,c) ∨ R(a,c),
// without its constantly false literals (an empty clause becomes the
// false constant: a cycle among fixed pairs of always-executed
// instructions).
func (inst *Instance) transitivityLemma(ga, gb, gc, rab, rbc, rac z.Lit) []z.Lit {
	c := inst.in.c
	cl := make([]z.Lit, 0, 6)
	for _, l := range [...]z.Lit{ga.Not(), gb.Not(), gc.Not(), rab.Not(), rbc.Not(), rac} {
		if l != c.F {
			cl = append(cl, l)
		}
	}
	if len(cl) == 0 {
		cl = append(cl, c.F)
	}
	return cl
}

// vertices returns the instructions a total order must order among
// themselves — with merged atomic blocks only their representatives — and
// the guard of each (for a representative: some member executes).
func (r *relation) vertices(in *interp, dom []int32) ([]int32, func(int32) z.Lit) {
	if r.merge == nil {
		return dom, func(i int32) z.Lit { return in.guards[i] }
	}
	var out []int32
	for _, i := range dom {
		if r.merge.isRep(i) {
			out = append(out, i)
		}
	}
	return out, func(i int32) z.Lit { return r.merge.guard[i] }
}

package encode

import (
	"sort"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// Fence synthesis (package synth). A candidate fence (lsl.Fence.Cand > 0)
// executes only when its selector literal holds: the selector is folded
// into the fence's guard, so every axiom instance that mentions the fence
// is active only when the candidate is selected. All copies of one
// candidate (unrolled iterations, inlined calls) share the selector, and
// a solver call fixes the selection by assuming the selectors.

// Selector returns the selector literal of candidate id, an input of the
// circuit created on first use.
func (e *Encoding) Selector(id int) z.Lit {
	if e.selectors == nil {
		e.selectors = map[int]z.Lit{}
	}
	s, ok := e.selectors[id]
	if !ok {
		s = e.C.Lit()
		e.selectors[id] = s
	}
	return s
}

// Candidates lists the candidate ids that occur in the encoding, sorted.
func (e *Encoding) Candidates() []int {
	out := make([]int, 0, len(e.selectors))
	for id := range e.selectors {
		out = append(out, id)
	}
	sort.Ints(out)
	return out
}

// Selection returns the assumptions that fix the selection: the selector
// of every candidate of the encoding, positive when selected.
func (e *Encoding) Selection(selected func(id int) bool) []z.Lit {
	var out []z.Lit
	for _, id := range e.Candidates() {
		s := e.selectors[id]
		if !selected(id) {
			s = s.Not()
		}
		out = append(out, s)
	}
	return out
}

// Kills evaluates an execution — the inputs' values val of a model — with
// the selection changed for one candidate at a time: it returns the
// candidates of ids whose selection alone makes root false or violates
// one of the encoding's plain clauses. With root = Φ ∧ failure, these are
// the candidates that rule the execution out as a counterexample; every
// other candidate, added to the selection, leaves it a model.
//
// Selector literals occur only in candidate fence guards, and fence guards
// only in the axiom instances of Θ, so the evaluation sees exactly the
// instances the candidate brings in. Relation literals the model left
// unconstrained keep their values, so a candidate may be reported that a
// different valuation of them would survive: the result can only be too
// large, which weakens the constraint drawn from it but keeps it sound.
func (e *Encoding) Kills(val func(z.Lit) bool, root z.Lit, ids []int) []int {
	c := e.C
	n := c.Len()
	base := make([]uint64, n)
	for v := 2; v < n; v++ {
		m := z.Var(v).Pos()
		if a, _ := c.Ins(m); a == z.LitNull && val(m) {
			base[v] = ^uint64(0)
		}
	}
	// gini's Eval64 sets the constant true in 63 lanes only (bit 63 is
	// false), so 63 candidates are evaluated per pass.
	const lanes = 63
	var out []int
	vs := make([]uint64, n)
	for lo := 0; lo < len(ids); lo += lanes {
		hi := min(lo+lanes, len(ids))
		copy(vs, base)
		for j, id := range ids[lo:hi] {
			s, ok := e.selectors[id]
			if !ok {
				continue
			}
			vs[s.Var()] ^= 1 << uint(j)
		}
		c.Eval64(vs)
		ok := lit64(vs, root)
		for cl := range e.Clauses.All() {
			any := uint64(0)
			for _, m := range cl {
				any |= lit64(vs, m)
			}
			ok &= any
		}
		for j, id := range ids[lo:hi] {
			if _, has := e.selectors[id]; has && ok&(1<<uint(j)) == 0 {
				out = append(out, id)
			}
		}
	}
	return out
}

func lit64(vs []uint64, m z.Lit) uint64 {
	v := vs[m.Var()]
	if !m.IsPos() {
		v = ^v
	}
	return v
}

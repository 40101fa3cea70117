package synth

import "github.com/checkfence/checkfence/lsl"

// Dominance: on a monotone model (Result.Monotone) a stronger memory
// order for an access orders everything a weaker one for that access
// orders, and atomic_thread_fence(seq_cst) everything a weaker C11 fence
// at the same point orders (relaxed < acquire, release < acq_rel <
// seq_cst: RC11 is monotone in the orders, Lahav et al., PLDI 2017, §5;
// the hardware mappings and the .mm fences of an order only add barriers
// with the order). So a selection that passes still passes with each
// weaker candidate replaced by the strongest one of its site, which has
// no more candidates.
//
// The search uses that to find the fewest changes first among the
// strongest candidates only (the dominated ones are assumed unselected):
// every counterexample of such a proposal is ruled out only by strong
// changes, so the clauses it teaches are about sites, not about which of
// four orders a site gets, and far fewer proposals of a too small size are
// tried. Once such a proposal passes, its size is the smallest (a smaller
// passing selection, strengthened, would have been proposed), and the
// search goes on over every candidate for the cheapest selection of that
// size, with the passing one as the answer to beat.

// dominated returns the candidates that another candidate of the same
// site dominates: a weaker order for the same access, a weaker C11 fence
// at the same point.
func dominated(cands []*lsl.Candidate) map[int]bool {
	strongest := map[string]*lsl.Candidate{}
	site := func(c *lsl.Candidate) (string, string, bool) {
		switch {
		case c.Barrier == nil && c.Order != "":
			return "order " + c.Point.Proc + " " + c.Point.Pos.String() + " " + c.Access, c.Order, true
		case c.Barrier != nil && c.Barrier.C11 != "":
			return "fence " + c.Point.Proc + " " + c.Point.Key(), c.Barrier.C11, true
		}
		return "", "", false
	}
	for _, c := range cands {
		k, ord, ok := site(c)
		if !ok {
			continue
		}
		if s := strongest[k]; s == nil || orderRank[ord] > orderRank[orderOf(s)] {
			strongest[k] = c
		}
	}
	out := map[int]bool{}
	for _, c := range cands {
		k, ord, ok := site(c)
		if !ok {
			continue
		}
		if s := strongest[k]; s != c && orderRank[ord] < orderRank[orderOf(s)] {
			out[c.ID] = true
		}
	}
	return out
}

// orderRank orders the C11 orders by strength; acquire and release are
// incomparable, and both below acq_rel.
var orderRank = map[string]int{"RLX": 0, "CON": 1, "ACQ": 1, "REL": 1, "ACQ_REL": 2, "SC": 3}

func orderOf(c *lsl.Candidate) string {
	if c.Barrier != nil {
		return c.Barrier.C11
	}
	return c.Order
}

// c11Candidates reports whether some candidate is a memory order or a
// C11 fence: the searches that use dominance and generalized clauses
// (the others, over .mm fences and architecture barriers, keep the plain
// search).
func c11Candidates(cands []*lsl.Candidate) bool {
	for _, c := range cands {
		if c.Barrier == nil && c.Order != "" || c.Barrier != nil && c.Barrier.C11 != "" {
			return true
		}
	}
	return false
}

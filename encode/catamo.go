package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// An AMO instruction of RISC-V is one memory operation that is both a load
// and a store (RVWMO; herd's riscv-defs.cat: "let AMO = try AMO with
// (R & W)"), while the encoding gives it two events, the load and the
// store of an atomic block, related by amo. The halves tagged AMO
// (cat.AMOTag) therefore act as the one event they stand for: each is in
// both R and W, and a dependency into either half, or out of either,
// belongs to both. Without that, a fence whose filter is [R] missed the
// store half (amoswap; fence.tso; lw in both threads of SB) and a data
// dependency into the store half did not chain with an address
// dependency out of the load half (cat.Candidate.Execution does the same on
// concrete executions).

// amoHalves returns the AMO-tagged read/store pairs of amo with the
// literal of each pair.
func (ci *CatInstance) amoHalves() []amoHalf {
	var out []amoHalf
	for r, row := range ci.baseRel("amo").rows {
		for _, e := range row {
			w := int(e.j)
			if cat.IsAMOHalf(ci.Events[r].Tags) && cat.IsAMOHalf(ci.Events[w].Tags) {
				out = append(out, amoHalf{r: r, w: w, l: e.l})
			}
		}
	}
	return out
}

type amoHalf struct {
	r, w int
	l    z.Lit
}

// withAMOKinds adds to the base set R (or W) the store (or load) halves of
// the AMOs.
func (ci *CatInstance) withAMOKinds(name string, s lset) {
	if name != "R" && name != "W" {
		return
	}
	for _, h := range ci.amoHalves() {
		i := h.w
		if name == "W" {
			i = h.r
		}
		s[i] = ci.c.Or(s[i], h.l)
	}
}

// withAMODependencies makes a dependency into one half of an AMO a
// dependency into both, and one out of the load half one out of the store
// half too. Edges between the halves themselves are not added.
func (ci *CatInstance) withAMODependencies(r *lrel) *lrel {
	halves := ci.amoHalves()
	if len(halves) == 0 {
		return r
	}
	c := ci.c
	extra := newLrel(ci.n())
	b := newRowBuilder(c, ci.n())
	for src, row := range r.rows {
		for _, e := range row {
			for _, h := range halves {
				if src == h.r || src == h.w {
					continue
				}
				switch int(e.j) {
				case h.w:
					b.or(h.r, c.And(e.l, h.l))
				case h.r:
					b.or(h.w, c.And(e.l, h.l))
				}
			}
		}
		extra.rows[src] = b.take()
	}
	for _, h := range halves {
		for _, e := range r.rows[h.r] {
			if int(e.j) != h.r && int(e.j) != h.w {
				b.or(int(e.j), c.And(e.l, h.l))
			}
		}
		extra.rows[h.w] = mergeRows(c, extra.rows[h.w], b.take())
	}
	return relUnion(c, r, extra)
}

// mergeRows is the union of two sorted rows.
func mergeRows(c *logic.C, a, b []lentry) []lentry {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]lentry, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].j < b[j].j):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].j < a[i].j:
			out = append(out, b[j])
			j++
		default:
			out = append(out, lentry{a[i].j, c.Or(a[i].l, b[j].l)})
			i++
			j++
		}
	}
	return out
}

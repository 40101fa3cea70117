package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"slices"
)

// Synchronises-with from its release end. rc11's
//
//	sw = [at-least-rel]; ([F]; po)?; rs; rf; [R & at-least-rlx]; (po; [F])?; [at-least-acq]
//	rs = [W]; (po & loc)?; [W & at-least-rlx]; (rf; rmw)*
//
// is a chain of compositions that the parser nests to the right, so the
// generic encoding builds rs; rf; … for every write and every read first
// and applies the [at-least-rel] filter last: on the C11 Treiber stack 3+3,
// 23 k gates for 180 pairs, most of the race check's formula. seqChain
// composes the same factors from the left instead, each filter [S] applied
// to the pairs built so far as soon as it comes, and (po & loc) built only
// from the columns reached (and, when a filter follows, only into it).
// Composition is associative and every step is the generic operator's
// exact gate structure, so the relation is the same in every model
// (TestSeqChainMatchesGeneric).

// seqFactors flattens nested compositions into their factors, left to
// right.
func seqFactors(n *cat.Node, out []*cat.Node) []*cat.Node {
	if n.Op == cat.OpSeq {
		return seqFactors(n.Kids[1], seqFactors(n.Kids[0], out))
	}
	return append(out, n)
}

// seqChain encodes a composition whose first factor is a filter [S] from
// the left (see above); ok is false for any other node.
func (ci *CatInstance) seqChain(n *cat.Node, p pol) (r *lrel, ok bool) {
	fs := seqFactors(n, nil)
	if len(fs) < 2 || fs[0].Op != cat.OpIdOf || ci.hasParts {
		return nil, false
	}
	c := ci.c
	cur := relIdentity(c, ci.set(fs[0].Kids[0], p))
	for i := 1; i < len(fs); i++ {
		f := fs[i]
		var into lset // the filter right after f, if any
		if i+1 < len(fs) && fs[i+1].Op == cat.OpIdOf {
			into = ci.set(fs[i+1].Kids[0], p)
		}
		switch {
		case f.Op == cat.OpIdOf:
			cur = filterColumns(c, cur, ci.set(f.Kids[0], p))
		case ci.staticPO(f):
			cur = ci.composePORight(cur)
		case f.Op == cat.OpOpt && ci.poLoc(f.Kids[0]):
			cur = relUnion(c, cur, ci.composePOLoc(cur, into))
		case p == polUpper:
			if sr, ok := ci.seededClosure(cur, f, p, into.mask(c)); ok { // catseeded.go
				cur = sr
			} else {
				cur = ci.composeUpper(cur, ci.rel(f, p))
			}
		default:
			cur = relCompose(c, cur, ci.rel(f, p))
		}
		if cur.empty(c) {
			return cur, true
		}
	}
	return cur, true
}

// poLoc reports po & loc (either order) with po static.
func (ci *CatInstance) poLoc(n *cat.Node) bool {
	if n.Op != cat.OpInter || ci.hasParts {
		return false
	}
	a, b := n.Kids[0], n.Kids[1]
	isLoc := func(m *cat.Node) bool { return m.Op == cat.OpBase && m.Name == "loc" }
	return isPO(a) && isLoc(b) || isLoc(a) && isPO(b)
}

// composePOLoc is r; (po & loc), with the columns limited to the events
// of into when into is not nil (a filter [into] follows, which drops the
// others). Each pair's literal is the generic one's: r(i,j) ∧ (po(j,k) ∧
// loc(j,k)), po(j,k) = both(j,k) on static program order and loc(j,k) =
// both(j,k) ∧ sameLoc(j,k).
func (ci *CatInstance) composePOLoc(r *lrel, into lset) *lrel {
	c := ci.c
	n := ci.n()
	memo := map[[2]int32]z.Lit{}
	pl := func(j, k int) z.Lit {
		key := [2]int32{int32(j), int32(k)}
		if l, ok := memo[key]; ok {
			return l
		}
		l := c.F
		if ci.programOrder(j, k) {
			both := ci.both(j, k)
			l = c.And(both, c.And(both, ci.sameLoc(j, k)))
		}
		memo[key] = l
		return l
	}
	out := newLrel(n)
	rb := newRowBuilder(c, n)
	for i, row := range r.rows {
		for _, e := range row {
			j := int(e.j)
			for k := range n {
				if into != nil && into[k] == c.F {
					continue
				}
				if l := pl(j, k); l != c.F {
					rb.or(k, c.And(e.l, l))
				}
			}
		}
		out.rows[i] = rb.take()
	}
	return out
}

// filterColumns is r; [s].
func filterColumns(c *logic.C, r *lrel, s lset) *lrel {
	out := newLrel(r.n())
	for i, row := range r.rows {
		var o []lentry
		for _, e := range row {
			if l := c.And(e.l, s[e.j]); l != c.F {
				o = append(o, lentry{e.j, l})
			}
		}
		out.rows[i] = o
	}
	return out
}

// composeUpper is a;b in the upper polarity: a fresh variable per pair
// that some path a(i,k) ∧ b(k,j) implies, one clause per path, instead of
// an And gate per path and an Or gate per path but one. Its least
// solution is a;b.
func (ci *CatInstance) composeUpper(a, b *lrel) *lrel {
	c := ci.c
	out := newLrel(a.n())
	acc := make([][][2]z.Lit, a.n())
	var touched []int32
	for i, row := range a.rows {
		for _, ak := range row {
			for _, bj := range b.rows[ak.j] {
				if ak.l == c.F || bj.l == c.F {
					continue
				}
				if acc[bj.j] == nil {
					touched = append(touched, bj.j)
				}
				acc[bj.j] = append(acc[bj.j], [2]z.Lit{ak.l, bj.l})
			}
		}
		slices.Sort(touched)
		var o []lentry
		for _, j := range touched {
			ls := acc[j]
			acc[j] = nil
			if len(ls) == 1 {
				o = append(o, lentry{j, c.And(ls[0][0], ls[0][1])})
				continue
			}
			v := c.Lit()
			ci.stats.RelationLits++
			for _, l := range ls {
				ci.clause(l[0].Not(), l[1].Not(), v)
			}
			o = append(o, lentry{j, v})
		}
		touched = touched[:0]
		out.rows[i] = o
	}
	return out
}

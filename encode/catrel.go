package encode

import (
	"sort"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// lrel is a relation over the cat events whose pairs are circuit
// literals; pairs not stored are false. Rows are sorted by column so that
// the circuits built from them are the same on every run. Invariant: a
// pair's literal implies the guards of both events (relations only relate
// executed events), and a set's literal implies its event's guard.
type lrel struct {
	rows [][]lentry
}

type lentry struct {
	j int32
	l z.Lit
}

// lset is a set of cat events: one literal per event (F: not in the set).
type lset []z.Lit

func newLrel(n int) *lrel { return &lrel{rows: make([][]lentry, n)} }

func (r *lrel) n() int { return len(r.rows) }

// empty reports whether r holds no pair in any model of the encoding.
func (r *lrel) empty(c *logic.C) bool {
	for _, row := range r.rows {
		for _, e := range row {
			if e.l != c.F {
				return false
			}
		}
	}
	return true
}

// empty reports whether s holds no event in any model of the encoding.
func (s lset) empty(c *logic.C) bool {
	for _, l := range s {
		if l != c.F {
			return false
		}
	}
	return true
}

// mask marks the events s may hold (nil for a nil set: every event).
func (s lset) mask(c *logic.C) []bool {
	if s == nil {
		return nil
	}
	m := make([]bool, len(s))
	for i, l := range s {
		m[i] = l != c.F
	}
	return m
}

// get returns the literal of (i, j).
func (r *lrel) get(c *logic.C, i, j int) z.Lit {
	row := r.rows[i]
	k := sort.Search(len(row), func(k int) bool { return int(row[k].j) >= j })
	if k < len(row) && int(row[k].j) == j {
		return row[k].l
	}
	return c.F
}

// rowBuilder accumulates the literals of one row, densely.
type rowBuilder struct {
	c       *logic.C
	acc     []z.Lit
	touched []int32
}

func newRowBuilder(c *logic.C, n int) *rowBuilder {
	b := &rowBuilder{c: c, acc: make([]z.Lit, n)}
	for i := range b.acc {
		b.acc[i] = c.F
	}
	return b
}

// or adds l to the disjunction of column j.
func (b *rowBuilder) or(j int, l z.Lit) {
	if l == b.c.F {
		return
	}
	if b.acc[j] == b.c.F {
		b.touched = append(b.touched, int32(j))
		b.acc[j] = l
		return
	}
	b.acc[j] = b.c.Or(b.acc[j], l)
}

// take returns the row and resets the builder.
func (b *rowBuilder) take() []lentry {
	sort.Slice(b.touched, func(x, y int) bool { return b.touched[x] < b.touched[y] })
	var row []lentry
	for _, j := range b.touched {
		if l := b.acc[j]; l != b.c.F {
			row = append(row, lentry{j, l})
		}
		b.acc[j] = b.c.F
	}
	b.touched = b.touched[:0]
	return row
}

// relUnion is a | b (the cat operators use CatInstance.relUnionFull and
// its siblings, catfull.go).
func relUnion(c *logic.C, a, b *lrel) *lrel {
	return relMerge(c, a, b, func(x, y z.Lit) z.Lit { return c.Or(x, y) }, true, true)
}

// relMerge walks the rows of a and b together; keepA/keepB say whether a
// pair present in only one operand survives unchanged.
func relMerge(c *logic.C, a, b *lrel, both func(x, y z.Lit) z.Lit, keepA, keepB bool) *lrel {
	return mergePairs(c, a, b, func(_, _ int, x, y z.Lit) z.Lit { return both(x, y) }, keepA, keepB)
}

// mergePairs is relMerge with the pair's events given to f.
func mergePairs(c *logic.C, a, b *lrel, f func(i, j int, x, y z.Lit) z.Lit, keepA, keepB bool) *lrel {
	out := newLrel(a.n())
	for i := range a.rows {
		ra, rb := a.rows[i], b.rows[i]
		var row []lentry
		x, y := 0, 0
		for x < len(ra) || y < len(rb) {
			var e lentry
			switch {
			case y == len(rb) || x < len(ra) && ra[x].j < rb[y].j:
				if !keepA {
					x++
					continue
				}
				e = ra[x]
				x++
			case x == len(ra) || rb[y].j < ra[x].j:
				if !keepB {
					y++
					continue
				}
				e = rb[y]
				y++
			default:
				e = lentry{ra[x].j, f(i, int(ra[x].j), ra[x].l, rb[y].l)}
				x++
				y++
			}
			if e.l != c.F {
				row = append(row, e)
			}
		}
		out.rows[i] = row
	}
	return out
}

// relCompose is a;b.
func relCompose(c *logic.C, a, b *lrel) *lrel {
	out := newLrel(a.n())
	rb := newRowBuilder(c, a.n())
	for i, row := range a.rows {
		for _, ak := range row {
			for _, bj := range b.rows[ak.j] {
				rb.or(int(bj.j), c.And(ak.l, bj.l))
			}
		}
		out.rows[i] = rb.take()
	}
	return out
}

// relInverse is a^-1.
func relInverse(c *logic.C, a *lrel) *lrel {
	out := newLrel(a.n())
	for i, row := range a.rows {
		for _, e := range row {
			out.rows[e.j] = append(out.rows[e.j], lentry{int32(i), e.l})
		}
	}
	return out // rows come out sorted: i increases
}

// relIdentity is [s].
func relIdentity(c *logic.C, s lset) *lrel {
	out := newLrel(len(s))
	for i, l := range s {
		if l != c.F {
			out.rows[i] = []lentry{{int32(i), l}}
		}
	}
	return out
}

// relCart is s1 * s2.
func relCart(c *logic.C, s1, s2 lset) *lrel {
	out := newLrel(len(s1))
	for i, a := range s1 {
		if a == c.F {
			continue
		}
		var row []lentry
		for j, b := range s2 {
			if l := c.And(a, b); l != c.F {
				row = append(row, lentry{int32(j), l})
			}
		}
		out.rows[i] = row
	}
	return out
}

// relDomain and relRange are the sets of events with an outgoing or
// incoming pair.
func relDomain(c *logic.C, a *lrel) lset {
	out := make(lset, a.n())
	for i, row := range a.rows {
		l := c.F
		for _, e := range row {
			l = c.Or(l, e.l)
		}
		out[i] = l
	}
	return out
}

func relRange(c *logic.C, a *lrel) lset {
	out := make(lset, a.n())
	for i := range out {
		out[i] = c.F
	}
	for _, row := range a.rows {
		for _, e := range row {
			out[e.j] = c.Or(out[e.j], e.l)
		}
	}
	return out
}

// relSquareClosure is the transitive closure a+ by iterated squaring:
// t := t | t;t until paths of every length up to the number of events
// that occur in a are covered. It is exact (no free variables).
func relSquareClosure(c *logic.C, a *lrel) *lrel {
	active := 0
	in := make([]bool, a.n())
	for i, row := range a.rows {
		if len(row) > 0 && !in[i] {
			in[i] = true
			active++
		}
		for _, e := range row {
			if !in[e.j] {
				in[e.j] = true
				active++
			}
		}
	}
	t := a
	for covered := 1; covered < active; covered *= 2 {
		next := relUnion(c, t, relCompose(c, t, t))
		if relSame(next, t) {
			break
		}
		t = next
	}
	return t
}

// relSame reports whether two relations have the same literals.
func relSame(a, b *lrel) bool {
	for i := range a.rows {
		ra, rb := a.rows[i], b.rows[i]
		if len(ra) != len(rb) {
			return false
		}
		for k := range ra {
			if ra[k] != rb[k] {
				return false
			}
		}
	}
	return true
}

// reflexive adds the identity on the events whose guards are given.
func relReflexive(c *logic.C, a *lrel, guards []z.Lit) *lrel {
	return relUnion(c, a, relIdentity(c, guards))
}

// setOp combines two sets elementwise.
func setOp(a, b lset, f func(x, y z.Lit) z.Lit) lset {
	out := make(lset, len(a))
	for i := range a {
		out[i] = f(a[i], b[i])
	}
	return out
}

// staticGraph lists, per event, the successors whose literal is not false.
func (r *lrel) staticGraph() [][]int32 {
	g := make([][]int32, r.n())
	for i, row := range r.rows {
		for _, e := range row {
			g[i] = append(g[i], e.j)
		}
	}
	return g
}

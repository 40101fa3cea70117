package encode

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// depSet records which loads a value (or a point in a thread) depends on, and
// under which condition: the dependency can hold on one path of a merge and
// not on the other (§3.4.2 defines <_D and <_C on executed traces). Entries
// are sorted by load index.
type depSet []depEntry

type depEntry struct {
	load int // instruction index of the load
	cond z.Lit
}

// unionDeps is the set of dependencies of a value computed from a and b.
func unionDeps(c *logic.C, a, b depSet) depSet {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make(depSet, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].load < b[j].load):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].load < a[i].load:
			out = append(out, b[j])
			j++
		default:
			out = append(out, depEntry{a[i].load, c.Or(a[i].cond, b[j].cond)})
			i++
			j++
		}
	}
	return out
}

// muxDeps is the dependency set of sel ? a : b.
func muxDeps(c *logic.C, sel z.Lit, a, b depSet) depSet {
	if len(a) == 0 && len(b) == 0 {
		return nil
	}
	out := make(depSet, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].load < b[j].load):
			out = append(out, depEntry{a[i].load, c.And(sel, a[i].cond)})
			i++
		case i == len(a) || b[j].load < a[i].load:
			out = append(out, depEntry{b[j].load, c.And(sel.Not(), b[j].cond)})
			j++
		default:
			out = append(out, depEntry{a[i].load, c.Choice(sel, a[i].cond, b[j].cond)})
			i++
			j++
		}
	}
	return out
}

// on returns the condition under which the set contains load.
func (d depSet) on(c *logic.C, load int) z.Lit {
	lo, hi := 0, len(d)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case d[m].load == load:
			return d[m].cond
		case d[m].load < load:
			lo = m + 1
		default:
			hi = m
		}
	}
	return c.F
}

package encode

import "github.com/checkfence/checkfence/cat"

// Closures on the rows a check reads. power's hb* is read by observation,
// irreflexive fre; prop; hb*, only on the rows of fre; prop's range (32
// of the 209 events of the c11bench MS queue's store bug), and by
// propbase, W * W & (fences | rfe; fences); hb*, only on its W columns.
// The upper closure of a relation is closed row by row — each clause
// t(i,k) ∧ a(k,j) ⇒ t(i,j) names one row — so a closure restricted to
// some rows is the whole closure's encoding on those rows, and one
// restricted to some columns is the row restriction of the inverse
// relation's closure, inverted ((a+)^-1 = (a^-1)+).

// closureOn encodes the upper closure node n (r+ or r*) on the pairs (i,
// j) with rows[i] and cols[j] (nil: all), by the smaller of the row and
// the column restriction; ok is false for a node it does not handle (a
// closure through po, catpoclosure.go, or the lower polarity).
func (ci *CatInstance) closureOn(n *cat.Node, p pol, rows, cols []bool) (r *lrel, ok bool) {
	if p != polUpper || n.Op != cat.OpStar && n.Op != cat.OpPlus || ci.plainRelations {
		return nil, false
	}
	if _, po := poUnionRest(n.Kids[0]); po && !ci.hasParts {
		return nil, false
	}
	if _, ok := ci.memoRel[nodeKey{n, p}]; ok {
		return nil, false // the whole closure is there already
	}
	a := ci.rel(n.Kids[0], p)
	var t *lrel
	if nr, nc := count(rows), count(cols); rows != nil && (cols == nil || nr <= nc) {
		t = ci.closureRows(a, rows)
	} else if cols != nil {
		t = relInverse(ci.c, ci.closureRows(relInverse(ci.c, a), cols))
	} else {
		return nil, false
	}
	if n.Op == cat.OpStar {
		t = relReflexive(ci.c, t, ci.guards)
	}
	ci.restrictedClosures++
	return restrictRel(t, rows, cols), true
}

// count is the number of events a mask keeps (nil: -1).
func count(mask []bool) int {
	if mask == nil {
		return -1
	}
	k := 0
	for _, b := range mask {
		if b {
			k++
		}
	}
	return k
}

// interCart encodes S1 * S2 & x (or x & S1 * S2) with x restricted to the
// rows of S1 and the columns of S2 (relOn, catrestrict.go): power's
// propbase is read through W * W only. Not inside a recursion group,
// whose Kleene iteration re-encodes its bodies, nor when x is already
// encoded whole; ok is false then.
func (ci *CatInstance) interCart(n *cat.Node, p pol) (r *lrel, ok bool) {
	if ci.plainRelations || ci.groupDepth > 0 || ci.hasParts {
		return nil, false
	}
	cart, x := n.Kids[0], n.Kids[1]
	if cart.Op != cat.OpCart {
		cart, x = x, cart
	}
	if cart.Op != cat.OpCart || x.Op == cat.OpCart || exactOp(x) {
		return nil, false
	}
	if _, ok := ci.memoRel[nodeKey{x, p}]; ok {
		return nil, false
	}
	cr := ci.rel(cart, p)
	if cr.empty(ci.c) {
		return cr, true
	}
	rows, cols := relDomainMask(cr), relRangeMask(cr)
	return ci.relInterFull(cr, ci.relOn(x, p, rows, cols)), true
}

package encode

import (
	"github.com/checkfence/checkfence/cat"
)

// Compositions between filters (docs/semantics.md, "Compositions between
// filters"). rc11's psc-base is ([SC] | …); scb; ([SC] | …): it relates
// seq_cst events only, but its middle, scb ⊇ po-not-loc; hb; po-not-loc,
// was built for every pair of events and cut to the seq_cst ones last
// (4.1 M gates for the 18 seq_cst accesses of the c11bench MS queue that
// frees its nodes, the allocator's atomic blocks). A composition whose
// first factor relates few events on the left, or whose last factor few
// on the right, is encoded on those rows and columns only: each operand
// on the part of its pairs the composition can use.

// seqRestricted encodes composition n on the rows its first factor's
// domain and the columns its last factor's range allow, when its first
// factor is a filter from the left or its last one a filter from the
// right (filterLeft, filterRight) and that leaves at most three quarters
// of the events; ok is false otherwise.
func (ci *CatInstance) seqRestricted(n *cat.Node, p pol) (r *lrel, ok bool) {
	if ci.refersToGroup(n) {
		return nil, false
	}
	fs := seqFactors(n, nil)
	first, last := fs[0], fs[len(fs)-1]
	var rows, cols []bool
	if filterLeft(first) {
		rows = relDomainMask(ci.rel(first, p))
	}
	if filterRight(last) {
		cols = relRangeMask(ci.rel(last, p))
	}
	if ci.restrictAll {
		if rows == nil && cols == nil {
			return nil, false
		}
	} else if !ci.sparse(rows) && !ci.sparse(cols) {
		return nil, false
	}
	ci.restricted++
	return ci.relOn(n, p, rows, cols), true
}

// filterLeft reports whether n's domain is within a set that a filter
// [S] at its left end names: n is [S], [S]; x, a union of such, or an
// intersection or difference whose left operand is one.
func filterLeft(n *cat.Node) bool {
	switch n.Op {
	case cat.OpIdOf:
		return true
	case cat.OpSeq, cat.OpDiff:
		return filterLeft(n.Kids[0])
	case cat.OpUnion:
		return filterLeft(n.Kids[0]) && filterLeft(n.Kids[1])
	case cat.OpInter:
		return filterLeft(n.Kids[0]) || filterLeft(n.Kids[1])
	}
	return false
}

// filterRight is filterLeft for the range: [S], x; [S], ….
func filterRight(n *cat.Node) bool {
	switch n.Op {
	case cat.OpIdOf:
		return true
	case cat.OpSeq:
		return filterRight(n.Kids[1])
	case cat.OpDiff:
		return filterRight(n.Kids[0])
	case cat.OpUnion:
		return filterRight(n.Kids[0]) && filterRight(n.Kids[1])
	case cat.OpInter:
		return filterRight(n.Kids[0]) || filterRight(n.Kids[1])
	}
	return false
}

// sparse reports a mask (nil: every event) that keeps at most three
// quarters of the events. (At a quarter, rc11's psc was built whole on
// the mutex and condition-variable programs, whose lock operations are
// seq_cst: condvar_rounds_while.c 1.12 M clauses against 316 k
// restricted, docs/performance.md, "psc restricted on lock-heavy
// programs".)
func (ci *CatInstance) sparse(mask []bool) bool {
	return mask != nil && 4*count(mask) <= 3*ci.n()
}

// relOn encodes n restricted to the pairs (i, j) with rows[i] and
// cols[j] (nil: no restriction). Each pair it keeps has the literal of
// the unrestricted encoding's operators on the same operands' pairs, so
// it is n's encoding restricted, in either polarity: composition
// distributes over a restriction of its left operand's rows and its right
// operand's columns, with the middle events those the restricted operand
// reaches; union, intersection and difference act pair by pair.
func (ci *CatInstance) relOn(n *cat.Node, p pol, rows, cols []bool) *lrel {
	if rows == nil && cols == nil {
		return ci.rel(n, p)
	}
	if exactOp(n) {
		p = polUpper
	}
	if r, ok := ci.memoRel[nodeKey{n, p}]; ok {
		return restrictRel(r, rows, cols)
	}
	c := ci.c
	switch n.Op {
	case cat.OpSeq:
		a, b := n.Kids[0], n.Kids[1]
		// the side whose restriction is known goes first; with both, the
		// side that is a filter at its outer end (its pairs are few)
		leftFirst := rows != nil && (cols == nil || filterLeft(a) || !filterRight(b))
		if leftFirst {
			ra := ci.relOn(a, p, rows, nil)
			if ra.empty(c) {
				return ra
			}
			if r, ok := ci.seededClosure(ra, b, p, cols); ok { // catseeded.go
				return r
			}
			return ci.composeOn(p, ra, ci.relOn(b, p, relRangeMask(ra), cols))
		}
		rb := ci.relOn(b, p, nil, cols)
		if rb.empty(c) {
			return rb
		}
		return ci.composeOn(p, ci.relOn(a, p, rows, relDomainMask(rb)), rb)
	case cat.OpUnion:
		return ci.relUnionFull(ci.relOn(n.Kids[0], p, rows, cols), ci.relOn(n.Kids[1], p, rows, cols))
	case cat.OpInter:
		a := ci.relOn(n.Kids[0], p, rows, cols)
		if a.empty(c) {
			return a
		}
		return ci.relInterFull(a, ci.relOn(n.Kids[1], p, rows, cols))
	case cat.OpDiff:
		if p == polUpper && isSameSource(n.Kids[1]) {
			break // catsamesource.go, on the whole relation
		}
		a := ci.relOn(n.Kids[0], p, rows, cols)
		if a.empty(c) {
			return a
		}
		return ci.relDiffFull(a, ci.relOn(n.Kids[1], p.flip(), rows, cols))
	case cat.OpIdOf:
		return restrictRel(relIdentity(c, ci.set(n.Kids[0], p)), rows, cols)
	case cat.OpStar, cat.OpPlus:
		if r, ok := ci.closureOn(n, p, rows, cols); ok { // catclosurerows.go
			return r
		}
	}
	return restrictRel(ci.rel(n, p), rows, cols)
}

// restrictRel is r's pairs (i, j) with rows[i] and cols[j] (nil: all).
func restrictRel(r *lrel, rows, cols []bool) *lrel {
	out := newLrel(r.n())
	for i, row := range r.rows {
		if rows != nil && !rows[i] {
			continue
		}
		if cols == nil {
			out.rows[i] = append([]lentry(nil), row...)
			continue
		}
		var kept []lentry
		for _, e := range row {
			if cols[e.j] {
				kept = append(kept, e)
			}
		}
		out.rows[i] = kept
	}
	return out
}

// relDomainMask marks the events with a pair in r.
func relDomainMask(r *lrel) []bool {
	m := make([]bool, r.n())
	for i, row := range r.rows {
		m[i] = len(row) > 0
	}
	return m
}

// relRangeMask marks the events some pair of r ends at.
func relRangeMask(r *lrel) []bool {
	m := make([]bool, r.n())
	for _, row := range r.rows {
		for _, e := range row {
			m[e.j] = true
		}
	}
	return m
}

// maxGateComposition bounds the paths of a restricted composition that is
// encoded by And and Or gates in the upper polarity.
const maxGateComposition = 20_000

// composeOn is a; b for relOn, for an unrestricted composition outside a
// recursion group (rel) and for the factors an irreflexivity check
// composes (irreflexiveSplit). In the upper polarity, a composition with
// more paths than maxGateComposition (every one with CatRestrictAll, for
// the tests) gets a fresh variable per pair implied by each path
// (composeUpper, racesw.go) instead of gates: power's W * W & propbase,
// whose restricted composition with hb* had 220 k gates on the c11bench MS
// queue's store bug, whose Or chains cost the solver 4-9 ms per conflict;
// and its prop, com*; propbase*; ffence; hb*, 860 k gates on the Treiber
// pop's seq_cst bug (320 k variables, 120 k with path clauses).
func (ci *CatInstance) composeOn(p pol, a, b *lrel) *lrel {
	if p != polUpper || ci.plainRelations {
		return relCompose(ci.c, a, b)
	}
	paths := 0
	for _, row := range a.rows {
		for _, ak := range row {
			paths += len(b.rows[ak.j])
		}
	}
	if paths <= maxGateComposition && !ci.restrictAll {
		return relCompose(ci.c, a, b)
	}
	return ci.composeUpper(a, b)
}

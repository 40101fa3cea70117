package axioms

import "github.com/checkfence/checkfence/internal/gini/z"

// relation holds the literals of one relation variable, created on first
// use and memoized in a slice indexed by the positions of the arguments in
// their sorts' domains.
//
// A total order over sort s (§7.3.4) keeps one literal per unordered pair
// {i, j}, i < j: R(i, j) = m_ij, R(j, i) = ¬m_ij and R(i, i) = false.
type relation struct {
	decl    *Decl
	total   bool
	dims    []int // domain size per parameter
	strides []int
	lits    []z.Lit         // flat table (0 = not yet created)
	big     map[int64]z.Lit // used instead when the flat table would be huge
	// possible, while least-model fixing runs, marks the tuples found
	// derivable so far; the others count as false.
	possible []bool
	// merge shares literals among the members of atomic blocks (see
	// atomicmerge.go); nil when the model does not allow it.
	merge *blockMerge
}

// maxFlat bounds the flat literal table of a relation.
const maxFlat = 1 << 24

func newRelation(d *Decl, in *interp, total bool) *relation {
	r := &relation{decl: d, total: total}
	size := int64(1)
	for _, s := range d.Params {
		r.dims = append(r.dims, len(in.sortDom[s]))
		size *= int64(len(in.sortDom[s]))
	}
	r.strides = make([]int, len(r.dims))
	st := 1
	for k := len(r.dims) - 1; k >= 0; k-- {
		r.strides[k] = st
		st *= r.dims[k]
	}
	if size <= maxFlat {
		in.lim.reserve(size * 4)
		r.lits = make([]z.Lit, size)
	} else {
		r.big = map[int64]z.Lit{}
	}
	return r
}

// index maps a tuple to its table index and the polarity of R(args)
// relative to the stored literal. ok is false when R(args) is false for
// every valuation: an argument outside its parameter's sort, or i = j for a
// total order.
func (r *relation) index(in *interp, args []int32) (idx int64, neg bool, ok bool) {
	if r.total {
		s := r.decl.Params[0]
		a, b := args[0], args[1]
		if r.merge != nil {
			a, b = r.merge.mapArgs(a, b)
		}
		p, q := in.sortPos[s][a], in.sortPos[r.decl.Params[1]][b]
		if p < 0 || q < 0 || p == q {
			return 0, false, false
		}
		if p > q {
			return int64(q)*int64(r.dims[0]) + int64(p), true, true
		}
		return int64(p)*int64(r.dims[0]) + int64(q), false, true
	}
	for k, a := range args {
		p := in.sortPos[r.decl.Params[k]][a]
		if p < 0 {
			return 0, false, false
		}
		idx += int64(p) * int64(r.strides[k])
	}
	return idx, false, true
}

// peek returns the stored literal of R(args) without creating one: the
// constant false outside the domain, 0 if not yet created.
func (r *relation) peek(in *interp, args []int32) z.Lit {
	idx, neg, ok := r.index(in, args)
	if !ok || r.possible != nil && !r.possible[idx] {
		return in.c.F
	}
	l := r.stored(idx)
	if l != 0 && neg {
		l = l.Not()
	}
	return l
}

func (r *relation) stored(idx int64) z.Lit {
	if r.big != nil {
		return r.big[idx]
	}
	return r.lits[idx]
}

func (r *relation) store(idx int64, l z.Lit) {
	if r.big != nil {
		r.big[idx] = l
	} else {
		r.lits[idx] = l
	}
}

// lit returns the literal of R(args), creating a fresh one if needed.
func (r *relation) lit(in *interp, args []int32, fresh *int) z.Lit {
	idx, neg, ok := r.index(in, args)
	if !ok {
		return in.c.F
	}
	l := r.stored(idx)
	if l == 0 {
		l = in.c.Lit()
		r.store(idx, l)
		*fresh++
	}
	if neg {
		return l.Not()
	}
	return l
}

// fix sets R(args) to the constant v. If the tuple already has a literal
// (used by clauses emitted earlier), it returns the unit clause that ties
// that literal to v; otherwise 0.
func (r *relation) fix(in *interp, args []int32, v bool) z.Lit {
	idx, neg, ok := r.index(in, args)
	if !ok {
		return 0
	}
	canon := v != neg // value of the stored literal
	old := r.stored(idx)
	r.store(idx, in.constLit(canon))
	if old == 0 {
		return 0
	}
	if canon {
		return old
	}
	return old.Not()
}

// size is the number of tuples of the flat table.
func (r *relation) size() int64 {
	n := int64(1)
	for _, d := range r.dims {
		n *= int64(d)
	}
	return n
}

package encode

import (
	"math/bits"
	"sort"

	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Val is a symbolic LSL value: a tagged union of bit vectors. Exactly one of
// the kind flags U, N, P, C holds in every execution (the encoding of fresh
// values derives them from a binary code, so exclusivity needs no clauses).
// Only the parts of the active kind are meaningful: Num for numbers; PLen and
// the first len components of Ptr for pointers; Tag and Fields for
// composites. Parts of inactive kinds are arbitrary and ignored by Same.
type Val struct {
	U, N, P, C z.Lit
	Num        bv.Vec
	PLen       []z.Lit // one-hot: PLen[k] ⇔ the pointer has k+1 components
	Ptr        []bv.Vec
	Tag        bv.Vec
	Fields     []*Val
	deps       depSet // loads this value was computed from (data dependencies)
}

// valueShape holds the shape every value of one encoding shares.
type valueShape struct {
	c       *logic.C
	w       int // number and pointer-component width
	d       int // pointer depth
	nf      int // composite fields
	tw      int // composite tag width
	comps   []*lsl.Composite
	compIdx map[string]int
	// constraints restrict fresh values to the range analysis' sets.
	constraints []z.Lit
}

func newValCtx(c *logic.C, w, d int, comps []*lsl.Composite) *valueShape {
	x := &valueShape{c: c, w: w, d: max(d, 1), comps: comps, compIdx: map[string]int{}}
	for i, cp := range comps {
		x.compIdx[cp.Name] = i
		x.nf = max(x.nf, len(cp.Fields))
	}
	x.tw = max(1, bits.Len(uint(len(comps))))
	return x
}

func (x *valueShape) zero() bv.Vec { return bv.Const(x.c, 0, x.w) }

// blank returns a value of kind k with every payload constant 0.
func (x *valueShape) blank() *Val {
	c := x.c
	v := &Val{U: c.F, N: c.F, P: c.F, C: c.F, Num: x.zero()}
	v.PLen = make([]z.Lit, x.d)
	v.Ptr = make([]bv.Vec, x.d)
	for i := range v.PLen {
		v.PLen[i] = c.F
		v.Ptr[i] = x.zero()
	}
	v.Tag = bv.Const(c, 0, x.tw)
	return v
}

func (x *valueShape) undef() *Val {
	v := x.blank()
	v.U = x.c.T
	return v
}

func (x *valueShape) num(n bv.Vec) *Val {
	v := x.blank()
	v.N = x.c.T
	v.Num = n
	return v
}

// constVal encodes a concrete value.
func (x *valueShape) constVal(cv lsl.Value) *Val {
	c := x.c
	v := x.blank()
	switch cv.Kind {
	case lsl.KUndef:
		v.U = c.T
	case lsl.KNum:
		v.N = c.T
		v.Num = bv.Const(c, cv.Num, x.w)
	case lsl.KPtr:
		v.P = c.T
		if len(cv.Ptr) <= x.d {
			v.PLen[len(cv.Ptr)-1] = c.T
		}
		for i, n := range cv.Ptr {
			if i < x.d {
				v.Ptr[i] = bv.Const(c, n, x.w)
			}
		}
	case lsl.KComp:
		v.C = c.T
		v.Tag = bv.Const(c, int64(x.compIdx[cv.Comp]), x.tw)
		v.Fields = make([]*Val, x.nf)
		for i := range v.Fields {
			if i < len(cv.Fields) {
				v.Fields[i] = x.constVal(cv.Fields[i])
			} else {
				v.Fields[i] = x.undef()
			}
		}
	}
	return v
}

// fresh returns an unconstrained value restricted to what abs allows: the
// possible kinds, the range of numbers, pointer lengths and component ranges.
// With abs == nil everything representable is allowed.
func (x *valueShape) fresh(abs *lsl.AbsVal) *Val {
	v := x.blank()
	var kinds []lsl.Kind
	for _, k := range []lsl.Kind{lsl.KUndef, lsl.KNum, lsl.KPtr, lsl.KComp} {
		if abs == nil || abs.MayBe(k) {
			if k == lsl.KComp && len(x.comps) == 0 {
				continue
			}
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		kinds = []lsl.Kind{lsl.KUndef}
	}
	sel := bv.FreshOneHot(x.c, len(kinds))
	for i, k := range kinds {
		switch k {
		case lsl.KUndef:
			v.U = sel[i]
		case lsl.KNum:
			v.N = sel[i]
			v.Num = x.freshNum(abs)
		case lsl.KPtr:
			v.P = sel[i]
			x.freshPtr(v, abs)
		case lsl.KComp:
			v.C = sel[i]
			x.freshComp(v, abs)
		}
	}
	x.restrict(v, abs)
	return v
}

// maxMembers bounds the explicit sets turned into membership constraints.
const maxMembers = 64

// restrict constrains a fresh value to the explicit values of abs. The range
// analysis finds every value with a non-circular derivation; the values it
// misses could only arise "out of thin air" from a cycle of dependencies
// through memory, which the memory models allow on paper but no hardware
// produces (dissertation §4.5.4, §7.3.2). Executions contain no such values.
func (x *valueShape) restrict(v *Val, abs *lsl.AbsVal) {
	if abs == nil {
		return
	}
	c := x.c
	if !abs.NumTop && len(abs.Nums) > 1 && len(abs.Nums) <= maxMembers && v.N != c.F {
		lo, hi, _ := abs.NumRange()
		if hi-lo+1 != int64(len(abs.Nums)) || !bv.RangeIsExact(lo, hi) {
			var alts []z.Lit
			for _, n := range sortedNums(abs) {
				alts = append(alts, bv.Eq(c, v.Num, bv.Const(c, n, x.w)))
			}
			x.constraints = append(x.constraints, c.Implies(v.N, c.Ors(alts...)))
		}
	}
	if lo, hi, ok := abs.NumRange(); ok && abs.NumTop && bv.BitsFor(lo, hi) <= x.w && !bv.RangeIsExact(lo, hi) && v.N != c.F {
		// a bounded NumTop (lsl.AbsVal.NumTopBounded): the interval
		x.constraints = append(x.constraints, c.Implies(v.N, c.And(bv.Sle(c, bv.Const(c, lo, x.w), v.Num), bv.Sle(c, v.Num, bv.Const(c, hi, x.w)))))
	}
	if ptrs, complete := abs.Pointers(); complete && len(ptrs) > 1 && len(ptrs) <= maxMembers && v.P != c.F {
		var alts []z.Lit
		for _, p := range ptrs {
			alts = append(alts, x.ptrEq(v, x.constVal(lsl.Value{Kind: lsl.KPtr, Ptr: p})))
		}
		x.constraints = append(x.constraints, c.Implies(v.P, c.Ors(alts...)))
	}
}

func sortedNums(a *lsl.AbsVal) []int64 {
	out := make([]int64, 0, len(a.Nums))
	for n := range a.Nums {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func (x *valueShape) freshNum(abs *lsl.AbsVal) bv.Vec {
	lo, hi, ok := int64(0), int64(0), false
	if abs != nil {
		lo, hi, ok = abs.NumRange()
		// a bounded NumTop's bounds hold for the exact values; the
		// encoding's agree with them only when they fit its width
		ok = ok && (!abs.NumTop || bv.BitsFor(lo, hi) <= x.w)
	}
	if !ok {
		return bv.Fresh(x.c, x.w)
	}
	return bv.FreshRange(x.c, lo, hi, x.w)
}

func (x *valueShape) freshPtr(v *Val, abs *lsl.AbsVal) {
	var lens []int
	if abs != nil {
		lens = abs.PtrLens()
	}
	if len(lens) == 0 {
		for l := 1; l <= x.d; l++ {
			lens = append(lens, l)
		}
	}
	sel := bv.FreshOneHot(x.c, len(lens))
	for i, l := range lens {
		if l-1 < x.d {
			v.PLen[l-1] = sel[i]
		}
	}
	// component ranges
	ptrs, complete := [][]int64(nil), false
	if abs != nil {
		ptrs, complete = abs.Pointers()
	}
	for i := 0; i < x.d; i++ {
		if !complete || abs == nil {
			v.Ptr[i] = bv.Fresh(x.c, x.w)
			continue
		}
		lo, hi, any := int64(0), int64(0), false
		for _, p := range ptrs {
			if i < len(p) {
				if !any || p[i] < lo {
					lo = p[i]
				}
				if !any || p[i] > hi {
					hi = p[i]
				}
				any = true
			}
		}
		if !any {
			continue // no pointer this long: component unused
		}
		v.Ptr[i] = bv.FreshRange(x.c, lo, hi, x.w)
	}
}

func (x *valueShape) freshComp(v *Val, abs *lsl.AbsVal) {
	v.Tag = bv.Fresh(x.c, x.tw)
	v.Fields = make([]*Val, x.nf)
	for i := range v.Fields {
		var fa *lsl.AbsVal
		if abs != nil {
			fa = &lsl.AbsVal{}
			for _, fs := range abs.Comps {
				if i < len(fs) {
					fa.Join(fs[i])
				}
			}
			if fa.IsEmpty() {
				fa.Undef = true
			}
			fa.Comps = nil
		}
		v.Fields[i] = x.fresh(fa)
	}
}

// Same is meta-level equality: the values are identical (⊥ equals ⊥). Used
// for aliasing, value flow and observations — never a program comparison.
func (x *valueShape) same(a, b *Val) z.Lit {
	c := x.c
	if a == b {
		return c.T
	}
	u := c.And(a.U, b.U)
	n := c.Ands(a.N, b.N, bv.Eq(c, a.Num, b.Num))
	p := c.Ands(a.P, b.P, x.ptrEq(a, b))
	cp := c.F
	if a.C != c.F && b.C != c.F {
		cp = c.Ands(a.C, b.C, bv.Eq(c, a.Tag, b.Tag))
		for i := range a.Fields {
			cp = c.And(cp, x.same(a.Fields[i], b.Fields[i]))
		}
	}
	return c.Ors(u, n, p, cp)
}

// ptrEq compares the pointer parts: same length, same components below it.
func (x *valueShape) ptrEq(a, b *Val) z.Lit {
	c := x.c
	res := c.T
	longer := c.F // length > i, accumulated from the top
	for i := x.d - 1; i >= 0; i-- {
		res = c.And(res, c.Implies(a.PLen[i], b.PLen[i]))
		res = c.And(res, c.Implies(b.PLen[i], a.PLen[i]))
		longer = c.Or(longer, a.PLen[i])
		res = c.And(res, c.Implies(longer, bv.Eq(c, a.Ptr[i], b.Ptr[i])))
	}
	return res
}

// mux is sel ? a : b, part by part.
func (x *valueShape) mux(sel z.Lit, a, b *Val) *Val {
	c := x.c
	if a == b || sel == c.T {
		return a
	}
	if sel == c.F {
		return b
	}
	v := &Val{
		U:   c.Choice(sel, a.U, b.U),
		N:   c.Choice(sel, a.N, b.N),
		P:   c.Choice(sel, a.P, b.P),
		C:   c.Choice(sel, a.C, b.C),
		Num: bv.Mux(c, sel, a.Num, b.Num),
		Tag: bv.Mux(c, sel, a.Tag, b.Tag),
	}
	v.PLen = make([]z.Lit, x.d)
	v.Ptr = make([]bv.Vec, x.d)
	for i := 0; i < x.d; i++ {
		v.PLen[i] = c.Choice(sel, a.PLen[i], b.PLen[i])
		v.Ptr[i] = bv.Mux(c, sel, a.Ptr[i], b.Ptr[i])
	}
	if a.Fields != nil || b.Fields != nil {
		fa, fb := x.fields(a), x.fields(b)
		v.Fields = make([]*Val, x.nf)
		for i := range v.Fields {
			v.Fields[i] = x.mux(sel, fa[i], fb[i])
		}
	}
	v.deps = muxDeps(c, sel, a.deps, b.deps)
	return v
}

func (x *valueShape) fields(a *Val) []*Val {
	if a.Fields != nil {
		return a.Fields
	}
	fs := make([]*Val, x.nf)
	for i := range fs {
		fs[i] = x.undef()
	}
	return fs
}

// truth converts a branch condition: true for nonzero numbers and pointers;
// err holds for ⊥ and composites.
func (x *valueShape) truth(v *Val) (t, err z.Lit) {
	c := x.c
	t = c.Or(c.And(v.N, bv.IsZero(c, v.Num).Not()), v.P)
	err = c.Or(v.U, v.C)
	return
}

// decode reads a value from a model.
func (x *valueShape) decode(v *Val, val func(z.Lit) bool) lsl.Value {
	switch {
	case val(v.N):
		return lsl.Num(bv.ValueOf(v.Num, val))
	case val(v.P):
		n := 0
		for i, l := range v.PLen {
			if val(l) {
				n = i + 1
			}
		}
		if n == 0 {
			n = 1
		}
		p := make([]int64, n)
		for i := range p {
			p[i] = bv.ValueOf(v.Ptr[i], val)
		}
		return lsl.Value{Kind: lsl.KPtr, Ptr: p}
	case val(v.C):
		t := int(bv.ValueOf(v.Tag, func(l z.Lit) bool { return val(l) }))
		t &= (1 << x.tw) - 1
		if t >= len(x.comps) {
			return lsl.Undef
		}
		cp := x.comps[t]
		fs := make([]lsl.Value, len(cp.Fields))
		for i := range fs {
			fs[i] = x.decode(x.fields(v)[i], val)
		}
		return lsl.Comp(cp.Name, fs...)
	}
	return lsl.Undef
}

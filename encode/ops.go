package encode

import (
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// apply encodes a basic function. err is the condition under which the
// operation is a runtime error (§7.1.1); the result is meaningful only when
// err is false. The concrete messages come from lsl.EvalOp when a failing
// execution is decoded.
func (x *valueShape) apply(op lsl.Op, comp string, field string, args []*Val) (res *Val, err z.Lit) {
	c := x.c
	deps := depSet(nil)
	for _, a := range args {
		deps = unionDeps(c, deps, a.deps)
	}
	defer func() {
		if res != nil && op != lsl.OpCopy {
			res = withDeps(res, deps)
		}
	}()
	a := args
	nums := func() z.Lit { // error unless all arguments are numbers
		ok := c.T
		for _, v := range a {
			ok = c.And(ok, v.N)
		}
		return ok.Not()
	}
	switch op {
	case lsl.OpCopy:
		return a[0], c.F
	case lsl.OpBitNot:
		return x.num(bv.Not(c, a[0].Num)), nums()
	case lsl.OpNeg:
		return x.num(bv.Neg(c, a[0].Num)), nums()
	case lsl.OpAdd:
		return x.num(bv.Add(c, a[0].Num, a[1].Num)), nums()
	case lsl.OpSub:
		return x.num(bv.Sub(c, a[0].Num, a[1].Num)), nums()
	case lsl.OpMul:
		return x.num(bv.Mul(c, a[0].Num, a[1].Num)), nums()
	case lsl.OpDiv, lsl.OpMod:
		e := c.Or(nums(), bv.IsZero(c, a[1].Num))
		if op == lsl.OpDiv {
			return x.num(bv.DivS(c, a[0].Num, a[1].Num)), e
		}
		return x.num(bv.ModS(c, a[0].Num, a[1].Num)), e
	case lsl.OpAnd:
		return x.num(bv.And(c, a[0].Num, a[1].Num)), nums()
	case lsl.OpOr:
		return x.num(bv.Or(c, a[0].Num, a[1].Num)), nums()
	case lsl.OpXor:
		return x.num(bv.Xor(c, a[0].Num, a[1].Num)), nums()
	case lsl.OpShl, lsl.OpShr:
		neg := a[1].Num[len(a[1].Num)-1] // shifting by a negative amount
		e := c.Or(nums(), neg)
		if op == lsl.OpShl {
			return x.num(bv.Shl(c, a[0].Num, a[1].Num)), e
		}
		return x.num(bv.ShrS(c, a[0].Num, a[1].Num)), e
	case lsl.OpZext, lsl.OpSext:
		n, ok := bv.IsConst(c, a[1].Num)
		if !ok || n < 1 || n > 63 {
			return x.num(x.zero()), c.T
		}
		return x.extend(op, a[0], n), nums()
	case lsl.OpLt, lsl.OpLe:
		var t z.Lit
		if op == lsl.OpLt {
			t = bv.Slt(c, a[0].Num, a[1].Num)
		} else {
			t = bv.Sle(c, a[0].Num, a[1].Num)
		}
		return x.boolVal(t), nums()
	case lsl.OpEq, lsl.OpNe:
		t, e := x.compare(a[0], a[1])
		if op == lsl.OpNe {
			t = t.Not()
		}
		return x.boolVal(t), e
	case lsl.OpPointer:
		v := x.blank()
		v.P = c.T
		v.PLen[0] = c.T
		v.Ptr[0] = a[0].Num
		return v, a[0].N.Not()
	case lsl.OpOffset:
		p, n := a[0], a[1]
		v := x.blank()
		v.P = c.T
		v.PLen[0] = c.F
		for k := 1; k < x.d; k++ {
			v.PLen[k] = p.PLen[k-1]
		}
		v.Ptr[0] = p.Ptr[0]
		for i := 1; i < x.d; i++ {
			v.Ptr[i] = bv.Mux(c, p.PLen[i-1], n.Num, p.Ptr[i])
		}
		// a pointer already as deep as the encoding allows cannot grow (the
		// range analysis makes the depth sufficient, so this never holds)
		e := c.Ors(p.P.Not(), n.N.Not(), c.And(p.P, p.PLen[x.d-1]))
		return v, e
	case lsl.OpGetOffset:
		p := a[0]
		out := x.zero()
		for k := 0; k < x.d; k++ {
			out = bv.Mux(c, p.PLen[k], p.Ptr[k], out)
		}
		return x.num(out), p.P.Not()
	case lsl.OpGetBase:
		p := a[0]
		v := x.blank()
		v.P = c.T
		for k := 0; k+1 < x.d; k++ {
			v.PLen[k] = p.PLen[k+1]
		}
		for i := 0; i < x.d; i++ {
			v.Ptr[i] = p.Ptr[i]
		}
		return v, c.Or(p.P.Not(), p.PLen[0])
	case lsl.OpBaseOf:
		return x.num(a[0].Ptr[0]), a[0].P.Not()
	case lsl.OpSelect:
		t, e := x.truth(a[0])
		return x.mux(t, a[1], a[2]), e
	case lsl.OpMake:
		v := x.blank()
		v.C = c.T
		v.Tag = bv.Const(c, int64(x.compIdx[comp]), x.tw)
		v.Fields = make([]*Val, x.nf)
		e := c.F
		for i := range v.Fields {
			if i < len(a) {
				v.Fields[i] = a[i]
				e = c.Or(e, a[i].C)
			} else {
				v.Fields[i] = x.undef()
			}
		}
		return v, e
	case lsl.OpGet, lsl.OpSet:
		ci := x.compIdx[comp]
		fi := x.comps[ci].FieldIndex(field)
		o := a[0]
		isT := c.And(o.C, bv.Eq(c, o.Tag, bv.Const(c, int64(ci), x.tw)))
		fs := x.fields(o)
		if op == lsl.OpGet {
			return fs[fi], isT.Not()
		}
		v := &Val{U: o.U, N: o.N, P: o.P, C: o.C, Num: o.Num, PLen: o.PLen, Ptr: o.Ptr, Tag: o.Tag}
		v.Fields = append([]*Val(nil), fs...)
		v.Fields[fi] = a[1]
		return v, c.Or(isT.Not(), a[1].C)
	}
	panic("encode: cannot apply " + op.Name())
}

func withDeps(v *Val, d depSet) *Val {
	if len(d) == 0 && len(v.deps) == 0 {
		return v
	}
	w := *v
	w.deps = d
	return &w
}

func (x *valueShape) boolVal(t z.Lit) *Val {
	return x.num(bv.ZeroExtend(x.c, bv.Vec{t}, x.w))
}

// compare is LSL equality (lsl.Compare): the result and the runtime-error
// condition (⊥ involved, pointer vs nonzero number, composite vs other).
func (x *valueShape) compare(a, b *Val) (eq, err z.Lit) {
	c := x.c
	zeroA, zeroB := bv.IsZero(c, a.Num), bv.IsZero(c, b.Num)
	err = c.Ors(a.U, b.U,
		c.Ands(a.P, b.N, zeroB.Not()), c.Ands(a.N, b.P, zeroA.Not()),
		c.And(a.C, b.C.Not()), c.And(a.C.Not(), b.C))
	eq = c.Ors(
		c.Ands(a.N, b.N, bv.Eq(c, a.Num, b.Num)),
		c.Ands(a.P, b.P, x.ptrEq(a, b)),
		c.Ands(a.C, b.C, x.same(a, b)))
	return
}

// extend encodes zext(a, n) and sext(a, n) (n a constant the statement
// gives, which the encoding's width need not hold): wiring only, the low n
// bits and then zeros or the sign bit. The range analysis widens the
// encoding when a result needs more bits than its argument (the zext of a
// negative number), so n at or above the encoding's width keeps a. The
// caller adds the runtime error of an argument that is not a number.
func (x *valueShape) extend(op lsl.Op, a *Val, n int64) *Val {
	c := x.c
	src := a.Num
	var out bv.Vec
	switch {
	case n >= int64(len(src)):
		out = bv.SignExtend(c, src, len(src)) // a copy
	case op == lsl.OpZext:
		out = bv.ZeroExtend(c, src[:n], len(src))
	default:
		out = bv.SignExtend(c, src[:n], len(src))
	}
	// the result depends on what a depends on (cat addr, data, ctrl)
	return withDeps(x.num(out), a.deps)
}

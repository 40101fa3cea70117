package bv

import (
	"fmt"
	"math/bits"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Vec is a two's-complement bit vector over the literals of a logic.C, least
// significant bit first (package documentation).
type Vec []z.Lit

// Const returns the low w bits of v (sign-extended beyond bit 63).
func Const(c *logic.C, v int64, w int) Vec {
	checkWidth(w)
	r := make(Vec, w)
	for i := range r {
		sh := i
		if sh > 63 {
			sh = 63
		}
		r[i] = boolLit(c, (v>>uint(sh))&1 == 1)
	}
	return r
}

// Fresh returns w new circuit inputs.
func Fresh(c *logic.C, w int) Vec {
	checkWidth(w)
	r := make(Vec, w)
	for i := range r {
		r[i] = c.Lit()
	}
	return r
}

// Width is the number of bits of a.
func (a Vec) Width() int { return len(a) }

// SignExtend widens a to w bits by repeating its sign bit, or truncates it to
// its low w bits when w < a.Width(). The result never aliases a.
func SignExtend(c *logic.C, a Vec, w int) Vec {
	checkWidth(len(a))
	return extend(a, w, a[len(a)-1])
}

// ZeroExtend widens a to w bits with constant zeros, or truncates it to its
// low w bits when w < a.Width(). The result never aliases a.
func ZeroExtend(c *logic.C, a Vec, w int) Vec {
	checkWidth(len(a))
	return extend(a, w, c.F)
}

// extend is a copy of a widened to w bits with fill, or truncated to w.
func extend(a Vec, w int, fill z.Lit) Vec {
	checkWidth(w)
	r := make(Vec, w)
	n := copy(r, a)
	for i := n; i < w; i++ {
		r[i] = fill
	}
	return r
}

// BitsFor is the smallest two's-complement width (at least 1) holding every
// value in [lo, hi].
func BitsFor(lo, hi int64) int {
	w := bitsForValue(lo)
	if v := bitsForValue(hi); v > w {
		w = v
	}
	return w
}

// bitsForValue is the two's-complement width of x: the significant bits of
// x (or of ^x for negative x) plus one sign bit.
func bitsForValue(x int64) int {
	if x < 0 {
		x = ^x
	}
	return bits.Len64(uint64(x)) + 1
}

// Not is the bitwise complement of a.
func Not(c *logic.C, a Vec) Vec {
	r := make(Vec, len(a))
	for i, m := range a {
		r[i] = m.Not()
	}
	return r
}

// And is the bitwise conjunction of a and b.
func And(c *logic.C, a, b Vec) Vec {
	return bitwise(a, b, c.And)
}

// Or is the bitwise disjunction of a and b.
func Or(c *logic.C, a, b Vec) Vec {
	return bitwise(a, b, c.Or)
}

// Xor is the bitwise exclusive or of a and b.
func Xor(c *logic.C, a, b Vec) Vec {
	return bitwise(a, b, c.Xor)
}

func bitwise(a, b Vec, op func(x, y z.Lit) z.Lit) Vec {
	sameWidth(a, b)
	r := make(Vec, len(a))
	for i := range a {
		r[i] = op(a[i], b[i])
	}
	return r
}

// Mux is sel ? a : b, bit by bit.
func Mux(c *logic.C, sel z.Lit, a, b Vec) Vec {
	sameWidth(a, b)
	r := make(Vec, len(a))
	for i := range a {
		r[i] = mux(c, sel, a[i], b[i])
	}
	return r
}

// mux is s ? t : e. It special-cases equal and constant operands, which
// c.Choice would encode with redundant gates.
func mux(c *logic.C, s, t, e z.Lit) z.Lit {
	switch {
	case t == e || s == c.T:
		return t
	case s == c.F:
		return e
	case t == c.T:
		return c.Or(s, e)
	case t == c.F:
		return c.And(s.Not(), e)
	case e == c.T:
		return c.Or(s.Not(), t)
	case e == c.F:
		return c.And(s, t)
	}
	return c.Choice(s, t, e)
}

// ValueOf decodes a, sign-extended to 64 bits, with val giving each
// literal's value (for example Solver.Value). Bits beyond 64 are ignored.
func ValueOf(a Vec, val func(z.Lit) bool) int64 {
	var u uint64
	n := len(a)
	if n > 64 {
		n = 64
	}
	for i := 0; i < n; i++ {
		if val(a[i]) {
			u |= 1 << uint(i)
		}
	}
	if n > 0 && n < 64 {
		sh := uint(64 - n)
		return int64(u<<sh) >> sh
	}
	return int64(u)
}

// IsConst reports whether every bit of a is c.T or c.F, and if so its value.
func IsConst(c *logic.C, a Vec) (int64, bool) {
	for _, m := range a {
		if m != c.T && m != c.F {
			return 0, false
		}
	}
	return ValueOf(a, func(m z.Lit) bool { return m == c.T }), true
}

func boolLit(c *logic.C, b bool) z.Lit {
	if b {
		return c.T
	}
	return c.F
}

func checkWidth(w int) {
	if w < 1 {
		panic(fmt.Sprintf("bv: width %d < 1", w))
	}
}

func sameWidth(a, b Vec) {
	if len(a) != len(b) {
		panic(fmt.Sprintf("bv: width mismatch: %d vs %d", len(a), len(b)))
	}
	checkWidth(len(a))
}

package bv

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Shl is a << amt modulo 2^w, with amt read as unsigned (any width); shifts
// by w or more give 0.
func Shl(c *logic.C, a, amt Vec) Vec {
	return shift(c, a, amt, func(r Vec, i, s int) z.Lit {
		if i < s {
			return c.F
		}
		return r[i-s]
	}, c.F)
}

// ShrS is the arithmetic right shift a >> amt, with amt read as unsigned (any
// width); shifts by w or more fill every bit with the sign of a.
func ShrS(c *logic.C, a, amt Vec) Vec {
	checkWidth(len(a))
	sign := a[len(a)-1]
	return shift(c, a, amt, func(r Vec, i, s int) z.Lit {
		if i+s >= len(r) {
			return sign
		}
		return r[i+s]
	}, sign)
}

// shift is a barrel shifter: stage j shifts by 2^j when amt[j] is set, where
// shifted(r, i, s) is bit i of r shifted by s. Amount bits worth w or more
// select fill for every bit.
func shift(c *logic.C, a, amt Vec, shifted func(r Vec, i, s int) z.Lit, fill z.Lit) Vec {
	checkWidth(len(a))
	checkWidth(len(amt))
	w := len(a)
	r := append(Vec(nil), a...)
	tooFar := c.F
	for j, sel := range amt {
		if j >= 62 || 1<<uint(j) >= w {
			tooFar = c.Or(tooFar, sel)
			continue
		}
		s := 1 << uint(j)
		next := make(Vec, w)
		for i := range next {
			next[i] = mux(c, sel, shifted(r, i, s), r[i])
		}
		r = next
	}
	for i := range r {
		r[i] = mux(c, tooFar, fill, r[i])
	}
	return r
}

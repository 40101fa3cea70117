package bv

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Add is a + b modulo 2^w (ripple-carry).
func Add(c *logic.C, a, b Vec) Vec {
	sameWidth(a, b)
	sum, _ := addCarry(c, a, b, c.F)
	return sum
}

// Sub is a - b modulo 2^w, computed as a + ^b + 1.
func Sub(c *logic.C, a, b Vec) Vec {
	sameWidth(a, b)
	diff, _ := addCarry(c, a, Not(c, b), c.T)
	return diff
}

// Neg is -a modulo 2^w.
func Neg(c *logic.C, a Vec) Vec {
	checkWidth(len(a))
	r, _ := addCarry(c, Not(c, a), Const(c, 0, len(a)), c.T)
	return r
}

// addCarry returns a + b + cin over len(a) bits and the carry out of the top
// bit. Constant operands fold, so adding constant zero creates no gates.
func addCarry(c *logic.C, a, b Vec, cin z.Lit) (Vec, z.Lit) {
	r := make(Vec, len(a))
	carry := cin
	for i := range a {
		t := c.Xor(a[i], b[i])
		r[i] = c.Xor(t, carry)
		carry = c.Or(c.And(a[i], b[i]), c.And(carry, t))
	}
	return r, carry
}

// Mul is a * b modulo 2^w. Operands that are sign or zero extensions of
// narrower numbers (their top bits are copies of one literal: a loaded
// short, a value the range analysis bounds) multiply at the width their
// exact product needs, sign-extended to w: a ka-bit by a kb-bit two's
// complement number fits in ka+kb bits, so a 16-bit square costs a 32-bit
// multiplier, not a 64-bit one (mulWide is the plain encoding).
func Mul(c *logic.C, a, b Vec) Vec {
	sameWidth(a, b)
	w := len(a)
	ka, kb := signWidth(a), signWidth(b)
	if n := ka + kb; n < w {
		return SignExtend(c, mulWide(c, SignExtend(c, a[:ka], n), SignExtend(c, b[:kb], n)), w)
	}
	return mulWide(c, a, b)
}

// signWidth is the narrowest two's-complement width k that a is the sign
// extension of: a[k-1:] are all the same literal (a zero-extended number
// of m bits has k = m+1, its top bits constant false).
func signWidth(a Vec) int {
	k := len(a)
	for k > 1 && a[k-2] == a[len(a)-1] {
		k--
	}
	return k
}

// mulWide is a * b modulo 2^w, by shift-and-add. The operand with more
// constant bits drives the partial products, so constant-zero multiplier
// bits cost nothing and multiplication by a constant only adds shifted
// copies.
func mulWide(c *logic.C, a, b Vec) Vec {
	sameWidth(a, b)
	if constBits(c, a) > constBits(c, b) {
		a, b = b, a
	}
	w := len(a)
	acc := Const(c, 0, w)
	for i := 0; i < w; i++ {
		if b[i] == c.F {
			continue
		}
		// Only the bits from i upwards change: (a << i) has zeros below.
		partial := make(Vec, w-i)
		for j := range partial {
			partial[j] = c.And(a[j], b[i])
		}
		hi, _ := addCarry(c, acc[i:], partial, c.F)
		copy(acc[i:], hi)
	}
	return acc
}

func constBits(c *logic.C, a Vec) int {
	n := 0
	for _, m := range a {
		if m == c.T || m == c.F {
			n++
		}
	}
	return n
}

// DivS is the signed quotient a / b, truncated toward zero as in Go and C99
// (so MinInt / -1 wraps to MinInt). For b == 0 it is -1 when a >= 0 and 1
// when a < 0 (the SMT-LIB bvsdiv convention).
func DivS(c *logic.C, a, b Vec) Vec {
	q, _ := divModS(c, a, b)
	return q
}

// ModS is the signed remainder of DivS: it has the sign of a, and
// a == DivS(a, b)*b + ModS(a, b). For b == 0 it is a.
func ModS(c *logic.C, a, b Vec) Vec {
	_, r := divModS(c, a, b)
	return r
}

// divModS divides the magnitudes with an unsigned restoring divider and fixes
// up the signs: the quotient is negative when the signs differ, the remainder
// takes the sign of the dividend.
func divModS(c *logic.C, a, b Vec) (q, r Vec) {
	sameWidth(a, b)
	w := len(a)
	sa, sb := a[w-1], b[w-1]
	absA := Mux(c, sa, Neg(c, a), a)
	absB := Mux(c, sb, Neg(c, b), b)
	uq, ur := divModU(c, absA, absB)
	q = Mux(c, c.Xor(sa, sb), Neg(c, uq), uq)
	r = Mux(c, sa, Neg(c, ur), ur)
	return q, r
}

// divModU is unsigned restoring division of n by d (both w bits). Division by
// zero yields an all-ones quotient and remainder n.
//
// Before step k (1-based) the partial remainder is below 2^(k-1), so it fits
// in k-1 bits; the step subtracts only the low k bits of d and requires the
// rest of d to be zero. This halves the circuit compared to full-width steps.
func divModU(c *logic.C, n, d Vec) (q, r Vec) {
	w := len(n)
	// highSet[k] is d[k] | ... | d[w-1].
	highSet := make([]z.Lit, w+1)
	highSet[w] = c.F
	for k := w - 1; k >= 0; k-- {
		highSet[k] = c.Or(d[k], highSet[k+1])
	}
	q = make(Vec, w)
	r = Vec{}
	for k := 1; k <= w; k++ {
		i := w - k
		shifted := append(Vec{n[i]}, r...)
		diff, noBorrow := addCarry(c, shifted, Not(c, d[:k]), c.T)
		fits := c.And(noBorrow, highSet[k].Not())
		q[i] = fits
		r = Mux(c, fits, diff, shifted)
	}
	return q, r
}

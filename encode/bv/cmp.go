package bv

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Eq is a == b.
func Eq(c *logic.C, a, b Vec) z.Lit {
	sameWidth(a, b)
	r := c.T
	for i := range a {
		r = c.And(r, c.Xor(a[i], b[i]).Not())
	}
	return r
}

// IsZero is a == 0.
func IsZero(c *logic.C, a Vec) z.Lit {
	checkWidth(len(a))
	return c.Ors(a...).Not()
}

// Ult is a < b with both read as unsigned.
func Ult(c *logic.C, a, b Vec) z.Lit {
	sameWidth(a, b)
	return lessThan(c, a, b)
}

// Slt is a < b with both read as two's complement.
func Slt(c *logic.C, a, b Vec) z.Lit {
	sameWidth(a, b)
	return lessThan(c, flipSign(a), flipSign(b))
}

// Sle is a <= b with both read as two's complement.
func Sle(c *logic.C, a, b Vec) z.Lit {
	return Slt(c, b, a).Not()
}

// flipSign maps two's-complement order onto unsigned order.
func flipSign(a Vec) Vec {
	r := append(Vec(nil), a...)
	r[len(r)-1] = r[len(r)-1].Not()
	return r
}

// lessThan is the unsigned comparison as a borrow chain from the least
// significant bit: after bit i, lt says a[0..i] < b[0..i].
func lessThan(c *logic.C, a, b Vec) z.Lit {
	lt := c.F
	for i := range a {
		// The higher bit decides when it differs; otherwise the lower bits do.
		lt = mux(c, c.Xor(a[i], b[i]), b[i], lt)
	}
	return lt
}

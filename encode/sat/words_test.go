package sat

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// A few two's-complement word operations over circuit literals, least
// significant bit first: workloads for the solver tests, with models to
// enumerate and products to factor. (encode's bit-vectors are the
// checker's; this package sits below encode and cannot import them.)
type word []z.Lit

func freshWord(c *logic.C, w int) word {
	a := make(word, w)
	for i := range a {
		a[i] = c.Lit()
	}
	return a
}

func constWord(c *logic.C, v int64, w int) word {
	a := make(word, w)
	for i := range a {
		a[i] = c.F
		if v>>uint(i)&1 != 0 {
			a[i] = c.T
		}
	}
	return a
}

func wordEq(c *logic.C, a, b word) z.Lit {
	eq := c.T
	for i := range a {
		eq = c.And(eq, c.Xor(a[i], b[i]).Not())
	}
	return eq
}

// wordSlt is a < b, signed: the sign bits decide unless they agree, then
// the unsigned comparison of the rest does.
func wordSlt(c *logic.C, a, b word) z.Lit {
	lt := c.F // a < b on the bits below i, unsigned
	for i := 0; i < len(a)-1; i++ {
		lt = c.Choice(c.Xor(a[i], b[i]), b[i], lt)
	}
	s := len(a) - 1
	return c.Choice(c.Xor(a[s], b[s]), a[s], lt)
}

func wordAdd(c *logic.C, a, b word) word {
	sum, carry := make(word, len(a)), c.F
	for i := range a {
		sum[i] = c.Xor(c.Xor(a[i], b[i]), carry)
		carry = c.Or(c.And(a[i], b[i]), c.And(carry, c.Xor(a[i], b[i])))
	}
	return sum
}

// wordMul is a·b modulo 2^w, by shifts and adds.
func wordMul(c *logic.C, a, b word) word {
	prod := constWord(c, 0, len(a))
	for i := range b {
		part := constWord(c, 0, len(a))
		for j := i; j < len(a); j++ {
			part[j] = c.And(a[j-i], b[i])
		}
		prod = wordAdd(c, prod, part)
	}
	return prod
}

// wordValue is a's signed value under val.
func wordValue(a word, val func(z.Lit) bool) int64 {
	var v int64
	for i, m := range a {
		if val(m) {
			v |= 1 << uint(i)
		}
	}
	if w := len(a); w < 64 && val(a[w-1]) {
		v -= 1 << uint(w)
	}
	return v
}

// wrapWord reduces x to w bits, two's complement.
func wrapWord(x int64, w int) int64 {
	sh := uint(64 - w)
	return x << sh >> sh
}

package bv

import (
	"math/bits"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// FreshRange returns a w-bit vector that can hold every value in [lo, hi]
// (lo <= hi) and is made of new inputs and constants: the bits that are
// constant over the range are constants, so a narrow range costs few
// inputs (none when lo == hi). A range wider than w bits is truncated to w.
// The vector can hold more values than [lo, hi] unless RangeIsExact(lo, hi);
// the caller constrains it where that matters.
func FreshRange(c *logic.C, lo, hi int64, w int) Vec {
	if lo == hi {
		return Const(c, lo, w)
	}
	if lo >= 0 {
		return ZeroExtend(c, Fresh(c, bits.Len64(uint64(hi))), w)
	}
	return SignExtend(c, Fresh(c, BitsFor(lo, hi)), w)
}

// RangeIsExact reports whether FreshRange(c, lo, hi, w) takes exactly the
// values [lo, hi] (for lo < hi): [0, 2^k-1] or [-2^k, 2^k-1].
func RangeIsExact(lo, hi int64) bool {
	if lo == 0 {
		return hi > 0 && (hi+1)&hi == 0
	}
	return lo < 0 && hi == -lo-1 && (hi+1)&hi == 0
}

// FreshOneHot returns n literals of which exactly one holds, selecting one
// of n alternatives, decoded from ceil(log2 n) new inputs (codes beyond n-1
// select the last alternative), so exclusivity needs no clauses.
func FreshOneHot(c *logic.C, n int) []z.Lit {
	out := make([]z.Lit, n)
	if n == 1 {
		out[0] = c.T
		return out
	}
	nb := bits.Len(uint(n - 1))
	in := make([]z.Lit, nb)
	for i := range in {
		in[i] = c.Lit()
	}
	for k := 0; k < n; k++ {
		if k == n-1 {
			// every code ≥ n-1
			out[k] = geConst(c, in, n-1)
			continue
		}
		lits := make([]z.Lit, nb)
		for i := 0; i < nb; i++ {
			if k>>i&1 == 1 {
				lits[i] = in[i]
			} else {
				lits[i] = in[i].Not()
			}
		}
		out[k] = c.Ands(lits...)
	}
	return out
}

// geConst is "the unsigned number in bits ≥ k", built from the least
// significant bit up: a higher bit decides where it differs from k's.
func geConst(c *logic.C, in []z.Lit, k int) z.Lit {
	res := c.T // equal so far ⇒ ≥ holds
	for i := 0; i < len(in); i++ {
		b := in[i]
		if k>>i&1 == 1 {
			res = c.And(b, res)
		} else {
			res = c.Or(b, res)
		}
	}
	return res
}

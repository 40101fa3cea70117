package bv

import (
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// inputs are the positions of c's inputs (not its constant).
func inputs(c *logic.C) []int {
	var out []int
	for _, p := range c.InPos(nil) {
		if z.Var(p) != c.T.Var() {
			out = append(out, p)
		}
	}
	return out
}

// allInputs calls f once for every assignment of the inputs of c (at most
// a few bits), with c evaluated and a function reading a literal's value.
func allInputs(t *testing.T, c *logic.C, f func(val func(z.Lit) bool)) {
	t.Helper()
	ins := inputs(c)
	if len(ins) > 12 {
		t.Fatalf("%d inputs: too many to enumerate", len(ins))
	}
	vs := make([]bool, c.Len())
	val := func(l z.Lit) bool { return vs[l.Var()] == l.IsPos() }
	for code := 0; code < 1<<len(ins); code++ {
		for i, p := range ins {
			vs[p] = code>>i&1 == 1
		}
		c.Eval(vs)
		f(val)
	}
}

// TestFreshRange enumerates the values a FreshRange vector can take for
// every range in [-9, 9]: they must include the range, be exactly the
// range when RangeIsExact says so, and cost no more inputs than the
// range's two's-complement width.
func TestFreshRange(t *testing.T) {
	for _, w := range []int{5, 8} {
		for lo := int64(-9); lo <= 9; lo++ {
			for hi := lo; hi <= 9; hi++ {
				c := logic.NewC()
				v := FreshRange(c, lo, hi, w)
				if v.Width() != w {
					t.Fatalf("FreshRange(%d, %d, %d) has width %d", lo, hi, w, v.Width())
				}
				ins := len(inputs(c))
				if lo == hi && ins != 0 || ins > BitsFor(lo, hi) {
					t.Fatalf("FreshRange(%d, %d, %d) has %d inputs", lo, hi, w, ins)
				}
				vals := map[int64]bool{}
				allInputs(t, c, func(val func(z.Lit) bool) { vals[ValueOf(v, val)] = true })
				for x := lo; x <= hi; x++ {
					if !vals[x] {
						t.Fatalf("FreshRange(%d, %d, %d) cannot be %d", lo, hi, w, x)
					}
				}
				exact := len(vals) == int(hi-lo+1)
				if lo < hi && RangeIsExact(lo, hi) != exact {
					t.Fatalf("RangeIsExact(%d, %d) = %v, but the values are %v", lo, hi, !exact, vals)
				}
			}
		}
	}
}

// TestFreshOneHot checks that every code selects exactly one alternative
// and every alternative is selected by some code.
func TestFreshOneHot(t *testing.T) {
	for n := 1; n <= 9; n++ {
		c := logic.NewC()
		sel := FreshOneHot(c, n)
		if len(sel) != n {
			t.Fatalf("FreshOneHot(%d) has %d literals", n, len(sel))
		}
		seen := make([]bool, n)
		allInputs(t, c, func(val func(z.Lit) bool) {
			on := 0
			for k, l := range sel {
				if val(l) {
					on++
					seen[k] = true
				}
			}
			if on != 1 {
				t.Fatalf("FreshOneHot(%d): %d alternatives hold at once", n, on)
			}
		})
		for k, ok := range seen {
			if !ok {
				t.Fatalf("FreshOneHot(%d): alternative %d never selected", n, k)
			}
		}
	}
}

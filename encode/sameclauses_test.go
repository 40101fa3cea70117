package encode

import (
	"context"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/lsl"
)

// TestImpliesSameEquivalent checks impliesSame against cond ⇒ same on
// constant values of every kind (folded to constants) and, with a solver,
// on fresh symbolic values of every kind.
func TestImpliesSameEquivalent(t *testing.T) {
	c := logic.NewC()
	comp := &lsl.Composite{Name: "mp", Fields: []string{"ptr", "mark"}}
	x := newValCtx(c, 4, 3, []*lsl.Composite{comp})
	samples := []lsl.Value{lsl.Undef, lsl.Num(0), lsl.Num(3), lsl.Num(-2), lsl.Ptr(1), lsl.Ptr(1, 0), lsl.Ptr(1, 2), lsl.Ptr(2, 1),
		lsl.Ptr(1, 0, 1), lsl.Comp("mp", lsl.Ptr(1), lsl.Num(0)), lsl.Comp("mp", lsl.Ptr(1), lsl.Num(1))}
	for _, a := range samples {
		for _, b := range samples {
			va, vb := x.constVal(a), x.constVal(b)
			got, want := x.impliesSame(c.T, va, vb), x.same(va, vb)
			if (got == c.T) != (want == c.T) || got != c.T && got != c.F {
				t.Errorf("%v, %v: impliesSame %v, same %v", a, b, got, want)
			}
		}
	}
	cond := c.Lit()
	abs := func(vs ...lsl.Value) *lsl.AbsVal {
		a := lsl.ConstAbs(vs[0])
		for _, v := range vs[1:] {
			a.Join(lsl.ConstAbs(v))
		}
		return a
	}
	mixed := abs(samples...)
	nums := abs(lsl.Num(0), lsl.Num(3), lsl.Num(-2), lsl.Num(5))
	ptrs := abs(lsl.Ptr(1), lsl.Ptr(1, 0), lsl.Ptr(1, 2), lsl.Ptr(2, 1), lsl.Ptr(1, 0, 1))
	fresh := []*Val{x.fresh(mixed), x.fresh(mixed), x.fresh(nums), x.fresh(ptrs), x.fresh(ptrs),
		x.constVal(lsl.Ptr(1, 2)), x.constVal(lsl.Num(3)), x.undef()}
	for i, a := range fresh {
		for j, b := range fresh {
			if i == j {
				continue
			}
			s := sat.NewSolver(c)
			diff := c.Xor(x.impliesSame(cond, a, b), c.Implies(cond, x.same(a, b)))
			if r := s.Solve(context.Background(), diff); r != sat.Unsat {
				t.Errorf("values %d, %d: impliesSame differs from cond ⇒ same (%v)", i, j, r)
			}
		}
	}
}

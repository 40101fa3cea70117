package encode

import (
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// TestApplyMatchesEvalOp checks every basic function of the encoding against
// the concrete semantics (lsl.EvalOp) on all combinations of sample values:
// the error condition must hold exactly when EvalOp reports a runtime error,
// and otherwise the result must decode to EvalOp's value. With constant
// inputs the circuit folds to constants, so no solver is needed.
func TestApplyMatchesEvalOp(t *testing.T) {
	c := logic.NewC()
	comp := &lsl.Composite{Name: "mp", Fields: []string{"ptr", "mark"}}
	x := newValCtx(c, 8, 3, []*lsl.Composite{comp})
	samples := []lsl.Value{lsl.Undef, lsl.Num(0), lsl.Num(1), lsl.Num(-2), lsl.Num(3), lsl.Num(6),
		lsl.Ptr(1), lsl.Ptr(1, 0), lsl.Ptr(2, 1), lsl.Comp("mp", lsl.Ptr(1), lsl.Num(0)), lsl.Comp("mp", lsl.Num(0), lsl.Num(1))}
	val := func(l z.Lit) bool {
		switch l {
		case c.T:
			return true
		case c.F:
			return false
		}
		t.Fatalf("literal %v is not constant", l)
		return false
	}
	ops := []lsl.Op{lsl.OpCopy, lsl.OpBitNot, lsl.OpNeg, lsl.OpAdd, lsl.OpSub, lsl.OpMul, lsl.OpDiv, lsl.OpMod,
		lsl.OpAnd, lsl.OpOr, lsl.OpXor, lsl.OpShl, lsl.OpShr, lsl.OpEq, lsl.OpNe, lsl.OpLt, lsl.OpLe,
		lsl.OpPointer, lsl.OpOffset, lsl.OpGetOffset, lsl.OpGetBase, lsl.OpBaseOf, lsl.OpSelect,
		lsl.OpMake, lsl.OpGet, lsl.OpSet, lsl.OpZext, lsl.OpSext}
	checked := 0
	for _, op := range ops {
		arity := op.Arity()
		field, fieldName := -1, ""
		if op == lsl.OpMake {
			arity = 2
		}
		if op == lsl.OpGet || op == lsl.OpSet {
			field, fieldName = 1, "mark"
		}
		args := make([]lsl.Value, arity)
		var rec func(i int)
		rec = func(i int) {
			if i < arity {
				for _, v := range samples {
					args[i] = v
					rec(i + 1)
				}
				return
			}
			want, werr := lsl.EvalOp(op, comp, field, args)
			if werr == "" && want.Kind == lsl.KNum && (want.Num < -128 || want.Num > 127) {
				return // does not fit the width; the range analysis prevents this
			}
			sym := make([]*Val, arity)
			for k, a := range args {
				sym[k] = x.constVal(a)
			}
			got, gerr := x.apply(op, "mp", fieldName, sym)
			if val(gerr) != (werr != "") {
				t.Errorf("%s%v: error %v, EvalOp %q", op.Name(), args, val(gerr), werr)
				return
			}
			if werr == "" {
				if g := x.decode(got, val); !g.Equal(want) {
					t.Errorf("%s%v = %v, EvalOp %v", op.Name(), args, g, want)
				}
			}
			checked++
		}
		rec(0)
	}
	if checked < 2000 {
		t.Errorf("only %d combinations checked", checked)
	}
}

// TestTruthAndSame checks branch conditions and meta-level equality.
func TestTruthAndSame(t *testing.T) {
	c := logic.NewC()
	x := newValCtx(c, 8, 3, nil)
	vals := []lsl.Value{lsl.Undef, lsl.Num(0), lsl.Num(5), lsl.Ptr(1), lsl.Ptr(1, 0), lsl.Ptr(1, 1)}
	for _, a := range vals {
		tr, err := x.truth(x.constVal(a))
		want, werr := lsl.Truth(a)
		if (err == c.T) != (werr != "") || (werr == "" && (tr == c.T) != want) {
			t.Errorf("truth(%v) = %v/%v, want %v/%q", a, tr, err, want, werr)
		}
		for _, b := range vals {
			if got := x.same(x.constVal(a), x.constVal(b)) == c.T; got != a.Equal(b) {
				t.Errorf("same(%v, %v) = %v", a, b, got)
			}
		}
	}
}

// TestExtensionWiderThanEncoding: zext and sext to at least the encoding's
// width keep the argument (the range analysis widens the encoding when a
// zext of a negative number needs more bits, so only non-negative
// arguments reach zext here), and narrower ones are exact.
func TestExtensionWiderThanEncoding(t *testing.T) {
	c := logic.NewC()
	x := newValCtx(c, 8, 1, nil)
	val := func(l z.Lit) bool { return l == c.T }
	for _, n := range []int64{8, 16, 32, 63} {
		for a := int64(-128); a <= 127; a++ {
			for _, op := range []lsl.Op{lsl.OpZext, lsl.OpSext} {
				if op == lsl.OpZext && a < 0 {
					continue
				}
				got, gerr := x.apply(op, "", "", []*Val{x.constVal(lsl.Num(a)), x.constVal(lsl.Num(n))})
				want, _ := lsl.EvalOp(op, nil, -1, []lsl.Value{lsl.Num(a), lsl.Num(n)})
				if val(gerr) || !x.decode(got, val).Equal(want) {
					t.Errorf("%s(%d, %d) = %v (error %v), want %v", op.Name(), a, n, x.decode(got, val), val(gerr), want)
				}
			}
		}
	}
}

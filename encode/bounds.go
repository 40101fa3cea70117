package encode

import (
	"fmt"

	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Array bounds (lsl.Unrolled.OutOfBounds, docs/semantics.md "Memory
// safety"): a load or store whose address indexes outside an array of its
// block's type fails before it takes effect. The addresses an access may
// have come from the range analysis; each that is out of bounds adds its
// equality with the address to the access's error condition. When the
// analysis gave up on the address, the first index of every block whose
// type is an array is compared with its length instead.

// checkBounds makes the access s (unrolled id) with address addr an
// error site when its address may leave an array's bounds.
func (x *threadSymExec) checkBounds(s lsl.Stmt, id int, addr *Val) {
	e := x.e
	dead := e.U.DeadLocals(x.ti, id)
	if !e.arrays && len(dead) == 0 {
		return
	}
	c := e.C
	vx := e.vx
	ptrs, complete := e.Ranges.Addr(id).Pointers()
	var out []z.Lit
	for _, p := range ptrs {
		if e.U.OutOfBounds(p) != "" {
			out = append(out, vx.same(addr, vx.constVal(lsl.Value{Kind: lsl.KPtr, Ptr: p})))
		}
	}
	// a local of a call that has returned (lsl.Unrolled.DeadLocal)
	for _, b := range dead {
		if !complete || mayPoint(ptrs, b.Base) {
			out = append(out, c.And(addr.P, bv.Eq(c, addr.Ptr[0], bv.Const(c, b.Base, vx.w))))
		}
	}
	if e.arrays && !complete && vx.d >= 2 {
		for _, b := range e.U.Blocks {
			if b.Type == nil || len(b.Type.Dims) == 0 || b.Type.Dims[0] <= 0 || !fits(b.Type.Dims[0], vx.w) || !fits(b.Base, vx.w) {
				continue
			}
			idx := addr.Ptr[1]
			outside := c.Or(bv.Slt(c, idx, bv.Const(c, 0, vx.w)), bv.Sle(c, bv.Const(c, b.Type.Dims[0], vx.w), idx))
			out = append(out, c.Ands(addr.P, addr.PLen[0].Not(), bv.Eq(c, addr.Ptr[0], bv.Const(c, b.Base, vx.w)), outside))
		}
	}
	if len(out) == 0 {
		return
	}
	before := len(x.th.Errors)
	x.fail(trace.ReasonRuntimeError, s, c.Ors(out...), "", []*Val{addr})
	if len(x.th.Errors) > before {
		x.th.Errors[before].Bounds = true
	}
}

// mayPoint reports whether one of ptrs has base b.
func mayPoint(ptrs [][]int64, b int64) bool {
	for _, p := range ptrs {
		if len(p) > 0 && p[0] == b {
			return true
		}
	}
	return false
}

// fits reports whether n is a number of w-bit signed arithmetic.
func fits(n int64, w int) bool {
	if w >= 64 {
		return true
	}
	return n >= -(int64(1)<<(w-1)) && n < int64(1)<<(w-1)
}

// boundsMessage words an out-of-bounds access, or one of a dead local, on
// the decoded address.
func (e *Encoding) boundsMessage(es *ErrorSite, addr lsl.Value) string {
	s := es.Stmt
	verb, expr := "reads", ""
	switch s := s.(type) {
	case *lsl.Load:
		expr = s.Expr
	case *lsl.Store:
		verb, expr = "writes", s.Expr
	}
	why := ""
	if addr.Kind == lsl.KPtr {
		why = e.U.OutOfBounds(addr.Ptr)
		if why == "" {
			why = e.U.DeadLocal(addr.Ptr, es.Thread, lsl.InstrID(s))
		}
	}
	if why == "" {
		why = "out-of-bounds access"
	}
	if expr == "" {
		return why
	}
	return fmt.Sprintf("%s (`%s` %s %s)", why, expr, verb, e.U.AddrName(addr))
}

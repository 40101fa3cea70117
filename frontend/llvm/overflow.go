package llvmfront

import (
	"fmt"

	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir/types"
)

// Signed overflow checks (Options.SignedOverflow: checkfence run --prop
// with SV-COMP's no-overflow). Signed arithmetic is undefined in C when
// its result does not fit its type; clang marks it nsw. With the checks
// on, each nsw add, sub and mul, and each sdiv and srem, is followed by a
// runtime error (an Abort whose message starts OverflowMsg) on the path
// where it overflows. The program's numbers are 64 bits wide then (at
// least), so that a 32-bit operation's exact result is a number: it
// overflows when it is outside the type's range.
// A 64-bit add or sub overflows when its operands have one sign and the
// wrapped result the other; a 64-bit mul or shl, whose exact result 64
// bits cannot hold, is not checked: a path through one ends in
// OverflowUncheckedMsg, which answers UNKNOWN rather than TRUE.

const (
	OverflowMsg          = "signed integer overflow"
	OverflowUncheckedMsg = "a 64-bit signed multiplication or shift, whose overflow is not checked"
)

// overflowCheck adds the check of a signed operation op(x, y) = r of type
// t, when the checks are on.
func (f *fn) overflowCheck(op lsl.Op, x, y, r lsl.Operand, t types.Type) {
	if !f.t.checkOverflow {
		return
	}
	it, ok := t.(*types.IntType)
	if !ok || it.BitSize <= 1 {
		return
	}
	bits := int64(it.BitSize)
	var ovf lsl.Operand
	switch {
	case op == lsl.OpDiv || op == lsl.OpMod:
		// INT_MIN / -1
		min := lsl.Const{V: lsl.Num(-1 << (bits - 1))}
		ovf = f.apply(lsl.OpAnd, f.apply(lsl.OpEq, x, min), f.apply(lsl.OpEq, y, num(-1)))
	case bits < 64:
		// outside [-2^(bits-1), 2^(bits-1)-1]
		lo, hi := lsl.Const{V: lsl.Num(-1 << (bits - 1))}, lsl.Const{V: lsl.Num(1<<(bits-1) - 1)}
		ovf = f.apply(lsl.OpOr, f.apply(lsl.OpLt, r, lo), f.apply(lsl.OpLt, hi, r))
	case op == lsl.OpAdd || op == lsl.OpSub:
		// the operands' signs agree (add) or differ (sub), and the
		// result's sign is not x's
		xNeg, yNeg, rNeg := f.apply(lsl.OpLt, x, num(0)), f.apply(lsl.OpLt, y, num(0)), f.apply(lsl.OpLt, r, num(0))
		same := f.apply(lsl.OpEq, xNeg, yNeg)
		if op == lsl.OpSub {
			same = f.apply(lsl.OpNe, xNeg, yNeg)
		}
		ovf = f.apply(lsl.OpAnd, same, f.apply(lsl.OpNe, rNeg, xNeg))
	default:
		f.emit(&lsl.Abort{Msg: OverflowUncheckedMsg})
		return
	}
	what := map[lsl.Op]string{lsl.OpAdd: "addition", lsl.OpSub: "subtraction", lsl.OpMul: "multiplication", lsl.OpShl: "left shift", lsl.OpDiv: "division", lsl.OpMod: "remainder"}[op]
	msg := fmt.Sprintf("%s: the %s does not fit in %d bits", OverflowMsg, what, bits)
	f.emit(&lsl.If{Cond: ovf, Then: f.sub(func() { f.emit(&lsl.Abort{Msg: msg}) })})
}

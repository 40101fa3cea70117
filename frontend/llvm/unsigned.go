package llvmfront

import (
	"slices"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Unsigned values. LLVM IR does not say whether an iN is signed: a
// constant is its bit pattern, printed as a signed number (unsigned char
// 200 is i8 -56, 4000000000u is i32 -294967296), and the operations that
// read a value as unsigned say so themselves (zext, icmp ult/ule/ugt/uge,
// udiv, urem, lshr, umax, umin). LSL numbers are unbounded and signed, so
// those operations first take the value modulo 2^N (unsignedView): the
// pattern -56 reads as 200. Arithmetic without nsw (clang's unsigned
// arithmetic) wraps at its width (wrappingBinop), so every iN value is an
// N-bit pattern and == compares as C does; a trunc keeps the low N bits
// (as a signed number, like the patterns); signed arithmetic (nsw, whose
// overflow C leaves undefined) and widening conversions keep unbounded
// numbers. For i64 the modulus does not fit a number: unsigned 64-bit
// values at or above 2^63 stay negative, as in the C front end; the
// unsigned comparisons flip their sign bit first (orderView), so they
// order them as C does, but udiv, urem and lshr read them as negative.
// i1 values are 0 and 1 already.
//
// The modulus is LSL's zext(x, N), whose encoding is wiring and which
// widens the encoding only when a value it sees may be negative; an and
// with the mask 2^N - 1 did the same, but its constant alone made every
// number of the program 33 bits wide.

// unsignedView is x, of integer type t, read as an unsigned number: x mod
// 2^N (zext(x, N)) for an iN with 1 < N < 64, folded when x is a constant;
// x itself for other types.
func (f *fn) unsignedView(x lsl.Operand, t types.Type) lsl.Operand {
	it, ok := t.(*types.IntType)
	if !ok || it.BitSize <= 1 || it.BitSize >= 64 {
		return x
	}
	return f.apply(lsl.OpZext, x, num(int64(it.BitSize)))
}

// orderView is x, of integer type t, as a number whose signed order is
// t's unsigned order: the unsigned view, and for an i64 (whose patterns at
// or above 2^63 are negative numbers) the pattern with its sign bit
// flipped.
func (f *fn) orderView(x lsl.Operand, t types.Type) lsl.Operand {
	if it, ok := t.(*types.IntType); ok && it.BitSize == 64 {
		return f.apply(lsl.OpXor, x, num(-1<<63))
	}
	return f.unsignedView(x, t)
}

// ubinop lowers udiv, urem and lshr: the operation on both operands'
// unsigned views.
func (f *fn) ubinop(in value.Value, op lsl.Op, x, y value.Value) {
	if !isIntType(in.Type()) {
		f.fail(diag.CodeUnsupported, "arithmetic on %s is not supported", in.Type())
	}
	t := x.Type()
	f.define(in, f.apply(op, f.unsignedView(f.val(x), t), f.unsignedView(f.val(y), t)))
}

// lessThan is x < y for llvm.smax/smin (signed) and llvm.umax/umin
// (unsigned views).
func (f *fn) lessThan(name string, c *ir.InstCall, x, y lsl.Operand) lsl.Operand {
	if strings.HasPrefix(name, "llvm.umax.") || strings.HasPrefix(name, "llvm.umin.") {
		t := c.Args[0].Type()
		x, y = f.orderView(x, t), f.orderView(y, t)
	}
	return f.apply(lsl.OpLt, x, y)
}

// signedView is x, of integer type t, as the signed number its low N bits
// are (sext(x, N)): the value a cell of type t holds for those bits.
func (f *fn) signedView(x lsl.Operand, t types.Type) lsl.Operand {
	it, ok := t.(*types.IntType)
	if !ok || it.BitSize <= 1 || it.BitSize >= 64 {
		return x
	}
	return f.apply(lsl.OpSext, x, num(int64(it.BitSize)))
}

// wrappingBinop lowers add, sub, mul and shl. Without nsw (signed
// overflow is undefined in C, and clang marks signed arithmetic nsw) the
// operation wraps at its width, as unsigned arithmetic does in C: the
// result is its low N bits (signedView), so a sum that overflows equals
// the constant clang writes for C's result, under == too.
func (f *fn) wrappingBinop(in value.Value, op lsl.Op, x, y value.Value, flags []enum.OverflowFlag) {
	if !isIntType(in.Type()) {
		f.fail(diag.CodeUnsupported, "arithmetic on %s is not supported", in.Type())
	}
	a, b := f.val(x), f.val(y)
	r := f.apply(op, a, b)
	if !slices.Contains(flags, enum.OverflowFlagNSW) {
		r = f.signedView(r, in.Type())
	} else {
		f.overflowCheck(op, a, b, r, in.Type()) // overflow.go
	}
	f.define(in, r)
}

// intWidth is the width of the widest integer type the modules compute
// with (lsl.Program.IntWidth), at least 32: numbers the range analysis
// cannot bound are encoded with it, as C's int or long. Computing means
// arithmetic, comparisons and the values of loads and stores; clang's i64
// sign extensions of array indices (getelementptr) do not count.
func intWidth(mods []*module) int {
	w := 32
	see := func(t types.Type) {
		if it, ok := t.(*types.IntType); ok && int(it.BitSize) <= 64 {
			w = max(w, int(it.BitSize))
		}
	}
	for _, m := range mods {
		for _, fn := range m.m.Funcs {
			for _, b := range fn.Blocks {
				for _, in := range b.Insts {
					switch in := in.(type) {
					case *ir.InstAdd, *ir.InstSub, *ir.InstMul, *ir.InstShl, *ir.InstLShr, *ir.InstAShr,
						*ir.InstAnd, *ir.InstOr, *ir.InstXor, *ir.InstUDiv, *ir.InstSDiv, *ir.InstURem, *ir.InstSRem,
						*ir.InstLoad, *ir.InstAtomicRMW:
						see(in.(value.Value).Type())
					case *ir.InstICmp:
						see(in.X.Type())
					case *ir.InstStore:
						see(in.Src.Type())
					}
				}
			}
		}
	}
	return w
}

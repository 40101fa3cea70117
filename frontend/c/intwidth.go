package cfront

import (
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// C's integer widths. Numbers are LSL numbers (int64 patterns); the
// translation keeps each value within its C type where C defines the
// result:
//
//   - A conversion to an integer type of N < 64 bits (assignment,
//     initialization, argument, return, cast) takes the value modulo 2^N:
//     zext(x, N) for an unsigned type, sext(x, N) for a signed one (two's
//     complement, as gcc and clang define it). It is omitted when every
//     value of the source type fits (int to long, unsigned char to int).
//   - Unsigned arithmetic wraps: the result of +, -, *, <<, unary -, ~,
//     |, ^ whose type is an unsigned type of N < 64 bits is taken
//     modulo 2^N. The operands of /, %, >>, <, <=, ==, != are first
//     converted to the operation's unsigned type (-1 < 1u is false).
//   - 64-bit unsigned values are 64-bit patterns: a value at or above 2^63
//     is the negative number with its bits. Arithmetic on patterns wraps at
//     64 bits by itself; <, <= compare with the sign bit flipped. / % >>
//     of such values read them as negative (a limit, documented).
//   - Signed overflow is undefined in C; signed arithmetic is not wrapped
//     (its value is the mathematical one where the encoding's width holds
//     it).
//
// The widest integer type the program computes in or converts to becomes
// lsl.Program.IntWidth (at least 32: C computes in int): where the range
// analysis cannot bound a number, its encoding has that width (64 with a
// long or uint64_t value), not a narrower default.

// intType is an integer type: its width in bits and signedness.
type intType struct {
	bits   int
	signed bool
}

// integerType returns the width and signedness of an integer type
// (_Bool: 1 bit, unsigned).
func integerType(t cc.Type) (intType, bool) {
	if t == nil || !cc.IsIntegerType(t) {
		return intType{}, false
	}
	if t.Kind() == cc.Bool {
		return intType{1, false}, true
	}
	bits := int(8 * t.Size())
	if bits <= 0 || bits > 64 {
		bits = 64
	}
	return intType{bits, cc.IsSignedInteger(t)}, true
}

// holds reports whether every value of b is a value of a.
func (a intType) holds(b intType) bool {
	switch {
	case a.signed == b.signed:
		return a.bits >= b.bits
	case a.signed:
		return a.bits > b.bits
	}
	return a.bits >= 64 && b.bits >= 64 // 64-bit patterns convert as they are
}

// promoted is the type after C's integer promotions.
func (a intType) promoted() intType {
	if a.bits < 32 {
		return intType{32, true}
	}
	return a
}

// usualArith is the common type of two operands (C's usual arithmetic
// conversions on LP64).
func usualArith(a, b intType) intType {
	a, b = a.promoted(), b.promoted()
	switch {
	case a == b:
		return a
	case a.signed == b.signed:
		return intType{max(a.bits, b.bits), a.signed}
	}
	s, u := a, b
	if !a.signed {
		s, u = b, a
	}
	switch {
	case u.bits >= s.bits:
		return u
	case s.bits > u.bits:
		return s
	}
	return intType{s.bits, false}
}

// fit converts x, of type from (nil: unknown), to type to: modulo 2^N.
func (f *fn) fit(x lsl.Operand, from *intType, to intType) lsl.Operand {
	f.t.noteInt(to)
	if to.bits >= 64 || from != nil && to.holds(*from) || to.bits < 2 {
		return x
	}
	if to.signed {
		return f.apply(lsl.OpSext, x, num(int64(to.bits)))
	}
	return f.apply(lsl.OpZext, x, num(int64(to.bits)))
}

// wraps reports whether op on values of the unsigned type t may leave
// its range.
func wraps(op lsl.Op, t intType) bool {
	if t.signed || t.bits >= 64 {
		return false
	}
	switch op {
	case lsl.OpAdd, lsl.OpSub, lsl.OpMul, lsl.OpShl, lsl.OpNeg, lsl.OpBitNot, lsl.OpOr, lsl.OpXor:
		return true
	}
	return false
}

// convertsOperands reports whether op reads its operands as numbers of
// its type, so that a signed operand must first become unsigned.
func convertsOperands(op lsl.Op) bool {
	switch op {
	case lsl.OpDiv, lsl.OpMod, lsl.OpShr, lsl.OpLt, lsl.OpLe, lsl.OpEq, lsl.OpNe:
		return true
	}
	return false
}

// intOp applies op to operands a and b of C types at and bt in the
// integer type t of the operation (for comparisons: the common type of
// the operands): operands converted and the result wrapped as C's
// unsigned arithmetic asks.
func (f *fn) intOp(op lsl.Op, a, b lsl.Operand, at, bt cc.Type, t intType) lsl.Operand {
	if !t.signed && convertsOperands(op) {
		if ta, ok := integerType(at); ok {
			a = f.fit(a, &ta, t)
		}
		if tb, ok := integerType(bt); ok && op != lsl.OpShr {
			b = f.fit(b, &tb, t)
		}
		if t.bits >= 64 && (op == lsl.OpLt || op == lsl.OpLe) {
			// unsigned 64-bit order: flip the sign bits
			a = f.apply(lsl.OpXor, a, num(-1<<63))
			b = f.apply(lsl.OpXor, b, num(-1<<63))
		}
	}
	f.t.noteInt(t)
	r := f.apply(op, a, b)
	if wraps(op, t) {
		r = f.fit(r, nil, t)
	}
	return r
}

// noteInt records an integer type the program uses (Program.IntWidth).
func (t *translator) noteInt(it intType) {
	t.intWidth = max(t.intWidth, it.bits)
}

// convertOp converts the result v of lhs op= rhs (lhs of type lt, rhs of
// type rt) back to lt: the operation's type is the operands' common type
// (the promoted lt for shifts).
func (f *fn) convertOp(v val, op lsl.Op, lt, rt cc.Type) val {
	la, okA := integerType(lt)
	lb, okB := integerType(rt)
	if !okA || !okB || v.op == nil || lt.Kind() == cc.Bool {
		return f.convert(v, nil, lt)
	}
	t := usualArith(la, lb)
	if op == lsl.OpShl || op == lsl.OpShr {
		t = la.promoted()
	}
	return val{op: f.fit(v.op, &t, la), prov: v.prov, what: v.what}
}

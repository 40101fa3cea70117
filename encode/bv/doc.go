// Package bv builds bit-vector circuits: the numbers, pointer components
// and composite tags of the encoder's symbolic values.
//
// A Vec is a slice of literals of a gini logic circuit (*logic.C), least
// significant bit first, read as a two's-complement number; Const makes a
// constant vector, Fresh one of new circuit inputs, ValueOf reads a vector
// back from a model. The operations are those of LSL's basic functions:
// bitwise logic and Mux (vec.go), modular arithmetic with signed division
// (arith.go), comparisons (cmp.go) and shifts (shift.go), plus widening
// (SignExtend, ZeroExtend) and fresh values confined to a range
// (FreshRange, FreshOneHot).
//
// Every gate is made with the circuit's own And/Or, so the circuit's
// structural hashing and constant folding apply: an operation on constant
// vectors makes no gates and yields a constant vector (IsConst reads it),
// and constant bits of an operand (a zero-extended number, a constant
// multiplier) cost nothing. The encoder's formula size depends on this.
//
// Widths: a vector has at least one bit. The operands of a binary
// operation have the same width, which is the width of the result
// (arithmetic is modulo 2^w); shift amounts and the extend functions are
// the exceptions their documentation names. A width below one or a
// mismatch is a caller bug and panics. Results never alias their operands,
// so a caller may change a result's bits in place.
package bv

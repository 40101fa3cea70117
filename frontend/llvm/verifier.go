package llvmfront

import (
	"math"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// The verification API that programs written for other checkers call
// (GenMC's genmc.h, SV-COMP's __VERIFIER_* functions, Dat3M's dat3m.h),
// so that their test programs check without edits:
//
//   - __VERIFIER_assume(c) is lsl_assume(c), __VERIFIER_assert(c) is
//     assert(c), and a call of __VERIFIER_error() or reach_error() is a
//     failed assertion at the call, also when the program defines the
//     function (SV-COMP's property is that it is never called: the body,
//     typically __assert_fail or an endless loop, does not matter);
//   - __VERIFIER_nondet_T() is any value of the integer type T
//     (verifierNondet): the check covers every one, as for lsl_nondet;
//     unsigned 64-bit types are not supported (unsigned.go);
//   - __VERIFIER_atomic_begin() and __VERIFIER_atomic_end() enclose an
//     atomic block, and a call of a function the program defines under a
//     name that starts with __VERIFIER_atomic_ is one (SV-COMP's rule);
//   - the hints GenMC and Dat3M take for their own search
//     (__VERIFIER_loop_begin, __VERIFIER_spin_start, __VERIFIER_spin_end,
//     __VERIFIER_loop_bound) do nothing: the program means the same without
//     them, and checkfence's fair-progress rule already treats a spin
//     iteration that changes nothing as its hints do.
//
// Unlike lsl_protos.h's functions, these may be defined by the program,
// and a definition replaces the meaning given here (SV-COMP programs
// define __VERIFIER_assert themselves), except for reachedFuncs.

// reachedFuncs are the functions whose call is the error, defined or not.
var reachedFuncs = map[string]bool{"reach_error": true, "__VERIFIER_error": true}

// atomicPrefix starts the names of the functions whose calls are atomic.
const atomicPrefix = "__VERIFIER_atomic_"

// The markers of __VERIFIER_atomic_begin and _end in a function's body
// until atomicSections turns what they enclose into an atomic block.
const (
	atomicBeginMarker = "\x00__VERIFIER_atomic_begin"
	atomicEndMarker   = "\x00__VERIFIER_atomic_end"
)

// addVerifierAPI adds the handlers of the verification API to apiHandlers
// (api.go's init calls it, after making the map).
func addVerifierAPI() {
	for name, h := range map[string]apiHandler{
		"__VERIFIER_assume":       assumeCall,
		"__VERIFIER_assert":       assertCall,
		"__VERIFIER_error":        reachedCall,
		"reach_error":             reachedCall,
		"__VERIFIER_loop_begin":   noopCall(0),
		"__VERIFIER_spin_start":   noopCall(0),
		"__VERIFIER_spin_end":     noopCall(1),
		"__VERIFIER_loop_bound":   noopCall(1),
		"__VERIFIER_atomic_begin": markerCall(atomicBeginMarker),
		"__VERIFIER_atomic_end":   markerCall(atomicEndMarker),
	} {
		apiHandlers[name] = h
	}
	for name := range nondetRanges {
		apiHandlers[name] = verifierNondet
	}
}

// reachedCall: reaching __VERIFIER_error() or an undefined reach_error()
// is the failure the program checks for.
func reachedCall(f *fn, c *ir.InstCall) {
	f.emit(&lsl.Assert{Cond: num(0), Msg: calleeName(c) + "() reached"})
}

// nondetRanges are the numbers each __VERIFIER_nondet_ function returns:
// every bit pattern of its type's width, as the front end holds them
// (unsigned.go). An unsigned type's values above its signed maximum are
// the negative patterns, which its unsigned operations read as those
// values, and which equal the constants clang writes for them (unsigned
// char 200 is i8 -56).
var nondetRanges = map[string][2]int64{
	"__VERIFIER_nondet_bool":     {0, 1},
	"__VERIFIER_nondet__Bool":    {0, 1},
	"__VERIFIER_nondet_char":     {math.MinInt8, math.MaxInt8},
	"__VERIFIER_nondet_uchar":    {math.MinInt8, math.MaxInt8},
	"__VERIFIER_nondet_u8":       {math.MinInt8, math.MaxInt8},
	"__VERIFIER_nondet_short":    {math.MinInt16, math.MaxInt16},
	"__VERIFIER_nondet_ushort":   {math.MinInt16, math.MaxInt16},
	"__VERIFIER_nondet_u16":      {math.MinInt16, math.MaxInt16},
	"__VERIFIER_nondet_int":      {math.MinInt32, math.MaxInt32},
	"__VERIFIER_nondet_uint":     {math.MinInt32, math.MaxInt32},
	"__VERIFIER_nondet_unsigned": {math.MinInt32, math.MaxInt32},
	"__VERIFIER_nondet_u32":      {math.MinInt32, math.MaxInt32},
	"__VERIFIER_nondet_long":     {math.MinInt64, math.MaxInt64},
	"__VERIFIER_nondet_longlong": {math.MinInt64, math.MaxInt64},
}

// verifierNondet chooses any value of the function's type.
func verifierNondet(f *fn, c *ir.InstCall) {
	r := nondetRanges[calleeName(c)]
	if !isIntType(c.Type()) {
		f.fail(diag.CodeType, "%s must be declared to return an integer", calleeName(c))
	}
	f.emit(&lsl.Choose{Dst: f.reg(c), Lo: r[0], Hi: r[1], Expr: calleeName(c) + "()"})
}

// markerCall stands for a call in the body until a later pass replaces it.
func markerCall(marker string) apiHandler {
	return func(f *fn, c *ir.InstCall) {
		f.args(c, 0)
		f.emit(&lsl.Call{Proc: marker})
	}
}

// unsupportedNondet names the __VERIFIER_nondet_ functions whose values
// LSL numbers cannot hold or that are not integers, for the error message
// of a call of one.
func unsupportedNondet(name string) bool {
	return strings.HasPrefix(name, "__VERIFIER_nondet_") && nondetRanges[name] == [2]int64{}
}

// atomicCall makes a call of a __VERIFIER_atomic_ function one atomic
// block.
func atomicCall(def *ir.Func, call lsl.Stmt) lsl.Stmt {
	if !strings.HasPrefix(def.Name(), atomicPrefix) {
		return call
	}
	return &lsl.Atomic{Body: &lsl.Block{Stmts: []lsl.Stmt{call}, Pos: call.Position()}, Pos: call.Position()}
}

// atomicSections turns the statements between a __VERIFIER_atomic_begin
// and the next __VERIFIER_atomic_end of the same block into an atomic
// block. Begin and end must pair up within one block of the structured
// body (the C statements between them are then single-entry and
// single-exit), and nothing between them may leave the section other than
// through its end: a return or a break out of it, or a pair split by an
// if or a loop, is an error at the begin.
func (f *fn) atomicSections(body *lsl.Block) {
	lsl.Walk(body, func(s lsl.Stmt) bool {
		if b, ok := s.(*lsl.Block); ok {
			f.atomicSectionsIn(b)
		}
		return true
	})
}

// atomicSectionsIn pairs the markers among b's own statements; Walk then
// visits the blocks nested in b, the new atomic blocks' bodies included.
func (f *fn) atomicSectionsIn(b *lsl.Block) {
	var out []lsl.Stmt
	for i := 0; i < len(b.Stmts); i++ {
		s := b.Stmts[i]
		if isMarker(s, atomicEndMarker) {
			f.pos = s.Position()
			f.fail(diag.CodeInvalidConstruct, "__VERIFIER_atomic_end without a __VERIFIER_atomic_begin before it in the same block")
		}
		if !isMarker(s, atomicBeginMarker) {
			out = append(out, s)
			continue
		}
		liftAfterDeadBranch(b, i+1) // atomic_exits.go
		end := -1
		for j := i + 1; j < len(b.Stmts) && end < 0; j++ {
			if isMarker(b.Stmts[j], atomicEndMarker) {
				end = j
			} else if isMarker(b.Stmts[j], atomicBeginMarker) {
				f.pos = b.Stmts[j].Position()
				f.fail(diag.CodeInvalidConstruct, "nested __VERIFIER_atomic_begin")
			}
		}
		f.pos = s.Position()
		if end < 0 {
			f.fail(diag.CodeInvalidConstruct, "__VERIFIER_atomic_begin without a __VERIFIER_atomic_end after it in the same block (an atomic section must not span the branches of an if or the iterations of a loop)")
		}
		section := &lsl.Block{Stmts: b.Stmts[i+1 : end], Pos: s.Position()}
		if (leaves(section) || containsMarker(section, atomicEndMarker)) && !closingExits(section) {
			f.fail(diag.CodeInvalidConstruct, "a return, break or continue leaves the atomic section that starts here before its __VERIFIER_atomic_end")
		}
		out = append(out, &lsl.Atomic{Body: section, Pos: s.Position()})
		i = end
	}
	b.Stmts = out
}

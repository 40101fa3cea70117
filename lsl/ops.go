package lsl

import "fmt"

// Op is a basic function of LSL (§4.2.8), applied by Assign.
type Op uint8

const (
	OpCopy       Op = iota + 1 // r := a
	OpBitNot                   // ~a
	OpNeg                      // -a
	OpAdd                      // a + b
	OpSub                      // a - b
	OpMul                      // a * b
	OpDiv                      // a / b (truncates toward zero)
	OpMod                      // a % b (sign of a)
	OpAnd                      // a & b
	OpOr                       // a | b
	OpXor                      // a ^ b
	OpShl                      // a << b
	OpShr                      // a >> b (arithmetic)
	OpEq                       // a == b: 1 or 0
	OpNe                       // a != b
	OpLt                       // a < b
	OpLe                       // a <= b
	OpPointer                  // [n]
	OpOffset                   // [n1 … nk n]
	OpGetOffset                // nk of [n1 … nk]
	OpGetBase                  // [n1 … nk-1] of [n1 … nk], k ≥ 2
	OpBaseOf                   // n1 of [n1 … nk], a number
	OpSelect                   // c ? a : b
	OpMake                     // make_T(f1, …, fk)
	OpGet                      // get_T_F(x)
	OpSet                      // set_T_F(x, v)
	OpThreadID                 // the thread's id (resolved by the unroller)
	OpNumThreads               // the number of concurrent threads (resolved by the unroller)
	OpZext                     // a's low b bits, as an unsigned number (b a constant, 1 ≤ b ≤ 63)
	OpSext                     // a's low b bits, as a signed number (b a constant, 1 ≤ b ≤ 63)
)

type opInfo struct {
	name  string
	arity int // -1: variable (OpMake)
}

var ops = [...]opInfo{
	OpCopy:       {"copy", 1},
	OpBitNot:     {"bitnot", 1},
	OpNeg:        {"neg", 1},
	OpAdd:        {"add", 2},
	OpSub:        {"sub", 2},
	OpMul:        {"mul", 2},
	OpDiv:        {"div", 2},
	OpMod:        {"mod", 2},
	OpAnd:        {"and", 2},
	OpOr:         {"or", 2},
	OpXor:        {"xor", 2},
	OpShl:        {"shl", 2},
	OpShr:        {"shr", 2},
	OpEq:         {"eq", 2},
	OpNe:         {"ne", 2},
	OpLt:         {"lt", 2},
	OpLe:         {"le", 2},
	OpPointer:    {"pointer", 1},
	OpOffset:     {"offset", 2},
	OpGetOffset:  {"getoffset", 1},
	OpGetBase:    {"getbase", 1},
	OpBaseOf:     {"baseof", 1},
	OpSelect:     {"select", 3},
	OpMake:       {"make", -1},
	OpGet:        {"get", 1},
	OpSet:        {"set", 2},
	OpThreadID:   {"threadid", 0},
	OpNumThreads: {"numthreads", 0},
	OpZext:       {"zext", 2},
	OpSext:       {"sext", 2},
}

// Name is the function's name in LSL text (make/get/set are written
// make_T, get_T_F, set_T_F).
func (o Op) Name() string {
	if int(o) < len(ops) && ops[o].name != "" {
		return ops[o].name
	}
	return fmt.Sprintf("op%d", o)
}

func (o Op) String() string { return o.Name() }

// Arity is the number of arguments, or -1 for OpMake (one per field).
func (o Op) Arity() int {
	if int(o) < len(ops) {
		return ops[o].arity
	}
	return 0
}

// OpByName finds a basic function by its plain name (not make/get/set, which
// are spelled with a composite type).
func OpByName(name string) (Op, bool) {
	for i, in := range ops {
		if in.name == name && Op(i) != OpMake && Op(i) != OpGet && Op(i) != OpSet {
			return Op(i), true
		}
	}
	return 0, false
}

// Truth converts a value to a branch condition. Numbers are true when
// nonzero, pointers are true; ⊥ and composites are runtime errors.
func Truth(v Value) (bool, string) {
	switch v.Kind {
	case KNum:
		return v.Num != 0, ""
	case KPtr:
		return true, ""
	case KUndef:
		return false, "branch on undefined value"
	}
	return false, "branch on composite value"
}

func b2n(b bool) Value {
	if b {
		return Num(1)
	}
	return Num(0)
}

// EvalOp applies a basic function to concrete arguments. comp is the composite
// type for OpMake/OpGet/OpSet and field the field index for OpGet/OpSet. A
// non-empty string is a runtime error (§3 of the spec, dissertation §7.1.1).
// OpThreadID and OpNumThreads cannot be evaluated (the unroller resolves them).
func EvalOp(op Op, comp *Composite, field int, args []Value) (Value, string) {
	num := func(i int) (int64, string) {
		if args[i].Kind != KNum {
			return 0, fmt.Sprintf("%s on a %s operand", op.Name(), args[i].Kind)
		}
		return args[i].Num, ""
	}
	nums := func() (int64, int64, string) {
		a, e := num(0)
		if e != "" {
			return 0, 0, e
		}
		b, e := num(1)
		return a, b, e
	}
	ptr := func(i int) ([]int64, string) {
		if args[i].Kind != KPtr {
			return nil, fmt.Sprintf("%s on a %s operand", op.Name(), args[i].Kind)
		}
		return args[i].Ptr, ""
	}
	switch op {
	case OpCopy:
		return args[0], ""
	case OpBitNot, OpNeg:
		a, e := num(0)
		if e != "" {
			return Undef, e
		}
		if op == OpBitNot {
			return Num(^a), ""
		}
		return Num(-a), ""
	case OpAdd, OpSub, OpMul, OpDiv, OpMod, OpAnd, OpOr, OpXor, OpShl, OpShr, OpLt, OpLe:
		a, b, e := nums()
		if e != "" {
			return Undef, e
		}
		switch op {
		case OpAdd:
			return Num(a + b), ""
		case OpSub:
			return Num(a - b), ""
		case OpMul:
			return Num(a * b), ""
		case OpDiv, OpMod:
			if b == 0 {
				return Undef, "division by zero"
			}
			if op == OpDiv {
				return Num(a / b), ""
			}
			return Num(a % b), ""
		case OpAnd:
			return Num(a & b), ""
		case OpOr:
			return Num(a | b), ""
		case OpXor:
			return Num(a ^ b), ""
		case OpShl, OpShr:
			if b < 0 || b >= 64 {
				return Undef, fmt.Sprintf("shift by %d (a shift amount must be 0 to 63: numbers have 64 bits)", b)
			}
			if op == OpShl {
				return Num(a << uint(b)), ""
			}
			return Num(a >> uint(b)), ""
		case OpLt:
			return b2n(a < b), ""
		case OpLe:
			return b2n(a <= b), ""
		}
	case OpZext, OpSext:
		a, b, e := nums()
		if e != "" {
			return Undef, e
		}
		if b < 1 || b > 63 {
			return Undef, fmt.Sprintf("extension of the low %d bits", b)
		}
		low := a & (int64(1)<<uint(b) - 1)
		if op == OpSext && low >= int64(1)<<uint(b-1) {
			low -= int64(1) << uint(b)
		}
		return Num(low), ""
	case OpEq, OpNe:
		eq, e := Compare(args[0], args[1])
		if e != "" {
			return Undef, e
		}
		return b2n(eq == (op == OpEq)), ""
	case OpPointer:
		a, e := num(0)
		if e != "" {
			return Undef, e
		}
		return Ptr(a), ""
	case OpOffset:
		p, e := ptr(0)
		if e != "" {
			return Undef, e
		}
		n, e := num(1)
		if e != "" {
			return Undef, e
		}
		q := append(append([]int64(nil), p...), n)
		return Value{Kind: KPtr, Ptr: q}, ""
	case OpGetOffset:
		p, e := ptr(0)
		if e != "" {
			return Undef, e
		}
		return Num(p[len(p)-1]), ""
	case OpGetBase:
		p, e := ptr(0)
		if e != "" {
			return Undef, e
		}
		if len(p) < 2 {
			return Undef, "getbase of a pointer without offsets"
		}
		return Value{Kind: KPtr, Ptr: append([]int64(nil), p[:len(p)-1]...)}, ""
	case OpBaseOf:
		p, e := ptr(0)
		if e != "" {
			return Undef, e
		}
		return Num(p[0]), ""
	case OpSelect:
		c, e := Truth(args[0])
		if e != "" {
			return Undef, e
		}
		if c {
			return args[1], ""
		}
		return args[2], ""
	case OpMake:
		if comp == nil || len(args) != len(comp.Fields) {
			return Undef, "bad make"
		}
		for _, a := range args {
			if a.Kind == KComp {
				return Undef, "composite field holds a composite value"
			}
		}
		return Comp(comp.Name, args...), ""
	case OpGet, OpSet:
		x := args[0]
		if x.Kind != KComp || comp == nil || x.Comp != comp.Name {
			return Undef, fmt.Sprintf("%s_%s on a %s value", op.Name(), comp.nameOr(), x.Kind)
		}
		if field < 0 || field >= len(x.Fields) {
			return Undef, "bad field"
		}
		if op == OpGet {
			return x.Fields[field], ""
		}
		if args[1].Kind == KComp {
			return Undef, "composite field holds a composite value"
		}
		y := Comp(x.Comp, x.Fields...)
		y.Fields[field] = args[1]
		return y, ""
	}
	return Undef, fmt.Sprintf("cannot evaluate %s", op.Name())
}

func (c *Composite) nameOr() string {
	if c == nil {
		return "?"
	}
	return c.Name
}

// Compare implements LSL equality: numbers by value, pointers structurally, a
// pointer is unequal to the number 0 (null), composites structurally. Comparing
// ⊥, a pointer with a nonzero number, or a composite with a non-composite is a
// runtime error.
func Compare(a, b Value) (bool, string) {
	if a.Kind == KUndef || b.Kind == KUndef {
		return false, "comparison with undefined value"
	}
	if a.Kind == b.Kind {
		return a.Equal(b), ""
	}
	if a.Kind == KComp || b.Kind == KComp {
		return false, "comparison of composite with non-composite value"
	}
	// one pointer, one number
	n := a
	if n.Kind != KNum {
		n = b
	}
	if n.Num != 0 {
		return false, "comparison of pointer with nonzero number"
	}
	return false, ""
}

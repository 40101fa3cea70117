package llvmfront

import (
	"math/big"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// val returns the operand for a first-class value. Pointers take the path
// of their static type (escape).
func (f *fn) val(v value.Value) lsl.Operand {
	if _, ok := v.Type().(*types.PointerType); ok {
		return f.escape(f.ptr(v), v.Type())
	}
	switch v.Type().(type) {
	case *types.IntType:
	case *types.FloatType:
		f.fail(diag.CodeUnsupported, "floating point is not supported")
	default:
		if _, isConst := v.(constant.Constant); !isConst {
			f.fail(diag.CodeUnsupported, "values of type %s are not supported", v.Type())
		}
	}
	if op, ok := f.consts[v]; ok {
		return op
	}
	if c, ok := v.(constant.Constant); ok {
		return f.constant(c).op
	}
	return f.regOf(v)
}

// cond returns a branch condition.
func (f *fn) cond(v value.Value) lsl.Operand { return f.val(v) }

// regOf returns the register holding an SSA value or parameter.
func (f *fn) regOf(v value.Value) lsl.Reg {
	switch v.(type) {
	case ir.Instruction, *ir.Param:
		return f.reg(v)
	}
	f.fail(diag.CodeUnsupported, "unsupported operand %s", v.Ident())
	return ""
}

// ptr returns a pointer operand and the object it designates.
func (f *fn) ptr(v value.Value) pval {
	if c, ok := v.(constant.Constant); ok {
		return f.constant(c)
	}
	if a, ok := v.(*ir.InstAlloca); ok && f.promoted[a] {
		f.fail(diag.CodeInternal, "internal: address of promoted local used")
	}
	obj, ok := f.objs[v]
	if !ok {
		obj = pointee(v.Type())
		if obj != nil && (isByte(obj) || !sized(obj)) {
			obj = nil
		}
	}
	if op, ok := f.consts[v]; ok {
		return pval{op: op, obj: obj}
	}
	return pval{op: f.regOf(v), obj: obj}
}

// setPtr defines the register of a pointer-valued instruction.
func (f *fn) setPtr(v value.Value, p pval) {
	f.objs[v] = p.obj
	f.define(v, p.op)
}

// define makes op the value of an instruction: constants are remembered
// (no code), a temporary just computed is renamed to the instruction's
// register, anything else is copied into it.
func (f *fn) define(v value.Value, op lsl.Operand) {
	if c, ok := op.(lsl.Const); ok {
		f.consts[v] = c
		return
	}
	r := op.(lsl.Reg)
	if _, named := f.regs[v]; !named && (!f.mutable[r] || f.castAlias[v]) && !f.isTemp(r) {
		// another SSA value (or a parameter): the same register
		f.regs[v] = r
		return
	}
	if _, named := f.regs[v]; !named && f.cur != nil {
		if n := len(f.cur.Stmts); n > 0 {
			if a, ok := f.cur.Stmts[n-1].(*lsl.Assign); ok && a.Dst == r && f.isTemp(r) {
				a.Dst = f.reg(v)
				return
			}
		}
	}
	f.emit(&lsl.Assign{Dst: f.reg(v), Op: lsl.OpCopy, Args: []lsl.Operand{r}})
}

// isTemp reports whether r is a temporary (not the register of a value).
func (f *fn) isTemp(r lsl.Reg) bool {
	if len(r) < 3 || r[:3] != "%t." {
		return false
	}
	for _, x := range f.regs {
		if x == r {
			return false
		}
	}
	return true
}

// bigInt converts an LLVM integer constant to an int64 (the low 64 bits,
// sign-extended, for wider constants).
func bigInt(x *big.Int) int64 {
	if x.IsInt64() {
		return x.Int64()
	}
	m := new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0)))
	return int64(m.Uint64())
}

// constant evaluates a constant (no code is emitted for constant
// addresses: they fold into pointer constants).
func (f *fn) constant(c constant.Constant) pval {
	switch c := c.(type) {
	case *constant.Int:
		n := bigInt(c.X)
		if c.Typ != nil && c.Typ.BitSize == 1 && n != 0 {
			n = 1
		}
		return pval{op: num(n)}
	case *constant.Null:
		return pval{op: num(0)}
	case *constant.Undef, *constant.Poison:
		return pval{op: lsl.Const{V: lsl.Undef}}
	case *constant.ZeroInitializer:
		if isScalar(c.Typ) {
			return pval{op: num(0)}
		}
	case *ir.Global:
		base, err := f.t.globalBase(c)
		if err != nil {
			f.fail(diag.Codes(err)[0], "%v", err)
		}
		if f.t.tls[base] {
			return pval{op: f.tlsAddress(c, base), obj: f.t.globalTypes[base]}
		}
		return pval{op: lsl.Const{V: lsl.Ptr(base)}, obj: f.t.globalTypes[base]}
	case *ir.Func:
		return pval{op: f.funcAddress(c)} // funcptr.go
	case *constant.ExprBitCast:
		return retype(f.constant(c.From), c.To)
	case *constant.ExprAddrSpaceCast:
		return retype(f.constant(c.From), c.To)
	case *constant.ExprPtrToInt:
		p := f.constant(c.From)
		return pval{op: f.escape(p, c.From.Type())}
	case *constant.ExprIntToPtr:
		return retype(pval{op: f.constant(c.From).op}, c.To)
	case *constant.ExprTrunc:
		return pval{op: f.constant(c.From).op}
	case *constant.ExprZExt:
		return pval{op: f.constant(c.From).op}
	case *constant.ExprSExt:
		return pval{op: f.constant(c.From).op}
	case *constant.ExprGetElementPtr:
		src := f.constant(c.Src)
		var idx []lsl.Operand
		for _, i := range c.Indices {
			if ix, ok := i.(*constant.Index); ok {
				i = ix.Constant
			}
			idx = append(idx, f.constant(i).op)
		}
		return f.gep(src, c.ElemType, idx)
	}
	f.fail(diag.CodeUnsupported, "unsupported constant %s", c.Ident())
	return pval{}
}

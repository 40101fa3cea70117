package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// inst lowers one instruction.
func (f *fn) inst(in ir.Instruction) {
	f.t.checkCanceled()
	switch in := in.(type) {
	case *ir.InstAlloca:
		f.alloca(in)
	case *ir.InstLoad:
		f.load(in)
	case *ir.InstStore:
		f.store(in)
	case *ir.InstGetElementPtr:
		if _, vec := in.Type().(*types.VectorType); vec {
			f.fail(diag.CodeUnsupported, "vector getelementptr is not supported")
		}
		var idx []lsl.Operand
		for _, i := range in.Indices {
			idx = append(idx, f.val(i))
		}
		src := f.ptr(in.Src)
		if src.obj == nil && isByte(in.ElemType) && !allZero(idx) {
			f.voidBytes[in] = true
		}
		if c, ok := f.containerOf(in, src, idx); ok {
			f.setPtr(in, c)
			return
		}
		f.setPtr(in, f.gep(src, in.ElemType, idx))
	case *ir.InstBitCast:
		f.cast(in, in.From, in.To)
	case *ir.InstAddrSpaceCast:
		f.cast(in, in.From, in.To)
	case *ir.InstPtrToInt:
		f.define(in, f.val(in.From))
		f.intObj(in, escapedObj(f.ptr(in.From), in.From.Type()))
	case *ir.InstIntToPtr:
		f.setPtr(in, retype(pval{op: f.val(in.From), obj: f.objs[in.From]}, in.To))
	case *ir.InstTrunc:
		if t, ok := in.To.(*types.IntType); ok && t.BitSize == 1 {
			// the low bit (clang 19 tests x % 2 so at -O1), not x != 0
			f.define(in, f.apply(lsl.OpAnd, f.val(in.From), num(1)))
			break
		}
		if _, ptr := in.From.(*ir.InstPtrToInt); ptr || f.objs[in.From] != nil {
			f.define(in, f.val(in.From)) // a pointer's bits: kept whole
		} else {
			f.define(in, f.signedView(f.val(in.From), in.To)) // the low N bits
		}
	case *ir.InstZExt:
		f.define(in, f.unsignedView(f.val(in.From), in.From.Type()))
	case *ir.InstSExt:
		x := f.val(in.From)
		if t, ok := in.From.Type().(*types.IntType); ok && t.BitSize == 1 {
			x = f.apply(lsl.OpNeg, x)
		}
		f.define(in, x)
	case *ir.InstFreeze:
		if _, ok := in.Type().(*types.PointerType); ok {
			f.setPtr(in, f.ptr(in.X))
		} else {
			f.define(in, f.val(in.X))
		}
	case *ir.InstAdd:
		f.wrappingBinop(in, lsl.OpAdd, in.X, in.Y, in.OverflowFlags)
	case *ir.InstSub:
		if !f.pointerDifference(in) {
			f.wrappingBinop(in, lsl.OpSub, in.X, in.Y, in.OverflowFlags)
		}
	case *ir.InstMul:
		f.wrappingBinop(in, lsl.OpMul, in.X, in.Y, in.OverflowFlags)
	case *ir.InstSDiv:
		f.overflowCheck(lsl.OpDiv, f.val(in.X), f.val(in.Y), nil, in.Type())
		f.binop(in, lsl.OpDiv, in.X, in.Y)
	case *ir.InstUDiv:
		f.ubinop(in, lsl.OpDiv, in.X, in.Y)
	case *ir.InstSRem:
		f.overflowCheck(lsl.OpMod, f.val(in.X), f.val(in.Y), nil, in.Type())
		f.binop(in, lsl.OpMod, in.X, in.Y)
	case *ir.InstURem:
		f.ubinop(in, lsl.OpMod, in.X, in.Y)
	case *ir.InstShl:
		f.wrappingBinop(in, lsl.OpShl, in.X, in.Y, in.OverflowFlags)
	case *ir.InstLShr:
		f.ubinop(in, lsl.OpShr, in.X, in.Y)
	case *ir.InstAShr:
		f.binop(in, lsl.OpShr, in.X, in.Y)
	case *ir.InstAnd:
		f.binop(in, lsl.OpAnd, in.X, in.Y)
	case *ir.InstOr:
		f.binop(in, lsl.OpOr, in.X, in.Y)
	case *ir.InstXor:
		f.binop(in, lsl.OpXor, in.X, in.Y)
	case *ir.InstICmp:
		f.icmp(in)
	case *ir.InstSelect:
		c := f.cond(in.Cond)
		r := f.apply(lsl.OpSelect, c, f.val(in.ValueTrue), f.val(in.ValueFalse))
		if _, ok := in.Type().(*types.PointerType); ok {
			f.setPtr(in, pval{op: r, obj: nil})
		} else {
			f.define(in, r)
		}
	case *ir.InstPhi:
		// assigned on the incoming edges (phiCopies)
		if _, ok := in.Type().(*types.PointerType); !ok && !isIntType(in.Type()) {
			f.fail(diag.CodeUnsupported, "phi of type %s is not supported", in.Type())
		}
	case *ir.InstCall:
		f.call(in)
	case *ir.InstFence:
		f.fenceInst(in)
	case *ir.InstCmpXchg:
		f.cmpxchg(in)
	case *ir.InstAtomicRMW:
		f.atomicRMW(in)
	case *ir.InstExtractValue:
		f.extractValue(in)
	case *ir.InstFAdd, *ir.InstFSub, *ir.InstFMul, *ir.InstFDiv, *ir.InstFRem, *ir.InstFNeg, *ir.InstFCmp,
		*ir.InstFPTrunc, *ir.InstFPExt, *ir.InstFPToUI, *ir.InstFPToSI, *ir.InstUIToFP, *ir.InstSIToFP:
		f.fail(diag.CodeUnsupported, "floating point is not supported (%s)", describe(in))
	default:
		f.fail(diag.CodeUnsupported, "unsupported instruction %s", describe(in))
	}
}

func isIntType(t types.Type) bool {
	_, ok := t.(*types.IntType)
	return ok
}

// cast lowers bitcast and addrspacecast: addresses do not change.
func (f *fn) cast(in value.Value, from value.Value, to types.Type) {
	if _, ok := to.(*types.PointerType); ok {
		if e := pointee(to); f.voidBytes[from] && e != nil && !isByte(e) {
			// optimized IR reaches a member as a byte offset from a void*
			f.fail(diag.CodeInvalidConstruct, "a byte offset into a void* whose object type is unknown, used as %s: the member it means cannot be told (cast the void* to the struct type first, or compile at -O0)", to)
		}
		f.setPtr(in, retype(f.ptr(from), to))
		return
	}
	if isIntType(to) && isIntType(from.Type()) {
		f.define(in, f.val(from))
		return
	}
	f.fail(diag.CodeUnsupported, "bitcast to %s is not supported", to)
}

func (f *fn) binop(in value.Value, op lsl.Op, x, y value.Value) {
	if !isIntType(in.Type()) {
		f.fail(diag.CodeUnsupported, "arithmetic on %s is not supported", in.Type())
	}
	f.define(in, f.apply(op, f.val(x), f.val(y)))
}

// icmp lowers comparisons. Unsigned predicates compare the operands'
// unsigned views (unsigned.go); ordering pointers compares their last
// offsets, as in the C front end.
func (f *fn) icmp(in *ir.InstICmp) {
	x, y := f.val(in.X), f.val(in.Y)
	if _, ok := in.X.Type().(*types.PointerType); ok && in.Pred != enum.IPredEQ && in.Pred != enum.IPredNE {
		x = f.apply(lsl.OpGetOffset, x)
		y = f.apply(lsl.OpGetOffset, y)
	}
	if _, ok := in.X.Type().(*types.VectorType); ok {
		f.fail(diag.CodeUnsupported, "vector comparison is not supported")
	}
	switch in.Pred {
	case enum.IPredULT, enum.IPredULE, enum.IPredUGT, enum.IPredUGE:
		x, y = f.orderView(x, in.X.Type()), f.orderView(y, in.X.Type())
	}
	var r lsl.Operand
	switch in.Pred {
	case enum.IPredEQ:
		r = f.apply(lsl.OpEq, x, y)
	case enum.IPredNE:
		r = f.apply(lsl.OpNe, x, y)
	case enum.IPredSLT, enum.IPredULT:
		r = f.apply(lsl.OpLt, x, y)
	case enum.IPredSLE, enum.IPredULE:
		r = f.apply(lsl.OpLe, x, y)
	case enum.IPredSGT, enum.IPredUGT:
		r = f.apply(lsl.OpLt, y, x)
	case enum.IPredSGE, enum.IPredUGE:
		r = f.apply(lsl.OpLe, y, x)
	default:
		f.fail(diag.CodeUnsupported, "unsupported comparison %s", describe(in))
	}
	f.define(in, r)
}

// alloca allocates an address-taken local.
func (f *fn) alloca(a *ir.InstAlloca) {
	obj := a.ElemType
	array := false
	if a.NElems != nil {
		c, ok := a.NElems.(*constant.Int)
		if !ok {
			f.fail(diag.CodeUnsupported, "variable length arrays are not supported")
		}
		if n := bigInt(c.X); n != 1 {
			obj = types.NewArray(uint64(n), a.ElemType)
			array = true
		}
	}
	if !sized(obj) {
		f.fail(diag.CodeType, "local of type %s has no size", obj)
	}
	name := "local"
	if dv := f.varNames[a]; dv != nil && dv.Name != "" {
		name = dv.Name
	} else if !a.IsUnnamed() {
		name = a.Name()
	}
	r := f.newReg(name + ".addr")
	f.regs[a] = r
	f.emit(&lsl.Alloc{Dst: r, Kind: lsl.AllocLocal, Type: f.t.typeRef(f.mod, obj), Name: identName(name)})
	if array {
		f.objs[a] = a.ElemType
		f.define(a, f.offset(r, num(0)))
		return
	}
	f.objs[a] = obj
}

// load lowers a load.
func (f *fn) load(l *ir.InstLoad) {
	if a := f.promotedOf(l.Src); a != nil {
		f.promotedLoad(l, a)
		return
	}
	if !isScalar(l.ElemType) {
		f.fail(diag.CodeUnsupported, "load of type %s is not supported (%s)", l.ElemType, unsupportedWhy(l.ElemType))
	}
	f.checkPointee(l.Src, l.ElemType, "load")
	if l.Atomic {
		f.atomicLoad(l)
		return
	}
	p := f.ptr(l.Src)
	if cs := f.spannedCells(p, l.ElemType); cs != nil {
		f.spannedLoad(l, p, cs)
		return
	}
	addr := f.access(p, l.ElemType)
	ld := &lsl.Load{Dst: f.reg(l), Addr: addr, Expr: f.exprText(l.Src)}
	f.emit(ld)
	if f.joinHandles[l] {
		f.handleLoads[ld] = true
	}
	f.loadedIntObj(l, p)
}

// store lowers a store.
func (f *fn) store(s *ir.InstStore) {
	if a := f.promotedOf(s.Dst); a != nil {
		f.promotedStore(s, a)
		return
	}
	t := s.Src.Type()
	f.checkPointee(s.Dst, t, "store")
	if !isScalar(t) {
		if c, ok := s.Src.(constant.Constant); ok {
			f.storeConstant(f.ptr(s.Dst), t, c, f.exprText(s.Dst))
			return
		}
		f.fail(diag.CodeUnsupported, "store of type %s is not supported (%s)", t, unsupportedWhy(t))
	}
	if s.Atomic {
		f.atomicStore(s)
		return
	}
	p := f.ptr(s.Dst)
	if cs := f.spannedCells(p, t); cs != nil {
		f.spannedStore(s, p, cs)
		return
	}
	addr := f.access(p, t)
	f.emit(&lsl.Store{Addr: addr, Val: f.val(s.Src), Expr: f.exprText(s.Dst)})
}

// storeConstant stores an aggregate constant cell by cell.
func (f *fn) storeConstant(p pval, t types.Type, c constant.Constant, expr string) {
	cs, ok := cells(t)
	if !ok {
		f.fail(diag.CodeUnsupported, "store of type %s is too large", t)
	}
	base := f.access(p, t)
	for _, cl := range cs {
		v := f.cellConstant(c, cl.path)
		addr := base
		for _, i := range cl.path {
			addr = f.offset(addr, num(i))
		}
		f.emit(&lsl.Store{Addr: addr, Val: v, Expr: expr})
	}
}

// extractValue reads the fields of a cmpxchg result ({old, success}).
func (f *fn) extractValue(in *ir.InstExtractValue) {
	x, ok := in.X.(*ir.InstCmpXchg)
	if !ok || len(in.Indices) != 1 || in.Indices[0] > 1 {
		f.fail(diag.CodeUnsupported, "extractvalue is only supported on the result of cmpxchg")
	}
	pair, ok := f.pairs[x]
	if !ok {
		f.fail(diag.CodeInternal, "internal: cmpxchg result used before it is computed")
	}
	// the pair's registers are assigned once: name them directly
	f.regs[in] = pair[in.Indices[0]].(lsl.Reg)
}

// checkPointee rejects an access of type t through a pointer to another
// type (llir does not type-check; clang never emits this).
func (f *fn) checkPointee(ptr value.Value, t types.Type, what string) {
	if pt, ok := ptr.Type().(*types.PointerType); ok && pt.ElemType != nil && !types.Equal(pt.ElemType, t) {
		f.fail(diag.CodeType, "%s of %s through %s: the types differ", what, t, pt)
	}
}

// allZero reports whether every index is the constant 0.
func allZero(idx []lsl.Operand) bool {
	for _, o := range idx {
		c, ok := o.(lsl.Const)
		if !ok || c.V.Kind != lsl.KNum || c.V.Num != 0 {
			return false
		}
	}
	return true
}

// unsupportedWhy says why a load or store of type t has no LSL meaning.
func unsupportedWhy(t types.Type) string {
	switch t.(type) {
	case *types.FloatType:
		return "floating-point numbers are not modelled"
	case *types.VectorType:
		return "vector values are not modelled"
	}
	return "a block copy of a struct or array"
}

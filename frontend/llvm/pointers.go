package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
)

// Pointers (doc.go, "Pointers"). An LLVM pointer becomes an LSL pointer
// [base off1 … offk] that designates an object: a global, a heap block, a
// local, or a field or element inside one. We track, per pointer value,
// the type of the object its path designates (obj). It usually equals the
// pointee type of the LLVM pointer, but differs after casts: optimized IR
// casts a pointer to a struct into a pointer to its first field (the same
// address) instead of indexing, and void* (i8*) values keep the object
// they came from. The path is adjusted where the difference matters:
//
//   - access: a load, store or atomic of type T through p descends from
//     obj along first fields (offset 0, 0, …) to the first T (for scalars:
//     the first scalar cell);
//   - escape: a pointer stored, compared, passed or merged takes the form
//     of its static type, so that every copy of an address has one path;
//     i8* is the generic pointer and keeps its path as it is.

// pval is a pointer operand and the type of the object it designates (nil:
// unknown, the path is taken to designate whatever it is used as).
type pval struct {
	op  lsl.Operand
	obj types.Type
}

// num is a numeric constant operand.
func num(n int64) lsl.Operand { return lsl.Const{V: lsl.Num(n)} }

// apply emits r := op(args) and returns r, folding constants.
func (f *fn) apply(op lsl.Op, args ...lsl.Operand) lsl.Operand {
	var vals []lsl.Value
	for _, a := range args {
		c, ok := a.(lsl.Const)
		if !ok {
			vals = nil
			break
		}
		vals = append(vals, c.V)
	}
	if vals != nil && op != lsl.OpThreadID && op != lsl.OpNumThreads {
		if v, msg := lsl.EvalOp(op, nil, -1, vals); msg == "" {
			return lsl.Const{V: v}
		}
	}
	r := f.temp()
	f.emit(&lsl.Assign{Dst: r, Op: op, Args: args})
	return r
}

// offset appends one offset to a pointer.
func (f *fn) offset(p lsl.Operand, idx lsl.Operand) lsl.Operand {
	return f.apply(lsl.OpOffset, p, idx)
}

// zeros appends n zero offsets.
func (f *fn) zeros(p lsl.Operand, n int) lsl.Operand {
	for i := 0; i < n; i++ {
		p = f.offset(p, num(0))
	}
	return p
}

// advance moves a pointer by n elements: its last offset changes.
func (f *fn) advance(p lsl.Operand, n lsl.Operand) lsl.Operand {
	if c, ok := n.(lsl.Const); ok && c.V.Kind == lsl.KNum && c.V.Num == 0 {
		return p
	}
	if c, ok := p.(lsl.Const); ok && c.V.Kind == lsl.KPtr && len(c.V.Ptr) < 2 {
		f.fail(diag.CodeInvalidConstruct, "pointer arithmetic on a pointer to a single object (%s)", lsl.OperandString(p))
	}
	base := f.apply(lsl.OpGetBase, p)
	last := f.apply(lsl.OpGetOffset, p)
	return f.offset(base, f.apply(lsl.OpAdd, last, n))
}

// singleObject reports whether p is a constant pointer to a whole block
// (no offsets), which pointer arithmetic cannot move.
func singleObject(p lsl.Operand) bool {
	c, ok := p.(lsl.Const)
	return ok && c.V.Kind == lsl.KPtr && len(c.V.Ptr) < 2
}

// isZero reports whether o is the constant 0.
func isZeroOperand(o lsl.Operand) bool {
	c, ok := o.(lsl.Const)
	return ok && c.V.Kind == lsl.KNum && c.V.Num == 0
}

// access returns the path of the object of type want at the address p.
func (f *fn) access(p pval, want types.Type) lsl.Operand {
	if p.obj == nil || p.obj.Equal(want) || isByte(p.obj) {
		// i8 objects are untyped memory: the path designates want
		return p.op
	}
	if d, ok := descent(p.obj, want); ok {
		return f.zeros(p.op, d)
	}
	if d, ok := exactDescent(want, p.obj); ok {
		return f.up(p.op, d)
	}
	f.fail(diag.CodeType, "access of type %s through a pointer to %s, which has no %s at that address", want, p.obj, want)
	return nil
}

// escape gives a pointer the path of its static type st (a pointer type).
func (f *fn) escape(p pval, st types.Type) lsl.Operand {
	want := pointee(st)
	if want == nil || p.obj == nil || isByte(want) || !sized(want) || p.obj.Equal(want) {
		return p.op
	}
	if d, ok := descent(p.obj, want); ok {
		return f.zeros(p.op, d)
	}
	if d, ok := exactDescent(want, p.obj); ok {
		// a pointer to a first field cast back to its container
		return f.up(p.op, d)
	}
	return p.op
}

// up removes d offsets: from a first field to its container.
func (f *fn) up(p lsl.Operand, d int) lsl.Operand {
	for i := 0; i < d; i++ {
		p = f.apply(lsl.OpGetBase, p)
	}
	return p
}

// exactDescent is descent with exact type equality.
func exactDescent(obj, want types.Type) (int, bool) {
	d := 0
	for t := obj; t != nil; t = firstChild(t) {
		if t.Equal(want) {
			return d, true
		}
		d++
	}
	return 0, false
}

// sized reports whether t has a layout (not a function or opaque struct).
func sized(t types.Type) bool {
	_, ok := sizeOf(t)
	return ok
}

// retype returns the object a pointer designates when viewed as a pointer
// of static type st: the object it designates stays (a cast changes no
// address), unless it was unknown.
func retype(p pval, st types.Type) pval {
	if p.obj == nil {
		if e := pointee(st); e != nil && !isByte(e) && sized(e) {
			p.obj = e
		}
	}
	return p
}

// gep lowers getelementptr elem, p, idx0, idx1, …: idx0 moves p by whole
// elems, the others select struct fields (constants) and array elements.
// Indexing bytes (i8) of a typed object is mapped back to the field at that
// byte offset.
func (f *fn) gep(p pval, elem types.Type, idx []lsl.Operand) pval {
	if isByte(elem) && p.obj != nil && !isByte(p.obj) && len(idx) == 1 {
		return f.byteGEP(p, idx[0])
	}
	op := f.access(p, elem)
	if len(idx) == 0 {
		return pval{op: op, obj: elem}
	}
	cur := elem
	rest := idx[1:]
	if at, ok := elem.(*types.ArrayType); ok && len(idx) >= 2 && singleObject(op) && !isZeroOperand(idx[0]) {
		// clang writes &A[N], the end of an array A, as &(&A)[1][0]:
		// element first*N + second of A (A + 1 is past A, which is one
		// object)
		first := f.apply(lsl.OpMul, idx[0], num(int64(at.Len)))
		op = f.offset(op, f.apply(lsl.OpAdd, first, idx[1]))
		cur, rest = at.ElemType, idx[2:]
	} else {
		op = f.advance(op, idx[0])
	}
	for _, ix := range rest {
		switch t := cur.(type) {
		case *types.StructType:
			c, ok := ix.(lsl.Const)
			if !ok || c.V.Kind != lsl.KNum || c.V.Num < 0 || c.V.Num >= int64(len(t.Fields)) {
				f.fail(diag.CodeBadLiteral, "struct field index %s out of range", lsl.OperandString(ix))
			}
			op = f.offset(op, ix)
			cur = t.Fields[c.V.Num]
		case *types.ArrayType:
			op = f.offset(op, ix)
			cur = t.ElemType
		default:
			f.fail(diag.CodeInvalidConstruct, "getelementptr into %s", cur)
		}
	}
	return pval{op: op, obj: cur}
}

// containerOf lowers container_of: a pointer to a field moved back by the
// field's byte offset, ((T *)((char *)p - offsetof(T, m))), is a pointer
// to the T that holds the field, when the result is cast to T*: p without
// the offsets of the path to the field, as lsl_get_struct_pointer does
// (api.go). Before, the byte offset stepped back whole objects of p's type
// and reached another field of T.
func (f *fn) containerOf(in *ir.InstGetElementPtr, p pval, idx []lsl.Operand) (pval, bool) {
	if !isByte(in.ElemType) || p.obj == nil || isByte(p.obj) || len(idx) != 1 {
		return pval{}, false
	}
	c, ok := idx[0].(lsl.Const)
	if !ok || c.V.Kind != lsl.KNum || c.V.Num >= 0 {
		return pval{}, false
	}
	for _, t := range f.castTargets(in, 0) {
		path, sub, ok := pathAt(t, -c.V.Num)
		if !ok || len(path) == 0 {
			continue
		}
		for sub != nil && !sub.Equal(p.obj) {
			sub = firstChild(sub)
			path = append(path, 0)
		}
		if sub != nil {
			return pval{op: f.up(p.op, len(path)), obj: t}, true
		}
	}
	return pval{}, false
}

// byteGEP maps p + n bytes back to the field of p's object at that offset.
func (f *fn) byteGEP(p pval, n lsl.Operand) pval {
	c, ok := n.(lsl.Const)
	if !ok || c.V.Kind != lsl.KNum {
		f.fail(diag.CodeInvalidConstruct, "byte arithmetic on a pointer to %s with a variable offset", p.obj)
	}
	off := c.V.Num
	if off == 0 {
		return p
	}
	obj := p.obj
	op := p.op
	if off > 0 {
		if path, sub, ok := pathAt(obj, off); ok {
			for _, i := range path {
				op = f.offset(op, num(i))
			}
			return pval{op: op, obj: sub}
		}
	}
	// an element of an array of obj: step whole objects
	if size, ok := sizeOf(obj); ok && size > 0 && off%size == 0 {
		return pval{op: f.advance(op, num(off/size)), obj: obj}
	}
	f.fail(diag.CodeInvalidConstruct, "byte offset %d into %s is not the start of a field", off, obj)
	return pval{}
}

// pointerDifference lowers p - q, which clang writes as the difference of
// ptrtoint p and ptrtoint q in bytes, divided by the element size: the
// difference of the pointers' last offsets (counted in elements of the
// type they point to, as in the C front end) times that size, so that the
// division that follows gives C's result. Other subtractions are not
// touched (false).
func (f *fn) pointerDifference(in *ir.InstSub) bool {
	x, ok1 := in.X.(*ir.InstPtrToInt)
	y, ok2 := in.Y.(*ir.InstPtrToInt)
	if !ok1 || !ok2 {
		return false
	}
	size := int64(1)
	if e := pointee(x.From.Type()); e != nil && sized(e) {
		if n, ok := sizeOf(e); ok && n > 0 {
			size = n
		}
	}
	diff := f.apply(lsl.OpSub, f.apply(lsl.OpGetOffset, f.ptr(x.From).op), f.apply(lsl.OpGetOffset, f.ptr(y.From).op))
	if d := f.elementDivision(in, size); d != nil {
		// the usual case: the division by the size is the only use,
		// and it is the difference in elements
		f.skip[d] = true
		f.define(d, diff)
		return true
	}
	f.define(in, f.apply(lsl.OpMul, diff, num(size)))
	return true
}

// elementDivision is the sdiv exact of the byte difference in by the
// element size when that is its only use, else nil.
func (f *fn) elementDivision(in *ir.InstSub, size int64) *ir.InstSDiv {
	if uses := f.uses[in]; len(uses) == 1 {
		if d, ok := uses[0].(*ir.InstSDiv); ok && d.X == in && d.Exact {
			if c, ok := d.Y.(*constant.Int); ok && bigInt(c.X) == size {
				return d
			}
		}
	}
	return nil
}

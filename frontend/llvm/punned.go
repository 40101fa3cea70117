package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Integer accesses that span several cells. The x86-64 calling
// convention passes and returns a small struct in an integer register, so
// clang reads struct pair { int a, b; } as one i64 through a cast pointer
// to return it, and the caller stores that i64 back into a struct pair.
// Such an access covers several cells of LSL memory: a load reads each
// cell and puts the bits together, and a store takes each cell's bits
// apart (each cell's value is its bits read as signed, as a constant of
// its type is). Before, the access designated the first cell alone, so
// the second field was lost (a struct returned by value came back with
// only its first field). The cells must be integers within the access
// (padding between and after them is dropped by a store and reads as 0);
// anything else (a pointer among them, a cell that the access cuts, an
// atomic access of several cells) is an error.

// spannedCells returns the cells of the object p designates that an
// integer access of type want covers, when it covers more than one; nil
// when the access is to one cell (and padding after it). An access that
// reaches past the object p designates keeps its first cell: optimized
// code stores an i64 into an int field and the padding after it, and the
// object that holds both is not known here.
func (f *fn) spannedCells(p pval, want types.Type) []cell {
	if p.obj == nil || isByte(p.obj) || p.obj.Equal(want) {
		return nil
	}
	if _, ok := want.(*types.IntType); !ok {
		return nil
	}
	size, ok1 := sizeOf(want)
	objSize, ok2 := sizeOf(p.obj)
	if !ok1 || !ok2 || size > objSize {
		return nil
	}
	d, ok := descent(p.obj, want)
	if !ok {
		return nil
	}
	first := p.obj
	for i := 0; i < d; i++ {
		first = firstChild(first)
	}
	if n, ok := sizeOf(first); !ok || n >= size {
		return nil // the access is to the first cell
	}
	all, ok := cells(p.obj)
	if !ok {
		f.fail(diag.CodeUnsupported, "an access of type %s reads several cells of a %s too large to list", want, p.obj)
	}
	var out []cell
	for _, c := range all {
		if c.off >= size {
			break // what is left is padding
		}
		n, _ := sizeOf(c.typ)
		if _, isInt := c.typ.(*types.IntType); !isInt || c.off+n > size {
			f.fail(diag.CodeUnsupported, "an access of type %s covers fields of %s that are not integers within it (a struct passed or returned by value in a register?): not supported", want, p.obj)
		}
		out = append(out, c)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// cellAddr is the address of cell c of the object at base.
func (f *fn) cellAddr(base lsl.Operand, c cell) lsl.Operand {
	for _, i := range c.path {
		base = f.offset(base, num(i))
	}
	return base
}

// spannedLoad reads the cells and puts their bits together, the last
// (highest) one signed; padding bits are 0.
func (f *fn) spannedLoad(l *ir.InstLoad, p pval, cs []cell) {
	expr := f.exprText(uncast(l.Src))
	var v lsl.Operand
	for i, c := range cs {
		r := f.temp()
		f.emit(&lsl.Load{Dst: r, Addr: f.cellAddr(p.op, c), Expr: f.pathText(expr, p.obj, c.path)})
		var part lsl.Operand = r
		if i < len(cs)-1 {
			part = f.unsignedView(part, c.typ)
		}
		if c.off > 0 {
			part = f.apply(lsl.OpShl, part, num(8*c.off))
		}
		if v == nil {
			v = part
		} else {
			v = f.apply(lsl.OpAdd, v, part)
		}
	}
	f.define(l, v)
}

// spannedStore takes the value's bits apart, each cell's read as signed.
func (f *fn) spannedStore(s *ir.InstStore, p pval, cs []cell) {
	expr := f.exprText(uncast(s.Dst))
	v := f.val(s.Src)
	for i, c := range cs {
		part := v
		if c.off > 0 {
			part = f.apply(lsl.OpShr, part, num(8*c.off))
		}
		if i < len(cs)-1 {
			part = f.signedView(part, c.typ)
		}
		f.emit(&lsl.Store{Addr: f.cellAddr(p.op, c), Val: part, Expr: f.pathText(expr, p.obj, c.path)})
	}
}

// uncast is v without the casts that made it an integer pointer, for
// naming the object in traces.
func uncast(v value.Value) value.Value {
	for {
		b, ok := v.(*ir.InstBitCast)
		if !ok {
			return v
		}
		v = b.From
	}
}

// atomicAccess is access for the atomic instructions, where an access
// that spans several cells cannot be split: it is an error.
func (f *fn) atomicAccess(p pval, want types.Type) lsl.Operand {
	if f.spannedCells(p, want) != nil {
		f.fail(diag.CodeUnsupported, "an atomic access of type %s covers several fields of %s: not supported", want, p.obj)
	}
	return f.access(p, want)
}

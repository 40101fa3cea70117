package llvmfront

import (
	"github.com/llir/llvm/ir/types"
)

// Type layout follows the x86-64 System V ABI (LP64), the target clang
// compiles for on the machines we run on. Sizes matter only to map byte
// offsets (byte GEPs, memset/memcpy lengths, allocation sizes) back to
// fields; values themselves are unbounded LSL numbers.

const pointerSize = 8

// isScalar reports whether values of t fit one LSL cell: integers and
// pointers. (Floating point is rejected where it is used.)
func isScalar(t types.Type) bool {
	switch t.(type) {
	case *types.IntType, *types.PointerType:
		return true
	}
	return false
}

// isAggregate reports whether t is a struct or array type.
func isAggregate(t types.Type) bool {
	switch t.(type) {
	case *types.StructType, *types.ArrayType:
		return true
	}
	return false
}

func isByte(t types.Type) bool {
	i, ok := t.(*types.IntType)
	return ok && i.BitSize == 8
}

// pointee returns the element type of a pointer type, or nil.
func pointee(t types.Type) types.Type {
	if p, ok := t.(*types.PointerType); ok {
		return p.ElemType
	}
	return nil
}

// sizeOf returns the allocation size of t in bytes (false for types
// without a size: void, functions, opaque structs).
func sizeOf(t types.Type) (int64, bool) {
	switch t := t.(type) {
	case *types.IntType:
		n := int64(1)
		for n*8 < int64(t.BitSize) {
			n *= 2
		}
		return n, true
	case *types.PointerType:
		return pointerSize, true
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindHalf:
			return 2, true
		case types.FloatKindFloat:
			return 4, true
		case types.FloatKindDouble:
			return 8, true
		}
		return 16, true
	case *types.ArrayType:
		n, ok := sizeOf(t.ElemType)
		return n * int64(t.Len), ok
	case *types.StructType:
		if t.Opaque {
			return 0, false
		}
		offs, size, ok := structLayout(t)
		_ = offs
		return size, ok
	}
	return 0, false
}

// alignOf returns the ABI alignment of t.
func alignOf(t types.Type) int64 {
	switch t := t.(type) {
	case *types.ArrayType:
		return alignOf(t.ElemType)
	case *types.StructType:
		if t.Packed {
			return 1
		}
		a := int64(1)
		for _, f := range t.Fields {
			if fa := alignOf(f); fa > a {
				a = fa
			}
		}
		return a
	}
	n, ok := sizeOf(t)
	if !ok || n == 0 {
		return 1
	}
	if n > 16 {
		return 16
	}
	return n
}

// structLayout returns the byte offsets of the fields of st and its size.
func structLayout(st *types.StructType) (offs []int64, size int64, ok bool) {
	var off int64
	for _, f := range st.Fields {
		n, ok := sizeOf(f)
		if !ok {
			return nil, 0, false
		}
		if !st.Packed {
			off = alignUp(off, alignOf(f))
		}
		offs = append(offs, off)
		off += n
	}
	if !st.Packed {
		off = alignUp(off, alignOf(st))
	}
	return offs, off, true
}

func alignUp(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// firstChild returns the type at offset 0 one level down (field 0 of a
// struct, element 0 of an array), or nil for scalars and empty aggregates.
func firstChild(t types.Type) types.Type {
	switch t := t.(type) {
	case *types.StructType:
		if len(t.Fields) > 0 {
			return t.Fields[0]
		}
	case *types.ArrayType:
		if t.Len > 0 {
			return t.ElemType
		}
	}
	return nil
}

// descent returns how many levels of first fields lead from an object of
// type obj to a subobject of type want at the same address: 0 when they
// are equal. A scalar want matches the first scalar on the way (all
// scalars share one kind of cell). ok is false when no such subobject
// exists.
func descent(obj, want types.Type) (int, bool) {
	d := 0
	for t := obj; t != nil; t = firstChild(t) {
		if t.Equal(want) || isScalar(want) && isScalar(t) {
			return d, true
		}
		d++
	}
	return 0, false
}

// cell is one scalar cell of an object: its path below the object, its
// byte offset and its type.
type cell struct {
	path []int64
	off  int64
	typ  types.Type
}

// maxCells bounds the cells enumerated for one object (block copies and
// initializers of huge arrays are rejected rather than expanded).
const maxCells = 4096

// cells lists the scalar cells of an object of type t in layout order. ok
// is false for types without a layout or with more than maxCells cells.
func cells(t types.Type) ([]cell, bool) {
	var out []cell
	var walk func(t types.Type, path []int64, off int64) bool
	walk = func(t types.Type, path []int64, off int64) bool {
		if len(out) > maxCells {
			return false
		}
		switch t := t.(type) {
		case *types.IntType, *types.PointerType:
			out = append(out, cell{path: append([]int64(nil), path...), off: off, typ: t})
			return true
		case *types.StructType:
			offs, _, ok := structLayout(t)
			if !ok {
				return false
			}
			for i, f := range t.Fields {
				if !walk(f, append(path, int64(i)), off+offs[i]) {
					return false
				}
			}
			return true
		case *types.ArrayType:
			n, ok := sizeOf(t.ElemType)
			if !ok || t.Len > maxCells {
				return false
			}
			for i := uint64(0); i < t.Len; i++ {
				if !walk(t.ElemType, append(path, int64(i)), off+int64(i)*n) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !walk(t, nil, 0) {
		return nil, false
	}
	return out, true
}

// pathAt finds the shallowest subobject of an object of type t that starts
// at byte offset off: its path and type. ok is false when off is not the
// start of any subobject.
func pathAt(t types.Type, off int64) ([]int64, types.Type, bool) {
	var path []int64
	for {
		if off == 0 {
			return path, t, true
		}
		switch tt := t.(type) {
		case *types.StructType:
			offs, _, ok := structLayout(tt)
			if !ok {
				return nil, nil, false
			}
			i := len(offs) - 1
			for i > 0 && offs[i] > off {
				i--
			}
			if i < 0 || offs[i] > off {
				return nil, nil, false
			}
			path = append(path, int64(i))
			off -= offs[i]
			t = tt.Fields[i]
		case *types.ArrayType:
			n, ok := sizeOf(tt.ElemType)
			if !ok || n == 0 || off/n >= int64(tt.Len) {
				return nil, nil, false
			}
			path = append(path, off/n)
			off %= n
			t = tt.ElemType
		default:
			return nil, nil, false
		}
	}
}

// selfContaining finds a struct type that contains itself by value (not
// valid LLVM, but the parser accepts it), or returns nil.
func selfContaining(defs []types.Type) *types.StructType {
	const (
		visiting = 1
		done     = 2
	)
	state := map[*types.StructType]int{}
	var bad *types.StructType
	var visit func(t types.Type) bool
	visit = func(t types.Type) bool {
		switch t := t.(type) {
		case *types.ArrayType:
			return visit(t.ElemType)
		case *types.VectorType:
			return visit(t.ElemType)
		case *types.StructType:
			switch state[t] {
			case visiting:
				bad = t
				return false
			case done:
				return true
			}
			state[t] = visiting
			for _, f := range t.Fields {
				if !visit(f) {
					return false
				}
			}
			state[t] = done
		}
		return true
	}
	for _, d := range defs {
		if !visit(d) {
			return bad
		}
	}
	return nil
}

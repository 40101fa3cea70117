package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Heap blocks. In C, malloc(sizeof(T)) names T; in LLVM IR only the size is
// left. The type of the block (for traces and for finding its fields after
// casts) is taken from, in order: the debug info of the variable the
// result is assigned to; the pointer types the result is cast to, and the
// structs that start with them, choosing one whose size is the allocation
// size. A size that is a multiple k > 1 of the type's size allocates an
// array of k elements (the result points to element 0, as in the C front
// end).

// allocShape is the decided type of a heap block.
type allocShape struct {
	obj   types.Type // element type (nil: unknown)
	count int64      // > 0: an array of count elements
	// an array whose length is not a constant (malloc(n * sizeof(T))):
	// a block of one T whose pointer is to element 0, as in the C front
	// end, which the size does not bound
	unbounded bool
}

// isArray says that the allocation returns a pointer to element 0.
func (s allocShape) isArray() bool { return s.count > 0 || s.unbounded }

func (f *fn) allocShapeOf(c *ir.InstCall) allocShape {
	size := allocSize(c)
	factor := sizeFactor(c)
	fits := func(t types.Type) (allocShape, bool) {
		n, ok := sizeOf(t)
		if !ok || n <= 0 {
			return allocShape{}, false
		}
		switch {
		case size < 0 && factor > 0 && factor%n == 0:
			return allocShape{obj: t, unbounded: true}, true
		case size < 0 || size == n:
			return allocShape{obj: t}, true
		case size > n && size%n == 0:
			return allocShape{obj: t, count: size / n}, true
		}
		return allocShape{}, false
	}
	if st := f.debugStruct(c); st != nil {
		if s, ok := fits(st); ok {
			return s
		}
	}
	cands := append([]types.Type(nil), f.castTargets(c, 0)...)
	// exact sizes first, the cast types before the structs that start
	// with them
	for _, t := range cands {
		if n, ok := sizeOf(t); ok && n == size {
			return allocShape{obj: t}
		}
	}
	for _, t := range cands {
		for _, st := range f.containers(t) {
			if n, ok := sizeOf(st); ok && n == size {
				return allocShape{obj: st}
			}
		}
	}
	for _, t := range cands {
		if s, ok := fits(t); ok {
			return s
		}
	}
	// nothing tells the type: a pointer to element 0 of an array of
	// unknown type and length, so that pointer arithmetic on the block
	// works (issue 47: &m[i] of a block reached through a void* failed)
	return allocShape{unbounded: true}
}

// castTargets lists the pointee types the value v is cast to (through
// chains of casts and the promoted variables it is stored in).
func (f *fn) castTargets(v value.Value, depth int) []types.Type {
	if depth > 4 {
		return nil
	}
	var out []types.Type
	for _, u := range f.uses[v] {
		switch u := u.(type) {
		case *ir.InstBitCast:
			if e := pointee(u.To); e != nil && !isByte(e) && sized(e) {
				out = append(out, e)
			}
			out = append(out, f.castTargets(u, depth+1)...)
		case *ir.InstStore:
			if a, ok := u.Dst.(*ir.InstAlloca); ok && u.Src == v {
				if e := pointee(a.ElemType); e != nil && !isByte(e) && sized(e) {
					out = append(out, e)
				} else if e != nil && isByte(e) {
					// void *v = malloc(…); int *m = v;: the casts of
					// what is loaded from the void* variable
					for _, w := range f.uses[a] {
						if l, ok := w.(*ir.InstLoad); ok {
							out = append(out, f.castTargets(l, depth+1)...)
						}
					}
				}
			}
		case *ir.InstGetElementPtr:
			// optimized code reaches fields by byte offsets: p + 8 cast
			// to i32* is an i32 (of an array, or a field of a struct
			// whose size decides)
			if isByte(u.ElemType) && u.Src == v && len(u.Indices) == 1 {
				out = append(out, f.castTargets(u, depth+1)...)
			}
		}
	}
	return out
}

// containers lists the module's structs whose first field (recursively)
// has type t.
func (f *fn) containers(t types.Type) []types.Type {
	var out []types.Type
	for _, td := range f.mod.m.TypeDefs {
		st, ok := td.(*types.StructType)
		if !ok || st.Opaque {
			continue
		}
		if d, ok := exactDescent(st, t); ok && d > 0 {
			out = append(out, st)
		}
	}
	return out
}

// debugStruct finds the struct type of the C variable the allocation is
// assigned to.
func (f *fn) debugStruct(c *ir.InstCall) types.Type {
	name := ""
	if dv := f.varNames[c]; dv != nil {
		name = diPointeeStruct(dv.Type)
	}
	if name == "" {
		// -O0: the result is cast and stored into a local
		for _, u := range f.uses[c] {
			b, ok := u.(*ir.InstBitCast)
			if !ok {
				continue
			}
			for _, w := range f.uses[b] {
				if st, ok := w.(*ir.InstStore); ok && st.Src == b {
					if a, ok := st.Dst.(*ir.InstAlloca); ok {
						if dv := f.varNames[a]; dv != nil {
							name = diPointeeStruct(dv.Type)
						}
					}
				}
			}
		}
	}
	if name == "" {
		return nil
	}
	for _, td := range f.mod.m.TypeDefs {
		if st, ok := td.(*types.StructType); ok && !st.Opaque && (st.TypeName == "struct."+name || st.TypeName == "class."+name) {
			return st
		}
	}
	return nil
}

// allocCall lowers an allocator call.
func (f *fn) allocCall(c *ir.InstCall, kind lsl.AllocKind) allocShape {
	if n := allocArgs(calleeName(c)); len(c.Args) != n {
		f.fail(diag.CodeArgCount, "%s takes %d argument(s)", calleeName(c), n)
	}
	for _, a := range c.Args {
		f.val(a) // the size: evaluated, but does not bound the block
	}
	shape := f.allocShapeOf(c)
	var ref *lsl.TypeRef
	if shape.obj != nil {
		ref = f.t.typeRef(f.mod, shape.obj)
		if shape.isArray() && ref == nil {
			ref = &lsl.TypeRef{Name: "int"}
		}
		if shape.count > 0 {
			ref = &lsl.TypeRef{Name: ref.Name, Dims: append([]int64{shape.count}, ref.Dims...)}
		} else if shape.unbounded {
			// an array of unknown length (lsl.Unrolled.OutOfBounds)
			ref = &lsl.TypeRef{Name: ref.Name, Dims: append([]int64{0}, ref.Dims...)}
		}
	}
	r := f.reg(c)
	f.objs[c] = shape.obj
	if !shape.isArray() {
		f.emit(&lsl.Alloc{Dst: r, Kind: kind, Type: ref})
		return shape
	}
	// a pointer to element 0, from a register of its own: the range
	// analysis is per register, and r := offset(r, 0) made r's pointers
	// grow by a 0 each round, up to its depth limit (an address set it
	// gave up on, which the cat models refuse)
	block := f.temp()
	f.emit(&lsl.Alloc{Dst: block, Kind: kind, Type: ref})
	f.emit(&lsl.Assign{Dst: r, Op: lsl.OpOffset, Args: []lsl.Operand{block, num(0)}})
	return shape
}

// allocArgs is the number of arguments of an allocator: calloc(n, size)
// has two, the others one (the size).
func allocArgs(name string) int {
	if name == "calloc" || name == "aligned_alloc" {
		return 2
	}
	return 1
}

// sizeArgs are the arguments whose product is an allocator's size:
// aligned_alloc(alignment, size) has its size second (the alignment is
// not modelled).
func sizeArgs(c *ir.InstCall) []value.Value {
	if calleeName(c) == "aligned_alloc" && len(c.Args) == 2 {
		return c.Args[1:]
	}
	return c.Args
}

// sizeFactor is C when an allocator's size, not a constant, is x * C or
// C * x for a constant C (clang's n * sizeof(T), or x << k), else 0.
func sizeFactor(c *ir.InstCall) int64 {
	args := sizeArgs(c)
	if len(args) != 1 {
		return 0
	}
	switch m := args[0].(type) {
	case *ir.InstMul:
		for _, v := range []value.Value{m.X, m.Y} {
			if k, ok := v.(*constant.Int); ok {
				return bigInt(k.X)
			}
		}
	case *ir.InstShl:
		if k, ok := m.Y.(*constant.Int); ok && bigInt(k.X) < 62 {
			return int64(1) << bigInt(k.X)
		}
	}
	return 0
}

// allocSize is the constant number of bytes an allocator call asks for,
// or -1.
func allocSize(c *ir.InstCall) int64 {
	size := int64(1)
	if len(c.Args) != allocArgs(calleeName(c)) {
		return -1
	}
	for _, a := range sizeArgs(c) {
		n, ok := a.(*constant.Int)
		if !ok {
			return -1
		}
		size *= bigInt(n.X)
	}
	return size
}

// callocCall: calloc(n, size) is malloc(n * size) whose cells are then
// set to 0, one store each; the size must be a constant and the type of
// the memory known.
func callocCall(f *fn, c *ir.InstCall) {
	shape := f.allocCall(c, lsl.AllocPool)
	n := allocSize(c)
	if n < 0 {
		f.fail(diag.CodeUnsupported, "calloc with a variable size is not supported")
	}
	if shape.obj == nil || n == 0 {
		if n == 0 {
			return
		}
		f.fail(diag.CodeType, "calloc: the type of the memory is unknown (cast the result to a pointer type)")
	}
	s := span{p: pval{op: f.val(c), obj: shape.obj}, count: max(shape.count, 1)}
	addrs, texts := f.spanCells(s, n, "calloc", f.exprText(c))
	for i, addr := range addrs {
		f.emit(&lsl.Store{Addr: addr, Val: num(0), Expr: texts[i]})
	}
}

// findArrayAllocs decides, before any code is emitted, whether some
// allocation is an array: free then frees the block of its argument.
func (t *translator) findArrayAllocs() {
	for _, mod := range t.mods {
		for _, irf := range mod.m.Funcs {
			if t.procMod[irf] != mod {
				continue
			}
			f := newFn(t, mod, irf)
			for _, b := range irf.Blocks {
				for _, in := range b.Insts {
					f.addUses(in)
					f.noteDebugVar(in)
				}
				f.addUses(b.Term)
			}
			for _, b := range irf.Blocks {
				for _, in := range b.Insts {
					c, ok := in.(*ir.InstCall)
					if !ok || !isAllocator(calleeName(c)) {
						continue
					}
					if f.allocShapeOf(c).isArray() {
						t.arrayAllocs = true
						return
					}
				}
			}
		}
	}
}

func isAllocator(name string) bool {
	return name == "malloc" || name == "calloc" || name == "aligned_alloc" || name == "lsl_malloc" || name == "lsl_malloc_noreuse" || cxxAllocators[name]
}

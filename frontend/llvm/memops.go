package llvmfront

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Block copies and fills (llvm.memcpy, llvm.memmove, llvm.memset) of a
// constant number of bytes become one load and store per scalar cell, in
// layout order. clang emits them for struct assignment, initialized local
// aggregates and = {0}. The object's type comes from the pointers' casts;
// the length must cover whole cells.

// span is a run of cells: the object type at p, repeated count times.
type span struct {
	p     pval
	count int64
}

// memSpan finds the cells of length n bytes at the pointer v.
func (f *fn) memSpan(v value.Value, n int64, what string) span {
	p := f.ptr(v)
	if p.obj == nil {
		f.fail(diag.CodeType, "%s: the type of the memory is unknown (only typed objects can be copied or filled)", what)
	}
	// an i8 object is a char of an array (buf decays to &buf[0]): n chars
	size, ok := sizeOf(p.obj)
	if !ok || size == 0 {
		f.fail(diag.CodeUnsupported, "%s of %s is not supported", what, p.obj)
	}
	switch {
	case n == size:
		return span{p: p, count: 1}
	case n > size && n%size == 0:
		return span{p: p, count: n / size}
	case n < size:
		// a prefix of the object: its leading cells must cover n bytes
		return span{p: p, count: 0}
	}
	f.fail(diag.CodeType, "%s of %d bytes does not match %s (%d bytes)", what, n, p.obj, size)
	return span{}
}

// spanCells lists the cells of the first n bytes of s: their addresses and
// the C text of each (base followed by the cell's fields).
func (f *fn) spanCells(s span, n int64, what string, base string) ([]lsl.Operand, []string) {
	cs, ok := cells(s.p.obj)
	if !ok {
		f.fail(diag.CodeUnsupported, "%s of %s is too large", what, s.p.obj)
	}
	start := f.access(s.p, s.p.obj)
	var out []lsl.Operand
	var texts []string
	count := s.count
	if count == 0 {
		count = 1
	}
	for k := int64(0); k < count; k++ {
		elem := start
		text := base
		if k > 0 {
			elem = f.advance(start, num(k))
			// &a[0] + k is a[k]
			text = strings.TrimSuffix(base, "[0]") + "[" + strconv.FormatInt(k, 10) + "]"
		}
		for _, c := range cs {
			csize, _ := sizeOf(c.typ)
			if s.count == 0 {
				if c.off >= n {
					break
				}
				if c.off+csize > n {
					f.fail(diag.CodeInvalidConstruct, "%s of %d bytes ends inside a field of %s", what, n, s.p.obj)
				}
			}
			addr := elem
			for _, i := range c.path {
				addr = f.offset(addr, num(i))
			}
			out = append(out, addr)
			texts = append(texts, f.pathText(text, s.p.obj, c.path))
		}
	}
	return out, texts
}

// pathText appends the selectors of a path below an object of type t.
func (f *fn) pathText(s string, t types.Type, path []int64) string {
	for _, i := range path {
		switch tt := t.(type) {
		case *types.StructType:
			s += "." + f.fieldName(tt, constant.NewInt(types.I32, i))
			t = tt.Fields[i]
		case *types.ArrayType:
			s += "[" + strconv.FormatInt(i, 10) + "]"
			t = tt.ElemType
		}
	}
	return s
}

func constLen(v value.Value) (int64, bool) {
	c, ok := v.(*constant.Int)
	if !ok {
		return 0, false
	}
	return bigInt(c.X), true
}

// memset fills memory with a byte; only 0 (or any byte into char cells).
func (f *fn) memset(c *ir.InstCall) {
	if len(c.Args) < 3 {
		f.fail(diag.CodeSyntax, "bad llvm.memset call")
	}
	n, ok := constLen(c.Args[2])
	if !ok {
		f.fail(diag.CodeUnsupported, "memset with a variable length is not supported")
	}
	val, ok := constLen(c.Args[1])
	if !ok {
		f.fail(diag.CodeUnsupported, "memset with a variable value is not supported")
	}
	if n == 0 {
		return
	}
	s := f.memSpan(c.Args[0], n, "memset")
	cs, _ := cells(s.p.obj)
	if val != 0 {
		for _, cl := range cs {
			if !isByte(cl.typ) {
				f.fail(diag.CodeUnsupported, "memset with %d into cells wider than a byte is not supported", val)
			}
		}
	}
	addrs, texts := f.spanCells(s, n, "memset", f.exprText(c.Args[0]))
	for i, addr := range addrs {
		f.emit(&lsl.Store{Addr: addr, Val: num(val), Expr: texts[i]})
	}
}

// memcpy copies cell by cell; from a constant global (clang's
// initializers for local aggregates) the constants are stored directly.
func (f *fn) memcpy(c *ir.InstCall) {
	if len(c.Args) < 3 {
		f.fail(diag.CodeSyntax, "bad llvm.memcpy call")
	}
	n, ok := constLen(c.Args[2])
	if !ok {
		f.fail(diag.CodeUnsupported, "memcpy with a variable length is not supported")
	}
	if n == 0 {
		return
	}
	dst := f.memSpan(c.Args[0], n, "memcpy")
	if g := constGlobal(c.Args[1]); g != nil && g.ContentType.Equal(dst.p.obj) && dst.count <= 1 {
		cs, _ := cells(dst.p.obj)
		addrs, texts := f.spanCells(dst, n, "memcpy", f.exprText(c.Args[0]))
		for i, addr := range addrs {
			f.emit(&lsl.Store{Addr: addr, Val: f.cellConstant(g.Init, cs[i].path), Expr: texts[i]})
		}
		return
	}
	if g := constGlobal(c.Args[1]); g != nil && f.memcpyConstant(dst, n, g, c) {
		return
	}
	src := f.memSpan(c.Args[1], n, "memcpy")
	if !src.p.obj.Equal(dst.p.obj) && !sameLayout(spanLayout(src, n), spanLayout(dst, n)) {
		f.fail(diag.CodeUnsupported, "memcpy from %s to %s is not supported (the types differ)", src.p.obj, dst.p.obj)
	}
	from, stexts := f.spanCells(src, n, "memcpy", f.exprText(c.Args[1]))
	to, dtexts := f.spanCells(dst, n, "memcpy", f.exprText(c.Args[0]))
	for i := range to {
		tmp := f.temp()
		f.emit(&lsl.Load{Dst: tmp, Addr: from[i], Expr: stexts[i]})
		f.emit(&lsl.Store{Addr: to[i], Val: tmp, Expr: dtexts[i]})
	}
}

// constGlobal returns the constant global v points to the start of
// (through casts and &g[0]).
func constGlobal(v value.Value) *ir.Global {
	v = stripCasts(v)
	if x, ok := v.(*constant.ExprGetElementPtr); ok {
		for _, ix := range x.Indices {
			if ci, ok := ix.(*constant.Index); ok {
				ix = ci.Constant
			}
			if !isZero(ix) {
				return nil
			}
		}
		v = stripCasts(x.Src)
	}
	if g, ok := v.(*ir.Global); ok && g.Immutable && g.Init != nil {
		return g
	}
	return nil
}

// memcpyConstant stores the constants of g into the cells of dst that
// the copy of n bytes covers, when each lies where a cell of g of its size
// does (a string literal copied into a char buffer: memcpy(buf, "abc",
// 4), char t[16] = "hi"). It reports false, emitting nothing, otherwise.
func (f *fn) memcpyConstant(dst span, n int64, g *ir.Global, c *ir.InstCall) bool {
	gs, ok := cells(g.ContentType)
	if !ok {
		return false
	}
	byOff := map[int64]cell{}
	for _, cl := range gs {
		byOff[cl.off] = cl
	}
	places := spanLayout(dst, n)
	vals := make([]lsl.Operand, len(places))
	for i, pl := range places {
		cl, ok := byOff[pl.off]
		if size, _ := sizeOf(cl.typ); !ok || size != pl.size || pl.off+pl.size > n {
			return false
		}
		vals[i] = f.cellConstant(g.Init, cl.path)
	}
	addrs, texts := f.spanCells(dst, n, "memcpy", f.exprText(c.Args[0]))
	for i, addr := range addrs {
		f.emit(&lsl.Store{Addr: addr, Val: vals[i], Expr: texts[i]})
	}
	return true
}

// cellPlace is where a scalar cell of a span lies: its byte offset and
// size.
type cellPlace struct{ off, size int64 }

// spanLayout lists the places of the cells spanCells returns for the first
// n bytes of s (nil when the object has no cells).
func spanLayout(s span, n int64) []cellPlace {
	cs, ok := cells(s.p.obj)
	if !ok {
		return nil
	}
	size, _ := sizeOf(s.p.obj)
	count := max(s.count, 1)
	var out []cellPlace
	for k := int64(0); k < count; k++ {
		for _, c := range cs {
			csize, _ := sizeOf(c.typ)
			if s.count == 0 && c.off >= n {
				break
			}
			out = append(out, cellPlace{k*size + c.off, csize})
		}
	}
	return out
}

// sameLayout reports whether two spans have their cells at the same
// places, as an array and a pointer to its first element do (memcpy(b, a,
// sizeof b) with int a[4], b[4]): a copy cell by cell copies the same
// bytes.
func sameLayout(a, b []cellPlace) bool {
	if len(a) == 0 || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

package llvmfront

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// exprText renders the C-level location a pointer designates, for traces:
// "queue.tail", "node->next", "a[2]". It is a best effort from the LLVM
// values and the debug names.
func (f *fn) exprText(p value.Value) string {
	s, _ := f.lvalue(p, 0)
	return s
}

// lvalue renders the object p points to; isObj tells whether the text
// names an object (x, q->f) rather than a pointer expression.
func (f *fn) lvalue(p value.Value, depth int) (string, bool) {
	if depth > 8 {
		return "*?", true
	}
	switch v := p.(type) {
	case *ir.Global:
		return globalCName(v), true
	case *ir.InstAlloca:
		if dv := f.varNames[v]; dv != nil && dv.Name != "" {
			return dv.Name, true
		}
		return strings.TrimPrefix(string(f.reg(v)), "%"), true
	case *ir.InstBitCast:
		return f.castText(v.From, v.To, depth)
	case *constant.ExprBitCast:
		return f.castText(v.From, v.To, depth)
	case *ir.InstAddrSpaceCast:
		return f.lvalue(v.From, depth+1)
	case *ir.InstGetElementPtr:
		if isByte(v.ElemType) && len(v.Indices) == 1 {
			if s, ok := f.byteGEPText(v.Src, v.Indices[0]); ok {
				return s, true
			}
		}
		return f.gepText(v.Src, v.ElemType, v.Indices, depth)
	case *constant.ExprGetElementPtr:
		idx := make([]value.Value, len(v.Indices))
		for i, x := range v.Indices {
			if ix, ok := x.(*constant.Index); ok {
				x = ix.Constant
			}
			idx[i] = x
		}
		return f.gepText(v.Src, v.ElemType, idx, depth)
	}
	return "*" + f.ptrText(p), true
}

// castText renders a cast of a pointer to an aggregate into a pointer to
// its first field (optimized IR's way to write &s.first): s.first.
func (f *fn) castText(from value.Value, to types.Type, depth int) (string, bool) {
	s, isObj := f.lvalue(from, depth+1)
	obj, want := pointee(from.Type()), pointee(to)
	if obj == nil || isByte(obj) {
		obj = f.ptr(from).obj
	}
	if obj == nil || want == nil || isByte(want) || !isAggregate(obj) {
		return s, isObj
	}
	d, ok := descent(obj, want)
	if !ok {
		return s, isObj
	}
	return f.firstFields(s, obj, d), isObj
}

// firstFields appends the names of d levels of first fields of obj.
func (f *fn) firstFields(s string, obj types.Type, d int) string {
	for t := obj; d > 0; d-- {
		switch tt := t.(type) {
		case *types.StructType:
			name := f.fieldName(tt, constant.NewInt(types.I32, 0))
			if strings.HasPrefix(s, "*") {
				s = s[1:] + "->" + name
			} else {
				s += "." + name
			}
		case *types.ArrayType:
			s += "[0]"
		}
		t = firstChild(t)
	}
	return s
}

// cellText renders the scalar cell an API call's pointer argument
// designates (&queue.head may arrive as a cast of &queue).
func (f *fn) cellText(v value.Value) string {
	s := f.exprText(v)
	if p := f.ptr(v); p.obj != nil && isAggregate(p.obj) {
		if d, ok := descent(p.obj, anyScalar); ok {
			s = f.firstFields(s, p.obj, d)
		}
	}
	return s
}

// byteGEPText renders p + n bytes as the field at that offset.
func (f *fn) byteGEPText(src value.Value, n value.Value) (string, bool) {
	c, ok := n.(*constant.Int)
	if !ok {
		return "", false
	}
	p := f.ptr(src)
	if p.obj == nil || isByte(p.obj) {
		return "", false
	}
	off := bigInt(c.X)
	path, _, ok := pathAt(p.obj, off)
	if !ok || len(path) == 0 {
		if size, ok := sizeOf(p.obj); ok && size > 0 && off%size == 0 {
			return f.ptrText(src) + "[" + strconv.FormatInt(off/size, 10) + "]", true
		}
		return "", false
	}
	s := f.ptrText(src)
	obj := isObject(src)
	if obj {
		s, _ = f.lvalue(src, 1)
	}
	t := p.obj
	for i, ix := range path {
		switch tt := t.(type) {
		case *types.StructType:
			name := f.fieldName(tt, constant.NewInt(types.I32, ix))
			if i == 0 && !obj {
				s += "->" + name
			} else {
				s += "." + name
			}
			t = tt.Fields[ix]
		case *types.ArrayType:
			if i == 0 && !obj {
				s = "(*" + s + ")"
			}
			s += "[" + strconv.FormatInt(ix, 10) + "]"
			t = tt.ElemType
		}
	}
	return s, true
}

// ptrText renders a pointer value: the C variable or expression it was
// read from.
func (f *fn) ptrText(p value.Value) string {
	switch v := p.(type) {
	case *ir.InstLoad:
		if a, ok := v.Src.(*ir.InstAlloca); ok && f.promoted[a] {
			return f.varName(a)
		}
		s, _ := f.lvalue(v.Src, 1)
		return s
	case *ir.InstBitCast:
		return f.ptrText(v.From)
	case *ir.Param:
		return strings.TrimPrefix(string(f.reg(v)), "%")
	case *ir.InstCall:
		if dv := f.varNames[v]; dv != nil {
			return dv.Name
		}
	}
	if dv := f.varNames[p]; dv != nil && dv.Name != "" {
		return dv.Name
	}
	if r, ok := f.regs[p]; ok {
		return strings.TrimPrefix(string(r), "%")
	}
	return "?"
}

// varName names a promoted local.
func (f *fn) varName(a *ir.InstAlloca) string {
	if dv := f.varNames[a]; dv != nil && dv.Name != "" {
		return dv.Name
	}
	return strings.TrimPrefix(string(f.regs[a]), "%")
}

func (f *fn) gepText(src value.Value, elem types.Type, idx []value.Value, depth int) (string, bool) {
	var s string
	rest := idx
	if len(idx) > 0 && isZero(idx[0]) && isObject(src) {
		s, _ = f.lvalue(src, depth+1)
		rest = idx[1:]
	} else {
		s = f.ptrText(src)
		if len(idx) > 0 {
			if isZero(idx[0]) && len(idx) > 1 {
				if st, ok := elem.(*types.StructType); ok {
					s += "->" + f.fieldName(st, idx[1])
					rest = idx[2:]
					elem = st.Fields[fieldIndex(idx[1], len(st.Fields))]
					return f.selectors(s, elem, rest), true
				}
			}
			s += "[" + f.indexText(idx[0]) + "]"
			rest = idx[1:]
		}
	}
	return f.selectors(s, elem, rest), true
}

// selectors appends .field and [i] for the remaining GEP indices.
func (f *fn) selectors(s string, t types.Type, idx []value.Value) string {
	for _, i := range idx {
		switch tt := t.(type) {
		case *types.StructType:
			s += "." + f.fieldName(tt, i)
			t = tt.Fields[fieldIndex(i, len(tt.Fields))]
		case *types.ArrayType:
			s += "[" + f.indexText(i) + "]"
			t = tt.ElemType
		default:
			return s
		}
	}
	return s
}

func fieldIndex(v value.Value, n int) int {
	if c, ok := v.(*constant.Int); ok {
		if i := int(bigInt(c.X)); i >= 0 && i < n {
			return i
		}
	}
	return 0
}

func (f *fn) fieldName(st *types.StructType, v value.Value) string {
	i := fieldIndex(v, len(st.Fields))
	name := f.t.structName(f.mod, st)
	for _, s := range f.t.prog.Structs {
		if s.Name == name && i < len(s.Fields) {
			return s.Fields[i].Name
		}
	}
	return "f" + strconv.Itoa(i)
}

func (f *fn) indexText(v value.Value) string {
	if c, ok := v.(*constant.Int); ok {
		return strconv.FormatInt(bigInt(c.X), 10)
	}
	if c, ok := f.consts[v].(lsl.Const); ok && c.V.Kind == lsl.KNum {
		// an instruction on constants (offsetof(T, m) / sizeof(int))
		return strconv.FormatInt(c.V.Num, 10)
	}
	return f.ptrText(v)
}

func isZero(v value.Value) bool {
	c, ok := v.(*constant.Int)
	return ok && c.X.Sign() == 0
}

// isObject reports whether a pointer value is the address of a named
// object (a global, a local, or a part of one).
func isObject(v value.Value) bool {
	switch v := v.(type) {
	case *ir.Global, *ir.InstAlloca:
		return true
	case *ir.InstGetElementPtr:
		return isObject(v.Src)
	case *constant.ExprGetElementPtr:
		return isObject(v.Src)
	case *ir.InstBitCast:
		return isObject(v.From)
	case *constant.ExprBitCast:
		return isObject(v.From)
	}
	return false
}

// globalCName is the C name of a global (static locals are f.x in LLVM).
func globalCName(g *ir.Global) string {
	for _, md := range g.Metadata {
		if md.Name != "dbg" {
			continue
		}
		if e, ok := md.Node.(*metadata.DIGlobalVariableExpression); ok && e.Var != nil && e.Var.Name != "" {
			return e.Var.Name
		}
	}
	return g.Name()
}

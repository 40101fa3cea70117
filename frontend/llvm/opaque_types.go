package llvmfront

import (
	"strconv"
	"strings"
)

// Types of the reader of opaque-pointer IR (opaque.go). A ty is an LLVM
// type in which every pointer has a pointee: a variable (tvar) that the
// inference binds to a type, so that the IR can be printed with typed
// pointers.

type tyKind uint8

const (
	kOther  tyKind = iota // label, metadata, token, x86_mmx, …: printed as written
	kVoid                 // void
	kInt                  // iN
	kFloat                // half, float, double, x86_fp80, fp128, …
	kPtr                  // a pointer (ptr, T*)
	kNamed                // %struct.x
	kArray                // [N x T]
	kVector               // <N x T>
	kStruct               // { T, … }, <{ T, … }>
	kFunc                 // T (T, …)
)

type ty struct {
	kind     tyKind
	bits     int    // kInt
	name     string // kFloat, kNamed (with its %), kOther: the text
	n        int64  // kArray, kVector: length
	scalable bool   // kVector: <vscale x …>
	elem     *ty    // kArray, kVector
	fields   []*ty  // kStruct
	packed   bool   // kStruct
	ret      *ty    // kFunc
	params   []*ty  // kFunc
	variadic bool   // kFunc
	to       *tvar  // kPtr: the pointee
	space    string // kPtr: " addrspace(N)" or ""
}

// tvar is the pointee of a pointer: unbound until the inference (or the
// type written in the IR) gives it a type. Variables that must have the
// same type are linked (union-find).
type tvar struct {
	link *tvar
	t    *ty
}

func (v *tvar) find() *tvar {
	for v.link != nil {
		if v.link.link != nil {
			v.link = v.link.link
		}
		v = v.link
	}
	return v
}

// get is the type bound to v, or nil.
func (v *tvar) get() *ty { return v.find().t }

// bind gives an unbound variable a type (false if it has one).
func (v *tvar) bind(t *ty) bool {
	r := v.find()
	if r.t != nil || t == nil {
		return false
	}
	if t.kind == kPtr {
		// a pointer to a pointer: the pointee shares the variable
		r.t = &ty{kind: kPtr, to: t.to, space: t.space}
		return true
	}
	r.t = t
	return true
}

// unify links two variables when at most one of them is bound, and
// reports whether they now stand for one type.
func unify(a, b *tvar) bool {
	ra, rb := a.find(), b.find()
	if ra == rb {
		return true
	}
	switch {
	case ra.t == nil:
		ra.link = rb
		return true
	case rb.t == nil:
		rb.link = ra
		return true
	}
	return false
}

var (
	tyI8   = &ty{kind: kInt, bits: 8}
	tyI1   = &ty{kind: kInt, bits: 1}
	tyI64  = &ty{kind: kInt, bits: 64}
	tyVoid = &ty{kind: kVoid}
)

// ptrTo is a pointer to t.
func ptrTo(t *ty) *ty { return &ty{kind: kPtr, to: &tvar{t: t}} }

// i8Ptr is i8*, the type of void* in typed IR.
func i8Ptr() *ty { return ptrTo(tyI8) }

// hasPtr reports whether t contains a pointer (before the named types it
// refers to).
func (t *ty) hasPtr() bool {
	switch t.kind {
	case kPtr:
		return true
	case kArray, kVector:
		return t.elem.hasPtr()
	case kStruct:
		for _, f := range t.fields {
			if f.hasPtr() {
				return true
			}
		}
	case kFunc:
		if t.ret.hasPtr() {
			return true
		}
		for _, p := range t.params {
			if p.hasPtr() {
				return true
			}
		}
	}
	return false
}

// String prints t with typed pointers; an unbound pointee is i8.
func (t *ty) String() string {
	var b strings.Builder
	t.print(&b, 0)
	return b.String()
}

// maxTypeDepth bounds printing: a variable bound to a pointer to itself
// (which no C type is) prints as i8 below it.
const maxTypeDepth = 24

func (t *ty) print(b *strings.Builder, depth int) {
	if depth > maxTypeDepth {
		b.WriteString("i8")
		return
	}
	switch t.kind {
	case kVoid:
		b.WriteString("void")
	case kInt:
		b.WriteString("i")
		b.WriteString(strconv.Itoa(t.bits))
	case kFloat, kNamed, kOther:
		b.WriteString(t.name)
	case kPtr:
		e := t.to.get()
		if e == nil || e.kind == kVoid {
			e = tyI8
		}
		e.print(b, depth+1)
		b.WriteString(t.space)
		b.WriteString("*")
	case kArray:
		b.WriteString("[")
		b.WriteString(strconv.FormatInt(t.n, 10))
		b.WriteString(" x ")
		t.elem.print(b, depth+1)
		b.WriteString("]")
	case kVector:
		b.WriteString("<")
		if t.scalable {
			b.WriteString("vscale x ")
		}
		b.WriteString(strconv.FormatInt(t.n, 10))
		b.WriteString(" x ")
		t.elem.print(b, depth+1)
		b.WriteString(">")
	case kStruct:
		if t.packed {
			b.WriteString("<")
		}
		if len(t.fields) == 0 {
			b.WriteString("{}")
		} else {
			b.WriteString("{ ")
			for i, f := range t.fields {
				if i > 0 {
					b.WriteString(", ")
				}
				f.print(b, depth+1)
			}
			b.WriteString(" }")
		}
		if t.packed {
			b.WriteString(">")
		}
	case kFunc:
		t.ret.print(b, depth+1)
		b.WriteString(" (")
		for i, p := range t.params {
			if i > 0 {
				b.WriteString(", ")
			}
			p.print(b, depth+1)
		}
		if t.variadic {
			if len(t.params) > 0 {
				b.WriteString(", ")
			}
			b.WriteString("...")
		}
		b.WriteString(")")
	}
}

// same reports whether two types print alike.
func same(a, b *ty) bool {
	if a == b {
		return true
	}
	if a.kind != b.kind {
		return false
	}
	return a.String() == b.String()
}

// layout is the x86-64 size and alignment of types, for matching LLVM
// structs with the C structs of the debug information.
type layout struct {
	named map[string]*ty // %name → body (nil: opaque)
}

func (l layout) sizeAlign(t *ty, depth int) (size, align int64, ok bool) {
	if depth > 32 {
		return 0, 0, false
	}
	switch t.kind {
	case kInt:
		size = int64(t.bits+7) / 8
		switch {
		case size <= 1:
			return 1, 1, true
		case size <= 2:
			return 2, 2, true
		case size <= 4:
			return 4, 4, true
		case size <= 8:
			return 8, 8, true
		}
		size = (size + 15) / 16 * 16
		return size, 16, true
	case kPtr:
		return 8, 8, true
	case kFloat:
		switch t.name {
		case "half", "bfloat":
			return 2, 2, true
		case "float":
			return 4, 4, true
		case "double":
			return 8, 8, true
		case "x86_fp80", "fp128", "ppc_fp128":
			return 16, 16, true
		}
	case kArray:
		s, a, ok := l.sizeAlign(t.elem, depth+1)
		return s * t.n, a, ok
	case kVector:
		s, _, ok := l.sizeAlign(t.elem, depth+1)
		size = s * t.n
		align = 1
		for align < size && align < 64 {
			align *= 2
		}
		return size, align, ok
	case kNamed:
		body := l.named[t.name]
		if body == nil {
			return 0, 0, false
		}
		return l.sizeAlign(body, depth+1)
	case kStruct:
		offs, size, align, ok := l.fieldOffsets(t, depth)
		_ = offs
		return size, align, ok
	}
	return 0, 0, false
}

// fieldOffsets is the byte offset of each field of a struct type.
func (l layout) fieldOffsets(t *ty, depth int) (offs []int64, size, align int64, ok bool) {
	align = 1
	for _, f := range t.fields {
		s, a, ok := l.sizeAlign(f, depth+1)
		if !ok {
			return nil, 0, 0, false
		}
		if t.packed {
			a = 1
		}
		size = (size + a - 1) / a * a
		offs = append(offs, size)
		size += s
		align = max(align, a)
	}
	size = (size + align - 1) / align * align
	return offs, size, align, true
}

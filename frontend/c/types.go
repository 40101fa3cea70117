package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// tclass is how the translation treats a C type.
type tclass int

const (
	tcBad    tclass = iota // unsupported (floating point, unions, …) or invalid
	tcVoid                 // void
	tcInt                  // every integer type, enums, _Bool: an LSL number
	tcPtr                  // a pointer: an LSL pointer (or the number 0)
	tcPacked               // a struct used as a packed word: one LSL composite
	tcStruct               // a struct in memory
	tcArray                // an array in memory
	tcFunc                 // a function
)

func (t *translator) class(ty cc.Type) tclass {
	if ty == nil {
		return tcBad
	}
	if ty.VectorSize() > 0 {
		return tcBad
	}
	switch ty.Kind() {
	case cc.Void:
		return tcVoid
	case cc.Bool, cc.Char, cc.SChar, cc.UChar, cc.Short, cc.UShort, cc.Int, cc.UInt,
		cc.Long, cc.ULong, cc.LongLong, cc.ULongLong, cc.Enum, cc.Int128, cc.UInt128:
		return tcInt
	case cc.Ptr:
		return tcPtr
	case cc.Struct:
		if t.isPacked(ty) {
			return tcPacked
		}
		return tcStruct
	case cc.Array:
		return tcArray
	case cc.Function:
		return tcFunc
	}
	return tcBad
}

// isScalar reports whether values of the type fit in one memory cell.
func (t *translator) isScalar(ty cc.Type) bool {
	switch t.class(ty) {
	case tcInt, tcPtr, tcPacked:
		return true
	}
	return false
}

// unsupported names what is wrong with a type of class tcBad.
func unsupported(ty cc.Type) string {
	if ty == nil {
		return "this type is not supported"
	}
	if ty.VectorSize() > 0 {
		return "vector types are not supported"
	}
	switch ty.Kind() {
	case cc.Float, cc.Double, cc.LongDouble, cc.Float16, cc.Float32, cc.Float32x,
		cc.Float64, cc.Float64x, cc.Float128, cc.Float128x, cc.Decimal32, cc.Decimal64, cc.Decimal128:
		return "floating point is not supported"
	case cc.ComplexChar, cc.ComplexDouble, cc.ComplexFloat, cc.ComplexFloat16, cc.ComplexInt,
		cc.ComplexLong, cc.ComplexLongDouble, cc.ComplexLongLong, cc.ComplexShort, cc.ComplexUInt, cc.ComplexUShort:
		return "complex numbers are not supported"
	case cc.Union:
		return "unions are not supported"
	}
	return "type " + ty.String() + " is not supported"
}

// checkObjectType reports an error (at n) if objects of type ty cannot be
// translated, and declares the structs ty contains. what names the object.
func (t *translator) checkObjectType(ty cc.Type, n cc.Node, what string) bool {
	switch t.class(ty) {
	case tcBad:
		t.errorf(n, diag.CodeUnsupported, "%s: %s", what, unsupported(ty))
		return false
	case tcVoid:
		t.errorf(n, diag.CodeType, "%s: object of type void", what)
		return false
	case tcFunc:
		return true
	case tcPtr:
		if pt, ok := ty.(*cc.PointerType); ok && pt.Elem().Kind() == cc.Function {
			t.errorf(n, diag.CodeUnsupported, "%s: function pointers are not supported", what)
			return false
		}
		return true
	case tcArray:
		at, ok := ty.(*cc.ArrayType)
		if !ok {
			t.errorf(n, diag.CodeUnsupported, "%s: unsupported array type", what)
			return false
		}
		if at.IsVLA() {
			t.errorf(n, diag.CodeUnsupported, "%s: variable length arrays are not supported", what)
			return false
		}
		if at.Len() < 0 {
			t.errorf(n, diag.CodeType, "%s: array of unknown size", what)
			return false
		}
		return t.checkObjectType(at.Elem(), n, what)
	case tcStruct:
		return t.ensureStruct(ty, n) != ""
	}
	return true
}

// structType returns the struct type behind ty, or nil.
func structType(ty cc.Type) *cc.StructType {
	st, _ := ty.(*cc.StructType)
	return st
}

// structName is the LSL name of a C struct type: its tag, else its typedef
// name, else a generated name.
func (t *translator) structName(ty cc.Type) string {
	st := structType(ty)
	if st == nil {
		return ""
	}
	if tag := st.Tag(); tag.SrcStr() != "" {
		return tag.SrcStr()
	}
	if d := st.Typedef(); d != nil && d.Name() != "" {
		return d.Name()
	}
	var key *cc.Declarator
	if f := st.FieldByIndex(0); f != nil {
		key = f.Declarator()
	}
	if key != nil {
		if name, ok := t.anonStructs[key]; ok {
			return name
		}
	}
	t.anonCount++
	name := "anon" + itoa(t.anonCount)
	for t.structs[name] != nil {
		t.anonCount++
		name = "anon" + itoa(t.anonCount)
	}
	if key != nil {
		t.anonStructs[key] = name
	}
	return name
}

// collectTypedefs remembers the typedef names of untagged structs, so that
// every use of such a struct gets the same name.
func (t *translator) collectTypedefs(u *unit) {
	walkNodes(u.ast.TranslationUnit, func(n cc.Node) bool {
		d, ok := n.(*cc.Declarator)
		if !ok || !d.IsTypename() {
			return true
		}
		st := structType(d.Type())
		if st == nil {
			return true
		}
		if tag := st.Tag(); tag.SrcStr() != "" {
			return true
		}
		if f := st.FieldByIndex(0); f != nil && f.Declarator() != nil {
			if _, ok := t.anonStructs[f.Declarator()]; !ok {
				t.anonStructs[f.Declarator()] = d.Name()
			}
		}
		return true
	})
}

// fields lists the fields of a struct in declaration order.
func structFields(st *cc.StructType) []*cc.Field {
	var out []*cc.Field
	for i := 0; i < st.NumFields(); i++ {
		if f := st.FieldByIndex(i); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// fieldIndex is the LSL offset of the named field: its position.
func fieldIndex(st *cc.StructType, name string) int {
	for i, f := range structFields(st) {
		if f.Name() == name {
			return i
		}
	}
	return -1
}

// ensureStruct declares the LSL struct for ty (and the structs nested in
// it) and returns its name, or "" after reporting why it cannot be used.
func (t *translator) ensureStruct(ty cc.Type, n cc.Node) string {
	st := structType(ty)
	if st == nil {
		t.errorf(n, diag.CodeUnsupported, "%s", unsupported(ty))
		return ""
	}
	name := t.structName(st)
	if st.IsIncomplete() {
		t.errorf(n, diag.CodeType, "struct %s is incomplete", name)
		return ""
	}
	var fields []lsl.Field
	ok := true
	for _, f := range structFields(st) {
		fname := f.Name()
		switch {
		case fname == "":
			t.errorf(n, diag.CodeUnsupported, "struct %s: anonymous members are not supported", name)
			ok = false
		case f.IsBitfield():
			t.errorf(n, diag.CodeUnsupported, "struct %s: bit-field %s is not supported (use a packed word)", name, fname)
			ok = false
		case f.IsFlexibleArrayMember():
			t.errorf(n, diag.CodeUnsupported, "struct %s: flexible array member %s is not supported", name, fname)
			ok = false
		case !t.checkObjectType(f.Type(), n, "field "+name+"."+fname):
			ok = false
		}
		fields = append(fields, lsl.Field{Name: fname, Type: t.typeRef(f.Type())})
	}
	if !ok {
		return ""
	}
	if old := t.structs[name]; old != nil {
		if !sameFields(old.Fields, fields) {
			t.errorf(n, diag.CodeDuplicateDecl, "struct %s is defined differently at %s", name, t.structSrc[name])
			return ""
		}
		return name
	}
	pos := nodePos(st.Tag())
	if !pos.IsValid() {
		pos = nodePos(n)
	}
	s := &lsl.Struct{Name: name, Fields: fields, Pos: pos}
	t.structs[name] = s
	t.structSrc[name] = pos
	t.prog.Structs = append(t.prog.Structs, s)
	return name
}

func sameFields(a, b []lsl.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Type.String() != b[i].Type.String() {
			return false
		}
	}
	return true
}

// typeRef names an object type for traces: nil for a scalar, the struct
// name, or the element type with array dimensions.
func (t *translator) typeRef(ty cc.Type) *lsl.TypeRef {
	switch t.class(ty) {
	case tcStruct:
		return &lsl.TypeRef{Name: t.structName(ty)}
	case tcArray:
		at, ok := ty.(*cc.ArrayType)
		if !ok {
			return nil
		}
		elem := t.typeRef(at.Elem())
		if elem == nil {
			elem = &lsl.TypeRef{Name: "int"}
		}
		return &lsl.TypeRef{Name: elem.Name, Dims: append([]int64{at.Len()}, elem.Dims...)}
	}
	return nil
}

// allocRef is like typeRef but names scalars "int" (for allocated blocks).
func (t *translator) allocRef(ty cc.Type) *lsl.TypeRef {
	if ty == nil {
		return nil
	}
	if r := t.typeRef(ty); r != nil {
		return r
	}
	if t.isScalar(ty) {
		return &lsl.TypeRef{Name: "int"}
	}
	return nil
}

// isPacked reports whether ty is the C type of a packed word.
func (t *translator) isPacked(ty cc.Type) bool {
	if ty.Kind() != cc.Struct {
		return false
	}
	_, ok := t.packedTypes[t.structName(ty)]
	return ok
}

func itoa(n int) string {
	return lsl.Num(int64(n)).String()
}

// elemType is the pointed-to type of a pointer (or the element type of an
// array), or nil.
func elemType(ty cc.Type) cc.Type {
	switch x := ty.(type) {
	case *cc.PointerType:
		return x.Elem()
	case *cc.ArrayType:
		return x.Elem()
	}
	return nil
}

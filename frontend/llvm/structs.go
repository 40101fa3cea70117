package llvmfront

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir/types"
)

// typeRef names an aggregate type for LSL (traces print node#2.next and
// tab[1] from it): structs by their C tag, arrays by element and
// dimensions. Scalars have no TypeRef (nil).
func (t *translator) typeRef(mod *module, ty types.Type) *lsl.TypeRef {
	switch ty := ty.(type) {
	case *types.StructType:
		name := t.structName(mod, ty)
		if name == "" {
			return nil
		}
		return &lsl.TypeRef{Name: name}
	case *types.ArrayType:
		var dims []int64
		var e types.Type = ty
		for {
			a, ok := e.(*types.ArrayType)
			if !ok {
				break
			}
			dims = append(dims, int64(a.Len))
			e = a.ElemType
		}
		name := "int"
		switch e := e.(type) {
		case *types.StructType:
			name = t.structName(mod, e)
			if name == "" {
				return nil
			}
		case *types.PointerType:
			name = "ptr"
		}
		return &lsl.TypeRef{Name: name, Dims: dims}
	}
	return nil
}

// cStructName is the C tag of an LLVM struct type name: struct.node →
// node (clang's numeric suffixes for clashing types are kept: node.1 →
// node_1).
func cStructName(llvmName string) string {
	for _, p := range []string{"struct.", "class.", "union."} {
		if strings.HasPrefix(llvmName, p) {
			return llvmName[len(p):]
		}
	}
	return llvmName
}

// structName declares (once) the LSL struct for an LLVM struct type and
// returns its name; "" for opaque structs.
func (t *translator) structName(mod *module, st *types.StructType) string {
	if st.Opaque {
		return ""
	}
	var def strings.Builder
	for _, f := range st.Fields {
		def.WriteString(f.String())
		def.WriteString(";")
	}
	key := "literal:" + def.String()
	base := "anon"
	if st.TypeName != "" {
		key = "named:" + st.TypeName + "=" + def.String()
		base = identName(cStructName(st.TypeName))
	}
	if name, ok := t.structs[key]; ok {
		return name
	}
	name := uniqueName(base, t.structTaken)
	t.structs[key] = name
	s := &lsl.Struct{Name: name, Pos: diag.Pos{File: mod.name, Line: 1}}
	names := t.fieldNames(mod, st)
	for i, f := range st.Fields {
		s.Fields = append(s.Fields, lsl.Field{Name: names[i], Type: t.typeRef(mod, f)})
	}
	t.prog.Structs = append(t.prog.Structs, s)
	return name
}

// fieldNames names the fields of a struct from the debug info when its
// members line up with the LLVM fields, else f0, f1, ….
func (t *translator) fieldNames(mod *module, st *types.StructType) []string {
	c := cStructName(st.TypeName)
	names, ok := mod.fields[c]
	if !ok {
		// clang's suffix for a second type of the same tag: node.1
		if i := strings.LastIndexByte(c, '.'); i > 0 {
			if _, err := strconv.Atoi(c[i+1:]); err == nil {
				names, ok = mod.fields[c[:i]]
			}
		}
	}
	out := make([]string, len(st.Fields))
	taken := map[string]bool{}
	for i := range st.Fields {
		n := "f" + strconv.Itoa(i)
		if ok && len(names) == len(st.Fields) && names[i] != "" {
			n = identName(names[i])
		}
		out[i] = uniqueName(n, taken)
	}
	return out
}

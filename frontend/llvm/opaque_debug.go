package llvmfront

import (
	"sort"
	"strconv"
	"strings"
)

// The C types of the debug information (clang -g), for the reader of
// opaque-pointer IR (opaque.go): a variable's, a parameter's, a global's
// or a struct member's C type says what its pointers point to, as clang
// 14 wrote it in the IR. A struct is the module's LLVM struct of that
// name (struct.NAME, class.NS::NAME, union.NAME, with clang's .N suffixes
// for clashes and template instances) whose layout matches the members;
// a struct the module only points to is defined from its members.

type diTyper struct {
	m       *omod
	lay     layout
	memo    map[string]*ty
	busy    map[string]bool
	structs map[string]string // composite !N → %name
	taken   map[string]bool   // LLVM struct names already matched
}

func newDITyper(m *omod) *diTyper {
	d := &diTyper{m: m, memo: map[string]*ty{}, busy: map[string]bool{}, structs: map[string]string{}, taken: map[string]bool{}}
	d.lay = layout{named: map[string]*ty{}}
	for _, n := range m.namedList {
		d.lay.named[n.name] = n.body
	}
	return d
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

func (d *diTyper) field(n *mdNode, key string) string { return n.fields[key] }

func (d *diTyper) intField(n *mdNode, key string) int64 {
	v, _ := strconv.ParseInt(n.fields[key], 10, 64)
	return v
}

// typeOf maps a debug type reference to a type (nil: unknown). void is
// kVoid.
func (d *diTyper) typeOf(ref string) *ty { return d.typeNamed(ref, "") }

// typeNamed is typeOf, with the typedef name an anonymous struct takes.
func (d *diTyper) typeNamed(ref, typedef string) *ty {
	if ref == "" || ref == "null" {
		return tyVoid
	}
	key := ref + "\x00" + typedef
	if t, ok := d.memo[key]; ok {
		return t
	}
	if s, ok := d.structs[ref]; ok {
		// a struct being defined refers to itself through a pointer
		return &ty{kind: kNamed, name: s}
	}
	if d.busy[key] {
		return nil
	}
	d.busy[key] = true
	t := d.compute(ref, typedef)
	delete(d.busy, key)
	d.memo[key] = t
	return t
}

func (d *diTyper) compute(ref, typedef string) *ty {
	n := d.m.meta[ref]
	if n == nil {
		return nil
	}
	switch n.kind {
	case "DIBasicType":
		if d.field(n, "tag") == "DW_TAG_unspecified_type" {
			return ptrTo(tyI8) // decltype(nullptr)
		}
		size := int(d.intField(n, "size"))
		switch d.field(n, "encoding") {
		case "DW_ATE_float":
			switch size {
			case 16:
				return &ty{kind: kFloat, name: "half"}
			case 32:
				return &ty{kind: kFloat, name: "float"}
			case 64:
				return &ty{kind: kFloat, name: "double"}
			case 80, 128:
				return &ty{kind: kFloat, name: "x86_fp80"}
			}
			return nil
		case "DW_ATE_boolean":
			return tyI8
		}
		if size <= 0 {
			return nil
		}
		return &ty{kind: kInt, bits: size}
	case "DIDerivedType":
		base := d.field(n, "baseType")
		switch d.field(n, "tag") {
		case "DW_TAG_pointer_type", "DW_TAG_reference_type", "DW_TAG_rvalue_reference_type":
			e := d.typeOf(base)
			if e == nil || e.kind == kVoid {
				e = tyI8
			}
			return ptrTo(e)
		case "DW_TAG_typedef":
			return d.typeNamed(base, unquote(d.field(n, "name")))
		case "DW_TAG_const_type", "DW_TAG_volatile_type", "DW_TAG_atomic_type", "DW_TAG_restrict_type", "DW_TAG_member", "DW_TAG_inheritance":
			return d.typeNamed(base, typedef)
		case "DW_TAG_ptr_to_member_type":
			if b := d.m.meta[base]; b != nil && b.kind == "DISubroutineType" {
				return &ty{kind: kStruct, fields: []*ty{tyI64, tyI64}}
			}
			return tyI64
		}
		return nil
	case "DICompositeType":
		switch d.field(n, "tag") {
		case "DW_TAG_structure_type", "DW_TAG_class_type", "DW_TAG_union_type":
			name := d.structName(ref, n, typedef)
			if name == "" {
				return nil
			}
			return &ty{kind: kNamed, name: name}
		case "DW_TAG_enumeration_type":
			if size := int(d.intField(n, "size")); size > 0 {
				return &ty{kind: kInt, bits: size}
			}
			return d.typeOf(d.field(n, "baseType"))
		case "DW_TAG_array_type":
			e := d.typeOf(d.field(n, "baseType"))
			if e == nil || e.kind == kVoid {
				return nil
			}
			dims := d.tuple(d.field(n, "elements"))
			if len(dims) == 0 {
				return nil
			}
			for i := len(dims) - 1; i >= 0; i-- {
				sr := d.m.meta[dims[i]]
				count := int64(0)
				if sr != nil {
					count = d.intField(sr, "count")
				}
				if count < 0 {
					count = 0
				}
				e = &ty{kind: kArray, n: count, elem: e}
			}
			return e
		}
		return nil
	case "DISubroutineType":
		types := d.tuple(d.field(n, "types"))
		if len(types) == 0 {
			return nil
		}
		f := &ty{kind: kFunc, ret: d.typeOf(types[0])}
		if f.ret == nil || f.ret.kind == kNamed || f.ret.kind == kArray {
			return nil
		}
		for i, p := range types[1:] {
			if p == "null" && i == len(types)-2 {
				f.variadic = true
				break
			}
			pt := d.typeOf(p)
			if pt == nil || pt.kind == kVoid || pt.kind == kNamed || pt.kind == kArray || pt.kind == kStruct {
				return nil // passed by value: the LLVM parameters differ
			}
			if pt.kind == kInt && pt.bits == 8 && d.isBool(p) {
				pt = tyI1
			}
			f.params = append(f.params, pt)
		}
		return f
	}
	return nil
}

// isBool reports whether a debug type is bool (passed as i1).
func (d *diTyper) isBool(ref string) bool {
	for i := 0; i < 10; i++ {
		n := d.m.meta[ref]
		if n == nil {
			return false
		}
		if n.kind == "DIBasicType" {
			return d.field(n, "encoding") == "DW_ATE_boolean"
		}
		if n.kind != "DIDerivedType" {
			return false
		}
		ref = d.field(n, "baseType")
	}
	return false
}

// tuple returns the elements of a tuple reference.
func (d *diTyper) tuple(ref string) []string {
	if n := d.m.meta[ref]; n != nil && n.kind == "" {
		return n.elems
	}
	return nil
}

// qualName is the name of a composite with its namespaces and enclosing
// classes (C++), without template arguments.
func (d *diTyper) qualName(n *mdNode, typedef string) string {
	name := unquote(d.field(n, "name"))
	if name == "" {
		name = typedef
	}
	if name == "" {
		name = "anon"
	}
	if i := strings.IndexByte(name, '<'); i > 0 {
		name = name[:i]
	}
	scope := d.field(n, "scope")
	for i := 0; i < 20 && scope != "" && scope != "null"; i++ {
		s := d.m.meta[scope]
		if s == nil || s.kind != "DINamespace" && s.kind != "DICompositeType" {
			break
		}
		sn := unquote(d.field(s, "name"))
		if i := strings.IndexByte(sn, '<'); i > 0 {
			sn = sn[:i]
		}
		if sn == "" {
			sn = "(anonymous namespace)"
		}
		name = sn + "::" + name
		scope = d.field(s, "scope")
	}
	return name
}

// structName finds (or defines) the LLVM struct of a C struct, class or
// union.
func (d *diTyper) structName(ref string, n *mdNode, typedef string) string {
	if s, ok := d.structs[ref]; ok {
		return s
	}
	prefix := "struct."
	switch d.field(n, "tag") {
	case "DW_TAG_class_type":
		prefix = "class."
	case "DW_TAG_union_type":
		prefix = "union."
	}
	base := prefix + d.qualName(n, typedef)
	type cand struct {
		name  string
		order int
	}
	var cands []cand
	for _, nt := range d.m.namedList {
		un := unquote(strings.TrimPrefix(nt.name, "%"))
		switch {
		case un == base:
			cands = append(cands, cand{nt.name, -1})
		case strings.HasPrefix(un, base+".") && isDigits(un[len(base)+1:]):
			k, _ := strconv.Atoi(un[len(base)+1:])
			cands = append(cands, cand{nt.name, k})
		}
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].order < cands[j].order })
	// one not matched yet first: two instances of a template have the
	// same name and often the same layout
	for pass := 0; pass < 2; pass++ {
		for _, c := range cands {
			if (pass == 0) == d.taken[c.name] {
				continue
			}
			if d.layoutMatches(c.name, n) {
				d.structs[ref] = c.name
				d.taken[c.name] = true
				return c.name
			}
		}
	}
	return d.define(ref, base, n)
}

// members are the data members of a composite: (offset in bytes, type
// reference), inheritance included, static members left out.
func (d *diTyper) members(n *mdNode) (offs []int64, types []string, ok bool) {
	for _, e := range d.tuple(d.field(n, "elements")) {
		mn := d.m.meta[e]
		if mn == nil || mn.kind != "DIDerivedType" {
			continue
		}
		tag := d.field(mn, "tag")
		if tag != "DW_TAG_member" && tag != "DW_TAG_inheritance" {
			continue
		}
		flags := d.field(mn, "flags")
		if strings.Contains(flags, "DIFlagStaticMember") {
			continue
		}
		if strings.Contains(flags, "DIFlagBitField") {
			return nil, nil, false
		}
		offs = append(offs, d.intField(mn, "offset")/8)
		types = append(types, d.field(mn, "baseType"))
	}
	return offs, types, true
}

// layoutMatches reports whether the LLVM struct name has the size of the
// composite and a field at the offset of each of its members.
func (d *diTyper) layoutMatches(name string, n *mdNode) bool {
	body := d.lay.named[name]
	size := d.intField(n, "size") / 8
	if body == nil {
		return strings.Contains(d.field(n, "flags"), "DIFlagFwdDecl") || size == 0
	}
	offs, lsize, _, ok := d.lay.fieldOffsets(body, 0)
	if !ok {
		return false
	}
	if size != lsize && !(size < lsize && body.packed) {
		// a class whose tail padding holds a derived class's fields is
		// a packed LLVM struct of the size without the padding
		if !(body.packed && size >= lsize) {
			return false
		}
	}
	if d.field(n, "tag") == "DW_TAG_union_type" {
		return true
	}
	moffs, _, ok := d.members(n)
	if !ok {
		return true // bit-fields: the size decides
	}
	at := map[int64]bool{}
	for _, o := range offs {
		at[o] = true
	}
	for _, o := range moffs {
		if !at[o] {
			return false
		}
	}
	return true
}

// define adds a struct the module does not define (it only points to
// it): from its members when they lay out naturally, else opaque.
func (d *diTyper) define(ref, base string, n *mdNode) string {
	name := "%" + quoteName(base)
	for k := 0; d.m.named[name] != nil; k++ {
		name = "%" + quoteName(base+"."+strconv.Itoa(k))
	}
	d.structs[ref] = name
	nt := &namedTy{name: name}
	d.m.named[name] = nt
	d.m.namedList = append(d.m.namedList, nt)
	d.m.addedTypes = append(d.m.addedTypes, nt)
	d.lay.named[name] = nil
	if strings.Contains(d.field(n, "flags"), "DIFlagFwdDecl") || d.field(n, "tag") == "DW_TAG_union_type" {
		return name
	}
	offs, types, ok := d.members(n)
	if !ok || len(offs) == 0 {
		return name
	}
	body := &ty{kind: kStruct}
	for _, t := range types {
		ft := d.typeOf(t)
		if ft == nil || ft.kind == kVoid || ft.kind == kFunc {
			return name
		}
		body.fields = append(body.fields, ft)
	}
	loffs, size, _, ok := d.lay.fieldOffsets(body, 0)
	if !ok || size != d.intField(n, "size")/8 {
		return name
	}
	for i := range offs {
		if offs[i] != loffs[i] {
			return name
		}
	}
	nt.body = body
	d.lay.named[name] = body
	return name
}

// quoteName quotes a type name that is not a plain identifier.
func quoteName(s string) string {
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) {
			return strconv.Quote(s)
		}
	}
	return s
}

// bindFields gives the pointers in the fields of the module's structs the
// types of the members at their offsets.
func (d *diTyper) bindFields() {
	for ref, name := range d.structs {
		n := d.m.meta[ref]
		body := d.lay.named[name]
		if n == nil || body == nil || !body.hasPtr() {
			continue
		}
		offs, _, _, ok := d.lay.fieldOffsets(body, 0)
		if !ok {
			continue
		}
		moffs, mtypes, ok := d.members(n)
		if !ok {
			continue
		}
		for i, f := range body.fields {
			if !f.hasPtr() {
				continue
			}
			for j := range moffs {
				if moffs[j] != offs[i] {
					continue
				}
				mt := d.typeOf(mtypes[j])
				if mt == nil {
					continue
				}
				if f.kind == kPtr && mt.kind != kPtr {
					continue // a union member of another kind
				}
				matchBind(f, mt)
				break
			}
		}
	}
}

// matchBind gives the unbound pointers of t the pointees of the same
// pointers of d (a type from the debug information).
func matchBind(t, d *ty) {
	if t == nil || d == nil {
		return
	}
	switch t.kind {
	case kPtr:
		if d.kind != kPtr {
			return
		}
		dp := d.to.get()
		if dp == nil {
			return
		}
		if tp := t.to.get(); tp != nil {
			matchBind(tp, dp)
			return
		}
		t.to.bind(dp)
	case kArray, kVector:
		if d.kind == t.kind {
			matchBind(t.elem, d.elem)
		}
	case kStruct:
		if d.kind == kStruct && len(d.fields) == len(t.fields) {
			for i := range t.fields {
				matchBind(t.fields[i], d.fields[i])
			}
		}
	}
}

// varType is the type of a DILocalVariable or DIGlobalVariable.
func (d *diTyper) varType(ref string) *ty {
	n := d.m.meta[ref]
	if n == nil {
		return nil
	}
	if n.kind == "DIGlobalVariableExpression" {
		n = d.m.meta[d.field(n, "var")]
		if n == nil {
			return nil
		}
	}
	return d.typeOf(d.field(n, "type"))
}

// returnType is the C return type of a function's DISubprogram.
func (d *diTyper) returnType(sp string) *ty {
	n := d.m.meta[sp]
	if n == nil {
		return nil
	}
	st := d.m.meta[d.field(n, "type")]
	if st == nil {
		return nil
	}
	types := d.tuple(d.field(st, "types"))
	if len(types) == 0 {
		return nil
	}
	return d.typeOf(types[0])
}

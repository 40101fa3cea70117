package llvmfront

// Padding in constants (clang 20 and later). clang now writes the padding
// bytes of an initialized struct: a global struct node { void *next; int
// value; } is { ptr, i32, [4 x i8] } with its padding zeroed, no longer a
// %struct.node, and the padding of a compound literal is cleared by a
// memset of the padding bytes. clang 14 wrote the named struct and left
// padding alone, and the translation types memory by it. The reader
// gives such a global its struct type back (the one its debug type names,
// else the only struct of the module it pads) and leaves out the padding
// elements of its initializer; a memset of 0 that covers only padding is
// dropped.

// padsStruct reports whether the literal struct s is the named struct n
// with padding made explicit: n's fields at their offsets, every other
// field a byte or an array of bytes in n's padding.
func (m *omod) padsStruct(lay layout, s, n *ty) (keep []int, ok bool) {
	if s == nil || s.kind != kStruct || s.packed {
		return nil, false
	}
	body := m.body(n)
	if body == nil || body.kind != kStruct || len(body.fields) >= len(s.fields) {
		return nil, false
	}
	soffs, ssize, _, ok1 := lay.fieldOffsets(s, 0)
	noffs, nsize, _, ok2 := lay.fieldOffsets(body, 0)
	if !ok1 || !ok2 || ssize != nsize {
		return nil, false
	}
	k := 0
	for i, f := range s.fields {
		if k < len(body.fields) && soffs[i] == noffs[k] && sameShape(f, body.fields[k], 0) {
			keep = append(keep, i)
			k++
			continue
		}
		if !isBytes(f) {
			return nil, false
		}
	}
	return keep, k == len(body.fields)
}

// sameShape compares types with every pointer alike (the pointees are not
// known yet).
func sameShape(a, b *ty, depth int) bool {
	if a.kind != b.kind || depth > 16 {
		return false
	}
	switch a.kind {
	case kPtr:
		return true
	case kArray, kVector:
		return a.n == b.n && sameShape(a.elem, b.elem, depth+1)
	case kStruct:
		if len(a.fields) != len(b.fields) || a.packed != b.packed {
			return false
		}
		for i := range a.fields {
			if !sameShape(a.fields[i], b.fields[i], depth+1) {
				return false
			}
		}
		return true
	}
	return a.String() == b.String()
}

// isBytes reports whether t is i8 or an array of i8.
func isBytes(t *ty) bool {
	for t.kind == kArray {
		t = t.elem
	}
	return t.kind == kInt && t.bits == 8
}

// unpadGlobals gives globals written with explicit padding their struct
// types back.
func (m *omod) unpadGlobals(d *diTyper) {
	for _, name := range sortedGlobals(m) {
		g := m.globals[name]
		if g.content == nil || g.init == nil || g.contentSite == nil {
			continue
		}
		lit, arr := g.content, int64(-1)
		if lit.kind == kArray {
			lit, arr = lit.elem, lit.n
		}
		if lit.kind != kStruct {
			continue
		}
		var named *ty
		if g.dbg != "" {
			if dt := d.varType(g.dbg); dt != nil {
				if dt.kind == kArray {
					dt = dt.elem
				}
				if dt.kind == kNamed {
					named = dt
				}
			}
		}
		var keep []int
		if named != nil {
			var ok bool
			if keep, ok = m.padsStruct(d.lay, lit, named); !ok {
				continue
			}
		} else {
			// no debug type: the one struct of the module it pads
			for _, nt := range m.namedList {
				k, ok := m.padsStruct(d.lay, lit, &ty{kind: kNamed, name: nt.name})
				if !ok {
					continue
				}
				if named != nil {
					named = nil
					break
				}
				named, keep = &ty{kind: kNamed, name: nt.name}, k
			}
			if named == nil {
				continue
			}
		}
		content := named
		if arr >= 0 {
			content = &ty{kind: kArray, n: arr, elem: named}
		}
		g.content = content
		g.contentSite.t = content
		if !m.sitesHas(g.contentSite) {
			m.sites = append(m.sites, g.contentSite)
		}
		if arr >= 0 {
			if g.init.kind == vAgg {
				for _, e := range g.init.elems {
					unpadValue(e, keep)
				}
			}
		} else {
			unpadValue(g.init, keep)
		}
	}
}

func (m *omod) sitesHas(s *tsite) bool {
	for _, x := range m.sites {
		if x == s {
			return true
		}
	}
	return false
}

// unpadValue keeps the elements of an aggregate constant at keep.
func unpadValue(v *oval, keep []int) {
	if v.kind != vAgg || v.open != "{" {
		return
	}
	var elems []*oval
	for _, i := range keep {
		if i < len(v.elems) {
			elems = append(elems, v.elems[i])
		}
	}
	v.elems = elems
}

// paddingMemsets finds the memsets of 0 that cover only padding: a byte
// offset from a local struct, used by nothing else, and the memset.
func (m *omod) paddingMemsets(lay layout) {
	for _, f := range m.funcList {
		uses := map[string]int{}
		geps := map[string]*oinst{}
		for _, in := range f.insts {
			for _, v := range append([]*oval{in.addr, in.callee}, append(in.vals, in.idx...)...) {
				if v != nil && v.kind == vLocal {
					uses[v.name]++
				}
			}
			if in.op == "getelementptr" && in.res != "" {
				geps[in.res] = in
			}
		}
		for _, in := range f.insts {
			if in.op != "call" || in.callee == nil || len(in.vals) < 3 || !hasPrefix(in.callee.name, "@llvm.memset.") {
				continue
			}
			dst, val, n := in.vals[0], in.vals[1], in.vals[2]
			gep := geps[dst.name]
			if dst.kind != vLocal || gep == nil || uses[dst.name] != 1 || len(gep.idx) != 1 || gep.typ.kind != kInt || gep.typ.bits != 8 {
				continue
			}
			zero, ok1 := m.constIndex(val)
			length, ok2 := m.constIndex(n)
			off, ok3 := m.constIndex(gep.idx[0])
			base := m.ownType(f, gep.addr)
			if !ok1 || !ok2 || !ok3 || zero != 0 || base == nil || base.kind != kPtr || base.to.get() == nil {
				continue
			}
			if !m.onlyPadding(lay, base.to.get(), off, length) {
				continue
			}
			m.edits = append(m.edits, edit{from: in.at, to: in.end})
			in.drop, gep.padding = true, true
		}
	}
}

// onlyPadding reports whether bytes [off, off+n) of a struct hold no
// field.
func (m *omod) onlyPadding(lay layout, t *ty, off, n int64) bool {
	body := m.body(t)
	if body == nil || body.kind != kStruct || n <= 0 {
		return false
	}
	offs, size, _, ok := lay.fieldOffsets(body, 0)
	if !ok || off < 0 || off+n > size {
		return false
	}
	for i, f := range body.fields {
		fs, _, ok := lay.sizeAlign(f, 0)
		if !ok || offs[i] < off+n && off < offs[i]+fs {
			return false
		}
	}
	return true
}

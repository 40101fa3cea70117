package llvmfront

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// The printing of opaque-pointer IR with typed pointers (opaque.go). The
// text is copied; each ptr becomes its type, an operand whose type is not
// the one its use wants is cast (a bitcast instruction, or a constant
// bitcast), as clang 14 cast it. A cast goes on the line of the
// instruction that uses it, so lines keep their numbers.

// castPrefix names the casts the rewrite adds (instLines counts them).
const castPrefix = "%__cf."

type emitter struct {
	m      *omod
	p      *opaqueProg
	edits  []edit
	over   map[*tsite]string // a site printed as another type
	casts  int
	insert map[int][]string // byte offset → casts to put there
	used   map[string]bool  // named types the printed text refers to
}

// emitOpaque prints a module with typed pointers.
func (p *opaqueProg) emitOpaque(m *omod) []byte {
	e := &emitter{m: m, p: p, over: map[*tsite]string{}, insert: map[int][]string{}, used: map[string]bool{}}
	e.edits = append(e.edits, m.edits...)
	for _, name := range sortedGlobals(m) {
		g := m.globals[name]
		if g.init != nil && g.content != nil {
			e.value(nil, nil, g.init, g.content)
		}
	}
	for _, f := range m.funcList {
		for _, in := range f.insts {
			if !in.drop {
				e.inst(f, in)
			}
		}
	}
	for _, s := range m.sites {
		text, ok := e.over[s]
		if !ok {
			text = e.print(s.t)
		}
		e.edits = append(e.edits, edit{from: s.from, to: s.to, text: text})
	}
	e.renameIntrinsics()
	for at, cs := range e.insert {
		e.edits = append(e.edits, edit{from: at, to: at, text: strings.Join(cs, "")})
	}
	out := applyEdits(m.src, e.edits)
	return e.appendDecls(out)
}

// print prints a type and notes the named types it uses.
func (e *emitter) print(t *ty) string {
	s := t.String()
	e.noteNamed(s)
	return s
}

// noteNamed records the %names in printed type text.
func (e *emitter) noteNamed(s string) {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == '"' {
			k := strings.IndexByte(s[j+1:], '"')
			if k < 0 {
				return
			}
			e.used[s[i:j+k+2]] = true
			i = j + k + 1
			continue
		}
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		e.used[s[i:j]] = true
		i = j - 1
	}
}

// applyEdits replaces spans. An edit inside an earlier, larger one is
// dropped (a constant printed anew includes its inner types); insertions
// go before a replacement at the same offset.
func applyEdits(src []byte, edits []edit) []byte {
	sort.SliceStable(edits, func(i, j int) bool {
		a, b := edits[i], edits[j]
		if a.from != b.from {
			return a.from < b.from
		}
		if ai, bi := a.to == a.from, b.to == b.from; ai != bi {
			return ai
		}
		return a.to > b.to
	})
	var b bytes.Buffer
	at := 0
	for _, ed := range edits {
		if ed.from < at {
			continue
		}
		b.Write(src[at:ed.from])
		b.WriteString(ed.text)
		at = ed.to
	}
	b.Write(src[at:])
	return b.Bytes()
}

// value prints operand v where type want is wanted: its type site as
// want, and, when it has another type, a cast. in is the instruction
// that uses it (nil for a global's initializer); castAt is where a cast
// instruction goes (-1: at in).
func (e *emitter) value(f *ofunc, in *oinst, v *oval, want *ty) {
	e.valueAt(f, in, v, want, -1, "")
}

func (e *emitter) valueAt(f *ofunc, in *oinst, v *oval, want *ty, castAt int, castDbg string) {
	own := e.m.ownType(f, v)
	if want == nil {
		want = own
	}
	if want == nil && v.site != nil {
		want = v.site.t
	}
	if want == nil {
		return
	}
	if v.site != nil {
		if own != nil && (own.kind != kPtr || want.kind != kPtr) && v.kind == vLocal {
			e.over[v.site] = e.print(own)
		} else {
			e.over[v.site] = e.print(want)
		}
	}
	switch v.kind {
	case vLocal:
		if own == nil || own.kind != kPtr || want.kind != kPtr || same(own, want) {
			return
		}
		e.casts++
		name := fmt.Sprintf("%s%d", castPrefix, e.casts)
		at, dbg := castAt, castDbg
		if at < 0 {
			at, dbg = in.at, in.dbg
		}
		text := fmt.Sprintf("%s = bitcast %s %s to %s", name, e.print(own), v.name, e.print(want))
		if dbg != "" {
			text += ", !dbg " + dbg
		}
		e.insert[at] = append(e.insert[at], text+"  ")
		e.edits = append(e.edits, edit{from: v.from, to: v.to, text: name})
	case vGlobal, vExpr, vAgg, vNull:
		e.edits = append(e.edits, edit{from: v.from, to: v.to, text: e.constText(v, want)})
	}
}

// constText prints a constant of type want.
func (e *emitter) constText(v *oval, want *ty) string {
	src := string(e.m.src[v.from:v.to])
	switch v.kind {
	case vNull, vConst, vLocal:
		return src
	case vGlobal:
		own := e.m.ownType(nil, v)
		return e.castConst(v.name, own, want)
	case vExpr:
		text, own := e.exprText(v.expr, want)
		return e.castConst(text, own, want)
	case vAgg:
		b := e.m.body(want)
		var parts []string
		for i, el := range v.elems {
			var ft *ty
			if b != nil {
				switch b.kind {
				case kStruct:
					if i < len(b.fields) {
						ft = b.fields[i]
					}
				case kArray, kVector:
					ft = b.elem
				}
			}
			if ft == nil {
				ft = el.site.t
			}
			parts = append(parts, e.print(ft)+" "+e.constText(el, ft))
		}
		closing := map[string]string{"{": " }", "<{": " }>", "[": "]", "<": " >"}[v.open]
		open := map[string]string{"{": "{ ", "<{": "<{ ", "[": "[", "<": "< "}[v.open]
		return open + strings.Join(parts, ", ") + closing
	}
	return src
}

// castConst wraps a constant of type own in a bitcast to want when they
// differ.
func (e *emitter) castConst(text string, own, want *ty) string {
	if own == nil || want == nil || own.kind != kPtr || want.kind != kPtr || same(own, want) {
		return text
	}
	w := want.to.get()
	if w == nil {
		w = tyI8 // unbound: printed as i8*
	}
	if a := own.to.get(); a != nil && a.kind == kArray && same(a.elem, w) {
		// an array decays to a pointer to its first element
		return "getelementptr inbounds (" + e.print(a) + ", " + e.print(own) + " " + text + ", i64 0, i64 0)"
	}
	return "bitcast (" + e.print(own) + " " + text + " to " + e.print(want) + ")"
}

// exprText prints a constant expression and returns its own type.
func (e *emitter) exprText(x *cexpr, want *ty) (string, *ty) {
	var b strings.Builder
	b.WriteString(x.op)
	if x.flags != "" {
		b.WriteString(" ")
		b.WriteString(x.flags)
	}
	b.WriteString(" (")
	own := e.m.exprType(nil, x)
	switch x.op {
	case "getelementptr":
		elem := x.elem
		var arr *ty
		if len(x.args) > 0 {
			arr = e.charArray(nil, x.elem, x.args[0], len(x.args)-1)
		}
		if arr != nil {
			elem = arr
		}
		b.WriteString(e.print(elem))
		srcT := ptrTo(elem)
		for i, a := range x.args {
			b.WriteString(", ")
			t := a.site.t
			if i == 0 {
				t = srcT
			}
			if i == 1 && arr != nil {
				b.WriteString(e.print(t) + " 0, ")
			}
			b.WriteString(e.print(t) + " " + e.constText(a, t))
		}
	case "inttoptr", "addrspacecast":
		to := want
		if to == nil || to.kind != kPtr {
			to = x.to
		}
		a := x.args[0]
		at := e.m.ownType(nil, a)
		if at == nil {
			at = a.site.t
		}
		b.WriteString(e.print(at) + " " + e.constText(a, at) + " to " + e.print(to))
		own = to
	default:
		for i, a := range x.args {
			if i > 0 {
				b.WriteString(", ")
			}
			at := e.m.ownType(nil, a)
			if at == nil {
				at = a.site.t
			}
			b.WriteString(e.print(at) + " " + e.constText(a, at))
		}
		if x.to != nil {
			b.WriteString(" to " + e.print(x.to))
		}
	}
	b.WriteString(")")
	return b.String(), own
}

// inst prints the operands of an instruction.
func (e *emitter) inst(f *ofunc, in *oinst) {
	m := e.m
	own := func(v *oval) *ty { return m.ownType(f, v) }
	slotOf := func(addr *oval) *ty {
		if a := own(addr); a != nil && a.kind == kPtr {
			return a.to.get()
		}
		return nil
	}
	// the type a pointer value stored to addr takes: the slot's, else
	// its own
	storedType := func(addr *oval, vals ...*oval) *ty {
		if s := slotOf(addr); s != nil && s.kind == kPtr {
			return s
		}
		for _, v := range vals {
			if o := own(v); o != nil && o.kind == kPtr {
				return o
			}
		}
		return i8Ptr()
	}
	switch in.op {
	case "load":
		e.value(f, in, in.addr, ptrTo(in.typ))
	case "store", "atomicrmw":
		v := in.vals[0]
		t := in.typ
		if t.kind == kPtr {
			t = storedType(in.addr, v)
		}
		e.value(f, in, v, t)
		e.value(f, in, in.addr, ptrTo(t))
	case "cmpxchg":
		t := in.typ
		if t.kind == kPtr {
			t = storedType(in.addr, in.vals...)
		}
		e.value(f, in, in.vals[0], t)
		e.value(f, in, in.vals[1], t)
		e.value(f, in, in.addr, ptrTo(t))
	case "getelementptr":
		if in.padding {
			// its value number stays: the struct's address, which
			// nothing uses now (opaque_padding.go)
			own := e.m.ownType(f, in.addr)
			text := in.res + " = bitcast " + e.print(own) + " " + e.constText(in.addr, own) + " to i8*"
			if in.addr.kind == vLocal {
				text = in.res + " = bitcast " + e.print(own) + " " + in.addr.name + " to i8*"
			}
			e.edits = append(e.edits, edit{from: in.at, to: in.end, text: text})
			return
		}
		if e.variableByteOffset(f, in) {
			return
		}
		if arr := e.charArray(f, in.typ, in.addr, len(in.idx)); arr != nil {
			// p + k bytes of char a[N] is &a[k], as clang 14 wrote it
			e.edits = append(e.edits, edit{from: in.typSite.from, to: in.typSite.to, text: e.print(arr)})
			e.value(f, in, in.addr, ptrTo(arr))
			ix := in.idx[0]
			e.edits = append(e.edits, edit{from: ix.site.from, to: ix.site.from, text: e.print(ix.site.t) + " 0, "})
			e.value(f, in, ix, nil)
			return
		}
		e.value(f, in, in.addr, ptrTo(in.typ))
		for _, ix := range in.idx {
			e.value(f, in, ix, nil)
		}
	case "icmp", "fcmp":
		a, b := in.vals[0], in.vals[1]
		t := own(a)
		if t == nil || t.kind != kPtr {
			if o := own(b); o != nil {
				t = o
			}
		}
		if t == nil {
			t = a.site.t
		}
		e.value(f, in, a, t)
		e.value(f, in, b, t)
	case "select":
		e.value(f, in, in.vals[0], in.resT)
		e.value(f, in, in.vals[1], in.resT)
	case "phi":
		for i, v := range in.vals {
			at, dbg := in.at, in.dbg
			if b := f.blocks[in.preds[i]]; b != nil && b.term > 0 {
				at, dbg = b.term, b.dbg
			}
			e.valueAt(f, in, v, in.resT, at, dbg)
		}
	case "freeze", "ret", "ptrtoint", "bitcast", "addrspacecast", "trunc", "zext", "sext", "extractvalue":
		want := (*ty)(nil)
		if in.op == "ret" {
			want = f.sig.ret
		}
		if in.op == "freeze" {
			want = in.resT
		}
		for _, v := range in.vals {
			e.value(f, in, v, want)
		}
	case "insertvalue":
		e.value(f, in, in.vals[0], in.resT)
		e.value(f, in, in.vals[1], nil)
	case "va_arg":
		e.value(f, in, in.addr, nil)
	case "call", "invoke", "callbr":
		e.call(f, in)
	case "dbgrecord":
		e.dbgRecord(f, in)
	}
}

// charArray is the type of the char array src points to when a
// getelementptr of i8 with one index offsets it (nil otherwise).
func (e *emitter) charArray(f *ofunc, elem *ty, src *oval, nidx int) *ty {
	if elem.kind != kInt || elem.bits != 8 || nidx != 1 {
		return nil
	}
	own := e.m.ownType(f, src)
	if own == nil || own.kind != kPtr {
		return nil
	}
	if a := own.to.get(); a != nil && a.kind == kArray && a.elem.kind == kInt && a.elem.bits == 8 {
		return a
	}
	return nil
}

// variableByteOffset prints p + x bytes, with x a variable, on a pointer
// to elements of type E of size s (optimized code: newer LLVM versions
// step through arrays by bytes) as clang 14 wrote it: a getelementptr of
// E by x / s (exact: elements are aligned), the result cast back to i8*.
func (e *emitter) variableByteOffset(f *ofunc, in *oinst) bool {
	if in.typ.kind != kInt || in.typ.bits != 8 || len(in.idx) != 1 || in.idx[0].kind != vLocal || in.res == "" {
		return false
	}
	own := e.m.ownType(f, in.addr)
	if own == nil || own.kind != kPtr || own.to.get() == nil {
		return false
	}
	elem := own.to.get()
	for elem.kind == kArray {
		elem = elem.elem
	}
	if elem.kind == kInt && elem.bits == 8 || elem.kind == kFunc || elem.kind == kVoid {
		return false
	}
	size, _, ok := e.m.di.lay.sizeAlign(elem, 0)
	if !ok || size <= 1 {
		return false
	}
	ix := in.idx[0]
	it := e.print(ix.site.t)
	name := func() string { e.casts++; return fmt.Sprintf("%s%d", castPrefix, e.casts) }
	et := e.print(elem)
	var b strings.Builder
	idx := name()
	fmt.Fprintf(&b, "%s = sdiv exact %s %s, %d  ", idx, it, ix.name, size)
	src := e.constText(in.addr, ptrTo(elem))
	if in.addr.kind == vLocal {
		src = name()
		fmt.Fprintf(&b, "%s = bitcast %s %s to %s*  ", src, e.print(own), in.addr.name, et)
	}
	gep := name()
	fmt.Fprintf(&b, "%s = getelementptr inbounds %s, %s* %s, %s %s  ", gep, et, et, src, it, idx)
	fmt.Fprintf(&b, "%s = bitcast %s* %s to i8*", in.res, et, gep)
	if in.dbg != "" {
		b.WriteString(", !dbg " + in.dbg)
	}
	e.edits = append(e.edits, edit{from: in.at, to: in.end, text: b.String()})
	return true
}

func (e *emitter) call(f *ofunc, in *oinst) {
	m := e.m
	callee := m.calleeFunc(in)
	if callee == nil {
		for _, a := range in.vals {
			if a.site != nil {
				e.value(f, in, a, nil)
			}
		}
		if in.callee != nil && in.callee.kind == vLocal {
			ft := &ty{kind: kFunc, ret: in.fnty.ret, variadic: in.fnty.variadic}
			for i, a := range in.vals {
				if i < len(in.fnty.params) && !in.fnty.variadic {
					t := m.ownType(f, a)
					if t == nil {
						t = in.fnty.params[i]
					}
					ft.params = append(ft.params, t)
				}
			}
			if in.fnty != nil && !in.fnty.variadic {
				e.value(f, in, in.callee, ptrTo(ft))
			}
		}
		return
	}
	sig := callee.sig
	if in.fnSite != nil {
		if in.fnSite.t.kind == kFunc {
			e.over[in.fnSite] = e.print(sig)
		} else {
			e.over[in.fnSite] = e.print(sig.ret)
		}
	}
	for i, a := range in.vals {
		var want *ty
		if i < len(sig.params) && !in.meta[i] {
			want = sig.params[i]
		}
		if a.site == nil && want == nil {
			continue
		}
		e.value(f, in, a, want)
	}
}

// dbgRecord prints a debug record as the call of its intrinsic.
func (e *emitter) dbgRecord(f *ofunc, in *oinst) {
	var args []string
	for _, a := range in.vals {
		if a.site != nil {
			t := e.m.ownType(f, a)
			if t == nil {
				t = a.site.t
			}
			args = append(args, "metadata "+e.print(t)+" "+string(e.m.src[a.from:a.to]))
			continue
		}
		args = append(args, "metadata "+string(e.m.src[a.from:a.to]))
	}
	text := fmt.Sprintf("call void %s(%s), !dbg %s", in.callee.name, strings.Join(args, ", "), in.dbg)
	e.edits = append(e.edits, edit{from: in.fnSite.from, to: in.fnSite.to, text: text})
}

// renameIntrinsics gives overloaded intrinsics their typed-pointer names:
// llvm.memcpy.p0.p0.i64 is llvm.memcpy.p0i8.p0i8.i64.
func (e *emitter) renameIntrinsics() {
	for _, t := range e.m.toks {
		if t.kind != tGlobal || !strings.HasPrefix(t.text, "@llvm.") {
			continue
		}
		parts := strings.Split(t.text, ".")
		changed := false
		for i, p := range parts {
			if i > 1 && len(p) >= 2 && p[0] == 'p' && isDigits(p[1:]) {
				parts[i] = p + "i8"
				changed = true
			}
		}
		if changed {
			e.edits = append(e.edits, edit{from: t.pos, to: t.end, text: strings.Join(parts, ".")})
		}
	}
}

// appendDecls adds what the typed text needs and the module does not
// have: the debug intrinsics that records stood for, and the structs the
// types refer to (from the debug information or other modules, else
// opaque).
func (e *emitter) appendDecls(out []byte) []byte {
	var b bytes.Buffer
	b.Write(out)
	if !bytes.HasSuffix(out, []byte("\n")) {
		b.WriteString("\n")
	}
	var names []string
	for n := range e.m.needDbg {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if e.m.funcs[n] == nil {
			b.WriteString("declare void " + n + "(metadata, metadata, metadata)\n")
		}
	}
	for _, nt := range e.m.addedTypes {
		if nt.body != nil {
			fmt.Fprintf(&b, "%s = type %s\n", nt.name, e.print(nt.body))
		} else {
			fmt.Fprintf(&b, "%s = type opaque\n", nt.name)
		}
	}
	defined := map[string]bool{}
	for _, nt := range e.m.namedList {
		defined[nt.name] = true
	}
	for k := 0; k < 8; k++ {
		var missing []string
		for n := range e.used {
			if !defined[n] {
				missing = append(missing, n)
			}
		}
		if len(missing) == 0 {
			break
		}
		sort.Strings(missing)
		for _, n := range missing {
			defined[n] = true
			if body := e.p.namedBody(n); body != nil {
				fmt.Fprintf(&b, "%s = type %s\n", n, e.print(body))
			} else {
				fmt.Fprintf(&b, "%s = type opaque\n", n)
			}
		}
	}
	return b.Bytes()
}

// namedBody finds a struct's definition in any module.
func (p *opaqueProg) namedBody(name string) *ty {
	for _, m := range p.mods {
		if nt := m.named[name]; nt != nil && nt.body != nil {
			return nt.body
		}
	}
	return nil
}

package llvmfront

import (
	"sort"
	"strconv"
	"strings"
)

// The typing of pointers in opaque-pointer IR (opaque.go). Every ptr is
// given the pointee clang 14 would have written: the C types of the debug
// information first (variables, parameters, globals, struct members,
// return types); then what the instructions say. A value's type is fixed
// by what defines it (an alloca, a getelementptr, a load from a typed
// slot, a call), as in clang's typed IR; where a use wants another type,
// the rewrite casts (opaque_emit.go), as clang wrote the casts of the C
// program. Pointers nothing says anything about are i8* (void*).

// opaqueProg is the modules read together: functions and globals are
// linked by name, as the front end links them.
type opaqueProg struct {
	mods    []*omod
	defs    map[string]*ofunc   // external function definitions
	gdefs   map[string]*oglobal // external global definitions
	rules   []func() bool       // what must hold: each reports progress
	evid    []func() bool       // what suggests a type: applied in program order
	extArgs map[*ofunc][]*oinst // calls of functions no module defines
}

// ownType is the type a value has by its definition (nil: none, as for
// null, which takes the type wanted).
func (m *omod) ownType(f *ofunc, v *oval) *ty {
	switch v.kind {
	case vLocal:
		if f == nil {
			return nil
		}
		return f.vals[v.name]
	case vGlobal:
		if g := m.globals[v.name]; g != nil && g.content != nil {
			return ptrTo(g.content)
		}
		if fn := m.funcs[v.name]; fn != nil {
			return ptrTo(fn.sig)
		}
	case vExpr:
		return m.exprType(f, v.expr)
	case vAgg:
		if v.site != nil {
			return v.site.t
		}
	}
	return nil
}

// exprType is the type of a constant expression (nil for inttoptr: it
// takes the type wanted).
func (m *omod) exprType(f *ofunc, e *cexpr) *ty {
	switch e.op {
	case "getelementptr":
		if len(e.args) == 0 {
			return nil
		}
		if len(e.args) < 2 {
			return ptrTo(e.elem)
		}
		if t := m.indexed(e.elem, e.args[2:]); t != nil {
			return ptrTo(t)
		}
		return nil
	case "inttoptr", "addrspacecast":
		return nil
	case "icmp", "fcmp":
		return tyI1
	}
	if e.to != nil {
		return e.to
	}
	if len(e.args) > 0 {
		return m.ownType(f, e.args[0])
	}
	return nil
}

// body is the definition of a named type (nil if opaque or unknown).
func (m *omod) body(t *ty) *ty {
	for i := 0; t != nil && t.kind == kNamed && i < 16; i++ {
		nt := m.named[t.name]
		if nt == nil {
			return nil
		}
		t = nt.body
	}
	return t
}

// constIndex reads an integer constant operand.
func (m *omod) constIndex(v *oval) (int64, bool) {
	if v.kind != vConst {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(m.src[v.from:v.to])), 10, 64)
	return n, err == nil
}

// indexed is the type a getelementptr with source element type e and
// these indices (after the first) designates.
func (m *omod) indexed(e *ty, idx []*oval) *ty {
	t := e
	for _, ix := range idx {
		b := m.body(t)
		if b == nil {
			return nil
		}
		switch b.kind {
		case kStruct:
			k, ok := m.constIndex(ix)
			if !ok || k < 0 || k >= int64(len(b.fields)) {
				return nil
			}
			t = b.fields[k]
		case kArray, kVector:
			t = b.elem
		default:
			return nil
		}
	}
	return t
}

// unifyTy links the pointees of the pointers two types have in the same
// places; it reports whether it linked anything.
func unifyTy(a, b *ty, depth int) bool {
	if a == nil || b == nil || a == b || depth > 8 {
		return false
	}
	switch {
	case a.kind == kPtr && b.kind == kPtr:
		return unifyVars(a.to, b.to, depth)
	case a.kind == b.kind && (a.kind == kArray || a.kind == kVector):
		return unifyTy(a.elem, b.elem, depth+1)
	case a.kind == kStruct && b.kind == kStruct && len(a.fields) == len(b.fields):
		changed := false
		for i := range a.fields {
			changed = unifyTy(a.fields[i], b.fields[i], depth+1) || changed
		}
		return changed
	case a.kind == kFunc && b.kind == kFunc && len(a.params) == len(b.params):
		changed := unifyTy(a.ret, b.ret, depth+1)
		for i := range a.params {
			changed = unifyTy(a.params[i], b.params[i], depth+1) || changed
		}
		return changed
	}
	return false
}

// unifyVars links two pointees: an unbound one takes the other; two
// bound ones link the pointers inside them.
func unifyVars(x, y *tvar, depth int) bool {
	rx, ry := x.find(), y.find()
	if rx == ry {
		return false
	}
	if rx.t == nil || ry.t == nil {
		return unify(rx, ry)
	}
	if rx.t.kind == kNamed || ry.t.kind == kNamed {
		return false
	}
	return unifyTy(rx.t, ry.t, depth+1)
}

// flow says that the pointee x holds values of type t: when x is bound,
// the pointers inside them are linked (a rule); an unbound x is given t
// (evidence).
func (p *opaqueProg) flow(x *tvar, t *ty) {
	if x == nil || t == nil {
		return
	}
	p.rules = append(p.rules, func() bool {
		if x.get() == nil {
			return false
		}
		return unifyTy(x.get(), t, 0)
	})
	p.evid = append(p.evid, func() bool {
		if t.kind == kInt && t.bits == 8 {
			return false // bytes: a (char *) cast, or void*, says nothing
		}
		if t.kind != kPtr {
			return x.bind(t)
		}
		e := evidence(t.to.get())
		switch {
		case t.to.get() == nil:
			return x.bind(t)
		case e == nil:
			return false
		}
		return x.bind(ptrTo(e))
	})
}

// evidence is what a pointee type says about a pointer it flows into: an
// array says its element (C's arrays decay: clang 15 passes @arr where
// clang 14 wrote &arr[0]), i8 (void*) says nothing (nil).
func evidence(t *ty) *ty {
	if t == nil {
		return nil
	}
	if t.kind == kArray {
		t = t.elem
	}
	if t.kind == kInt && t.bits == 8 {
		return nil
	}
	return t
}

// storePtr says that a pointer of type v is stored where x points: the
// slot holds v's type, or v has the slot's (evidence: C converts void*
// silently on assignment).
func (p *opaqueProg) storePtr(x *tvar, v *ty) {
	if x == nil {
		return
	}
	slot := &ty{kind: kPtr, to: &tvar{}}
	p.evid = append(p.evid, func() bool {
		switch xt := x.get(); {
		case xt == nil:
			e := evidence(v.to.get())
			if v.to.get() == nil {
				return x.bind(v)
			}
			if e == nil {
				return false
			}
			return x.bind(ptrTo(e))
		case xt.kind == kPtr:
			slot.to = xt.to
			return p.suggestNow(slot, v)
		}
		return false
	})
}

// suggest links two pointees when one of them is unbound (evidence).
func (p *opaqueProg) suggest(a, b *ty) {
	if a == nil || b == nil || a.kind != kPtr || b.kind != kPtr {
		return
	}
	p.evid = append(p.evid, func() bool { return p.suggestNow(a, b) })
}

// suggestNow applies suggest's evidence.
func (p *opaqueProg) suggestNow(a, b *ty) bool {
	ra, rb := a.to.find(), b.to.find()
	switch {
	case ra == rb || ra.t != nil && rb.t != nil:
		return false
	case ra.t == nil && rb.t == nil:
		return unify(ra, rb)
	case ra.t == nil:
		return bindEvidence(ra, rb.t)
	}
	return bindEvidence(rb, ra.t)
}

// bindEvidence binds an unbound pointee to what a bound one says.
func bindEvidence(v *tvar, t *ty) bool {
	if e := evidence(t); e != nil {
		return v.bind(e)
	}
	return false
}

// link says that two types are one (a rule).
func (p *opaqueProg) link(a, b *ty) {
	if a == nil || b == nil {
		return
	}
	p.rules = append(p.rules, func() bool { return unifyTy(a, b, 0) })
}

func pointeeVar(t *ty) *tvar {
	if t == nil || t.kind != kPtr {
		return nil
	}
	return t.to
}

// bindAll makes every unbound pointer in t a pointer to e.
func bindAll(t *ty, e *ty, depth int) {
	if t == nil || depth > 8 {
		return
	}
	switch t.kind {
	case kPtr:
		if !t.to.bind(e) {
			if b := t.to.get(); b != nil && b.kind != kNamed {
				bindAll(b, e, depth+1)
			}
		}
	case kArray, kVector:
		bindAll(t.elem, e, depth+1)
	case kStruct:
		for _, f := range t.fields {
			bindAll(f, e, depth+1)
		}
	case kFunc:
		bindAll(t.ret, e, depth+1)
		for _, f := range t.params {
			bindAll(f, e, depth+1)
		}
	}
}

// infer types the pointers of the modules.
func inferOpaque(mods []*omod) *opaqueProg {
	p := &opaqueProg{mods: mods, defs: map[string]*ofunc{}, gdefs: map[string]*oglobal{}, extArgs: map[*ofunc][]*oinst{}}
	for _, m := range mods {
		for _, f := range m.funcList {
			if f.defined && f.external {
				if _, ok := p.defs[f.name]; !ok {
					p.defs[f.name] = f
				}
			}
		}
		for _, g := range m.globals {
			if g.init != nil && g.linkage != "internal" && g.linkage != "private" {
				if _, ok := p.gdefs[g.name]; !ok {
					p.gdefs[g.name] = g
				}
			}
		}
	}
	for _, m := range mods {
		for _, f := range m.funcList {
			for _, in := range f.insts {
				m.defineResult(f, in)
			}
		}
	}
	for _, m := range mods {
		p.seedSignatures(m)
	}
	for _, m := range mods {
		p.seedDebug(m)
		m.paddingMemsets(m.di.lay)
	}
	for _, m := range mods {
		for _, f := range m.funcList {
			for _, in := range f.insts {
				p.constrain(m, f, in)
			}
		}
		for _, name := range sortedGlobals(m) {
			g := m.globals[name]
			if g.init != nil && g.content != nil {
				p.constInit(m, g.content, g.init)
				p.constExprs(m, g.init, 0)
			}
		}
	}
	p.solve()
	p.resolveExternals()
	return p
}

func sortedGlobals(m *omod) []string {
	var names []string
	for n := range m.globals {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// seedDebug binds the pointers the debug information describes.
func (p *opaqueProg) seedDebug(m *omod) {
	d := newDITyper(m)
	m.di = d
	var refs []string
	for r := range m.meta {
		refs = append(refs, r)
	}
	sort.Slice(refs, func(i, j int) bool { return metaLess(refs[i], refs[j]) })
	// anonymous structs take their typedef's name: typedefs first
	for _, r := range refs {
		n := m.meta[r]
		if n.kind == "DIDerivedType" && n.fields["tag"] == "DW_TAG_typedef" {
			d.typeOf(r)
		}
	}
	for _, r := range refs {
		n := m.meta[r]
		if n.kind == "DICompositeType" && n.fields["elements"] != "" {
			d.typeOf(r)
		}
	}
	d.bindFields()
	m.unpadGlobals(d)
	for _, name := range sortedGlobals(m) {
		g := m.globals[name]
		if g.dbg != "" && g.content != nil {
			matchBind(g.content, d.varType(g.dbg))
		}
	}
	for _, f := range m.funcList {
		allocas := map[string]*oinst{}
		for _, in := range f.insts {
			if in.op == "alloca" && in.res != "" {
				allocas[in.res] = in
			}
			if in.op == "call" && in.callee != nil && in.callee.name == "@llvm.dbg.declare" && len(in.vals) >= 2 && in.vals[0].kind == vLocal {
				m.dbgDecls = append(m.dbgDecls, &dbgDecl{fn: f, addr: in.vals[0].name, vari: strings.TrimSpace(string(m.src[in.vals[1].from:in.vals[1].to])), block: in.block})
			}
			if (in.op == "call" || in.op == "dbgrecord") && in.callee != nil && in.callee.name == "@llvm.dbg.value" && len(in.vals) >= 3 && in.vals[0].kind == vLocal {
				// the value of a C variable (optimized code), unless the
				// expression derives something else from it
				expr := strings.TrimSpace(string(m.src[in.vals[2].from:in.vals[2].to]))
				if expr == "!DIExpression()" {
					vari := strings.TrimSpace(string(m.src[in.vals[1].from:in.vals[1].to]))
					matchBind(f.vals[in.vals[0].name], d.varType(vari))
				}
			}
		}
		for _, dd := range m.dbgDecls {
			if dd.fn != f {
				continue
			}
			if a := allocas[dd.addr]; a != nil {
				matchBind(a.typ, d.varType(dd.vari))
			} else if pt := f.vals[dd.addr]; pt != nil && pt.kind == kPtr {
				// a parameter passed by reference (byval)
				matchBind(pt, ptrTo(d.varType(dd.vari)))
			}
		}
		if f.dbg != "" && f.sig.ret.kind == kPtr {
			matchBind(f.sig.ret, d.returnType(f.dbg))
		}
		for i, pt := range f.sret {
			if pt != nil && f.sig.params[i].kind == kPtr {
				f.sig.params[i].to.bind(pt)
			}
		}
	}
}

// metaLess orders metadata references by number.
func metaLess(a, b string) bool {
	na, ea := strconv.Atoi(strings.TrimPrefix(a, "!"))
	nb, eb := strconv.Atoi(strings.TrimPrefix(b, "!"))
	if ea == nil && eb == nil {
		return na < nb
	}
	if (ea == nil) != (eb == nil) {
		return ea == nil
	}
	return a < b
}

// seedSignatures links declarations to the definitions of other modules,
// and fixes the intrinsics and the functions no module defines.
func (p *opaqueProg) seedSignatures(m *omod) {
	for _, f := range m.funcList {
		switch {
		case strings.HasPrefix(f.name, "@llvm."):
			bindAll(f.sig, tyI8, 0)
		case f.defined:
		case p.defs[f.name] != nil:
			p.link(f.sig, p.defs[f.name].sig)
		default:
			// malloc, the API, the C library: void* results
			bindAll(f.sig.ret, tyI8, 0)
		}
	}
	for _, g := range m.globals {
		if g.init == nil && g.content != nil {
			if def := p.gdefs[g.name]; def != nil && def.content != nil {
				p.link(g.content, def.content)
			}
		}
	}
}

// constInit relates a global's initializer to its type.
func (p *opaqueProg) constInit(m *omod, want *ty, v *oval) {
	switch v.kind {
	case vGlobal, vExpr:
		if want.kind == kPtr {
			p.flowPtr(want, m.ownType(nil, v))
		}
	case vAgg:
		b := m.body(want)
		for i, e := range v.elems {
			if b == nil {
				break
			}
			var ft *ty
			switch b.kind {
			case kStruct:
				if i < len(b.fields) {
					ft = b.fields[i]
				}
			case kArray, kVector:
				ft = b.elem
			}
			if ft != nil {
				p.constInit(m, ft, e)
			}
		}
	}
}

// flowPtr: a pointer of type v is stored where pointers of type want
// go. An unbound side takes the other's pointee (evidence).
func (p *opaqueProg) flowPtr(want, v *ty) {
	if want == nil || v == nil || want.kind != kPtr || v.kind != kPtr {
		return
	}
	p.suggest(want, v)
}

// calleeFunc is the function a call names (nil for indirect calls).
func (m *omod) calleeFunc(in *oinst) *ofunc {
	if in.callee == nil || in.callee.kind != vGlobal {
		return nil
	}
	return m.funcs[in.callee.name]
}

// constExprs records what the constant expressions inside an operand say:
// a getelementptr's source has its source element type.
func (p *opaqueProg) constExprs(m *omod, v *oval, depth int) {
	if v == nil || depth > 16 {
		return
	}
	switch v.kind {
	case vExpr:
		if v.expr.op == "getelementptr" && len(v.expr.args) > 0 {
			p.flow(pointeeVar(m.ownType(nil, v.expr.args[0])), v.expr.elem)
		}
		for _, a := range v.expr.args {
			p.constExprs(m, a, depth+1)
		}
	case vAgg:
		for _, e := range v.elems {
			p.constExprs(m, e, depth+1)
		}
	}
}

// constrain records what an instruction says about pointee types.
func (p *opaqueProg) constrain(m *omod, f *ofunc, in *oinst) {
	own := func(v *oval) *ty { return m.ownType(f, v) }
	for _, v := range append([]*oval{in.addr, in.callee}, in.vals...) {
		p.constExprs(m, v, 0)
	}
	switch in.op {
	case "load":
		p.flow(pointeeVar(own(in.addr)), in.typ)
	case "store", "atomicrmw":
		v := in.vals[0]
		if o := own(v); in.typ.kind == kPtr && o != nil && o.kind == kPtr {
			p.storePtr(pointeeVar(own(in.addr)), o)
		} else {
			p.flow(pointeeVar(own(in.addr)), in.typ)
		}
		if in.op == "atomicrmw" && in.resT.kind == kPtr {
			p.link(in.resT, own(v))
		}
	case "cmpxchg":
		if in.typ.kind == kPtr {
			for _, v := range in.vals {
				if o := own(v); o != nil && o.kind == kPtr {
					p.storePtr(pointeeVar(own(in.addr)), o)
					p.suggest(o, in.resT.fields[0])
				}
			}
		} else {
			p.flow(pointeeVar(own(in.addr)), in.typ)
		}
	case "getelementptr":
		p.flow(pointeeVar(own(in.addr)), in.typ)
	case "phi", "select":
		for _, v := range in.vals {
			if o := own(v); o != nil && o.kind == kPtr && in.resT.kind == kPtr {
				p.rules = append(p.rules, func() bool { return unifyVars(in.resT.to, o.to, 0) })
			}
		}
	case "icmp":
		// compared pointers have one type in C (or one is void*)
		p.suggest(own(in.vals[0]), own(in.vals[1]))
	case "freeze":
		p.link(in.resT, own(in.vals[0]))
	case "ret":
		if len(in.vals) == 1 && f.sig.ret.kind == kPtr {
			p.suggest(f.sig.ret, own(in.vals[0]))
		}
	case "insertvalue":
		p.link(in.resT, own(in.vals[0]))
	case "call", "invoke", "callbr":
		p.constrainCall(m, f, in)
	}
}

func (p *opaqueProg) constrainCall(m *omod, f *ofunc, in *oinst) {
	own := func(v *oval) *ty { return m.ownType(f, v) }
	callee := m.calleeFunc(in)
	if callee == nil {
		if in.callee != nil && in.callee.kind == vLocal {
			p.flow(pointeeVar(own(in.callee)), in.fnty)
		}
		return
	}
	sig := callee.sig
	if strings.HasPrefix(callee.name, "@llvm.") {
		return
	}
	if !callee.defined && p.defs[callee.name] == nil {
		p.extArgs[callee] = append(p.extArgs[callee], in)
		return
	}
	for i, a := range in.vals {
		if i >= len(sig.params) || in.meta[i] {
			break
		}
		p.suggest(sig.params[i], own(a))
	}
}

// defineResult gives the results the types of what defines them:
// a getelementptr's the type it designates, a call's its callee's return
// type, an extractvalue's the member of its aggregate.
func (m *omod) defineResult(f *ofunc, in *oinst) {
	if in.res == "" {
		return
	}
	switch in.op {
	case "getelementptr":
		t := in.typ
		if len(in.idx) > 0 {
			t = m.indexed(in.typ, in.idx[1:])
		}
		if t != nil {
			f.vals[in.res] = ptrTo(t)
		} else {
			f.vals[in.res] = &ty{kind: kPtr, to: &tvar{}}
		}
	case "call", "invoke", "callbr":
		if callee := m.calleeFunc(in); callee != nil {
			f.vals[in.res] = callee.sig.ret
		}
	case "extractvalue":
		t := m.ownType(f, in.vals[0])
		for _, ix := range in.idx {
			k, err := strconv.Atoi(ix.name)
			b := m.body(t)
			if err != nil || b == nil {
				return
			}
			switch {
			case b.kind == kStruct && k < len(b.fields):
				t = b.fields[k]
			case b.kind == kArray || b.kind == kVector:
				t = b.elem
			default:
				return
			}
		}
		f.vals[in.res] = t
	}
}

// solve applies the rules, then the evidence in program order, until
// nothing changes.
func (p *opaqueProg) solve() {
	for round := 0; round < 64; round++ {
		p.applyRules()
		applied := false
		for _, e := range p.evid {
			if e() {
				applied = true
			}
		}
		if !applied {
			return
		}
	}
}

func (p *opaqueProg) applyRules() {
	for pass := 0; pass < 64; pass++ {
		changed := false
		for _, r := range p.rules {
			if r() {
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

func agreedPointee(t *ty) *ty {
	if t == nil {
		return nil
	}
	return t.to.get()
}

// resolveExternals types the pointer parameters of functions no module
// defines: the type every call passes, else i8* (void*).
func (p *opaqueProg) resolveExternals() {
	for _, m := range p.mods {
		for _, f := range m.funcList {
			calls := p.extArgs[f]
			for i, pt := range f.sig.params {
				if pt.kind != kPtr || pt.to.get() != nil {
					continue
				}
				var agreed *ty
				ok := len(calls) > 0
				for _, c := range calls {
					if i >= len(c.vals) {
						ok = false
						break
					}
					o := m.ownType(c.fn, c.vals[i])
					if o == nil {
						continue // null: any type
					}
					if o.kind != kPtr || o.to.get() == nil || agreed != nil && !same(agreed, o) {
						ok = false
						break
					}
					if fn := o.to.get(); fn.kind == kFunc {
						agreed = o
						continue
					}
					agreed = o
				}
				if e := evidence(agreedPointee(agreed)); ok && e != nil {
					pt.to.bind(e)
				} else {
					pt.to.bind(tyI8)
				}
			}
		}
	}
}

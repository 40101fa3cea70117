package llvmfront

import (
	"strconv"
	"strings"
)

// The instructions of opaque-pointer IR (opaque_parse.go): the function
// headers and bodies, and of each instruction what the typing of pointers
// needs.

// function reads a define or declare.
func (m *omod) function() {
	start := m.next() // define/declare
	defined := start.text == "define"
	f := &ofunc{mod: m, defined: defined, vals: map[string]*ty{}, blocks: map[string]*oblock{}, line: start.line, external: true}
	// linkage, visibility, calling convention, return attributes
	for {
		t := m.tok()
		if t.kind == tMeta && m.peek(1).kind == tMeta {
			// declare !dbg !N …: a declaration's subprogram (optimized
			// code), which the front end does not read
			m.i += 2
			m.edits = append(m.edits, edit{from: t.pos, to: m.toks[m.i-1].end})
			continue
		}
		if t.kind == tWord && (t.text == "internal" || t.text == "private") {
			f.external = false
		}
		if t.kind == tWord && !isTypeWord(t.text) {
			m.prefixWord(t)
			continue
		}
		if t.kind == tString && m.peek(1).text == "=" {
			m.i += 3
			continue
		}
		break
	}
	retFrom := m.tok().pos
	ret := m.parseType()
	m.site(retFrom, m.toks[m.i-1].end, ret)
	name := m.next()
	if name.kind != tGlobal {
		m.fail("expected a function name, found %q", name.text)
	}
	f.name = name.text
	sig := &ty{kind: kFunc, ret: ret}
	m.expect("(")
	for !m.is(")") {
		if m.accept("...") {
			sig.variadic = true
			continue
		}
		pt, ps := m.typ()
		pointee := m.typedAttrs()
		pname := ""
		if m.tok().kind == tLocal {
			pname = m.next().text
		}
		sig.params = append(sig.params, pt)
		f.params = append(f.params, pname)
		f.paramAt = append(f.paramAt, ps)
		f.sret = append(f.sret, pointee)
		if pname != "" {
			f.vals[pname] = pt
		}
		if !m.accept(",") {
			break
		}
	}
	m.expect(")")
	f.sig = sig
	// function attributes up to the body or the end of the line
	for m.tok().kind != tEOF && !(m.is("{") && defined) && m.tok().line == name.line {
		t := m.tok()
		switch {
		case t.kind == tMeta && t.text == "!dbg":
			m.next()
			f.dbg = m.next().text
		case t.kind == tWord && t.text == "personality":
			m.next()
			m.typedValue()
		case t.kind == tWord:
			m.prefixWord(t)
		default:
			m.next()
		}
	}
	if _, dup := m.funcs[f.name]; !dup {
		m.funcs[f.name] = f
		m.funcList = append(m.funcList, f)
	}
	if !defined {
		return
	}
	m.expect("{")
	m.funcBody(f)
}

// body reads a function body up to its closing brace.
func (m *omod) funcBody(f *ofunc) {
	// unnamed parameters and blocks are numbered from 0
	next := 0
	for i, p := range f.params {
		if p == "" {
			f.params[i] = "%" + strconv.Itoa(next)
			f.vals[f.params[i]] = f.sig.params[i]
			next++
		} else if isDigits(p[1:]) {
			next++
		}
	}
	cur := &oblock{name: "%" + strconv.Itoa(next)}
	first := true
	for {
		t := m.tok()
		if t.kind == tEOF {
			m.fail("function %s has no closing brace", f.name)
		}
		if t.kind == tPunct && t.text == "}" {
			m.next()
			return
		}
		if t.kind == tLabel {
			m.next()
			name := t.text
			if strings.HasPrefix(name, "\"") {
				name = "%" + name
			} else {
				name = "%" + name
			}
			cur = &oblock{name: name}
			f.blocks[name] = cur
			if first {
				f.entry = name
			}
			first = false
			continue
		}
		if first {
			f.blocks[cur.name] = cur
			f.entry = cur.name
			first = false
		}
		end := m.lineEnd(m.i)
		if t.kind == tDbgRec {
			m.dbgRecord(f, cur, end)
			m.i = end
			continue
		}
		m.instruction(f, cur, end)
		m.i = end
	}
}

// terminators end a block: casts for the phis of its successors go
// before them.
var terminators = map[string]bool{"ret": true, "br": true, "switch": true, "indirectbr": true, "invoke": true,
	"resume": true, "unreachable": true, "callbr": true, "catchswitch": true, "catchret": true, "cleanupret": true}

// instruction reads one instruction (tokens m.i … end). An error is at
// the instruction's first line.
func (m *omod) instruction(f *ofunc, b *oblock, end int) {
	in := &oinst{fn: f, at: m.tok().pos, line: m.tok().line, block: b}
	defer func() {
		if r := recover(); r != nil {
			if pe, ok := r.(*parseError); ok {
				pe.line = in.line
				if m.i >= end {
					pe.msg = "the instruction is incomplete"
				}
			}
			panic(r)
		}
	}()
	if m.toks[end-1].kind == tPunct && m.toks[end-1].text == "," {
		m.fail("the instruction ends with a comma")
	}
	if m.tok().kind == tLocal && m.peek(1).text == "=" {
		in.res = m.next().text
		m.next()
	}
	// attachments
	for j := m.i; j < end; j++ {
		if m.toks[j].kind == tMeta && m.toks[j].text == "!dbg" && j+1 < end {
			in.dbg = m.toks[j+1].text
		}
	}
	for m.is("tail") || m.is("musttail") || m.is("notail") {
		m.next()
	}
	op := m.tok()
	in.op = op.text
	if terminators[in.op] {
		b.term = in.at
		b.dbg = in.dbg
	}
	m.stripNewFlags(end)
	hasPtr := false
	for j := m.i; j < end; j++ {
		if m.toks[j].kind == tWord && m.toks[j].text == "ptr" {
			hasPtr = true
			break
		}
	}
	if !hasPtr && in.op != "alloca" {
		return
	}
	m.next()
	switch in.op {
	case "alloca":
		m.accept("inalloca")
		in.typ, _ = m.typ()
		in.resT = ptrTo(in.typ)
		m.allocaSpace(in, end)
	case "load":
		m.accept("atomic")
		m.accept("volatile")
		in.typ, _ = m.typ()
		m.expect(",")
		in.addr = m.typedValue()
		in.resT = in.typ
	case "store":
		m.accept("atomic")
		m.accept("volatile")
		v := m.typedValue()
		in.typ = v.site.t
		in.vals = []*oval{v}
		m.expect(",")
		in.addr = m.typedValue()
	case "getelementptr":
		for m.is("inbounds") || m.is("nuw") || m.is("nusw") || m.is("inrange") {
			if m.is("inrange") && m.peek(1).text == "(" {
				m.next()
				m.skipParens()
				continue
			}
			m.next()
		}
		in.typ, in.typSite = m.typ()
		m.expect(",")
		in.addr = m.typedValue()
		for m.accept(",") {
			if m.tok().kind == tMeta {
				break
			}
			m.accept("inrange")
			in.idx = append(in.idx, m.typedValue())
		}
	case "cmpxchg":
		m.accept("weak")
		m.accept("volatile")
		in.addr = m.typedValue()
		m.expect(",")
		cmp := m.typedValue()
		m.expect(",")
		nv := m.typedValue()
		in.typ = cmp.site.t
		in.vals = []*oval{cmp, nv}
		in.resT = &ty{kind: kStruct, fields: []*ty{in.typ, tyI1}}
	case "atomicrmw":
		m.accept("volatile")
		m.next() // operation
		in.addr = m.typedValue()
		m.expect(",")
		v := m.typedValue()
		in.typ = v.site.t
		in.vals = []*oval{v}
		in.resT = in.typ
	case "icmp", "fcmp":
		m.next() // predicate
		a := m.typedValue()
		m.expect(",")
		b := m.value(a.site.t)
		in.vals = []*oval{a, b}
		in.resT = tyI1
	case "select":
		m.skipFastMath()
		m.typedValue()
		m.expect(",")
		a := m.typedValue()
		m.expect(",")
		b := m.typedValue()
		in.vals = []*oval{a, b}
		in.resT = a.site.t
	case "phi":
		m.skipFastMath()
		t, _ := m.typ()
		in.resT = t
		for m.is("[") {
			m.next()
			v := m.value(t)
			m.expect(",")
			in.vals = append(in.vals, v)
			in.preds = append(in.preds, m.next().text)
			m.expect("]")
			if !m.accept(",") {
				break
			}
		}
	case "freeze":
		v := m.typedValue()
		in.vals = []*oval{v}
		in.resT = v.site.t
	case "ptrtoint", "inttoptr", "bitcast", "addrspacecast", "trunc", "zext", "sext":
		v := m.typedValue()
		in.vals = []*oval{v}
		m.expect("to")
		in.resT, _ = m.typ()
	case "ret":
		if !m.is("void") {
			in.vals = []*oval{m.typedValue()}
		}
	case "extractvalue":
		v := m.typedValue()
		in.vals = []*oval{v}
		for m.accept(",") {
			if m.tok().kind != tInt {
				break
			}
			in.idx = append(in.idx, &oval{name: m.next().text})
		}
	case "insertvalue":
		v := m.typedValue()
		m.expect(",")
		e := m.typedValue()
		in.vals = []*oval{v, e}
		in.resT = v.site.t
	case "call", "invoke", "callbr":
		m.call(in, end)
	case "va_arg":
		in.addr = m.typedValue()
		m.expect(",")
		in.resT, _ = m.typ()
	case "landingpad":
		in.resT, _ = m.typ()
		for m.i < end {
			if m.is("catch") || m.is("filter") {
				m.next()
				m.typedValue()
				continue
			}
			m.next()
		}
	default:
		// other instructions with pointers (extractelement of pointer
		// vectors, …): their types are reprinted, their values taken
		// as they are
		for m.i < end {
			if m.tok().kind == tWord && m.tok().text == "ptr" {
				m.typ()
				continue
			}
			m.next()
		}
		in.op = "other"
	}
	if in.res != "" && in.resT != nil {
		f.vals[in.res] = in.resT
	}
	in.end = m.toks[end-1].end
	if in.drop {
		m.edits = append(m.edits, edit{from: in.at, to: in.end})
		return
	}
	f.insts = append(f.insts, in)
}

func (m *omod) allocaSpace(in *oinst, end int) {
	for m.i < end {
		if m.accept(",") {
			if m.tok().kind == tWord && isTypeWord(m.tok().text) {
				m.typedValue() // the element count
			}
			continue
		}
		if m.is("addrspace") {
			m.fail("alloca in another address space is not supported")
		}
		m.next()
	}
}

// skipFastMath skips the fast-math flags of select and phi.
func (m *omod) skipFastMath() {
	for m.is("fast") || m.is("nnan") || m.is("ninf") || m.is("nsz") || m.is("arcp") || m.is("contract") || m.is("afn") || m.is("reassoc") {
		m.next()
	}
}

// call reads call/invoke: [cc] [ret attrs] T [fnty] callee(args) ….
func (m *omod) call(in *oinst, end int) {
	for {
		t := m.tok()
		if t.kind == tWord && !isTypeWord(t.text) {
			m.prefixWord(t)
			continue
		}
		break
	}
	retFrom := m.tok().pos
	ret := m.parseType()
	explicit := ret.kind == kFunc
	in.fnSite = m.site(retFrom, m.toks[m.i-1].end, ret)
	in.callee = m.value(nil)
	m.expect("(")
	var args []*oval
	for !m.is(")") {
		meta := m.is("metadata")
		if meta {
			m.next()
			if m.tok().kind == tMeta && m.tok().text == "!DIArgList" {
				in.drop = true // a debug value of several operands: left out
			}
			if m.tok().kind == tMeta || m.tok().kind == tMetaStr {
				v := m.value(nil)
				args = append(args, v)
				in.meta = append(in.meta, true)
				if !m.accept(",") {
					break
				}
				continue
			}
		}
		args = append(args, m.typedValue())
		in.meta = append(in.meta, meta)
		if !m.accept(",") {
			break
		}
	}
	m.expect(")")
	in.vals = args
	if explicit {
		in.fnty = ret
	} else {
		in.fnty = &ty{kind: kFunc, ret: ret}
		for i, a := range args {
			if in.meta[i] || a.site == nil {
				in.fnty.params = append(in.fnty.params, &ty{kind: kOther, name: "metadata"})
				continue
			}
			in.fnty.params = append(in.fnty.params, a.site.t)
		}
	}
	in.resT = in.fnty.ret
	if in.op == "invoke" {
		for m.i < end {
			m.next()
		}
	}
	m.i = end
}

// dbgRecord turns a debug record (clang 19: #dbg_declare(…)) into the
// intrinsic call it stands for, which llir reads.
func (m *omod) dbgRecord(f *ofunc, b *oblock, end int) {
	rec := m.next()
	kind := strings.TrimPrefix(rec.text, "#dbg_")
	if kind != "declare" && kind != "value" || !m.is("(") {
		m.edits = append(m.edits, edit{from: rec.pos, to: m.toks[end-1].end})
		return
	}
	m.next()
	in := &oinst{fn: f, op: "call", at: rec.pos, line: rec.line, block: b}
	var loc *oval
	var args []*oval
	var meta []bool
	for i := 0; !m.is(")") && m.i < end; i++ {
		var v *oval
		if i == 0 && m.tok().kind == tMeta && m.tok().text == "!DIArgList" {
			m.edits = append(m.edits, edit{from: rec.pos, to: m.toks[end-1].end})
			return
		}
		if m.tok().kind == tMeta || m.tok().kind == tMetaStr {
			v = m.value(nil)
		} else {
			v = m.typedValue()
		}
		if i == 3 {
			loc = v
		} else {
			args = append(args, v)
			meta = append(meta, true)
		}
		if !m.accept(",") {
			break
		}
	}
	if len(args) < 3 || loc == nil {
		m.edits = append(m.edits, edit{from: rec.pos, to: m.toks[end-1].end})
		return
	}
	name := "@llvm.dbg." + kind
	m.needDbg[name] = true
	in.callee = &oval{kind: vGlobal, name: name}
	in.vals = args
	in.meta = meta
	in.fnty = &ty{kind: kFunc, ret: tyVoid, params: []*ty{{kind: kOther, name: "metadata"}, {kind: kOther, name: "metadata"}, {kind: kOther, name: "metadata"}}}
	in.dbg = string(m.src[loc.from:loc.to])
	in.op = "dbgrecord"
	in.at = rec.pos
	in.fnSite = &tsite{from: rec.pos, to: m.toks[end-1].end}
	f.insts = append(f.insts, in)
	if kind == "declare" && args[0].kind == vLocal {
		m.dbgDecls = append(m.dbgDecls, &dbgDecl{fn: f, addr: args[0].name, vari: string(m.src[args[1].from:args[1].to]), block: b})
	}
}

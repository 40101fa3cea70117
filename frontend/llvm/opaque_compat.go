package llvmfront

import "strings"

// What LLVM 15 and later write that llir v0.3.6 cannot read and the front
// end does not need: instruction flags that only add poison conditions,
// attributes, debug information fields and nodes. The reader removes them
// from the text (as edits) while it parses.

// stripNewFlags removes instruction flags that llir v0.3.6 cannot read
// and that only make results poison under conditions (or disjoint, zext
// nneg, uitofp nneg, trunc nuw/nsw, icmp samesign, getelementptr nuw/nusw
// and inrange(…)).
func (m *omod) stripNewFlags(end int) {
	op := m.tok().text
	for j := m.i + 1; j < end; j++ {
		t := m.toks[j]
		if t.kind != tWord {
			break
		}
		switch {
		case op == "getelementptr" && t.text == "inrange" && m.toks[j+1].text == "(":
			k := j + 1
			for k < end && m.toks[k].text != ")" {
				k++
			}
			m.drop(t.pos, m.toks[k].end)
			j = k
		case droppedFlag(op, t.text):
			m.drop(t.pos, t.end)
		case t.text == "inbounds" || t.text == "nsw" || t.text == "nuw" || t.text == "exact":
		default:
			return
		}
	}
}

// droppedFlag reports the flags of newer LLVM versions on op.
func droppedFlag(op, flag string) bool {
	switch flag {
	case "disjoint":
		return op == "or"
	case "nneg":
		return op == "zext" || op == "uitofp" || op == "sitofp"
	case "samesign":
		return op == "icmp"
	case "nusw":
		return op == "getelementptr"
	case "nuw":
		return op == "getelementptr" || op == "trunc"
	case "nsw":
		return op == "trunc"
	}
	return false
}

// newAttrs are attributes of LLVM 15 and later that llir v0.3.6 cannot
// read; they say nothing the front end uses, so they are removed.
var newAttrs = map[string]bool{
	"memory": true, "writable": true, "dead_on_unwind": true, "range": true, "initializes": true, "captures": true,
	"nofpclass": true, "allockind": true, "allocptr": true, "allocalign": true, "fn_ret_thunk_extern": true,
	"presplitcoroutine": true, "nosanitize_bounds": true, "skipprofile": true, "optdebug": true,
	"hybrid_patchable": true, "sanitize_numerical_stability": true, "coro_only_destroy_when_complete": true,
	"coro_elide_safe": true, "sanitize_realtime": true, "sanitize_realtime_blocking": true, "sanitize_type": true,
	"nodivergencesource": true, "noext": true, "no_sanitize_address": true, "no_sanitize_hwaddress": true,
	"sanitize_address_dyninit": true, "nocreateundeforpoison": true, "dead_on_return": true,
}

// prefixWord skips a word before a function's or call's return type or
// after its parameters (linkage, calling convention, attributes), with
// its arguments, removing newer attributes.
func (m *omod) prefixWord(t token) {
	m.next()
	last := t.end
	if m.is("(") && m.tok().pos == t.end {
		m.skipParens()
		last = m.toks[m.i-1].end
	}
	if (t.text == "align" || t.text == "cc") && m.tok().kind == tInt {
		m.next()
	}
	if newAttrs[t.text] {
		m.dropAttr(t, last)
	}
}

// dropAttr removes an attribute word (and its parenthesized arguments,
// up to last) from the text.
func (m *omod) dropAttr(t token, last int) { m.drop(t.pos, last) }

// drop removes src[from:to] and the space after it.
func (m *omod) drop(from, to int) {
	if to < len(m.src) && m.src[to] == ' ' {
		to++
	}
	m.edits = append(m.edits, edit{from: from, to: to})
}

// metadata reads !N = [distinct] !Kind(key: value, …) or !{…}.
func (m *omod) metadata() {
	name := m.next().text
	end := m.lineEnd(m.i - 1)
	m.next() // =
	m.accept("distinct")
	n := &mdNode{fields: map[string]string{}}
	t := m.next()
	if t.kind == tMeta && t.text == "!" && m.is("{") {
		m.next()
		for !m.is("}") && m.i < end {
			from := m.tok().pos
			m.skipElement(end)
			n.elems = append(n.elems, strings.TrimSpace(string(m.src[from:m.toks[m.i-1].end])))
			if !m.accept(",") {
				break
			}
		}
	} else if t.kind == tMeta && m.is("(") {
		n.kind = t.text[1:]
		if n.kind == "DIAssignID" {
			// assignment tracking (clang 17, -O1): llir cannot read the
			// node; what refers to it only needs a node
			m.edits = append(m.edits, edit{from: t.pos, to: m.toks[end-1].end, text: "!{}"})
		}
		m.next()
		for !m.is(")") && m.i < end {
			comma := m.toks[m.i-1]
			key := m.next()
			if key.kind != tLabel {
				break
			}
			from := m.tok().pos
			m.skipElement(end)
			n.fields[key.text] = strings.TrimSpace(string(m.src[from:m.toks[m.i-1].end]))
			if newDIFields[n.kind+"."+key.text] && comma.text == "," {
				m.edits = append(m.edits, edit{from: comma.pos, to: m.toks[m.i-1].end})
			}
			if !m.accept(",") {
				break
			}
		}
	}
	m.meta[name] = n
	m.i = end
}

// newDIFields are fields of debug information nodes newer than llir
// v0.3.6 (clang 20 and later), which say nothing the front end reads.
var newDIFields = map[string]bool{
	"DILabel.column": true, "DILabel.isArtificial": true, "DILabel.coroSuspendIdx": true,
	"DILocation.atomGroup": true, "DILocation.atomRank": true, "DISubprogram.keyInstructions": true,
	"DICompositeType.num_extra_inhabitants": true, "DICompositeType.specification": true,
	"DICompositeType.enumKind": true, "DIBasicType.num_extra_inhabitants": true, "DIDerivedType.ptrAuthData": true,
}

// skipElement skips one metadata field value or tuple element (up to a
// comma or closing bracket at depth 0).
func (m *omod) skipElement(end int) {
	depth := 0
	start := m.i
	for m.i < end {
		t := m.tok()
		if t.kind == tPunct {
			switch t.text {
			case "(", "{", "[":
				depth++
			case ")", "}", "]":
				if depth == 0 {
					if m.i == start {
						m.fail("empty metadata element")
					}
					return
				}
				depth--
			case ",":
				if depth == 0 {
					return
				}
			}
		}
		m.next()
	}
}

// llirAttrs are the attributes llir v0.3.6 reads; attribute groups keep
// only these (and string attributes). Newer ones (memory(…), writable,
// dead_on_unwind, range(…), …) say nothing the front end uses.
var llirAttrs = map[string]bool{
	"alignstack": true, "allocsize": true, "alwaysinline": true, "argmemonly": true, "builtin": true, "cold": true,
	"convergent": true, "disable_sanitizer_instrumentation": true, "hot": true, "inaccessiblemem_or_argmemonly": true,
	"inaccessiblememonly": true, "inlinehint": true, "jumptable": true, "minsize": true, "mustprogress": true,
	"naked": true, "nobuiltin": true, "nocallback": true, "nocf_check": true, "noduplicate": true, "nofree": true,
	"noimplicitfloat": true, "noinline": true, "nomerge": true, "nonlazybind": true, "noprofile": true,
	"norecurse": true, "noredzone": true, "noreturn": true, "nosanitize_coverage": true, "nosync": true,
	"nounwind": true, "null_pointer_is_valid": true, "optforfuzzing": true, "optnone": true, "optsize": true,
	"readnone": true, "readonly": true, "returns_twice": true, "safestack": true, "sanitize_address": true,
	"sanitize_hwaddress": true, "sanitize_memory": true, "sanitize_memtag": true, "sanitize_thread": true,
	"shadowcallstack": true, "speculatable": true, "speculative_load_hardening": true, "ssp": true, "sspreq": true,
	"sspstrong": true, "strictfp": true, "willreturn": true, "writeonly": true, "uwtable": true, "vscale_range": true,
	"align": true, "noundef": true, "nonnull": true, "noalias": true, "nocapture": true, "zeroext": true, "signext": true,
	"inreg": true, "returned": true, "immarg": true, "dereferenceable": true, "dereferenceable_or_null": true,
	"byval": true, "sret": true, "byref": true, "inalloca": true, "preallocated": true, "elementtype": true,
	"nest": true, "swiftself": true, "swifterror": true, "swiftasync": true,
}

// attributes filters an attribute group.
func (m *omod) attributes() {
	end := m.lineEnd(m.i)
	for m.i < end {
		t := m.next()
		if t.kind != tWord || t.text == "attributes" {
			continue
		}
		last := t.end
		if m.is("(") && m.tok().pos == t.end {
			m.skipParens()
			last = m.toks[m.i-1].end
		}
		if !llirAttrs[t.text] {
			m.drop(t.pos, last)
			continue
		}
		if t.text == "uwtable" && last != t.end {
			m.edits = append(m.edits, edit{from: t.end, to: last}) // uwtable(sync)
		}
	}
	m.i = end
}

package llvmfront

import (
	"fmt"
	"strconv"
	"strings"
)

// The parser of the reader of opaque-pointer IR (opaque.go). It reads
// what the typing of pointers needs: named types, globals, function
// signatures, the instructions that involve pointers, and the debug
// information; everything else is copied as it is. Types and values keep
// their spans in the text, so the rewrite can reprint them.

// omod is one module being read.
type omod struct {
	name string
	src  []byte
	toks []token
	i    int

	named     map[string]*namedTy // %name → definition
	namedList []*namedTy
	globals   map[string]*oglobal // @name
	funcs     map[string]*ofunc   // @name
	funcList  []*ofunc
	meta      map[string]*mdNode // !N

	sites    []*tsite // type spans that hold a pointer
	edits    []edit
	dbgDecls []*dbgDecl // llvm.dbg.declare calls and #dbg_declare records
	needDbg  map[string]bool

	di         *diTyper
	addedTypes []*namedTy // structs defined from the debug information
}

// namedTy is a %name = type … definition.
type namedTy struct {
	name string // with its %
	body *ty    // nil: opaque
	line int
}

type oglobal struct {
	name        string
	content     *ty
	contentSite *tsite
	init        *oval
	dbg         string // !N of the DIGlobalVariableExpression
	line        int
	linkage     string
}

type ofunc struct {
	mod      *omod
	name     string
	sig      *ty // kFunc
	params   []string
	paramAt  []*tsite
	defined  bool
	external bool // not internal or private
	dbg      string
	line     int
	vals     map[string]*ty // SSA values and parameters → own type
	insts    []*oinst
	blocks   map[string]*oblock
	entry    string
	sret     []*ty // byval/sret(T) of each parameter (nil if none)
}

type oblock struct {
	name string
	term int // byte offset of the terminator, where casts for phis go
	dbg  string
}

// tsite is a type as written, reprinted with typed pointers.
type tsite struct {
	from, to int
	t        *ty
}

// edit replaces src[from:to] by text.
type edit struct {
	from, to int
	text     string
}

type vkind uint8

const (
	vNone   vkind = iota
	vLocal        // %x
	vGlobal       // @x
	vNull         // null, undef, poison, zeroinitializer, none: take the type wanted
	vConst        // numbers, true, false, strings, metadata: printed as written
	vExpr         // a constant expression
	vAgg          // { … }, [ … ], < … >
)

// oval is an operand: its type as written (site, nil when implied) and its
// value.
type oval struct {
	site     *tsite
	kind     vkind
	name     string
	from, to int
	expr     *cexpr
	elems    []*oval
	open     string // vAgg: "{", "<{", "[", "<"
}

// cexpr is a constant expression: op [flags] (args [to T]).
type cexpr struct {
	op    string
	flags string
	elem  *ty // getelementptr
	args  []*oval
	to    *ty // casts
}

// oinst is an instruction that involves pointers.
type oinst struct {
	fn      *ofunc
	op      string
	res     string
	resT    *ty // own type of the result
	at      int // byte offset of the instruction (casts are inserted there)
	line    int
	dbg     string
	block   *oblock
	typ     *ty // alloca, load, store, cmpxchg, atomicrmw value type; gep source element
	typSite *tsite
	addr    *oval
	vals    []*oval // store: value; cmpxchg: cmp, new; icmp, select: the two; call: arguments; phi: incomings; ret, freeze, ptrtoint: the value
	preds   []string
	callee  *oval
	fnty    *ty    // call: the function type (explicit, or built from the return type and the arguments)
	fnSite  *tsite // call: the explicit function type or the return type as written
	meta    []bool // call: the argument is metadata
	idx     []*oval
	drop    bool // an instruction the rewrite leaves out
	padding bool // a byte offset into padding only a dropped memset used
	end     int  // byte offset after the instruction
}

type mdNode struct {
	kind   string            // DILocalVariable, …, or "" for a tuple
	fields map[string]string // key → value text
	elems  []string          // tuple elements
}

type dbgDecl struct {
	fn    *ofunc
	addr  string // %x
	vari  string // !N of the DILocalVariable
	block *oblock
}

// parseError is an error of the reader at a line of the .ll file.
type parseError struct {
	line int
	msg  string
}

func (e *parseError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

func (m *omod) fail(format string, args ...any) {
	panic(&parseError{line: m.tok().line, msg: fmt.Sprintf(format, args...)})
}

func (m *omod) tok() token       { return m.toks[m.i] }
func (m *omod) peek(k int) token { return m.toks[min(m.i+k, len(m.toks)-1)] }
func (m *omod) next() token {
	t := m.toks[m.i]
	if t.kind != tEOF {
		m.i++
	}
	return t
}

func (m *omod) is(text string) bool {
	t := m.tok()
	return t.text == text && (t.kind == tPunct || t.kind == tWord)
}

func (m *omod) accept(text string) bool {
	if m.is(text) {
		m.i++
		return true
	}
	return false
}

func (m *omod) expect(text string) token {
	if !m.is(text) {
		m.fail("expected %q, found %q", text, m.tok().text)
	}
	return m.next()
}

// lineEnd is the index of the first token after the logical line that
// starts at token i: the line ends at a newline outside square brackets
// (a switch lists its cases on the lines after it).
func (m *omod) lineEnd(i int) int {
	depth := 0
	line := m.toks[i].line
	for j := i; ; j++ {
		t := m.toks[j]
		if t.kind == tEOF {
			return j
		}
		if t.line != line && depth <= 0 {
			return j
		}
		line = t.line
		if t.kind == tPunct {
			switch t.text {
			case "[":
				depth++
			case "]":
				depth--
			}
		}
	}
}

// parseOpaque reads a module.
func parseOpaque(name string, src []byte) (m *omod, err error) {
	m = &omod{name: name, src: src, toks: lexIR(src), named: map[string]*namedTy{}, globals: map[string]*oglobal{},
		funcs: map[string]*ofunc{}, meta: map[string]*mdNode{}, needDbg: map[string]bool{}}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*parseError)
			if !ok {
				// a bug, or input that breaks an assumption: an error
				// at the token reached, not a crash
				pe = &parseError{line: m.toks[min(m.i, len(m.toks)-1)].line, msg: fmt.Sprintf("internal error: %v", r)}
			}
			m, err = nil, pe
		}
	}()
	// named types first: the layout of globals and instructions needs them
	m.namedTypes()
	for m.i = 0; m.tok().kind != tEOF; {
		t := m.tok()
		switch {
		case t.kind == tLocal && m.peek(1).text == "=" && m.peek(2).text == "type":
			m.i = m.lineEnd(m.i)
		case t.kind == tGlobal && m.peek(1).text == "=":
			m.global()
		case t.kind == tWord && (t.text == "define" || t.text == "declare"):
			m.function()
		case t.kind == tMeta && m.peek(1).text == "=":
			m.metadata()
		case t.kind == tWord && t.text == "attributes":
			m.attributes()
		default:
			m.i = m.lineEnd(m.i)
		}
	}
	return m, nil
}

// site records a type span that holds a pointer.
func (m *omod) site(from, to int, t *ty) *tsite {
	s := &tsite{from: from, to: to, t: t}
	if t.hasPtr() {
		m.sites = append(m.sites, s)
	}
	return s
}

// typ parses a type and records its span.
func (m *omod) typ() (*ty, *tsite) {
	from := m.tok().pos
	t := m.parseType()
	return t, m.site(from, m.toks[m.i-1].end, t)
}

var floatNames = map[string]bool{"half": true, "bfloat": true, "float": true, "double": true, "x86_fp80": true, "fp128": true, "ppc_fp128": true}

// parseType parses a type; ptr gets a fresh variable.
func (m *omod) parseType() *ty {
	t := m.next()
	var r *ty
	switch {
	case t.kind == tLocal:
		r = &ty{kind: kNamed, name: t.text}
	case t.kind == tWord && t.text == "ptr":
		r = &ty{kind: kPtr, to: &tvar{}}
		if m.is("addrspace") {
			from := m.tok().pos
			m.next()
			m.expect("(")
			m.next()
			m.expect(")")
			r.space = " " + string(m.src[from:m.toks[m.i-1].end])
		}
	case t.kind == tWord && t.text == "void":
		r = &ty{kind: kVoid}
	case t.kind == tWord && len(t.text) > 1 && t.text[0] == 'i' && isDigits(t.text[1:]):
		n, _ := strconv.Atoi(t.text[1:])
		r = &ty{kind: kInt, bits: n}
	case t.kind == tWord && floatNames[t.text]:
		r = &ty{kind: kFloat, name: t.text}
	case t.kind == tWord && (t.text == "label" || t.text == "metadata" || t.text == "token" || t.text == "x86_mmx" || t.text == "x86_amx" || t.text == "opaque"):
		r = &ty{kind: kOther, name: t.text}
	case t.text == "[" && t.kind == tPunct:
		n := m.next()
		count, err := strconv.ParseInt(n.text, 10, 64)
		if err != nil {
			m.fail("bad array length %q", n.text)
		}
		m.expect("x")
		r = &ty{kind: kArray, n: count, elem: m.parseType()}
		m.expect("]")
	case t.text == "<" && t.kind == tPunct:
		if m.is("{") {
			m.next()
			r = m.structBody("}")
			r.packed = true
			m.expect(">")
			break
		}
		r = &ty{kind: kVector}
		if m.accept("vscale") {
			m.expect("x")
			r.scalable = true
		}
		n := m.next()
		count, err := strconv.ParseInt(n.text, 10, 64)
		if err != nil {
			m.fail("bad vector length %q", n.text)
		}
		r.n = count
		m.expect("x")
		r.elem = m.parseType()
		m.expect(">")
	case t.text == "{" && t.kind == tPunct:
		r = m.structBody("}")
	default:
		m.i--
		m.fail("expected a type, found %q", t.text)
	}
	// typed pointers (IR that mixes them in) and function types
	for {
		switch {
		case m.is("*"):
			m.next()
			r = ptrTo(r)
			continue
		case m.is("addrspace") && m.peek(4).text == "*":
			m.i += 5
			r = ptrTo(r)
			continue
		case m.is("(") && m.funcTypeAhead():
			m.next()
			r = m.funcParams(r)
			continue
		}
		return r
	}
}

// funcTypeAhead reports whether a ( after a type starts the parameter
// list of a function type (it is followed by types and then * or the end
// of the type), not a call's arguments.
func (m *omod) funcTypeAhead() bool {
	j := m.i + 1
	depth := 1
	for ; j < len(m.toks) && depth > 0; j++ {
		t := m.toks[j]
		if t.kind == tPunct {
			switch t.text {
			case "(":
				depth++
			case ")":
				depth--
			}
		}
		if t.kind == tLocal && depth == 1 && !(m.toks[j-1].text == "," || m.toks[j-1].text == "(") {
			return false // %x after a type: a named argument
		}
		if t.kind == tGlobal || t.kind == tInt && depth == 1 && m.toks[j-1].kind != tPunct {
			return false
		}
	}
	if j >= len(m.toks) {
		return false
	}
	next := m.toks[j]
	return next.text == "*" || next.text == "," || next.text == ")" || next.text == "]" || next.text == "}" || next.kind == tGlobal || next.kind == tLocal || next.text == "asm"
}

func (m *omod) funcParams(ret *ty) *ty {
	f := &ty{kind: kFunc, ret: ret}
	for !m.is(")") {
		if m.is("...") {
			m.next()
			f.variadic = true
			continue
		}
		f.params = append(f.params, m.parseType())
		m.skipAttrs()
		if !m.accept(",") {
			break
		}
	}
	m.expect(")")
	return f
}

func (m *omod) structBody(closing string) *ty {
	r := &ty{kind: kStruct}
	for !m.is(closing) {
		r.fields = append(r.fields, m.parseType())
		if !m.accept(",") {
			break
		}
	}
	m.expect(closing)
	return r
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// namedType reads %name = type ….
func (m *omod) namedType() {
	name := m.next()
	m.next() // =
	m.next() // type
	d := &namedTy{name: name.text, line: name.line}
	if m.is("opaque") {
		m.next()
	} else {
		d.body, _ = m.typ()
	}
	if _, dup := m.named[d.name]; !dup {
		m.named[d.name] = d
		m.namedList = append(m.namedList, d)
	}
}

// linkage and other words that may come between @g = and global.
var globalPrefix = map[string]bool{
	"private": true, "internal": true, "available_externally": true, "linkonce": true, "weak": true, "common": true,
	"appending": true, "extern_weak": true, "linkonce_odr": true, "weak_odr": true, "external": true,
	"dso_local": true, "dso_preemptable": true, "default": true, "hidden": true, "protected": true,
	"dllimport": true, "dllexport": true, "unnamed_addr": true, "local_unnamed_addr": true,
	"externally_initialized": true,
}

// global reads a global variable, alias or ifunc.
func (m *omod) global() {
	name := m.next()
	end := m.lineEnd(m.i - 1)
	m.next() // =
	g := &oglobal{name: name.text, line: name.line}
	for {
		t := m.tok()
		switch {
		case t.kind == tWord && globalPrefix[t.text]:
			if g.linkage == "" && t.text != "dso_local" && t.text != "dso_preemptable" && t.text != "unnamed_addr" && t.text != "local_unnamed_addr" {
				g.linkage = t.text
			}
			m.next()
			continue
		case t.kind == tWord && (t.text == "thread_local" || t.text == "addrspace"):
			m.next()
			if m.is("(") {
				m.skipParens()
			}
			continue
		}
		break
	}
	kw := m.next()
	switch kw.text {
	case "global", "constant":
	case "alias", "ifunc":
		t, _ := m.typ()
		m.expect(",")
		g.content = t
		g.init = m.typedValue()
		m.i = end
		m.globals[g.name] = g
		return
	default:
		m.i = end
		return
	}
	g.content, g.contentSite = m.typ()
	if m.i < end && !m.is(",") {
		g.init = m.value(nil)
	}
	for m.i < end {
		if m.tok().kind == tMeta && m.tok().text == "!dbg" {
			m.next()
			g.dbg = m.next().text
			continue
		}
		m.next()
	}
	m.globals[g.name] = g
}

func (m *omod) skipParens() {
	depth := 0
	for {
		t := m.next()
		if t.kind == tEOF {
			return
		}
		if t.kind == tPunct && t.text == "(" {
			depth++
		}
		if t.kind == tPunct && t.text == ")" {
			depth--
			if depth == 0 {
				return
			}
		}
	}
}

// valueStart are the words that begin a value (not an attribute).
var valueStart = map[string]bool{
	"null": true, "undef": true, "poison": true, "zeroinitializer": true, "none": true, "true": true, "false": true,
	"getelementptr": true, "bitcast": true, "ptrtoint": true, "inttoptr": true, "addrspacecast": true,
	"trunc": true, "zext": true, "sext": true, "fptrunc": true, "fpext": true, "fptoui": true, "fptosi": true,
	"uitofp": true, "sitofp": true, "add": true, "sub": true, "mul": true, "shl": true, "lshr": true, "ashr": true,
	"and": true, "or": true, "xor": true, "udiv": true, "sdiv": true, "urem": true, "srem": true,
	"icmp": true, "fcmp": true, "select": true, "extractvalue": true, "insertvalue": true, "extractelement": true,
	"insertelement": true, "shufflevector": true, "fneg": true,
	"blockaddress": true, "dso_local_equivalent": true, "no_cfi": true, "asm": true, "splat": true,
}

// skipAttrs skips parameter attributes after a type: words that do not
// begin a value, with their parenthesized arguments, and align N.
func (m *omod) skipAttrs() {
	for {
		before := m.i
		m.skipAttrsOne()
		if m.i == before {
			return
		}
	}
}

// typedAttrs parses the parameter attributes after a type and returns
// the type of byval(T), sret(T), byref(T), inalloca(T), preallocated(T)
// or elementtype(T) (nil if none).
func (m *omod) typedAttrs() *ty {
	var out *ty
	for {
		t := m.tok()
		if t.kind == tWord && (t.text == "byval" || t.text == "sret" || t.text == "byref" || t.text == "inalloca" || t.text == "preallocated" || t.text == "elementtype") && m.peek(1).text == "(" {
			m.i += 2
			out, _ = m.typ()
			m.expect(")")
			continue
		}
		before := m.i
		m.skipAttrsOne()
		if m.i == before {
			return out
		}
	}
}

// skipAttrsOne skips at most one attribute.
func (m *omod) skipAttrsOne() {
	t := m.tok()
	switch {
	case t.kind == tWord && t.text == "align":
		m.next()
		if m.tok().kind == tInt {
			m.next()
		} else if m.is("(") {
			m.skipParens()
		}
	case t.kind == tWord && !valueStart[t.text] && !isTypeWord(t.text):
		m.next()
		last := t.end
		if m.is("(") && m.tok().pos == t.end {
			m.skipParens()
			last = m.toks[m.i-1].end
		}
		if !llirAttrs[t.text] {
			m.dropAttr(t, last)
		}
	case t.kind == tString && m.peek(1).text == "=":
		m.i += 3
	}
}

func isTypeWord(s string) bool {
	return s == "ptr" || s == "void" || floatNames[s] || s == "label" || s == "metadata" || s == "token" ||
		len(s) > 1 && s[0] == 'i' && isDigits(s[1:])
}

// typedValue parses "T attrs v".
func (m *omod) typedValue() *oval {
	t, s := m.typ()
	m.typedAttrs()
	v := m.value(t)
	v.site = s
	return v
}

// value parses a value of type t (t may be nil when unknown).
func (m *omod) value(t *ty) *oval {
	tk := m.tok()
	v := &oval{from: tk.pos}
	defer func() { v.to = m.toks[m.i-1].end }()
	switch {
	case tk.kind == tLocal:
		m.next()
		v.kind, v.name = vLocal, tk.text
	case tk.kind == tGlobal:
		m.next()
		v.kind, v.name = vGlobal, tk.text
	case tk.kind == tInt || tk.kind == tFloat || tk.kind == tString || tk.kind == tCString || tk.kind == tMetaStr:
		m.next()
		v.kind = vConst
	case tk.kind == tMeta:
		m.next()
		v.kind = vConst
		if m.is("(") || m.is("{") {
			m.skipBalanced()
		}
	case tk.kind == tWord && (tk.text == "null" || tk.text == "undef" || tk.text == "poison" || tk.text == "zeroinitializer" || tk.text == "none"):
		m.next()
		v.kind, v.name = vNull, tk.text
	case tk.kind == tWord && (tk.text == "true" || tk.text == "false"):
		m.next()
		v.kind = vConst
	case tk.kind == tWord && (tk.text == "blockaddress" || tk.text == "dso_local_equivalent" || tk.text == "no_cfi"):
		m.next()
		v.kind = vConst
		if m.is("(") {
			m.skipParens()
		} else {
			m.next()
		}
	case tk.kind == tWord && tk.text == "asm":
		m.next()
		for m.tok().kind == tWord {
			m.next()
		}
		m.next() // "asm text"
		m.expect(",")
		m.next() // "constraints"
		v.kind = vConst
	case tk.kind == tWord && tk.text == "splat":
		m.next()
		m.skipParens()
		v.kind = vConst
	case tk.kind == tWord && valueStart[tk.text]:
		v.kind = vExpr
		v.expr = m.constExpr()
	case tk.kind == tPunct && (tk.text == "{" || tk.text == "[" || tk.text == "<"):
		m.next()
		v.kind = vAgg
		v.open = tk.text
		closing := map[string]string{"{": "}", "[": "]", "<": ">"}[tk.text]
		if tk.text == "<" && m.is("{") {
			m.next()
			v.open = "<{"
			closing = "}"
		}
		for !m.is(closing) {
			v.elems = append(v.elems, m.typedValue())
			if !m.accept(",") {
				break
			}
		}
		m.expect(closing)
		if v.open == "<{" {
			m.expect(">")
		}
	default:
		m.fail("expected a value, found %q", tk.text)
	}
	return v
}

// skipBalanced skips a bracketed group starting at the current token.
func (m *omod) skipBalanced() {
	depth := 0
	for {
		t := m.next()
		if t.kind == tEOF {
			return
		}
		if t.kind == tPunct {
			switch t.text {
			case "(", "{", "[":
				depth++
			case ")", "}", "]":
				depth--
			}
		}
		if depth == 0 {
			return
		}
	}
}

// constExpr parses op [flags] (args [to T]).
func (m *omod) constExpr() *cexpr {
	e := &cexpr{op: m.next().text}
	var flags []string
	for !m.is("(") {
		t := m.next()
		if t.kind == tEOF {
			m.fail("unterminated constant expression")
		}
		if t.text == "inrange" && m.is("(") {
			m.skipParens()
			continue
		}
		if droppedFlag(e.op, t.text) {
			continue
		}
		flags = append(flags, t.text)
	}
	e.flags = strings.Join(flags, " ")
	m.expect("(")
	if e.op == "getelementptr" {
		e.elem = m.parseType()
		m.expect(",")
	}
	for !m.is(")") {
		if m.is("inrange") {
			m.next()
		}
		e.args = append(e.args, m.typedValue())
		if m.accept("to") {
			e.to = m.parseType()
			break
		}
		if !m.accept(",") {
			break
		}
	}
	m.expect(")")
	return e
}

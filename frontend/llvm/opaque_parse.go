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
	wantCast bool
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

// parseModuleText reads a module.
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
	for m.i = 0; m.tok().kind != tEOF; {
		t := m.tok()
		if t.kind == tLocal && m.peek(1).text == "=" && m.peek(2).text == "type" {
			m.namedType()
			continue
		}
		m.i = m.lineEnd(m.i)
	}
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

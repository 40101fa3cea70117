package litmus

import (
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// maxNesting bounds the nesting of propositions, expressions and blocks so
// that hostile input cannot exhaust the stack.
const maxNesting = 200

// parser reads one litmus file. Errors abort the parse through bail.
type parser struct {
	file       string
	src        string
	lx         *lexer
	t          *Test
	depth      int
	locIdx     map[string]int
	memInit    map[string]memInit
	regInit    map[Term]regInit
	threadRefs []threadRef
	threads    []*thread
	accessBits int         // assembly: the width of the accesses so far
	mixed      *mixedState // AArch64: access sizes and the byte layout
	// C: the locations some thread declares atomic (atomic_int *x)
	atomicDecl map[string]bool
	// C: memory accesses made while evaluating the operands of the
	// current full expression (see fullExpr)
	operandAccesses int
	asm             asmArch
}

type memInit struct {
	val lsl.Value
	pos diag.Pos
}

type regInit struct {
	val lsl.Value
	pos diag.Pos
}

// threadRef is a use of a thread number, checked once the threads are known.
type threadRef struct {
	n   int
	pos diag.Pos
}

type bail struct{ err error }

func (p *parser) failf(pos diag.Pos, format string, args ...any) {
	if p.lx != nil && p.lx.err != nil {
		panic(bail{p.lx.err}) // the lexer's error explains the situation better
	}
	panic(bail{diag.Errorf(pos, format, args...)})
}

func (p *parser) expect(punct string) token {
	t := p.lx.next()
	if !t.is(punct) {
		p.failf(t.pos, "expected %q, found %s", punct, t.describe())
	}
	return t
}

// Parse reads a litmus test in herd's format (X86 or C) and translates it
// into an LSL program and test. Errors are *diag.Error values.
func Parse(file string, src []byte) (*Test, error) { return parse(file, src, false) }

// ParseAllBytes is Parse with every location of an AArch64 test cut into
// bytes (herd's events), the byte layout: the tests compare its final
// states with the cell layout's.
func ParseAllBytes(file string, src []byte) (*Test, error) { return parse(file, src, true) }

// parse is Parse; with allBytes an AArch64 test uses the byte layout with
// every location cut into bytes.
func parse(file string, src []byte, allBytes bool) (*Test, error) {
	t, p, err := parseWith(file, src, nil, allBytes)
	if err != nil || p.mixed.trigger == "" {
		return t, err
	}
	// the test needs the byte layout (mixed.go): translate it again
	t, _, err = parseWith(file, src, p.mixed, false)
	return t, err
}

// parseWith parses and translates a test; with a layout (the bookkeeping
// of a first translation that asked for one) it uses the byte layout.
func parseWith(file string, src []byte, layout *mixedState, allBytes bool) (t *Test, p *parser, err error) {
	p = &parser{file: file, src: string(src), locIdx: map[string]int{},
		memInit: map[string]memInit{}, regInit: map[Term]regInit{}, mixed: newMixedState()}
	p.mixed.allBytes = allBytes
	if layout != nil {
		m := p.mixed
		m.bytes, m.cells, m.extent, m.bytewise = true, layout.cells, layout.extent, layout.bytewise
		m.stored, m.storedAnyOff = layout.stored, layout.storedAnyOff
	}
	defer func() {
		if r := recover(); r != nil {
			t = nil
			if b, ok := r.(bail); ok {
				err = b.err
				return
			}
			err = diag.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, "internal error while reading the litmus test: %v", r)
		}
	}()
	p.t = &Test{File: file}
	off := p.header()
	p.initBlock(off)
	switch p.t.Arch {
	case "X86":
		p.x86Threads()
	case "C":
		p.cThreads()
	default:
		p.asmThreads(p.asm)
	}
	p.tail()
	p.checkThreadRefs()
	if p.t.Arch == "AArch64" {
		if layout == nil {
			p.plan()
			if p.mixed.trigger != "" {
				return nil, p, nil
			}
		}
		p.armConditions()
	}
	p.lower()
	return p.t, p, nil
}

// header reads "ARCH NAME …" and the metadata lines that follow, up to the
// "{" of the initial state, and returns the offset of that "{".
func (p *parser) header() int {
	src := p.src
	line, off := 1, 0
	// skip blank lines
	for off < len(src) {
		end := strings.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		if strings.TrimSpace(src[off:off+end]) != "" {
			break
		}
		off += end + 1
		line++
	}
	end := strings.IndexByte(src[min(off, len(src)):], '\n')
	if end < 0 {
		end = len(src) - min(off, len(src))
	}
	first := ""
	if off < len(src) {
		first = src[off : off+end]
	}
	pos := diag.Pos{File: p.file, Line: line, Col: 1}
	fields := strings.Fields(first)
	if len(fields) == 0 {
		p.failf(pos, "empty file: expected a litmus test header \"X86 NAME\" or \"C NAME\"")
	}
	arch := fields[0]
	switch strings.ToUpper(arch) {
	case "X86":
		p.t.Arch = "X86"
	case "C":
		p.t.Arch = "C"
	case "AARCH64":
		p.t.Arch, p.asm = "AArch64", aarch64{}
	case "RISCV":
		p.t.Arch, p.asm = "RISCV", riscv{}
	case "PPC":
		p.t.Arch, p.asm = "PPC", ppc{}
	default:
		p.failf(pos, "unsupported architecture %q (supported: X86, AArch64, RISCV, PPC, C)", arch)
	}
	if len(fields) < 2 || strings.HasPrefix(fields[1], "{") {
		p.failf(pos, "missing test name after %s", arch)
	}
	p.t.Name = fields[1]
	p.t.Pos = pos
	// Metadata: anything after the name up to the first "{" outside
	// strings and comments.
	i := strings.Index(first, arch) + len(arch)
	i = off + i + strings.Index(first[i:], fields[1]) + len(fields[1])
	for i < len(src) {
		switch {
		case src[i] == '"':
			j := strings.IndexByte(src[i+1:], '"')
			if j < 0 {
				p.failf(p.posAt(i), "unterminated string")
			}
			i += j + 2
		case strings.HasPrefix(src[i:], "(*"):
			n := ocamlCommentLen(src[i:])
			if n < 0 {
				p.failf(p.posAt(i), "unterminated comment (* … *)")
			}
			i += n
		case src[i] == '{':
			return i
		default:
			i++
		}
	}
	p.failf(p.posAt(len(src)), "missing initial state { … }")
	return 0
}

// posAt converts a byte offset into a position.
func (p *parser) posAt(off int) diag.Pos {
	off = min(off, len(p.src))
	line := 1 + strings.Count(p.src[:off], "\n")
	col := off - (strings.LastIndexByte(p.src[:off], '\n') + 1) + 1
	return diag.Pos{File: p.file, Line: line, Col: col}
}

// initBlock reads { item; … } where an item sets a location (x=1, [x]=1,
// int x=1, y=&x) or a register (0:EAX=1, P0:EAX=1).
func (p *parser) initBlock(off int) {
	pos := p.posAt(off)
	p.lx = newLexer(p.file, p.src, off, pos.Line, pos.Col)
	p.expect("{")
	for {
		t := p.lx.peek()
		switch {
		case t.is("}"):
			p.lx.next()
			if p.lx.peek().is(";") {
				p.lx.next()
			}
			return
		case t.is(";"):
			p.lx.next()
			continue
		case t.kind == tEOF:
			p.failf(t.pos, "missing \"}\" at the end of the initial state")
		}
		p.initItem()
	}
}

// cTypeWords are the C type keywords skipped in declarations.
var cTypeWords = map[string]bool{
	"int": true, "long": true, "short": true, "char": true, "unsigned": true, "signed": true,
	"volatile": true, "const": true, "_Atomic": true, "atomic_int": true, "atomic_long": true,
	"atomic_uint": true, "atomic_bool": true, "bool": true, "_Bool": true, "intptr_t": true,
	"uintptr_t": true, "int32_t": true, "int64_t": true, "uint32_t": true, "uint64_t": true,
	"atomic_intptr_t": true, "size_t": true, "int8_t": true, "int16_t": true, "uint8_t": true,
	"uint16_t": true,
}

func (p *parser) initItem() {
	// C types: "int x = 1", "int *p = &x", "atomic_int y"; the assembly
	// front ends record their sizes (uint64_t x: 8 bytes)
	var words []string
	ptr := false
	for {
		t := p.lx.peek()
		if t.kind == tIdent && (cTypeWords[t.text] || isTypedefName(t.text)) {
			words = append(words, t.text)
			p.lx.next()
			continue
		}
		if t.is("*") {
			ptr = true
			p.lx.next()
			continue
		}
		break
	}
	start := p.lx.peek()
	term := p.term()
	size := typeSize(words, ptr)
	if t := p.lx.peek(); t.is("[") && (p.asm != nil || p.t.Arch == "C") {
		if p.t.Arch != "AArch64" || term.Thread >= 0 {
			p.unsupported(t.pos, ReasonArray, "array location %s", term)
		}
		p.lx.next()
		n, ok := p.asmImm([]token{p.lx.next()})
		if !ok || n <= 0 || n > maxArrayBytes {
			p.failf(t.pos, "bad array length in %s[…]", term)
		}
		p.expect("]")
		p.declareArray(term.Loc, size, n, t.pos)
	} else if p.t.Arch == "AArch64" {
		p.declareSize(term, size)
	}
	val := lsl.Num(0)
	if p.lx.peek().is("=") {
		p.lx.next()
		val = p.initValue()
	}
	if t := p.lx.peek(); !t.is(";") && !t.is("}") {
		p.failf(t.pos, "expected \";\" or \"}\" in the initial state, found %s", t.describe())
	}
	if term.Thread >= 0 {
		if prev, dup := p.regInit[term]; dup {
			p.failf(start.pos, "%s is initialized twice (first at %s)", term, prev.pos)
		}
		p.regInit[term] = regInit{val, start.pos}
		return
	}
	if prev, dup := p.memInit[term.Loc]; dup {
		p.failf(start.pos, "%s is initialized twice (first at %s)", term.Loc, prev.pos)
	}
	p.memInit[term.Loc] = memInit{val, start.pos}
}

// number parses a decimal or 0x hexadecimal literal. AArch64 values are
// 64-bit patterns: a number up to 2^64-1 is the int64 with its bits
// (0xffffffffffffffff is -1); elsewhere values must fit in 32 bits.
func (p *parser) number(t token) int64 {
	s := t.text
	base := 10
	if len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X") {
		s, base = s[2:], 16
	}
	u, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		if p.asm != nil && errors.Is(err, strconv.ErrRange) {
			p.unsupported(t.pos, ReasonWide, "number %s is wider than 64 bits", t.text)
		}
		p.failf(t.pos, "bad number %s", t.text)
	}
	if p.t.Arch == "AArch64" {
		return int64(u)
	}
	if u > 1<<31-1 {
		if p.asm != nil {
			p.unsupported(t.pos, ReasonWide, "number %s is wider than 32 bits", t.text)
		}
		p.failf(t.pos, "number %s is too large (values must fit in 32 bits)", t.text)
	}
	return int64(u)
}

// locName checks that t names a memory location and registers it.
func (p *parser) locName(t token) string {
	if t.kind != tIdent {
		p.failf(t.pos, "expected a location name, found %s", t.describe())
	}
	if p.t.Arch == "X86" && isX86Reg(t.text) || p.asm != nil && p.asm.canonReg(t.text) != "" {
		p.failf(t.pos, "%s is a register, not a memory location", t.text)
	}
	p.loc(t.text)
	return t.text
}

// loc returns the LSL base of a location, adding it on first use.
func (p *parser) loc(name string) int64 {
	if i, ok := p.locIdx[name]; ok {
		return int64(i + 1)
	}
	p.locIdx[name] = len(p.t.Locs)
	p.t.Locs = append(p.t.Locs, name)
	return int64(len(p.t.Locs))
}

// locValue is the address of location t ([x 0] in the byte layout).
func (p *parser) locValue(t token) lsl.Value {
	if p.mixed.bytes {
		return lsl.Ptr(p.loc(p.locName(t)), 0)
	}
	return lsl.Ptr(p.loc(p.locName(t)))
}

// canonReg checks a register name in a condition or the initial state.
func (p *parser) canonReg(t token) string {
	if p.t.Arch == "X86" {
		r := strings.ToUpper(t.text)
		if !isX86Reg(r) {
			p.failf(t.pos, "unknown x86 register %s", t.text)
		}
		return r
	}
	if p.asm != nil {
		r := p.asm.canonReg(t.text)
		if r == "" {
			p.failf(t.pos, "unknown %s register %s", p.t.Arch, t.text)
		}
		return r
	}
	return t.text
}

func (p *parser) checkThreadRefs() {
	for _, r := range p.threadRefs {
		if r.n >= len(p.threads) {
			p.failf(r.pos, "no thread P%d (the test has %d threads)", r.n, len(p.threads))
		}
	}
}

// tail reads what follows the threads: an optional locations clause and
// filter, the final condition, and herd's trailing "with" clause and
// << … >> blocks, which are ignored.
func (p *parser) tail() {
	p.lx.setCMode(false)
	var shown []Term
	for {
		t := p.lx.peek()
		switch {
		case t.isWord("locations"):
			p.lx.next()
			shown = append(shown, p.locationsClause()...)
			continue
		case t.isWord("filter"):
			p.lx.next()
			if p.t.Filter != nil {
				p.failf(t.pos, "a second filter clause")
			}
			p.t.Filter = p.prop()
			continue
		}
		break
	}
	p.t.Cond = p.condition()
	if p.lx.peek().is(";") {
		p.lx.next()
	}
	if p.lx.peek().isWord("with") {
		// herd's per-model expectations ("tso: ~exists;"): skip them
		for t := p.lx.peek(); t.kind != tEOF && !t.is("<<"); t = p.lx.peek() {
			p.lx.next()
		}
	}
	for p.lx.peek().is("<<") {
		t := p.lx.next()
		end := strings.Index(p.src[t.off+2:], ">>")
		if end < 0 {
			p.failf(t.pos, "missing \">>\"")
		}
		off := t.off + 2 + end + 2
		p.lx.reset(off, p.posAt(off))
	}
	if t := p.lx.peek(); t.kind != tEOF {
		p.failf(t.pos, "unexpected %s after the final condition", t.describe())
	}
	if p.lx.err != nil {
		panic(bail{p.lx.err})
	}
	for _, term := range terms(p.t.Cond.Prop, terms(filterProp(p.t.Filter), shown)) {
		p.t.Shown = appendTerm(p.t.Shown, term)
	}
	// herd's order: registers by thread, then locations
	sort.SliceStable(p.t.Shown, func(i, j int) bool { return termLess(p.t.Shown[i], p.t.Shown[j]) })
}

func termLess(a, b Term) bool {
	if (a.Thread < 0) != (b.Thread < 0) {
		return a.Thread >= 0
	}
	if a.Thread != b.Thread {
		return a.Thread < b.Thread
	}
	if a.Reg != b.Reg {
		return a.Reg < b.Reg
	}
	return a.Loc < b.Loc
}

func filterProp(f Prop) Prop {
	if f == nil {
		return Const(true)
	}
	return f
}

func appendTerm(ts []Term, t Term) []Term {
	for _, x := range ts {
		if x == t {
			return ts
		}
	}
	return append(ts, t)
}

// locationsClause reads [t1; t2; …].
func (p *parser) locationsClause() []Term {
	var out []Term
	p.expect("[")
	for {
		t := p.lx.peek()
		switch {
		case t.is("]"):
			p.lx.next()
			return out
		case t.is(";"):
			p.lx.next()
			continue
		case t.kind == tEOF:
			p.failf(t.pos, "missing \"]\" after the locations")
		}
		out = append(out, p.term())
	}
}

// condition := exists P | ~exists P | forall P | final P (an old form of
// exists).
func (p *parser) condition() *Condition {
	t := p.lx.next()
	c := &Condition{Pos: t.pos}
	switch {
	case t.isWord("exists"), t.isWord("final"):
		c.Quant = Exists
	case t.isWord("forall"):
		c.Quant = Forall
	case t.is("~") || t.isWord("not"):
		if !p.lx.next().isWord("exists") {
			p.failf(t.pos, "expected ~exists")
		}
		c.Quant = NotExists
	case t.kind == tEOF && p.t.Arch == "AArch64":
		// herd's default: forall true (the test only lists final states)
		c.Quant, c.Prop = Forall, Const(true)
		return c
	case t.kind == tEOF:
		if p.asm != nil {
			p.unsupported(t.pos, ReasonNoCondition, "the test has no final condition")
		}
		p.failf(t.pos, "missing final condition (exists, ~exists or forall)")
	default:
		p.failf(t.pos, "expected the final condition (exists, ~exists or forall), found %s", t.describe())
	}
	c.Prop = p.prop()
	return c
}

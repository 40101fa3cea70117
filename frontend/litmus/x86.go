package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// x86Threads reads the thread table: a header row "P0 | P1 | … ;" and
// rows of instructions, one column per thread, each row ending in ";".
func (p *parser) x86Threads() {
	p.lx.setCMode(false)
	for col := 0; ; col++ {
		t := p.lx.next()
		if t.kind != tIdent || t.text != "P"+strconv.Itoa(col) {
			p.failf(t.pos, "expected thread name P%d in the thread table header, found %s", col, t.describe())
		}
		p.threads = append(p.threads, newThread(col, t.pos))
		sep := p.lx.next()
		if sep.is(";") {
			break
		}
		if !sep.is("|") {
			p.failf(sep.pos, "expected \"|\" or \";\" after %s, found %s", t.text, sep.describe())
		}
	}
	for !p.atTail() {
		p.x86Row()
	}
}

// atTail reports whether the next token starts what follows the threads.
func (p *parser) atTail() bool {
	t := p.lx.peek()
	return t.kind == tEOF || t.is("~") || t.isWord("exists") || t.isWord("forall") ||
		t.isWord("final") || t.isWord("locations") || t.isWord("filter")
}

// x86Row reads one row of the table.
func (p *parser) x86Row() {
	for col := 0; ; col++ {
		start := p.lx.peek()
		if col >= len(p.threads) {
			p.failf(start.pos, "too many columns: the test has %d threads", len(p.threads))
		}
		var cell []token
		for t := p.lx.peek(); !t.is("|") && !t.is(";"); t = p.lx.peek() {
			if t.kind == tEOF {
				p.failf(t.pos, "missing \";\" at the end of the row")
			}
			cell = append(cell, p.lx.next())
		}
		if len(cell) > 0 {
			p.x86Instr(p.threads[col], cell)
		}
		if p.lx.next().is(";") {
			return
		}
	}
}

// operand kinds of an x86 instruction
type x86Operand struct {
	reg  string      // register (canonical)
	mem  lsl.Operand // memory operand: its address
	expr string      // memory operand as written, for traces
	imm  lsl.Operand // immediate
	pos  diag.Pos
}

func (o x86Operand) isMem() bool { return o.mem != nil }

// x86Instr translates one instruction ([LOCK] MNEMONIC operands).
func (p *parser) x86Instr(th *thread, toks []token) {
	pos := toks[0].pos
	locked := false
	if toks[0].isWord("lock") {
		locked = true
		toks = toks[1:]
		if len(toks) == 0 {
			p.failf(pos, "LOCK prefix without an instruction")
		}
	}
	if toks[0].kind != tIdent {
		p.failf(toks[0].pos, "expected an instruction, found %s", toks[0].describe())
	}
	if len(toks) > 1 && toks[1].is(":") {
		p.failf(toks[0].pos, "labels are not supported (%s): a thread is straight-line code, without jumps", spaced(toks))
	}
	mn := strings.ToUpper(toks[0].text)
	if x86Jumps[mn] {
		p.failf(toks[0].pos, "%s is not supported (%s): a thread is straight-line code, without jumps", toks[0].text, spaced(toks))
	}
	ops := p.x86Operands(th, toks[0], toks[1:])
	arity := func(n int) {
		if len(ops) != n {
			p.failf(pos, "%s takes %d operand(s), found %d", mn, n, len(ops))
		}
	}
	if locked && !x86Lockable[mn] {
		p.failf(pos, "LOCK cannot prefix %s", mn)
	}
	switch mn {
	case "MOV":
		arity(2)
		if ops[0].isMem() && ops[1].isMem() {
			p.failf(pos, "MOV cannot move from memory to memory")
		}
		if ops[0].imm != nil {
			p.failf(ops[0].pos, "MOV cannot write to an immediate")
		}
		if ops[0].reg != "" && ops[1].isMem() {
			// load straight into the register
			th.emit(&lsl.Load{Dst: sigil(ops[0].reg), Addr: ops[1].mem, Expr: ops[1].expr, Pos: pos})
			return
		}
		v := p.x86Read(th, ops[1], pos)
		p.x86Write(th, ops[0], v, pos)
	case "MFENCE":
		arity(0)
		th.fence(lsl.FenceFull, pos, "mfence")
	case "LFENCE":
		arity(0)
		th.fence(lsl.FenceLoadLoad, pos, "lfence")
	case "SFENCE":
		arity(0)
		th.fence(lsl.FenceStoreStore, pos, "sfence")
	case "XCHG":
		arity(2)
		p.x86Xchg(th, ops, pos)
	case "CMPXCHG":
		arity(2)
		p.x86Cmpxchg(th, ops, locked, pos)
	case "XADD":
		arity(2)
		if ops[1].reg == "" {
			p.failf(ops[1].pos, "XADD needs a register as its second operand")
		}
		p.x86Update(th, ops[0], locked, pos, func(old lsl.Operand) lsl.Operand {
			sum := th.tmp()
			th.assign(sum, lsl.OpAdd, pos, old, sigil(ops[1].reg))
			th.assign(sigil(ops[1].reg), lsl.OpCopy, pos, old)
			return sum
		})
	case "ADD", "SUB", "AND", "OR", "XOR":
		arity(2)
		op := map[string]lsl.Op{"ADD": lsl.OpAdd, "SUB": lsl.OpSub, "AND": lsl.OpAnd, "OR": lsl.OpOr, "XOR": lsl.OpXor}[mn]
		p.x86Arith(th, ops[0], locked, pos, op, ops[1])
	case "INC", "DEC":
		arity(1)
		op := map[string]lsl.Op{"INC": lsl.OpAdd, "DEC": lsl.OpSub}[mn]
		p.x86Arith(th, ops[0], locked, pos, op, x86Operand{imm: num(1), pos: pos})
	default:
		p.failf(toks[0].pos, "unsupported x86 instruction %s (supported: MOV, MFENCE, LFENCE, SFENCE, XCHG, CMPXCHG, XADD, ADD, SUB, AND, OR, XOR, INC, DEC and LOCK)", toks[0].text)
	}
}

// spaced is an instruction's tokens as written, with spaces between words.
func spaced(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && !t.is(",") && !t.is(":") && !t.is("]") && !toks[i-1].is("[") && !toks[i-1].is("$") {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// x86Jumps are control transfers (and the compare that feeds them).
var x86Jumps = map[string]bool{"JMP": true, "JE": true, "JNE": true, "JZ": true, "JNZ": true, "JL": true,
	"JLE": true, "JG": true, "JGE": true, "JB": true, "JBE": true, "JA": true, "JAE": true, "CMP": true,
	"TEST": true, "CALL": true, "RET": true, "LOOP": true}

// x86Lockable are the instructions a LOCK prefix may precede.
var x86Lockable = map[string]bool{"XCHG": true, "CMPXCHG": true, "XADD": true, "ADD": true,
	"SUB": true, "AND": true, "OR": true, "XOR": true, "INC": true, "DEC": true}

// x86Operands splits the operand tokens at commas and classifies them.
func (p *parser) x86Operands(th *thread, mn token, toks []token) []x86Operand {
	var out []x86Operand
	for len(toks) > 0 {
		end := 0
		for end < len(toks) && !toks[end].is(",") {
			end++
		}
		if end == 0 {
			p.failf(toks[0].pos, "missing operand of %s", mn.text)
		}
		out = append(out, p.x86Operand(th, toks[:end]))
		if end < len(toks) {
			end++ // the comma
			if end == len(toks) {
				p.failf(toks[end-1].pos, "missing operand after \",\"")
			}
		}
		toks = toks[end:]
	}
	return out
}

// x86Operand: REG | [loc] | [REG] | $n | n | -n | $loc.
func (p *parser) x86Operand(th *thread, toks []token) x86Operand {
	t := toks[0]
	o := x86Operand{pos: t.pos}
	bad := func() x86Operand {
		p.failf(t.pos, "bad operand %s (expected a register, [location], [register] or an immediate $n)", joinTokens(toks))
		return o
	}
	switch {
	case len(toks) == 1 && t.kind == tIdent:
		r := strings.ToUpper(t.text)
		if !isX86Reg(r) {
			p.failf(t.pos, "unknown register %s (memory operands are written [%s])", t.text, t.text)
		}
		o.reg = r
		th.reg(r)
	case len(toks) == 3 && t.is("[") && toks[1].kind == tIdent && toks[2].is("]"):
		if r := strings.ToUpper(toks[1].text); isX86Reg(r) {
			o.mem, o.expr = th.reg(r), "["+r+"]"
		} else {
			o.mem, o.expr = lsl.Const{V: lsl.Ptr(p.loc(toks[1].text))}, toks[1].text
		}
	case t.is("$") && len(toks) == 2 && toks[1].kind == tIdent:
		o.imm = lsl.Const{V: p.locValue(toks[1])}
	default:
		rest := toks
		if t.is("$") {
			rest = rest[1:]
		}
		neg := false
		if len(rest) > 0 && rest[0].is("-") {
			neg, rest = true, rest[1:]
		}
		if len(rest) != 1 || rest[0].kind != tNum {
			return bad()
		}
		n := p.number(rest[0])
		if neg {
			n = -n
		}
		o.imm = num(n)
	}
	return o
}

func joinTokens(toks []token) string {
	var s []string
	for _, t := range toks {
		s = append(s, t.text)
	}
	return strings.Join(s, "")
}

// x86Read returns the value of a source operand, loading memory operands.
func (p *parser) x86Read(th *thread, o x86Operand, pos diag.Pos) lsl.Operand {
	switch {
	case o.reg != "":
		return sigil(o.reg)
	case o.isMem():
		t := th.tmp()
		th.emit(&lsl.Load{Dst: t, Addr: o.mem, Expr: o.expr, Pos: pos})
		return t
	}
	return o.imm
}

// x86Write stores v into a destination operand.
func (p *parser) x86Write(th *thread, o x86Operand, v lsl.Operand, pos diag.Pos) {
	if o.isMem() {
		th.emit(&lsl.Store{Addr: o.mem, Val: v, Expr: o.expr, Pos: pos})
		return
	}
	th.assign(sigil(o.reg), lsl.OpCopy, pos, v)
}

// locked emits body as a locked instruction: an atomic block between two
// full fences, since locked instructions drain the store buffer (see
// doc.go and axioms/models/tso.mm). For cat models its accesses carry the
// tag A (herd's locked accesses); the fences carry no tag.
func (p *parser) locked(th *thread, pos diag.Pos, body func()) {
	th.fence(lsl.FenceFull, pos)
	b := th.block(pos, body)
	tagAccesses(b, "A")
	th.emit(&lsl.Atomic{Body: b, Pos: pos})
	th.fence(lsl.FenceFull, pos)
}

// x86Xchg: XCHG exchanges two registers, or a register and memory (then it
// is implicitly locked).
func (p *parser) x86Xchg(th *thread, ops []x86Operand, pos diag.Pos) {
	a, b := ops[0], ops[1]
	if a.imm != nil || b.imm != nil {
		p.failf(pos, "XCHG operands must be registers or memory")
	}
	if a.isMem() && b.isMem() {
		p.failf(pos, "XCHG cannot exchange memory with memory")
	}
	if !a.isMem() && !b.isMem() {
		t := th.tmp()
		th.assign(t, lsl.OpCopy, pos, sigil(a.reg))
		th.assign(sigil(a.reg), lsl.OpCopy, pos, sigil(b.reg))
		th.assign(sigil(b.reg), lsl.OpCopy, pos, t)
		return
	}
	mem, reg := a, b
	if b.isMem() {
		mem, reg = b, a
	}
	p.x86Update(th, mem, true, pos, func(old lsl.Operand) lsl.Operand {
		t := th.tmp()
		th.assign(t, lsl.OpCopy, pos, sigil(reg.reg))
		th.assign(sigil(reg.reg), lsl.OpCopy, pos, old)
		return t
	})
}

// x86Update is a read-modify-write of a memory operand (or a register):
// f computes the new value from the old one. Locked updates of memory are
// atomic blocks between full fences.
func (p *parser) x86Update(th *thread, dst x86Operand, locked bool, pos diag.Pos, f func(old lsl.Operand) lsl.Operand) {
	if dst.imm != nil {
		p.failf(dst.pos, "the destination cannot be an immediate")
	}
	if !dst.isMem() {
		if locked {
			p.failf(pos, "LOCK needs a memory destination")
		}
		th.assign(sigil(dst.reg), lsl.OpCopy, pos, f(sigil(dst.reg)))
		return
	}
	rmw := func() {
		old := p.x86Read(th, dst, pos)
		p.x86Write(th, dst, f(old), pos)
	}
	if locked {
		p.locked(th, pos, rmw)
	} else {
		rmw()
	}
}

func (p *parser) x86Arith(th *thread, dst x86Operand, locked bool, pos diag.Pos, op lsl.Op, src x86Operand) {
	if dst.isMem() && src.isMem() {
		p.failf(pos, "both operands are in memory")
	}
	// read the source first: it is not part of the locked access
	v := p.x86Read(th, src, pos)
	p.x86Update(th, dst, locked, pos, func(old lsl.Operand) lsl.Operand {
		t := th.tmp()
		th.assign(t, op, pos, old, v)
		return t
	})
}

// x86Cmpxchg: CMPXCHG dst, src compares EAX with dst; if equal, dst := src,
// otherwise EAX := dst. A failing comparison does not store.
func (p *parser) x86Cmpxchg(th *thread, ops []x86Operand, locked bool, pos diag.Pos) {
	dst, src := ops[0], ops[1]
	if src.reg == "" {
		p.failf(src.pos, "CMPXCHG needs a register as its second operand")
	}
	if dst.imm != nil {
		p.failf(dst.pos, "the destination cannot be an immediate")
	}
	eax := th.reg("EAX")
	body := func() {
		old := p.x86Read(th, dst, pos)
		eq := th.tmp()
		th.assign(eq, lsl.OpEq, pos, old, eax)
		then := th.block(pos, func() { p.x86Write(th, dst, sigil(src.reg), pos) })
		els := th.block(pos, func() { th.assign(eax, lsl.OpCopy, pos, old) })
		th.emit(&lsl.If{Cond: eq, Then: then, Else: els, Pos: pos})
	}
	switch {
	case !dst.isMem() && locked:
		p.failf(pos, "LOCK needs a memory destination")
	case locked:
		p.locked(th, pos, body)
	default:
		body()
	}
}

// isX86Reg recognizes the general-purpose registers (upper case).
func isX86Reg(r string) bool {
	r = strings.ToUpper(r)
	switch r {
	case "EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP",
		"RAX", "RBX", "RCX", "RDX", "RSI", "RDI", "RBP", "RSP",
		"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP",
		"AL", "BL", "CL", "DL", "AH", "BH", "CH", "DH":
		return true
	}
	if len(r) >= 2 && r[0] == 'R' {
		n := strings.TrimRight(r[1:], "DWB")
		if len(r[1:])-len(n) > 1 {
			return false
		}
		if k, ok := smallInt(n); ok && k >= 8 && k <= 15 && n[0] != '0' {
			return true
		}
	}
	return false
}

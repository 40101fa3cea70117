package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// The assembly front ends (AArch64, RISC-V, PPC) share the thread table
// of herd's format and the translation of control flow: each cell holds
// one instruction or a label "L:". Forward jumps become breaks out of
// labelled blocks: the block of label L spans from the start of the thread
// to L, so a jump to L from anywhere before it exits that block; blocks of
// later labels enclose those of earlier ones. A backward jump is a loop,
// which is unsupported.

// asmArch translates the instructions of one architecture.
type asmArch interface {
	// instr translates one instruction (the label cells are handled
	// here); mn is the mnemonic, dotted suffixes included (b.ne, lr.w.aq).
	instr(p *parser, th *thread, mn string, pos diag.Pos, ops [][]token)
	// canonReg maps a register name to its canonical form ("" if it is
	// not a register).
	canonReg(name string) string
}

// asmCell is one non-empty cell of the table.
type asmCell struct {
	toks  []token
	label string // the cell is "label:"
}

// asmThreads reads the thread table of an assembly test.
func (p *parser) asmThreads(arch asmArch) {
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
	cells := make([][]asmCell, len(p.threads))
	for !p.atTail() {
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
				c := asmCell{toks: cell}
				if len(cell) == 2 && cell[0].kind == tIdent && cell[1].is(":") {
					c.label = cell[0].text
				}
				cells[col] = append(cells[col], c)
			}
			if p.lx.next().is(";") {
				break
			}
		}
	}
	for i, th := range p.threads {
		th.arch, th.initPtr = arch, map[string]bool{}
		for term, in := range p.regInit {
			if term.Thread == i && in.val.Kind == lsl.KPtr {
				th.initPtr[term.Reg] = true
			}
		}
		p.asmThread(arch, th, cells[i])
	}
}

// asmThread translates one thread's cells with the block structure for
// its labels.
func (p *parser) asmThread(arch asmArch, th *thread, cells []asmCell) {
	at := map[string]int{} // label -> index of its cell
	var order []string
	for i, c := range cells {
		if c.label == "" {
			continue
		}
		if _, dup := at[c.label]; dup {
			p.failf(c.toks[0].pos, "label %s is defined twice in P%d", c.label, th.index)
		}
		at[c.label] = i
		order = append(order, c.label)
	}
	th.labels = at
	var emit func(k int) // the code before label order[k] (k = len: the whole thread)
	emit = func(k int) {
		from := 0
		if k > 0 {
			lb := order[k-1]
			blk := th.block(cells[at[lb]].toks[0].pos, func() { emit(k - 1) })
			blk.Label = asmLabel(lb)
			th.emit(blk)
			if th.abs != nil {
				th.absLabel(lb)
			}
			from = at[lb] + 1
		}
		to := len(cells)
		if k < len(order) {
			to = at[order[k]]
		}
		for i := from; i < to; i++ {
			th.pc = i
			p.asmInstr(arch, th, cells[i].toks)
		}
	}
	emit(len(order))
	for _, f := range th.tail {
		f()
	}
}

// asmLabel is the LSL label of a litmus label.
func asmLabel(l string) string { return "L_" + l }

// jump emits a branch to label name under cond (nil: always).
func (p *parser) jump(th *thread, name token, cond lsl.Operand, pos diag.Pos) {
	target, ok := th.labels[name.text]
	if !ok {
		p.failf(name.pos, "unknown label %s in P%d", name.text, th.index)
	}
	if target <= th.pc {
		p.unsupported(pos, ReasonLoop, "backward jump to %s (a loop)", name.text)
	}
	if th.abs != nil {
		th.absJump(name.text, cond == nil)
	}
	brk := &lsl.Break{Label: asmLabel(name.text), Pos: pos}
	if cond == nil {
		th.emit(brk)
		return
	}
	th.emit(&lsl.If{Cond: cond, Then: &lsl.Block{Stmts: []lsl.Stmt{brk}, Pos: pos}, Pos: pos})
}

// asmInstr splits a cell into mnemonic and comma-separated operands.
func (p *parser) asmInstr(arch asmArch, th *thread, toks []token) {
	if len(toks) == 2 && toks[1].is(":") {
		return // a label
	}
	first := toks[0]
	if first.kind != tIdent {
		p.failf(first.pos, "expected an instruction, found %s", first.describe())
	}
	mn := strings.ToLower(first.text)
	i := 1
	adjacent := func(a, b token) bool { return b.off == a.off+len(a.text) }
	for i+1 < len(toks) && toks[i].is(".") && toks[i+1].kind == tIdent && adjacent(toks[i-1], toks[i]) && adjacent(toks[i], toks[i+1]) {
		mn += "." + strings.ToLower(toks[i+1].text)
		i += 2
	}
	if i < len(toks) && toks[i].is(".") && adjacent(toks[i-1], toks[i]) {
		mn += "." // stwcx.
		i++
	}
	var ops [][]token
	var cur []token
	depth := 0
	for _, t := range toks[i:] {
		switch {
		case t.is("[") || t.is("("):
			depth++
		case t.is("]") || t.is(")"):
			depth--
		}
		if t.is(",") && depth == 0 {
			if len(cur) == 0 {
				p.failf(t.pos, "missing operand of %s", first.text)
			}
			ops = append(ops, cur)
			cur = nil
			continue
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 {
		ops = append(ops, cur)
	} else if len(ops) > 0 {
		p.failf(toks[len(toks)-1].pos, "missing operand after \",\"")
	}
	arch.instr(p, th, mn, first.pos, ops)
}

// asmOps checks the number of operands.
func (p *parser) asmOps(mn string, pos diag.Pos, ops [][]token, n int) {
	if len(ops) != n {
		p.failf(pos, "%s takes %d operand(s), found %d", mn, n, len(ops))
	}
}

// reg reads a register operand (the zero register reads as 0); write
// tells that the register is assigned (then the zero register is a sink).
func (p *parser) asmReg(arch asmArch, th *thread, op []token, zero string) (lsl.Operand, lsl.Reg) {
	if len(op) != 1 || op[0].kind != tIdent {
		p.failf(op[0].pos, "expected a register, found %s", joinTokens(op))
	}
	r := arch.canonReg(op[0].text)
	if r == "" {
		p.failf(op[0].pos, "unknown register %s", op[0].text)
	}
	if r == zero {
		return num(0), lsl.Reg("%zero.sink")
	}
	reg := th.reg(r)
	return reg, reg
}

// asmImm reads an immediate: #n, n or -n (the # is optional).
func (p *parser) asmImm(op []token) (int64, bool) {
	if len(op) > 0 && op[0].is("#") {
		op = op[1:]
	}
	neg := false
	if len(op) > 0 && op[0].is("-") {
		neg, op = true, op[1:]
	}
	if len(op) != 1 || op[0].kind != tNum {
		return 0, false
	}
	n := p.number(op[0])
	if neg {
		n = -n
	}
	return n, true
}

// cmp records the operands of a compare for a later conditional branch.
// hiddenReg initializes an internal register to 0 at the thread start.
func (th *thread) hiddenReg(r lsl.Reg, pos diag.Pos) {
	if th.regSet[string(r)] {
		return
	}
	th.regSet[string(r)] = true
	th.hidden = append(th.hidden, &lsl.Assign{Dst: r, Op: lsl.OpCopy, Args: []lsl.Operand{num(0)}, Pos: pos})
}

func (th *thread) cmp(a, b lsl.Operand, pos diag.Pos) {
	th.assign("%cmp.l", lsl.OpCopy, pos, a)
	th.assign("%cmp.r", lsl.OpCopy, pos, b)
}

// cond computes a branch condition on the last compare: eq, ne, lt, le,
// gt, ge (signed).
func (p *parser) cond(th *thread, c string, pos diag.Pos) lsl.Operand {
	th.hiddenReg("%cmp.l", pos)
	th.hiddenReg("%cmp.r", pos)
	return p.compare(th, c, lsl.Reg("%cmp.l"), lsl.Reg("%cmp.r"), pos)
}

func (p *parser) compare(th *thread, c string, a, b lsl.Operand, pos diag.Pos) lsl.Operand {
	r := th.tmp()
	switch c {
	case "eq":
		th.assign(r, lsl.OpEq, pos, a, b)
	case "ne":
		th.assign(r, lsl.OpNe, pos, a, b)
	case "lt":
		th.assign(r, lsl.OpLt, pos, a, b)
	case "le":
		th.assign(r, lsl.OpLe, pos, a, b)
	case "gt":
		th.assign(r, lsl.OpLt, pos, b, a)
	case "ge":
		th.assign(r, lsl.OpLe, pos, b, a)
	default:
		p.unsupported(pos, ReasonInstruction, "branch condition %s", c)
	}
	return r
}

// indexed is the address a+b where one of them must be 0 (herd's tests
// add a register that is 0 to create an address dependency): the result
// is the other one, undefined (a runtime error) when neither is 0, and
// depends on both.
func (th *thread) indexed(a, b lsl.Operand, pos diag.Pos) lsl.Operand {
	za, zb := th.tmp(), th.tmp()
	th.assign(za, lsl.OpEq, pos, a, num(0))
	th.assign(zb, lsl.OpEq, pos, b, num(0))
	t := th.tmp()
	th.assign(t, lsl.OpSelect, pos, zb, a, lsl.Const{V: lsl.Undef})
	r := th.tmp()
	th.assign(r, lsl.OpSelect, pos, za, b, t)
	return r
}

// access emits a load or a store with tags.
func (th *thread) load(dst lsl.Reg, addr lsl.Operand, expr string, pos diag.Pos, tags ...string) {
	th.emit(&lsl.Load{Dst: dst, Addr: addr, Expr: expr, Tags: tags, Pos: pos})
}

func (th *thread) store(addr, v lsl.Operand, expr string, pos diag.Pos, tags ...string) {
	th.emit(&lsl.Store{Addr: addr, Val: v, Expr: expr, Tags: tags, Pos: pos})
}

// size records the width of an access; a test that accesses memory with
// two different widths is mixed-size.
func (p *parser) size(pos diag.Pos, bits int) {
	if p.accessBits == 0 {
		p.accessBits = bits
		return
	}
	if p.accessBits != bits {
		p.unsupported(pos, ReasonMixedSize, "accesses of %d and %d bits", p.accessBits, bits)
	}
}

// exclusive load/store bookkeeping: a load-exclusive sets the reservation
// register to its address; a store-exclusive may succeed (nondeterminism)
// only while the reservation holds its address, and clears it.
const resvReg = lsl.Reg("%resv")

func (th *thread) reserve(addr lsl.Operand, pos diag.Pos) {
	th.hiddenReg(resvReg, pos)
	th.assign(resvReg, lsl.OpCopy, pos, addr)
}

// storeConditional emits a store-conditional: it succeeds
// nondeterministically (a choice, so that the branch adds no control
// dependency) and then stores and sets status to 0 — with depends, status
// carries a dependency on the store (lsl.Store.Status: RISC-V's sc, not
// Arm's STXR, whose status herd does not treat as a dependency source);
// otherwise it sets status to 1. A success needs the reservation to hold its address: that is assumed
// at the end of the thread (an assume there orders nothing). The
// reservation is cleared.
func (th *thread) storeConditional(addr, v lsl.Operand, expr string, status lsl.Reg, depends bool, pos diag.Pos, tags ...string) {
	th.hiddenReg(resvReg, pos)
	try, match := th.tmp(), th.tmp()
	th.hiddenReg(try, pos)
	th.hiddenReg(match, pos)
	th.assign(match, lsl.OpEq, pos, resvReg, addr)
	th.emit(&lsl.Choose{Dst: try, Lo: 0, Hi: 1, Pos: pos})
	then := th.block(pos, func() {
		if depends {
			th.emit(&lsl.Store{Addr: addr, Val: v, Expr: expr, Tags: tags, Status: status, Pos: pos})
			return
		}
		th.store(addr, v, expr, pos, tags...)
		th.assign(status, lsl.OpCopy, pos, num(0))
	})
	els := th.block(pos, func() { th.assign(status, lsl.OpCopy, pos, num(1)) })
	th.emit(&lsl.If{Cond: try, Then: then, Else: els, Pos: pos})
	th.assign(resvReg, lsl.OpCopy, pos, num(0))
	th.tail = append(th.tail, func() {
		failed, ok := th.tmp(), th.tmp()
		th.assign(failed, lsl.OpEq, pos, try, num(0))
		th.assign(ok, lsl.OpOr, pos, failed, match)
		th.emit(&lsl.Assume{Cond: ok, Pos: pos})
	})
}

// cas emits a compare-and-swap: old := load; if old = expected then store
// v. A CAS is one instruction, not a branch: herd gives its outcome no
// control dependency (the write depends on the comparison only inside the
// instruction), so the outcome is a choice (which no dependency reaches)
// and the comparison that goes with it is assumed at the end of the
// thread, where an assumption orders nothing. Returns the old value.
func (th *thread) cas(addr lsl.Operand, expr string, expected, v lsl.Operand, pos diag.Pos, ltags, stags []string) lsl.Reg {
	old, succeed, eq, done := th.tmp(), th.tmp(), th.tmp(), th.tmp()
	for _, r := range []lsl.Reg{succeed, eq, done} {
		th.hiddenReg(r, pos)
	}
	body := th.block(pos, func() {
		th.load(old, addr, expr, pos, ltags...)
		th.assign(eq, lsl.OpEq, pos, old, expected)
		th.emit(&lsl.Choose{Dst: succeed, Lo: 0, Hi: 1, Pos: pos})
		store := th.block(pos, func() { th.store(addr, v, expr, pos, stags...) })
		th.emit(&lsl.If{Cond: succeed, Then: store, Pos: pos})
	})
	th.emit(&lsl.Atomic{Body: body, Pos: pos})
	th.casOutcome(eq, succeed, done, pos)
	return old
}

// casOutcome follows a CAS that chose succeed: done is set, and at the end
// of the thread the choice must agree with the comparison eq of a CAS that
// ran.
func (th *thread) casOutcome(eq, succeed, done lsl.Reg, pos diag.Pos) {
	th.assign(done, lsl.OpCopy, pos, num(1))
	th.tail = append(th.tail, func() {
		same, skipped, ok := th.tmp(), th.tmp(), th.tmp()
		th.assign(same, lsl.OpEq, pos, eq, succeed)
		th.assign(skipped, lsl.OpEq, pos, done, num(0))
		th.assign(ok, lsl.OpOr, pos, skipped, same)
		th.emit(&lsl.Assume{Cond: ok, Pos: pos})
	})
}

// amo emits an atomic read-modify-write: old := load; store f(old).
func (th *thread) amo(addr lsl.Operand, expr string, pos diag.Pos, ltags, stags []string, f func(old lsl.Operand) lsl.Operand) lsl.Reg {
	old := th.tmp()
	body := th.block(pos, func() {
		th.load(old, addr, expr, pos, ltags...)
		v := f(old)
		if v != nil {
			th.store(addr, v, expr, pos, stags...)
		}
	})
	th.emit(&lsl.Atomic{Body: body, Pos: pos})
	return old
}

// Pointer registers: the front end knows which registers hold a location
// (set in the initial state, or copied from such a register), so that
// "add x, ptr, zero" can become an address dependency instead of pointer
// arithmetic, which LSL does not have.

// isPointer reports whether a register operand statically holds a location.
func (th *thread) isPointer(op []token) bool {
	if len(op) != 1 || op[0].kind != tIdent || th.arch == nil {
		return false
	}
	r := th.arch.canonReg(op[0].text)
	if v, ok := th.ptrRegs[r]; ok {
		return v
	}
	return th.initPtr[r]
}

func (th *thread) markPointer(op []token, ptr bool) {
	if len(op) != 1 || op[0].kind != tIdent || th.arch == nil {
		return
	}
	if th.ptrRegs == nil {
		th.ptrRegs = map[string]bool{}
	}
	th.ptrRegs[th.arch.canonReg(op[0].text)] = ptr
}

// arith emits dst := x op y. An addition with an operand that holds a
// location is the location plus a register that must be 0 (an address
// dependency, see indexed); the result holds the location too.
func (p *parser) arith(th *thread, op lsl.Op, dst func([]token) lsl.Reg, d, a, b []token, x, y lsl.Operand, pos diag.Pos) {
	if op == lsl.OpAdd && (th.isPointer(a) || th.isPointer(b)) {
		v := th.indexed(x, y, pos)
		th.assign(dst(d), lsl.OpCopy, pos, v)
		th.markPointer(d, true)
		return
	}
	th.assign(dst(d), op, pos, x, y)
}

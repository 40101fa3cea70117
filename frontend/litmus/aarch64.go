package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// aarch64 translates herd's AArch64 instructions (doc.go lists them).
//
// Registers are 64 bits: a number is its 64-bit pattern as an int64. An
// instruction that writes a W register zero-extends its 32-bit result, an
// access of n bytes moves the low n bytes of its register (a load
// zero-extends them, LDRS* sign-extends), and a location holds the
// pattern of its size. The front end tracks what it knows of each
// register (armtrack.go) and emits a zero-extension only where a value may
// not fit already.
type aarch64 struct{}

// canonReg: Wn and Xn are one register, named Xn; WZR/XZR is the zero
// register.
func (aarch64) canonReg(name string) string {
	u := strings.ToUpper(name)
	if u == "XZR" || u == "WZR" {
		return "XZR"
	}
	if len(u) >= 2 && (u[0] == 'X' || u[0] == 'W') {
		if n, err := strconv.Atoi(u[1:]); err == nil && n >= 0 && n <= 30 && strconv.Itoa(n) == u[1:] {
			return "X" + u[1:]
		}
	}
	return ""
}

// isW reports whether a register operand is a W (32-bit) register.
func isW(op []token) bool {
	return len(op) == 1 && op[0].kind == tIdent && (op[0].text[0] == 'W' || op[0].text[0] == 'w')
}

// regBytes is the width of a register operand in bytes.
func regBytes(op []token) int64 {
	if isW(op) {
		return 4
	}
	return 8
}

var armFenceOpts = map[string]bool{"SY": true, "ST": true, "LD": true, "ISH": true, "ISHST": true,
	"ISHLD": true, "OSH": true, "OSHST": true, "OSHLD": true, "NSH": true, "NSHST": true, "NSHLD": true}

// armOperand is a register or immediate operand and what the tracker
// knows of it.
type armOperand struct {
	v lsl.Operand
	a absVal
}

// read reads a register or an immediate operand (an immediate of a W
// instruction is its 32-bit pattern).
func (a aarch64) read(p *parser, th *thread, op []token, w bool) armOperand {
	if n, ok := p.asmImm(op); ok {
		if w {
			n = mask(n, 4)
		}
		return armOperand{num(n), absNum(n)}
	}
	v, _ := p.asmReg(a, th, op, "XZR")
	return armOperand{v, th.absOf(a.canonReg(op[0].text))}
}

// write assigns x to the register operand op; a W register gets x's low
// 32 bits, zero-extended.
func (a aarch64) write(p *parser, th *thread, op []token, x armOperand, pos diag.Pos) {
	_, r := p.asmReg(a, th, op, "XZR")
	name := a.canonReg(op[0].text)
	if isW(op) && !x.a.fits(32) {
		if x.a.folds() {
			x = armOperand{num(mask(x.a.n, 4)), absNum(mask(x.a.n, 4))}
		} else {
			th.assign(r, lsl.OpZext, pos, x.v, num(32))
			th.setAbs(name, absUnknown(32))
			return
		}
	}
	th.assign(r, lsl.OpCopy, pos, x.v)
	th.setAbs(name, x.a)
}

// low is the value of x's low bytes, zero-extended (x itself if it fits).
func (th *thread) low(x armOperand, bytes int64, pos diag.Pos) armOperand {
	if bytes >= 8 || x.a.fits(int(8*bytes)) {
		return x
	}
	if x.a.folds() {
		n := mask(x.a.n, bytes)
		return armOperand{num(n), absNum(n)}
	}
	r := th.tmp()
	th.assign(r, lsl.OpZext, pos, x.v, num(8*bytes))
	return armOperand{r, absUnknown(int(8 * bytes))}
}

// signed is x's low bytes read as a signed number (sign-extended).
func (th *thread) signed(x armOperand, bytes int64, pos diag.Pos) armOperand {
	if bytes >= 8 || x.a.fits(int(8*bytes)-1) {
		return x
	}
	r := th.tmp()
	th.assign(r, lsl.OpSext, pos, x.v, num(8*bytes))
	return armOperand{r, absUnknown(64)}
}

func (a aarch64) instr(p *parser, th *thread, mn string, pos diag.Pos, ops [][]token) {
	if th.abs == nil {
		p.armInitRegs(th)
	}
	n := func(k int) { p.asmOps(mn, pos, ops, k) }
	switch mn {
	case "nop":
		n(0)
	case "mov":
		n(2)
		a.write(p, th, ops[0], a.read(p, th, ops[1], isW(ops[0])), pos)
	case "add", "sub", "eor", "orr", "and":
		if len(ops) == 4 {
			n(4)
		} else {
			n(3)
		}
		a.arith(p, th, mn, ops, pos)
	case "cmp":
		n(2)
		w := isW(ops[0])
		x, y := a.read(p, th, ops[0], w), a.read(p, th, ops[1], w)
		if w {
			x, y = th.signed(x, 4, pos), th.signed(y, 4, pos)
		}
		th.cmp(x.v, y.v, pos)
	case "b":
		n(1)
		p.jump(th, p.labelOp(ops[0]), nil, pos)
	case "cbz", "cbnz":
		n(2)
		c := "eq"
		if mn == "cbnz" {
			c = "ne"
		}
		x := th.low(a.read(p, th, ops[0], false), regBytes(ops[0]), pos)
		p.jump(th, p.labelOp(ops[1]), p.compare(th, c, x.v, num(0), pos), pos)
	case "b.eq", "b.ne", "b.lt", "b.le", "b.gt", "b.ge":
		n(1)
		p.jump(th, p.labelOp(ops[0]), p.cond(th, mn[2:], pos), pos)
	case "dmb", "dsb":
		n(1)
		opt := strings.ToUpper(joinTokens(ops[0]))
		if !armFenceOpts[opt] {
			p.failf(pos, "unknown barrier option %s", opt)
		}
		tag := strings.ToUpper(mn) + "." + opt
		kind := lsl.FenceKind(0)
		switch opt {
		case "SY", "ISH", "OSH", "NSH":
			kind = lsl.FenceFull
		case "ST", "ISHST", "OSHST", "NSHST":
			kind = lsl.FenceStoreStore
		}
		th.fence(kind, pos, tag)
	case "isb":
		n(0)
		th.fence(0, pos, "ISB")
	default:
		if m, ok := armMemOps[mn]; ok {
			a.memory(p, th, mn, m, pos, ops)
			return
		}
		if base, order, size, ok := armAtomic(mn); ok {
			a.atomic(p, th, base, order, size, pos, ops)
			return
		}
		p.unsupported(pos, ReasonInstruction, "AArch64 instruction %s", strings.ToUpper(mn))
	}
}

// armInitRegs starts a thread's register tracker at the initial state.
func (p *parser) armInitRegs(th *thread) {
	th.abs, th.absAt = map[string]absVal{}, map[string]map[string]absVal{}
	for term, in := range p.regInit {
		if term.Thread != th.index {
			continue
		}
		switch in.val.Kind {
		case lsl.KNum:
			th.abs[term.Reg] = absNum(in.val.Num)
		case lsl.KPtr:
			off := int64(0)
			if len(in.val.Ptr) > 1 {
				off = in.val.Ptr[1]
			}
			th.abs[term.Reg] = absVal{kind: absLoc, loc: p.t.Locs[in.val.Ptr[0]-1], n: off, bits: 64}
		}
	}
}

// arith translates ADD SUB EOR ORR AND Rd, Rn, Op2{, extend}. An addition
// to a register that holds a location is address arithmetic (herd's
// address dependencies add a register that is 0).
func (a aarch64) arith(p *parser, th *thread, mn string, ops [][]token, pos diag.Pos) {
	w := isW(ops[0])
	x := a.read(p, th, ops[1], w)
	y := a.read(p, th, ops[2], w)
	if len(ops) == 4 {
		y = a.extend(p, th, y, ops[3], pos)
	}
	if mn == "add" && (x.a.pointer() || y.a.pointer()) || mn == "sub" && x.a.pointer() && !y.a.pointer() {
		if y.a.pointer() {
			x, y = y, x
		}
		if mn == "sub" {
			y = a.negate(th, y, pos)
		}
		a.write(p, th, ops[0], p.armOffset(th, x, y, pos), pos)
		return
	}
	op := map[string]lsl.Op{"add": lsl.OpAdd, "sub": lsl.OpSub, "eor": lsl.OpXor, "orr": lsl.OpOr, "and": lsl.OpAnd}[mn]
	res := absUnknown(64)
	same := len(ops[1]) == 1 && len(ops[2]) == 1 && len(ops) == 3 && a.canonReg(ops[1][0].text) != "" &&
		a.canonReg(ops[1][0].text) == a.canonReg(ops[2][0].text)
	switch {
	case same && (mn == "eor" || mn == "sub"):
		res = absNum(0) // r^r and r-r: 0, with a dependency on r
		res.dep = true
	case mn == "and" && (x.a.kind == absConst && x.a.n == 0 || y.a.kind == absConst && y.a.n == 0):
		res = absNum(0)
		res.dep = !x.a.folds() || !y.a.folds()
	case x.a.kind == absConst && y.a.kind == absConst:
		if v, e := lsl.EvalOp(op, nil, -1, []lsl.Value{lsl.Num(x.a.n), lsl.Num(y.a.n)}); e == "" {
			res = absNum(v.Num)
			res.dep = x.a.dep || y.a.dep
		}
	case mn == "and" && !x.a.pointer() && !y.a.pointer():
		res = absUnknown(min(x.a.bits, y.a.bits))
	case mn == "add" && !x.a.pointer() && !y.a.pointer():
		res = absUnknown(min(64, max(x.a.bits, y.a.bits)+1))
	case (mn == "eor" || mn == "orr") && !x.a.pointer() && !y.a.pointer():
		res = absUnknown(max(x.a.bits, y.a.bits))
	}
	_, r := p.asmReg(a, th, ops[0], "XZR")
	name := a.canonReg(ops[0][0].text)
	if isW(ops[0]) && !res.fits(32) {
		if res.folds() {
			// both operands constant: no dependency to keep
			th.assign(r, lsl.OpCopy, pos, num(mask(res.n, 4)))
			th.setAbs(name, absNum(mask(res.n, 4)))
			return
		}
		t := th.tmp()
		th.assign(t, op, pos, x.v, y.v)
		th.assign(r, lsl.OpZext, pos, t, num(32))
		th.setAbs(name, absUnknown(32))
		return
	}
	th.assign(r, op, pos, x.v, y.v)
	th.setAbs(name, res)
}

// extend applies the fourth operand of an arithmetic instruction: SXTW,
// UXTW, SXTX, UXTX or LSL #k.
func (a aarch64) extend(p *parser, th *thread, y armOperand, ext []token, pos diag.Pos) armOperand {
	switch {
	case len(ext) == 1 && (ext[0].isWord("SXTW") || ext[0].isWord("UXTW") || ext[0].isWord("SXTX") || ext[0].isWord("UXTX")):
		switch {
		case ext[0].isWord("SXTW"):
			return th.signed(y, 4, pos)
		case ext[0].isWord("UXTW"):
			return th.low(y, 4, pos)
		}
		return y
	case len(ext) > 1 && ext[0].isWord("LSL"):
		k, ok := p.asmImm(ext[1:])
		if !ok || k < 0 || k > 63 {
			break
		}
		if k == 0 {
			return y
		}
		if y.a.folds() {
			return armOperand{num(y.a.n << uint(k)), absNum(y.a.n << uint(k))}
		}
		r := th.tmp()
		th.assign(r, lsl.OpShl, pos, y.v, num(k))
		return armOperand{r, absUnknown(64)}
	}
	p.failf(ext[0].pos, "unknown operand extension %s", joinTokens(ext))
	return y
}

// negate is -y.
func (a aarch64) negate(th *thread, y armOperand, pos diag.Pos) armOperand {
	if y.a.folds() {
		return armOperand{num(-y.a.n), absNum(-y.a.n)}
	}
	r := th.tmp()
	th.assign(r, lsl.OpNeg, pos, y.v)
	return armOperand{r, absUnknown(64)}
}

// armOffset is the address ptr + off. Without the byte layout a location
// is one cell, so only 0 may be added (th.indexed: the address depends on
// off, and is undefined if off is not 0); any other offset asks for the
// byte layout.
func (p *parser) armOffset(th *thread, ptr, off armOperand, pos diag.Pos) armOperand {
	res := absVal{kind: absLocAnyOff, loc: ptr.a.loc, bits: 64}
	switch {
	case !ptr.a.pointer():
		res = absUnknown(64)
	case ptr.a.kind == absLoc && off.a.kind == absConst:
		res = absVal{kind: absLoc, loc: ptr.a.loc, n: ptr.a.n + off.a.n, bits: 64}
	}
	if p.mixed.bytes {
		return armOperand{th.addOffset(ptr.v, off.v, pos), res}
	}
	if off.a.kind == absConst && off.a.n != 0 {
		p.mixed.need("an address offset")
	}
	return armOperand{th.indexed(ptr.v, off.v, pos), res}
}

// addOffset is the byte-layout address p + off: [x o+off] for p = [x o].
func (th *thread) addOffset(p, off lsl.Operand, pos diag.Pos) lsl.Operand {
	if c, ok := off.(lsl.Const); ok && c.V.Kind == lsl.KNum && c.V.Num == 0 {
		return p
	}
	base, o, o2, r := th.tmp(), th.tmp(), th.tmp(), th.tmp()
	th.assign(base, lsl.OpGetBase, pos, p)
	th.assign(o, lsl.OpGetOffset, pos, p)
	th.assign(o2, lsl.OpAdd, pos, o, off)
	th.assign(r, lsl.OpOffset, pos, base, o2)
	return r
}

// labelOp reads a label operand.
func (p *parser) labelOp(op []token) token {
	if len(op) != 1 || op[0].kind != tIdent {
		p.failf(op[0].pos, "expected a label, found %s", joinTokens(op))
	}
	return op[0]
}

// armAddr reads an address [Xn], [Xn,#k] or [Xn,Rm{,SXTW|UXTW|LSL #k}]:
// the address operand, its text and what the tracker knows of it.
func (p *parser) armAddr(a aarch64, th *thread, op []token, pos diag.Pos) (armOperand, string) {
	if len(op) < 3 || !op[0].is("[") || !op[len(op)-1].is("]") {
		p.failf(op[0].pos, "expected an address [Xn…], found %s", joinTokens(op))
	}
	inner := op[1 : len(op)-1]
	var parts [][]token
	var cur []token
	for _, t := range inner {
		if t.is(",") {
			parts = append(parts, cur)
			cur = nil
			continue
		}
		cur = append(cur, t)
	}
	parts = append(parts, cur)
	for _, part := range parts {
		if len(part) == 0 {
			p.failf(pos, "empty operand in address %s", joinTokens(op))
		}
	}
	if len(parts[0]) != 1 || parts[0][0].kind != tIdent {
		p.failf(parts[0][0].pos, "expected a base register, found %s", joinTokens(parts[0]))
	}
	base := a.read(p, th, parts[0], false)
	expr := "[" + joinTokens(inner) + "]"
	if len(parts) == 1 {
		return base, expr
	}
	if k, ok := p.asmImm(parts[1]); ok {
		if len(parts) > 2 {
			p.failf(pos, "unknown address form %s", expr)
		}
		return p.armOffset(th, base, armOperand{num(k), absNum(k)}, pos), expr
	}
	idx := a.read(p, th, parts[1], false)
	if len(parts) > 2 {
		idx = a.extend(p, th, idx, parts[2], pos)
	}
	if len(parts) > 3 {
		p.failf(pos, "unknown address form %s", expr)
	}
	return p.armOffset(th, base, idx, pos), expr
}

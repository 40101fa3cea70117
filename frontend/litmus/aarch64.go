package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// aarch64 translates herd's AArch64 instructions (doc.go lists them).
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

// width of a register operand: W (32) or X (64).
func armWidth(op []token) int {
	if len(op) == 1 && op[0].kind == tIdent && (op[0].text[0] == 'X' || op[0].text[0] == 'x') {
		return 64
	}
	return 32
}

var armFenceOpts = map[string]bool{"SY": true, "ST": true, "LD": true, "ISH": true, "ISHST": true,
	"ISHLD": true, "OSH": true, "OSHST": true, "OSHLD": true, "NSH": true, "NSHST": true, "NSHLD": true}

func (a aarch64) instr(p *parser, th *thread, mn string, pos lsl.Pos, ops [][]token) {
	reg := func(op []token) lsl.Operand { v, _ := p.asmReg(a, th, op, "XZR"); return v }
	dst := func(op []token) lsl.Reg { _, r := p.asmReg(a, th, op, "XZR"); th.markPointer(op, false); return r }
	src := func(op []token) lsl.Operand {
		if n, ok := p.asmImm(op); ok {
			return num(n)
		}
		return reg(op)
	}
	n := func(k int) { p.asmOps(mn, pos, ops, k) }
	switch mn {
	case "nop":
		n(0)
	case "mov":
		n(2)
		ptr := th.isPointer(ops[1])
		th.assign(dst(ops[0]), lsl.OpCopy, pos, src(ops[1]))
		th.markPointer(ops[0], ptr)
	case "add", "sub", "eor", "orr", "and":
		// a fourth operand extends or shifts the third (SXTW, LSL #k);
		// the tests use it on registers that are 0
		if len(ops) == 4 {
			if k, ok := p.asmImm(ops[3][1:]); !(len(ops[3]) > 0 && (ops[3][0].isWord("SXTW") || ops[3][0].isWord("UXTW") || ops[3][0].isWord("LSL") && ok && k >= 0)) {
				p.failf(ops[3][0].pos, "unknown operand extension %s", joinTokens(ops[3]))
			}
			ops = ops[:3]
		}
		n(3)
		op := map[string]lsl.Op{"add": lsl.OpAdd, "sub": lsl.OpSub, "eor": lsl.OpXor, "orr": lsl.OpOr, "and": lsl.OpAnd}[mn]
		p.arith(th, op, dst, ops[0], ops[1], ops[2], reg(ops[1]), src(ops[2]), pos)
	case "cmp":
		n(2)
		th.cmp(reg(ops[0]), src(ops[1]), pos)
	case "b":
		n(1)
		p.jump(th, p.labelOp(ops[0]), nil, pos)
	case "cbz", "cbnz":
		n(2)
		c := "eq"
		if mn == "cbnz" {
			c = "ne"
		}
		p.jump(th, p.labelOp(ops[1]), p.compare(th, c, reg(ops[0]), num(0), pos), pos)
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
	case "ldr", "ldar", "ldapr", "ldxr", "ldaxr":
		n(2)
		p.size(pos, armWidth(ops[0]))
		addr, expr := p.armAddr(a, th, ops[1], pos)
		tags := map[string][]string{"ldr": nil, "ldar": {"A"}, "ldapr": {"Q"}, "ldxr": {"X"}, "ldaxr": {"A", "X"}}[mn]
		d := dst(ops[0])
		th.load(d, addr, expr, pos, tags...)
		if mn == "ldxr" || mn == "ldaxr" {
			th.reserve(addr, pos)
		}
	case "str", "stlr":
		n(2)
		p.size(pos, armWidth(ops[0]))
		addr, expr := p.armAddr(a, th, ops[1], pos)
		var tags []string
		if mn == "stlr" {
			tags = []string{"L"}
		}
		th.store(addr, reg(ops[0]), expr, pos, tags...)
	case "stxr", "stlxr":
		n(3)
		p.size(pos, armWidth(ops[1]))
		addr, expr := p.armAddr(a, th, ops[2], pos)
		tags := []string{"X"}
		if mn == "stlxr" {
			tags = []string{"L", "X"}
		}
		th.storeConditional(addr, reg(ops[1]), expr, dst(ops[0]), false, pos, tags...)
	case "swp", "swpa", "swpl", "swpal", "ldadd", "ldadda", "ldaddl", "ldaddal",
		"ldeor", "ldeora", "ldeorl", "ldeoral", "ldset", "ldseta", "ldsetl", "ldsetal":
		// Rs, Rt, [Xn]: Rt := old; memory := Rs (swp) or old op Rs
		n(3)
		p.size(pos, armWidth(ops[0]))
		addr, expr := p.armAddr(a, th, ops[2], pos)
		base := mn[:3]
		if base != "swp" {
			base = mn[:5]
		}
		lt, st := armOrder(mn[len(base):])
		rs := reg(ops[0])
		old := th.amo(addr, expr, pos, lt, st, func(old lsl.Operand) lsl.Operand {
			if base == "swp" {
				return rs
			}
			v := th.tmp()
			th.assign(v, map[string]lsl.Op{"ldadd": lsl.OpAdd, "ldeor": lsl.OpXor, "ldset": lsl.OpOr}[base], pos, old, rs)
			return v
		})
		th.assign(dst(ops[1]), lsl.OpCopy, pos, old)
	case "cas", "casa", "casl", "casal":
		// Rs, Rt, [Xn]: if memory = Rs then memory := Rt; Rs := old
		n(3)
		p.size(pos, armWidth(ops[0]))
		addr, expr := p.armAddr(a, th, ops[2], pos)
		lt, st := armOrder(mn[3:])
		old := th.cas(addr, expr, reg(ops[0]), reg(ops[1]), pos, lt, st)
		th.assign(dst(ops[0]), lsl.OpCopy, pos, old)
	default:
		switch {
		case strings.HasPrefix(mn, "ldr") || strings.HasPrefix(mn, "str") || strings.HasPrefix(mn, "ldur") ||
			strings.HasPrefix(mn, "stur") || strings.HasPrefix(mn, "ldar") || strings.HasPrefix(mn, "stlr") ||
			strings.HasPrefix(mn, "ldxr") || strings.HasPrefix(mn, "stxr") || strings.HasPrefix(mn, "ldp") || strings.HasPrefix(mn, "stp"):
			p.unsupported(pos, ReasonMixedSize, "%s (a byte, halfword or pair access)", strings.ToUpper(mn))
		}
		p.unsupported(pos, ReasonInstruction, "AArch64 instruction %s", strings.ToUpper(mn))
	}
}

// armOrder maps the suffix of an atomic (a, l, al) to the tags of its
// read and write.
func armOrder(suffix string) (load, store []string) {
	switch suffix {
	case "a":
		return []string{"A"}, nil
	case "l":
		return nil, []string{"L"}
	case "al":
		return []string{"A"}, []string{"L"}
	}
	return nil, nil
}

// labelOp reads a label operand.
func (p *parser) labelOp(op []token) token {
	if len(op) != 1 || op[0].kind != tIdent {
		p.failf(op[0].pos, "expected a label, found %s", joinTokens(op))
	}
	return op[0]
}

// armAddr reads [Xn], [Xn,#0] or [Xn,Rm{,SXTW|UXTW|LSL #k}] (Rm must
// be 0: an address dependency).
func (p *parser) armAddr(a aarch64, th *thread, op []token, pos lsl.Pos) (lsl.Operand, string) {
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
	base, _ := p.asmReg(a, th, parts[0], "XZR")
	expr := "[" + joinTokens(inner) + "]"
	if len(parts) == 1 {
		return base, expr
	}
	if k, ok := p.asmImm(parts[1]); ok {
		if k != 0 || len(parts) > 2 {
			p.unsupported(pos, ReasonOffset, "address offset %s", joinTokens(parts[1]))
		}
		return base, expr
	}
	idx, _ := p.asmReg(a, th, parts[1], "XZR")
	for _, ext := range parts[2:] {
		if len(ext) == 0 || !(ext[0].isWord("SXTW") || ext[0].isWord("UXTW") || ext[0].isWord("LSL") || ext[0].isWord("SXTX") || ext[0].isWord("UXTX")) {
			p.failf(pos, "unknown address extension %s", joinTokens(ext))
		}
	}
	return th.indexed(base, idx, pos), expr
}

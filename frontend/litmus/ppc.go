package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// ppc translates herd's PPC instructions (doc.go lists them).
type ppc struct{}

// canonReg: rN is named rN.
func (ppc) canonReg(name string) string {
	l := strings.ToLower(name)
	if len(l) >= 2 && l[0] == 'r' {
		if n, err := strconv.Atoi(l[1:]); err == nil && n >= 0 && n <= 31 && strconv.Itoa(n) == l[1:] {
			return l
		}
	}
	return ""
}

func (a ppc) instr(p *parser, th *thread, mn string, pos diag.Pos, ops [][]token) {
	reg := func(op []token) lsl.Operand { v, _ := p.asmReg(a, th, op, ""); return v }
	dst := func(op []token) lsl.Reg { _, r := p.asmReg(a, th, op, ""); th.markPointer(op, false); return r }
	imm := func(op []token) lsl.Operand {
		v, ok := p.asmImm(op)
		if !ok {
			p.failf(op[0].pos, "expected an immediate, found %s", joinTokens(op))
		}
		return num(v)
	}
	// (RA|0): r0 as a base register reads as 0
	base := func(op []token) lsl.Operand {
		if len(op) == 1 && a.canonReg(op[0].text) == "r0" {
			return num(0)
		}
		return reg(op)
	}
	n := func(k int) { p.asmOps(mn, pos, ops, k) }
	switch mn {
	case "nop":
		n(0)
	case "li":
		n(2)
		th.assign(dst(ops[0]), lsl.OpCopy, pos, imm(ops[1]))
	case "mr":
		n(2)
		ptr := th.isPointer(ops[1])
		th.assign(dst(ops[0]), lsl.OpCopy, pos, reg(ops[1]))
		th.markPointer(ops[0], ptr)
	case "addi", "ori", "xori", "andi.":
		n(3)
		op := map[string]lsl.Op{"addi": lsl.OpAdd, "ori": lsl.OpOr, "xori": lsl.OpXor, "andi.": lsl.OpAnd}[mn]
		src := reg(ops[1])
		if mn == "addi" {
			src = base(ops[1])
		}
		p.arith(th, op, dst, ops[0], ops[1], ops[2], src, imm(ops[2]), pos)
	case "add", "sub", "subf", "xor", "or", "and":
		n(3)
		op := map[string]lsl.Op{"add": lsl.OpAdd, "sub": lsl.OpSub, "xor": lsl.OpXor, "or": lsl.OpOr, "and": lsl.OpAnd}[mn]
		x, y := reg(ops[1]), reg(ops[2])
		if mn == "subf" { // subf rt, ra, rb: rb - ra
			op, x, y = lsl.OpSub, y, x
		}
		p.arith(th, op, dst, ops[0], ops[1], ops[2], x, y, pos)
	case "cmpw", "cmplw", "cmpd", "cmpld":
		n(2)
		th.cmp(reg(ops[0]), reg(ops[1]), pos)
	case "cmpwi", "cmplwi", "cmpdi":
		n(2)
		th.cmp(reg(ops[0]), imm(ops[1]), pos)
	case "b":
		n(1)
		p.jump(th, p.labelOp(ops[0]), nil, pos)
	case "beq", "bne", "blt", "ble", "bgt", "bge":
		n(1)
		p.jump(th, p.labelOp(ops[0]), p.cond(th, mn[1:], pos), pos)
	case "sync", "hwsync":
		n(0)
		th.fence(lsl.FenceFull, pos, "sync")
	case "lwsync":
		n(0)
		th.fence(0, pos, "lwsync")
	case "isync":
		n(0)
		th.fence(0, pos, "isync")
	case "eieio":
		n(0)
		th.fence(lsl.FenceStoreStore, pos, "eieio")
	case "lwz", "ld":
		n(2)
		p.size(pos, map[string]int{"lwz": 32, "ld": 64}[mn])
		addr, expr := p.ppcAddr(a, th, ops[1], pos)
		th.load(dst(ops[0]), addr, expr, pos)
	case "stw", "std":
		n(2)
		p.size(pos, map[string]int{"stw": 32, "std": 64}[mn])
		addr, expr := p.ppcAddr(a, th, ops[1], pos)
		th.store(addr, reg(ops[0]), expr, pos)
	case "lwzx", "ldx", "lwarx", "ldarx":
		n(3)
		p.size(pos, map[bool]int{true: 32, false: 64}[strings.HasPrefix(mn, "lw")])
		addr := th.indexed(base(ops[1]), reg(ops[2]), pos)
		var tags []string
		if strings.HasSuffix(mn, "arx") {
			tags = []string{"X"}
		}
		th.load(dst(ops[0]), addr, joinTokens(ops[1])+"+"+joinTokens(ops[2]), pos, tags...)
		if tags != nil {
			th.reserve(addr, pos)
		}
	case "stwx", "stdx":
		n(3)
		p.size(pos, map[bool]int{true: 32, false: 64}[mn == "stwx"])
		addr := th.indexed(base(ops[1]), reg(ops[2]), pos)
		th.store(addr, reg(ops[0]), joinTokens(ops[1])+"+"+joinTokens(ops[2]), pos)
	case "stwcx.", "stdcx.":
		// success sets CR0's eq bit: a later beq/bne tests it
		n(3)
		p.size(pos, map[bool]int{true: 32, false: 64}[mn == "stwcx."])
		addr := th.indexed(base(ops[1]), reg(ops[2]), pos)
		status := lsl.Reg("%cr0.fail")
		th.storeConditional(addr, reg(ops[0]), joinTokens(ops[1])+"+"+joinTokens(ops[2]), status, true, pos, "X")
		th.cmp(status, num(0), pos)
	default:
		switch mn {
		case "lbz", "lhz", "lha", "stb", "sth", "lbzx", "lhzx", "stbx", "sthx":
			p.unsupported(pos, ReasonMixedSize, "%s (a byte or halfword access)", mn)
		}
		p.unsupported(pos, ReasonInstruction, "PPC instruction %s", mn)
	}
}

// ppcAddr reads d(ra); d must be 0.
func (p *parser) ppcAddr(a ppc, th *thread, op []token, pos diag.Pos) (lsl.Operand, string) {
	i := 0
	for i < len(op) && !op[i].is("(") {
		i++
	}
	if i > 0 {
		if k, ok := p.asmImm(op[:i]); !ok {
			p.failf(op[0].pos, "expected an address d(ra), found %s", joinTokens(op))
		} else if k != 0 {
			p.unsupported(pos, ReasonOffset, "address offset %d", k)
		}
	}
	if len(op) != i+3 || !op[i].is("(") || !op[i+2].is(")") {
		p.failf(op[0].pos, "expected an address d(ra), found %s", joinTokens(op))
	}
	v, _ := p.asmReg(a, th, op[i+1:i+2], "")
	return v, joinTokens(op)
}

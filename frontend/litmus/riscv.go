package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// riscv translates herd's RISC-V instructions (doc.go lists them).
type riscv struct{}

var riscvABI = map[string]int{"zero": 0, "ra": 1, "sp": 2, "gp": 3, "tp": 4, "t0": 5, "t1": 6, "t2": 7,
	"s0": 8, "fp": 8, "s1": 9, "a0": 10, "a1": 11, "a2": 12, "a3": 13, "a4": 14, "a5": 15, "a6": 16,
	"a7": 17, "s2": 18, "s3": 19, "s4": 20, "s5": 21, "s6": 22, "s7": 23, "s8": 24, "s9": 25,
	"s10": 26, "s11": 27, "t3": 28, "t4": 29, "t5": 30, "t6": 31}

// canonReg: xN (or its ABI name) is named xN; x0 is the zero register.
func (riscv) canonReg(name string) string {
	l := strings.ToLower(name)
	if n, ok := riscvABI[l]; ok {
		return "x" + strconv.Itoa(n)
	}
	if len(l) >= 2 && l[0] == 'x' {
		if n, err := strconv.Atoi(l[1:]); err == nil && n >= 0 && n <= 31 && strconv.Itoa(n) == l[1:] {
			return l
		}
	}
	return ""
}

// riscvMO reads the .aq/.rl suffixes (.aqrl is both).
func riscvMO(parts []string) (aq, rl bool, rest []string) {
	for len(parts) > 0 {
		switch parts[len(parts)-1] {
		case "aq":
			aq = true
		case "rl":
			rl = true
		case "aqrl":
			aq, rl = true, true
		default:
			return aq, rl, parts
		}
		parts = parts[:len(parts)-1]
	}
	return aq, rl, parts
}

// riscvTag is the annotation of an access with .aq/.rl.
func riscvTag(aq, rl bool) []string {
	switch {
	case aq && rl:
		return []string{"AcqRel"}
	case aq:
		return []string{"Acq"}
	case rl:
		return []string{"Rel"}
	}
	return nil
}

var riscvFenceKinds = map[string]lsl.FenceKind{"rw.rw": lsl.FenceFull, "r.r": lsl.FenceLoadLoad,
	"r.w": lsl.FenceLoadStore, "w.r": lsl.FenceStoreLoad, "w.w": lsl.FenceStoreStore}

func (a riscv) instr(p *parser, th *thread, mn string, pos diag.Pos, ops [][]token) {
	reg := func(op []token) lsl.Operand { v, _ := p.asmReg(a, th, op, "x0"); return v }
	dst := func(op []token) lsl.Reg { _, r := p.asmReg(a, th, op, "x0"); th.markPointer(op, false); return r }
	imm := func(op []token) lsl.Operand {
		v, ok := p.asmImm(op)
		if !ok {
			p.failf(op[0].pos, "expected an immediate, found %s", joinTokens(op))
		}
		return num(v)
	}
	n := func(k int) { p.asmOps(mn, pos, ops, k) }
	parts := strings.Split(mn, ".")
	aq, rl, base := riscvMO(parts)
	head := base[0]
	width := 0
	if len(base) == 2 && (base[1] == "w" || base[1] == "d") {
		width = map[string]int{"w": 32, "d": 64}[base[1]]
	}
	switch {
	case mn == "nop":
		n(0)
	case mn == "li":
		n(2)
		th.assign(dst(ops[0]), lsl.OpCopy, pos, imm(ops[1]))
	case mn == "mv":
		n(2)
		ptr := th.isPointer(ops[1])
		th.assign(dst(ops[0]), lsl.OpCopy, pos, reg(ops[1]))
		th.markPointer(ops[0], ptr)
	case mn == "addi" || mn == "ori" || mn == "xori" || mn == "andi" || mn == "addiw":
		n(3)
		op := map[string]lsl.Op{"addi": lsl.OpAdd, "addiw": lsl.OpAdd, "ori": lsl.OpOr, "xori": lsl.OpXor, "andi": lsl.OpAnd}[mn]
		p.arith(th, op, dst, ops[0], ops[1], ops[2], reg(ops[1]), imm(ops[2]), pos)
	case mn == "add" || mn == "sub" || mn == "xor" || mn == "or" || mn == "and" || mn == "addw" || mn == "subw":
		n(3)
		op := map[string]lsl.Op{"add": lsl.OpAdd, "addw": lsl.OpAdd, "sub": lsl.OpSub, "subw": lsl.OpSub, "xor": lsl.OpXor, "or": lsl.OpOr, "and": lsl.OpAnd}[mn]
		p.arith(th, op, dst, ops[0], ops[1], ops[2], reg(ops[1]), reg(ops[2]), pos)
	case mn == "j":
		n(1)
		p.jump(th, p.labelOp(ops[0]), nil, pos)
	case mn == "beq" || mn == "bne" || mn == "blt" || mn == "bge" || mn == "bltu" || mn == "bgeu":
		n(3)
		p.jump(th, p.labelOp(ops[2]), p.compare(th, strings.TrimSuffix(mn[1:], "u"), reg(ops[0]), reg(ops[1]), pos), pos)
	case mn == "beqz" || mn == "bnez":
		n(2)
		p.jump(th, p.labelOp(ops[1]), p.compare(th, mn[1:3], reg(ops[0]), num(0), pos), pos)
	case mn == "fence":
		n(2)
		pred, succ := joinTokens(ops[0]), joinTokens(ops[1])
		for _, s := range []string{pred, succ} {
			if s != "r" && s != "w" && s != "rw" {
				p.unsupported(pos, ReasonInstruction, "fence %s,%s", pred, succ)
			}
		}
		th.fence(riscvFenceKinds[pred+"."+succ], pos, "Fence."+pred+"."+succ)
	case mn == "fence.tso":
		n(0)
		th.fence(0, pos, "Fence.tso")
	case mn == "fence.i":
		n(0)
		th.fence(0, pos, "Fence.i")
	case (head == "lw" || head == "ld") && len(base) == 1:
		n(2)
		p.size(pos, map[string]int{"lw": 32, "ld": 64}[head])
		addr, expr := p.riscvAddr(a, th, ops[1], pos)
		th.load(dst(ops[0]), addr, expr, pos, riscvTag(aq, rl)...)
	case (head == "sw" || head == "sd") && len(base) == 1:
		n(2)
		p.size(pos, map[string]int{"sw": 32, "sd": 64}[head])
		addr, expr := p.riscvAddr(a, th, ops[1], pos)
		th.store(addr, reg(ops[0]), expr, pos, riscvTag(aq, rl)...)
	case head == "lr" && width > 0:
		n(2)
		p.size(pos, width)
		addr, expr := p.riscvAddr(a, th, ops[1], pos)
		th.load(dst(ops[0]), addr, expr, pos, append([]string{"X"}, riscvTag(aq, rl)...)...)
		th.reserve(addr, pos)
	case head == "sc" && width > 0:
		n(3)
		p.size(pos, width)
		addr, expr := p.riscvAddr(a, th, ops[2], pos)
		th.storeConditional(addr, reg(ops[1]), expr, dst(ops[0]), true, pos, append([]string{"X"}, riscvTag(aq, rl)...)...)
	case strings.HasPrefix(head, "amo") && width > 0:
		// amo<op> rd, rs2, (rs1): the annotation applies to the whole
		// instruction, so both its read and its write carry it; both are
		// X and AMO
		n(3)
		p.size(pos, width)
		op, ok := map[string]lsl.Op{"amoswap": lsl.OpCopy, "amoadd": lsl.OpAdd, "amoand": lsl.OpAnd, "amoor": lsl.OpOr, "amoxor": lsl.OpXor}[head]
		if !ok {
			p.unsupported(pos, ReasonInstruction, "RISC-V instruction %s", mn)
		}
		addr, expr := p.riscvAddr(a, th, ops[2], pos)
		ltags := append([]string{"X", "AMO"}, riscvTag(aq, rl)...)
		stags := ltags
		rs := reg(ops[1])
		old := th.amo(addr, expr, pos, ltags, stags, func(old lsl.Operand) lsl.Operand {
			if op == lsl.OpCopy {
				return rs
			}
			v := th.tmp()
			th.assign(v, op, pos, old, rs)
			return v
		})
		th.assign(dst(ops[0]), lsl.OpCopy, pos, old)
	case head == "lb" || head == "lh" || head == "lbu" || head == "lhu" || head == "lwu" || head == "sb" || head == "sh":
		p.unsupported(pos, ReasonMixedSize, "%s (a byte or halfword access)", mn)
	default:
		p.unsupported(pos, ReasonInstruction, "RISC-V instruction %s", mn)
	}
}

// riscvAddr reads off(rs) or (rs); the offset must be 0.
func (p *parser) riscvAddr(a riscv, th *thread, op []token, pos diag.Pos) (lsl.Operand, string) {
	i := 0
	if len(op) > 0 && !op[0].is("(") {
		for i < len(op) && !op[i].is("(") {
			i++
		}
		if k, ok := p.asmImm(op[:i]); !ok {
			p.failf(op[0].pos, "expected an address off(reg), found %s", joinTokens(op))
		} else if k != 0 {
			p.unsupported(pos, ReasonOffset, "address offset %d", k)
		}
	}
	if len(op) != i+3 || !op[i].is("(") || !op[i+2].is(")") {
		p.failf(op[0].pos, "expected an address off(reg), found %s", joinTokens(op))
	}
	v, _ := p.asmReg(a, th, op[i+1:i+2], "x0")
	return v, joinTokens(op)
}

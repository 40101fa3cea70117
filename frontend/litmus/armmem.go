package litmus

import (
	"slices"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// armMem describes an AArch64 load or store mnemonic.
type armMem struct {
	load   bool
	size   int64 // bytes; 0: the width of the data register
	signed bool  // LDRS*: the value is sign-extended
	excl   bool  // LDXR reserves; STXR writes a status register
	pair   bool  // LDP, STP: two data registers, at consecutive addresses
	tags   []string
}

// armMemOps are the load and store mnemonics: each base form with its
// byte (B) and halfword (H) variants.
var armMemOps = func() map[string]armMem {
	m := map[string]armMem{}
	add := func(name string, op armMem) {
		m[name] = op
		for suffix, size := range map[string]int64{"b": 1, "h": 2} {
			op.size = size
			m[name+suffix] = op
		}
	}
	add("ldr", armMem{load: true})
	add("ldur", armMem{load: true})
	add("ldar", armMem{load: true, tags: []string{"A"}})
	add("ldapr", armMem{load: true, tags: []string{"Q"}})
	add("ldapur", armMem{load: true, tags: []string{"Q"}})
	add("ldxr", armMem{load: true, excl: true, tags: []string{"X"}})
	add("ldaxr", armMem{load: true, excl: true, tags: []string{"A", "X"}})
	add("str", armMem{})
	add("stur", armMem{})
	add("stlr", armMem{tags: []string{"L"}})
	add("stlur", armMem{tags: []string{"L"}})
	add("stxr", armMem{excl: true, tags: []string{"X"}})
	add("stlxr", armMem{excl: true, tags: []string{"L", "X"}})
	for _, name := range []string{"ldrs", "ldurs"} {
		for suffix, size := range map[string]int64{"b": 1, "h": 2, "w": 4} {
			m[name+suffix] = armMem{load: true, signed: true, size: size}
		}
	}
	m["ldp"] = armMem{load: true, pair: true}
	m["stp"] = armMem{pair: true}
	return m
}()

// armAtomic splits an atomic mnemonic into its operation (swp, ldadd,
// ldeor, ldset, ldclr, cas), its ordering suffix ("", a, l, al) and its
// size (0: the register's; 1 for a B suffix, 2 for H).
func armAtomic(mn string) (base, order string, size int64, ok bool) {
	for _, b := range []string{"swp", "ldadd", "ldeor", "ldset", "ldclr", "cas"} {
		rest, found := strings.CutPrefix(mn, b)
		if !found {
			continue
		}
		switch {
		case strings.HasSuffix(rest, "b"):
			rest, size = rest[:len(rest)-1], 1
		case strings.HasSuffix(rest, "h"):
			rest, size = rest[:len(rest)-1], 2
		}
		switch rest {
		case "", "a", "l", "al":
			return b, rest, size, true
		}
	}
	return "", "", 0, false
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

// armAccess is one memory access: its address, its size in bytes, and
// what the tracker knows of the address.
type armAccess struct {
	addr   lsl.Operand
	target absVal
	expr   string
	size   int64
	pos    diag.Pos
}

// access reads the address operand of an access of size bytes and
// records the access for the layout (mixed.go).
func (a aarch64) access(p *parser, th *thread, op []token, size int64, pos diag.Pos) armAccess {
	if len(op) > 0 && op[len(op)-1].is("!") {
		p.unsupported(pos, ReasonInstruction, "pre-indexed addressing %s", joinTokens(op))
	}
	addr, expr := p.armAddr(a, th, op, pos)
	if addr.a.kind == absLocAnyOff {
		p.mixed.need("an address offset computed at run time")
	}
	p.mixed.records = append(p.mixed.records, accessRec{target: addr.a, size: size, pos: pos})
	return armAccess{addr: addr.v, target: addr.a, expr: expr, size: size, pos: pos}
}

// memory translates a load or store.
func (a aarch64) memory(p *parser, th *thread, mn string, m armMem, pos diag.Pos, ops [][]token) {
	want := 2
	switch {
	case m.pair:
		want = 3
	case m.excl && !m.load:
		want = 3
	}
	if len(ops) == want+1 {
		if _, imm := p.asmImm(ops[want]); imm {
			p.unsupported(pos, ReasonInstruction, "post-indexed addressing in %s", strings.ToUpper(mn))
		}
	}
	p.asmOps(mn, pos, ops, want)
	data := ops[:want-1]
	if m.excl && !m.load {
		data = ops[1:2]
	}
	size := m.size
	if size == 0 {
		size = regBytes(data[0])
	}
	if m.pair {
		// two accesses: the first register at the address, the second
		// after it (each single-copy atomic on its own)
		acc := a.access(p, th, ops[2], size, pos)
		second := acc
		second.target = absPlus(acc.target, size)
		if p.mixed.bytes {
			second.addr = th.addOffset(acc.addr, num(size), pos)
		} else {
			p.mixed.need("a pair access")
		}
		p.mixed.records = append(p.mixed.records, accessRec{target: second.target, size: size, pos: pos})
		for i, acc := range []armAccess{acc, second} {
			if m.load {
				a.load(p, th, data[i], acc, false, m.tags)
			} else {
				p.armStore(th, acc, a.read(p, th, data[i], isW(data[i])), m.tags)
			}
		}
		return
	}
	acc := a.access(p, th, ops[want-1], size, pos)
	switch {
	case m.load:
		a.load(p, th, data[0], acc, m.signed, m.tags)
		if m.excl {
			th.reserve(acc.addr, pos)
		}
	case m.excl:
		a.storeConditional(p, th, acc, a.read(p, th, data[0], isW(data[0])), ops[0], m.tags)
	default:
		p.armStore(th, acc, a.read(p, th, data[0], isW(data[0])), m.tags)
	}
}

// absPlus is the address a + k.
func absPlus(a absVal, k int64) absVal {
	if a.kind == absLoc {
		a.n += k
	}
	return a
}

// load emits a load into the register operand dst (sign-extended for
// LDRS*).
func (a aarch64) load(p *parser, th *thread, dst []token, acc armAccess, signed bool, tags []string) {
	if !signed {
		_, r := p.asmReg(a, th, dst, "XZR")
		p.armLoad(th, r, acc, tags)
		th.setAbs(a.canonReg(dst[0].text), absUnknown(int(8*acc.size)))
		return
	}
	r := th.tmp()
	p.armLoad(th, r, acc, tags)
	a.write(p, th, dst, th.signed(armOperand{r, absUnknown(int(8 * acc.size))}, acc.size, acc.pos), acc.pos)
}

// storeConditional translates STXR Ws, Rt, [Xn] (see
// thread.storeConditional: a nondeterministic success that needs the
// reservation, status 0 on success and 1 on failure).
func (a aarch64) storeConditional(p *parser, th *thread, acc armAccess, v armOperand, status []token, tags []string) {
	pos := acc.pos
	_, st := p.asmReg(a, th, status, "XZR")
	th.hiddenReg(resvReg, pos)
	try, match := th.tmp(), th.tmp()
	th.hiddenReg(try, pos)
	th.hiddenReg(match, pos)
	th.assign(match, lsl.OpEq, pos, resvReg, acc.addr)
	th.emit(&lsl.Choose{Dst: try, Lo: 0, Hi: 1, Pos: pos})
	then := th.block(pos, func() {
		p.armStore(th, acc, v, tags)
		th.assign(st, lsl.OpCopy, pos, num(0))
	})
	els := th.block(pos, func() { th.assign(st, lsl.OpCopy, pos, num(1)) })
	th.emit(&lsl.If{Cond: try, Then: then, Else: els, Pos: pos})
	th.setAbs(a.canonReg(status[0].text), absUnknown(1))
	th.assign(resvReg, lsl.OpCopy, pos, num(0))
	th.tail = append(th.tail, func() {
		failed, ok := th.tmp(), th.tmp()
		th.assign(failed, lsl.OpEq, pos, try, num(0))
		th.assign(ok, lsl.OpOr, pos, failed, match)
		th.emit(&lsl.Assume{Cond: ok, Pos: pos})
	})
}

// atomic translates SWP, LDADD, LDEOR, LDSET, LDCLR (Rs, Rt, [Xn]: Rt :=
// old; memory := Rs, or old op Rs) and CAS (Rs, Rt, [Xn]: if memory = Rs
// then memory := Rt; Rs := old) as atomic blocks.
func (a aarch64) atomic(p *parser, th *thread, base, order string, size int64, pos diag.Pos, ops [][]token) {
	p.asmOps(base+order, pos, ops, 3)
	if size == 0 {
		size = regBytes(ops[0])
	}
	acc := a.access(p, th, ops[2], size, pos)
	lt, st := armOrder(order)
	rs, rt := a.read(p, th, ops[0], isW(ops[0])), a.read(p, th, ops[1], isW(ops[1]))
	old := th.tmp()
	// a CAS is no branch (asm.go, thread.cas and casOutcome): its outcome is a choice,
	// checked against the comparison at the end of the thread
	var succeed, eq, done lsl.Reg
	if base == "cas" {
		succeed, eq, done = th.tmp(), th.tmp(), th.tmp()
		for _, r := range []lsl.Reg{succeed, eq, done} {
			th.hiddenReg(r, pos)
		}
	}
	body := th.block(pos, func() {
		p.armLoad(th, old, acc, lt)
		if base == "cas" {
			th.assign(eq, lsl.OpEq, pos, old, th.low(rs, size, pos).v)
			th.emit(&lsl.Choose{Dst: succeed, Lo: 0, Hi: 1, Pos: pos})
			store := th.block(pos, func() { p.armStore(th, acc, rt, st) })
			th.emit(&lsl.If{Cond: succeed, Then: store, Pos: pos})
			return
		}
		v := rs
		if base != "swp" {
			r := th.tmp()
			switch base {
			case "ldclr":
				n := th.tmp()
				th.assign(n, lsl.OpBitNot, pos, rs.v)
				th.assign(r, lsl.OpAnd, pos, old, n)
			default:
				th.assign(r, map[string]lsl.Op{"ldadd": lsl.OpAdd, "ldeor": lsl.OpXor, "ldset": lsl.OpOr}[base], pos, old, rs.v)
			}
			v = armOperand{r, absUnknown(64)}
		}
		p.armStore(th, acc, v, st)
	})
	th.emit(&lsl.Atomic{Body: body, Pos: pos})
	dst := ops[1]
	if base == "cas" {
		dst = ops[0]
		th.casOutcome(eq, succeed, done, pos)
	}
	a.write(p, th, dst, armOperand{old, absUnknown(int(8 * size))}, pos)
}

// armPieces returns the cells an access moves, as offsets from its
// address: one piece without the byte layout.
func (p *parser) armPieces(acc armAccess) []cell {
	m := p.mixed
	if !m.bytes {
		return []cell{{0, acc.size}}
	}
	if acc.target.kind == absLocAnyOff && m.bytewise[acc.target.loc] {
		// the location is cut into bytes (mixed.go)
		ps := make([]cell, acc.size)
		for k := range ps {
			ps[k] = cell{int64(k), 1}
		}
		return ps
	}
	ts, ok := m.targets(acc.target, p.memInit, func(b int64) string { return p.t.Locs[b-1] })
	if !ok {
		p.unsupported(acc.pos, ReasonOffset, "an address offset computed at run time in a mixed-size test")
	}
	ps, ok := m.pieces(ts, acc.size)
	if !ok {
		p.unsupported(acc.pos, ReasonMixedSize, "an access through a pointer loaded from memory, whose targets are cut into cells differently")
	}
	return ps
}

// armLoad emits a load of acc into dst: one load per cell, the value
// combined from the cells' values (little-endian).
func (p *parser) armLoad(th *thread, dst lsl.Reg, acc armAccess, tags []string) {
	pos := acc.pos
	ps := p.armPieces(acc)
	if len(ps) == 1 {
		th.load(dst, acc.addr, acc.expr, pos, tags...)
		return
	}
	var v lsl.Operand
	for k, c := range ps {
		addr := th.addOffset(acc.addr, num(c.start), pos)
		r := th.tmp()
		th.load(r, addr, acc.expr, pos, partTags(tags, k)...)
		part := lsl.Operand(r)
		if c.start > 0 {
			sh := th.tmp()
			th.assign(sh, lsl.OpShl, pos, r, num(8*c.start))
			part = sh
		}
		if v == nil {
			v = part
			continue
		}
		or := th.tmp()
		th.assign(or, lsl.OpOr, pos, v, part)
		v = or
	}
	th.assign(dst, lsl.OpCopy, pos, v)
}

// partTags are the tags of part k of an access.
func partTags(tags []string, k int) []string {
	if k == 0 {
		return tags
	}
	return append(slices.Clone(tags), lsl.TagPart)
}

// armStore emits a store of v's low acc.size bytes: one store per cell,
// each of the value's bytes in that cell.
func (p *parser) armStore(th *thread, acc armAccess, v armOperand, tags []string) {
	pos := acc.pos
	m := p.mixed
	if v.a.kind == absLoc {
		m.stored[cellAddr{v.a.loc, v.a.n}] = true
	}
	if v.a.kind == absLocAnyOff {
		m.storedAnyOff = true
		m.need("a pointer with an offset computed at run time stored in memory")
	}
	ps := p.armPieces(acc)
	if len(ps) == 1 {
		if !v.a.pointer() {
			v = th.low(v, acc.size, pos)
		}
		th.store(acc.addr, v.v, acc.expr, pos, tags...)
		return
	}
	if v.a.pointer() || v.a.kind == absAny && v.a.bits >= 64 && m.mayHoldPointers(p) {
		p.unsupported(pos, ReasonMixedSize, "a pointer stored into a location cut into cells")
	}
	addrs := make([]lsl.Operand, len(ps))
	vals := make([]lsl.Operand, len(ps))
	for k, c := range ps {
		addrs[k] = th.addOffset(acc.addr, num(c.start), pos)
		x := v
		switch {
		case c.start > 0 && v.a.folds():
			x = armOperand{num(v.a.n >> (8 * c.start)), absNum(v.a.n >> (8 * c.start))}
		case c.start > 0:
			r := th.tmp()
			th.assign(r, lsl.OpShr, pos, v.v, num(8*c.start))
			x = armOperand{r, absUnknown(64)}
		}
		vals[k] = th.low(x, c.size, pos).v
	}
	for k := range ps {
		th.store(addrs[k], vals[k], acc.expr, pos, partTags(tags, k)...)
	}
}

// mayHoldPointers reports whether memory may hold a pointer: the initial
// state or a store puts one there.
func (m *mixedState) mayHoldPointers(p *parser) bool {
	if len(m.stored) > 0 || m.storedAnyOff {
		return true
	}
	for _, in := range p.memInit {
		if in.val.Kind == lsl.KPtr {
			return true
		}
	}
	return false
}

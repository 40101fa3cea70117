package llvmfront

import (
	"bytes"
	"strconv"
)

// Integer constant expressions. The classic offsetof and container_of
// macros, ((size_t)&((T *)0)->m), leave an address computed from null in
// the IR: ptrtoint (getelementptr (T, T* null, 0, k) to i64), often under
// a sub or udiv, and used as a getelementptr index, which llir v0.3.6
// cannot read ("support for gep index type *ast.SubExpr not yet
// implemented"), or as an operand the translation cannot evaluate. Before
// parsing, every such expression that is an integer constant is replaced
// by its value (the x86-64 layout, as clang's).

// foldOps are the constant expressions folded.
var foldOps = map[string]bool{
	"ptrtoint": true, "add": true, "sub": true, "mul": true, "udiv": true, "sdiv": true, "urem": true, "srem": true,
	"shl": true, "lshr": true, "ashr": true, "and": true, "or": true, "xor": true, "trunc": true, "zext": true, "sext": true,
}

// foldConstants returns src with its integer constant expressions on
// addresses from null replaced by their values (src itself when there are
// none).
func foldConstants(name string, src []byte) []byte {
	if !bytes.Contains(src, []byte("null")) || !bytes.Contains(src, []byte("ptrtoint (")) {
		return src
	}
	m := &omod{name: name, src: src, toks: lexIR(src), named: map[string]*namedTy{}}
	if !m.readNamedTypes() {
		return src
	}
	lay := layout{named: map[string]*ty{}}
	for _, n := range m.namedList {
		lay.named[n.name] = n.body
	}
	var edits []edit
	for i := 0; i < len(m.toks); i++ {
		t := m.toks[i]
		if t.kind != tWord || !foldOps[t.text] || !m.exprAhead(i) {
			continue
		}
		m.i = i
		e, ok := m.tryConstExpr()
		if !ok {
			continue
		}
		v, bits, ok := m.evalExpr(e, lay, 0)
		if !ok || !m.containsNull(e, 0) {
			continue
		}
		edits = append(edits, edit{from: t.pos, to: m.toks[m.i-1].end, text: strconv.FormatInt(signExtend(v, bits), 10)})
		i = m.i - 1
	}
	if len(edits) == 0 {
		return src
	}
	return applyEdits(src, edits)
}

// readNamedTypes reads the %name = type definitions (false if one cannot
// be read).
func (m *omod) readNamedTypes() (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	m.namedTypes()
	return true
}

// namedTypes reads the %name = type definitions.
func (m *omod) namedTypes() {
	for m.i = 0; m.tok().kind != tEOF; {
		t := m.tok()
		if t.kind == tLocal && m.peek(1).text == "=" && m.peek(2).text == "type" {
			m.namedType()
			continue
		}
		m.i = m.lineEnd(m.i)
	}
}

// exprAhead reports whether the word at i starts a constant expression:
// op [flags] (.
func (m *omod) exprAhead(i int) bool {
	for j := i + 1; j < len(m.toks) && j < i+4; j++ {
		t := m.toks[j]
		if t.kind == tPunct && t.text == "(" {
			return true
		}
		if t.kind != tWord || t.text != "nuw" && t.text != "nsw" && t.text != "exact" {
			return false
		}
	}
	return false
}

// tryConstExpr parses a constant expression at m.i, or fails quietly.
func (m *omod) tryConstExpr() (e *cexpr, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			e, ok = nil, false
		}
	}()
	return m.constExpr(), true
}

// containsNull reports whether an expression takes an address from null.
func (m *omod) containsNull(e *cexpr, depth int) bool {
	if depth > 16 {
		return false
	}
	for _, a := range e.args {
		if a.kind == vNull && a.name == "null" {
			return true
		}
		if a.kind == vExpr && m.containsNull(a.expr, depth+1) {
			return true
		}
	}
	return false
}

// evalExpr evaluates an integer constant expression: its value (the low
// bits) and width.
func (m *omod) evalExpr(e *cexpr, lay layout, depth int) (uint64, int, bool) {
	if depth > 16 {
		return 0, 0, false
	}
	arg := func(k int) (uint64, int, bool) {
		if k >= len(e.args) {
			return 0, 0, false
		}
		return m.evalValue(e.args[k], lay, depth+1)
	}
	switch e.op {
	case "ptrtoint":
		if len(e.args) != 1 || e.to == nil || e.to.kind != kInt || e.args[0].kind != vExpr {
			return 0, 0, false
		}
		off, ok := m.nullOffset(e.args[0].expr, lay)
		return mask(uint64(off), e.to.bits), e.to.bits, ok
	case "trunc", "zext", "sext":
		x, bits, ok := arg(0)
		if !ok || e.to == nil || e.to.kind != kInt {
			return 0, 0, false
		}
		if e.op == "sext" {
			x = uint64(signExtend(x, bits))
		}
		return mask(x, e.to.bits), e.to.bits, true
	}
	x, bits, ok1 := arg(0)
	y, _, ok2 := arg(1)
	if !ok1 || !ok2 || bits <= 0 || bits > 64 {
		return 0, 0, false
	}
	sx, sy := signExtend(x, bits), signExtend(y, bits)
	var r uint64
	switch e.op {
	case "add":
		r = x + y
	case "sub":
		r = x - y
	case "mul":
		r = x * y
	case "udiv", "urem":
		if y == 0 {
			return 0, 0, false
		}
		r = x / y
		if e.op == "urem" {
			r = x % y
		}
	case "sdiv", "srem":
		if sy == 0 {
			return 0, 0, false
		}
		r = uint64(sx / sy)
		if e.op == "srem" {
			r = uint64(sx % sy)
		}
	case "shl":
		r = x << (y % 64)
	case "lshr":
		r = x >> (y % 64)
	case "ashr":
		r = uint64(sx >> (y % 64))
	case "and":
		r = x & y
	case "or":
		r = x | y
	case "xor":
		r = x ^ y
	default:
		return 0, 0, false
	}
	return mask(r, bits), bits, true
}

// evalValue evaluates an integer operand.
func (m *omod) evalValue(v *oval, lay layout, depth int) (uint64, int, bool) {
	if v.site == nil || v.site.t.kind != kInt || v.site.t.bits > 64 {
		return 0, 0, false
	}
	bits := v.site.t.bits
	switch v.kind {
	case vConst:
		text := string(m.src[v.from:v.to])
		switch text {
		case "true":
			return 1, bits, true
		case "false":
			return 0, bits, true
		}
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return 0, 0, false
		}
		return mask(uint64(n), bits), bits, true
	case vNull:
		if v.name == "zeroinitializer" || v.name == "null" {
			return 0, bits, true
		}
	case vExpr:
		return m.evalExpr(v.expr, lay, depth)
	}
	return 0, 0, false
}

// nullOffset is the byte offset a getelementptr from null designates.
func (m *omod) nullOffset(e *cexpr, lay layout) (int64, bool) {
	if e.op != "getelementptr" || len(e.args) < 2 || e.args[0].kind != vNull || e.args[0].name != "null" {
		return 0, false
	}
	var off int64
	t := e.elem
	for k, ix := range e.args[1:] {
		n, ok := m.constIndex(ix)
		if !ok {
			return 0, false
		}
		if k == 0 {
			size, _, ok := lay.sizeAlign(t, 0)
			if !ok {
				return 0, false
			}
			off += n * size
			continue
		}
		b := m.body(t)
		if b == nil {
			return 0, false
		}
		switch b.kind {
		case kStruct:
			offs, _, _, ok := lay.fieldOffsets(b, 0)
			if !ok || n < 0 || n >= int64(len(offs)) {
				return 0, false
			}
			off += offs[n]
			t = b.fields[n]
		case kArray:
			size, _, ok := lay.sizeAlign(b.elem, 0)
			if !ok {
				return 0, false
			}
			off += n * size
			t = b.elem
		default:
			return 0, false
		}
	}
	return off, true
}

func mask(x uint64, bits int) uint64 {
	if bits >= 64 || bits <= 0 {
		return x
	}
	return x & (1<<uint(bits) - 1)
}

// signExtend reads the low bits of x as a signed number.
func signExtend(x uint64, bits int) int64 {
	if bits >= 64 || bits <= 0 {
		return int64(x)
	}
	x = mask(x, bits)
	if x&(1<<uint(bits-1)) != 0 {
		return int64(x) - 1<<uint(bits)
	}
	return int64(x)
}

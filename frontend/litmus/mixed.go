package litmus

import (
	"fmt"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// Mixed-size AArch64 tests (herd's mixed mode; Flur et al., "Mixed-size
// concurrency", POPL 2017). Memory is bytes: an access of n bytes at
// address x+o touches bytes o … o+n-1 of location x, and another access
// may touch some of them only (a 64-bit store read back as two 32-bit
// halves, a byte store into a word). herd splits every access into one
// event per byte, single-copy atomic together (si relates them).
//
// The translation splits no finer than the test needs. Each location is
// cut into cells at the boundaries of the accesses that may touch it: a
// uint64_t x accessed as a whole and as its two halves has the cells
// [0,4) and [4,8); one accessed only as a whole keeps one cell. An access
// becomes one LSL load or store per cell it covers (a load combines the
// cells' values, a store writes its value's bytes of each cell), the
// second and later ones tagged lsl.TagPart: the cat encoding makes them
// one instance (si) that program order does not order. A cell is moved
// only whole by every access, so its bytes always have the same writer and
// the same place in coherence, as herd's byte events of one access do on
// aarch64.cat: two writes ordered one way at one byte and the other way at
// another would form an ob cycle through si (docs/semantics.md,
// "Mixed-size accesses").
//
// A test uses the byte layout only when some access does not move a
// whole location: an address offset, an array, accesses of different
// sizes to one location, or one smaller than the location the final
// condition reads. The other tests keep one cell per location and the
// pointers [x] of the other front ends; in the byte layout pointers are
// [x o] (o the byte offset) and address arithmetic is LSL arithmetic on o.
//
// The cells come from a first translation of the test that records every
// access (mixedScan): the front end knows each address statically (a
// register holding location x plus a constant offset, constants folded
// as EOR r,r,r = 0 for the address dependencies of herd's tests) or knows
// that it was loaded from memory (then it is one of the pointers the test
// may store in memory).

// maxArrayBytes bounds the size of an array location.
const maxArrayBytes = 1 << 16

// absKind classifies what the front end knows about a register's value.
type absKind uint8

const (
	absAny       absKind = iota // nothing: a loaded value or arithmetic on one
	absConst                    // the number n
	absLoc                      // location loc at byte offset n
	absLocAnyOff                // location loc at an offset computed at run time
)

// absVal is a register's value as far as the front end knows it; bits is
// a bound on the unsigned width of a number (64: none), so that a value
// known to fit needs no zero-extension. dep marks a constant computed from
// a loaded value (EOR r,r,r): the front end must not replace it by the
// number, which would drop the dependency.
type absVal struct {
	kind absKind
	n    int64
	loc  string
	bits int
	dep  bool
}

// folds reports whether the value is a constant that may replace its
// register (no dependency to keep).
func (a absVal) folds() bool { return a.kind == absConst && !a.dep }

func absNum(n int64) absVal {
	b := 64
	if n >= 0 {
		b = bitLen(uint64(n))
	}
	return absVal{kind: absConst, n: n, bits: b}
}

func absUnknown(bits int) absVal { return absVal{kind: absAny, bits: bits} }

func bitLen(u uint64) int {
	n := 0
	for ; u != 0; u >>= 1 {
		n++
	}
	return n
}

// fits reports whether the value is surely a number below 2^bits (or,
// for 64 bits, any value but a known pointer).
func (a absVal) fits(bits int) bool { return !a.pointer() && a.bits <= bits }

// pointer reports whether the value is a location's address.
func (a absVal) pointer() bool { return a.kind == absLoc || a.kind == absLocAnyOff }

func joinAbs(a, b absVal) absVal {
	if a == b {
		return a
	}
	if a.pointer() && b.pointer() && a.loc == b.loc {
		return absVal{kind: absLocAnyOff, loc: a.loc, bits: 64}
	}
	return absUnknown(max(a.bits, b.bits))
}

// cellAddr is a byte address: location loc, offset off.
type cellAddr struct {
	loc string
	off int64
}

// accessRec records an access of the first translation.
type accessRec struct {
	target absVal // the address
	size   int64  // bytes
	pos    lsl.Pos
}

// locDecl is what the initial state declares about a location.
type locDecl struct {
	size  int64 // bytes (an array's whole length); 0: untyped
	elem  int64 // an array's element size, else size
	array bool
}

// cell is one cell of a location: bytes [start, start+size).
type cell struct{ start, size int64 }

// mixedState is the mixed-size bookkeeping of an AArch64 test.
type mixedState struct {
	decl    map[string]locDecl
	regSize map[Term]int64 // declared register types (uint32_t 1:X1)
	records []accessRec
	// stored: pointer values some store may write to memory;
	// storedAnyOff: a store may write one whose offset is not known
	stored       map[cellAddr]bool
	storedAnyOff bool
	// trigger says why the test needs the byte layout ("" if it does not)
	trigger string
	// bytes: this translation uses the byte layout with these cells
	bytes bool
	cells map[string][]cell
	// extent is the number of bytes the final condition reads of a
	// location (its size; an array's element)
	extent map[string]int64
	// bytewise are the locations cut into bytes: an access at an offset
	// computed at run time touches them
	bytewise map[string]bool
	// allBytes cuts every location into bytes (tests: herd's events)
	allBytes bool
}

func newMixedState() *mixedState {
	return &mixedState{decl: map[string]locDecl{}, regSize: map[Term]int64{}, stored: map[cellAddr]bool{}}
}

// typeSize is the size in bytes of a declaration's C type (0: none).
func typeSize(words []string, ptr bool) int64 {
	if ptr {
		return 8
	}
	size := int64(0)
	for _, w := range words {
		switch w {
		case "char", "int8_t", "uint8_t", "bool", "_Bool", "atomic_bool":
			size = 1
		case "short", "int16_t", "uint16_t":
			size = 2
		case "int", "unsigned", "signed", "int32_t", "uint32_t", "atomic_int", "atomic_uint":
			if size == 0 {
				size = 4
			}
		case "long", "int64_t", "uint64_t", "intptr_t", "uintptr_t", "size_t", "atomic_long", "atomic_intptr_t":
			size = 8
		}
	}
	return size
}

// declareSize records the type of a location or register of the initial
// state.
func (p *parser) declareSize(term Term, size int64) {
	if size == 0 {
		return
	}
	if term.Thread >= 0 {
		p.mixed.regSize[term] = size
		return
	}
	p.mixed.decl[term.Loc] = locDecl{size: size, elem: size}
}

// declareArray records an array location of n elements of size elem.
func (p *parser) declareArray(loc string, elem, n int64, pos lsl.Pos) {
	if elem == 0 {
		elem = 4
	}
	if elem*n > maxArrayBytes {
		p.failf(pos, "array %s is too large (at most %d bytes)", loc, maxArrayBytes)
	}
	p.mixed.decl[loc] = locDecl{size: elem * n, elem: elem, array: true}
	p.mixed.need(fmt.Sprintf("array location %s", loc))
}

// need asks for the byte layout.
func (m *mixedState) need(why string) {
	if m.trigger == "" {
		m.trigger = why
	}
}

// targets lists the byte addresses an access with address a may use: a
// location and offset known statically, or a pointer loaded from memory
// (one that the initial state or a store puts there); ok is false for an
// offset computed at run time.
func (m *mixedState) targets(a absVal, memInit map[string]memInit, locName func(int64) string) (out []cellAddr, ok bool) {
	switch a.kind {
	case absLoc:
		return []cellAddr{{a.loc, a.n}}, true
	case absLocAnyOff:
		return nil, false
	case absConst:
		return nil, true // not an address: the access fails at run time
	}
	if m.storedAnyOff {
		return nil, false
	}
	seen := map[cellAddr]bool{}
	for c := range m.stored {
		seen[c] = true
	}
	for _, in := range memInit {
		if in.val.Kind == lsl.KPtr {
			off := int64(0)
			if len(in.val.Ptr) > 1 {
				off = in.val.Ptr[1]
			}
			seen[cellAddr{locName(in.val.Ptr[0]), off}] = true
		}
	}
	for c := range seen {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].loc != out[j].loc {
			return out[i].loc < out[j].loc
		}
		return out[i].off < out[j].off
	})
	return out, true
}

// plan decides, after the first translation, whether the test needs the
// byte layout, and computes its cells. shown are the locations the final
// condition reads.
func (p *parser) plan() {
	m := p.mixed
	locName := func(b int64) string { return p.t.Locs[b-1] }
	type span struct{ off, size int64 }
	touch := map[string][]span{}
	bytewise := map[string]bool{}
	for _, r := range m.records {
		if r.target.kind == absLocAnyOff {
			// any bytes of the location: it is cut into bytes
			bytewise[r.target.loc] = true
			m.need("an address offset computed at run time")
			continue
		}
		ts, ok := m.targets(r.target, p.memInit, locName)
		if !ok {
			m.need("a pointer with an offset computed at run time stored in memory")
			continue
		}
		for _, t := range ts {
			touch[t.loc] = append(touch[t.loc], span{t.off, r.size})
		}
	}
	shown := map[string]bool{}
	for _, term := range p.t.Shown {
		if term.Thread < 0 {
			shown[term.Loc] = true
		}
	}
	m.extent = map[string]int64{}
	bounds := map[string]map[int64]bool{}
	for _, loc := range p.t.Locs {
		if m.allBytes {
			bytewise[loc] = true
			m.need("every location in bytes")
		}
		d := m.decl[loc]
		size, ext := d.size, d.elem
		if size == 0 {
			// untyped: herd's int, or as wide as the widest access
			size = 4
			if len(touch[loc]) > 0 {
				size = 0
			}
			for _, s := range touch[loc] {
				size = max(size, s.off+s.size)
			}
			ext = size
		}
		m.extent[loc] = ext
		b := map[int64]bool{}
		if shown[loc] || !d.array {
			b[0], b[ext] = true, true
		}
		end := size
		for _, s := range touch[loc] {
			b[s.off], b[s.off+s.size] = true, true
			end = max(end, s.off+s.size)
			if s.off != 0 || s.size != ext || d.array {
				m.need(fmt.Sprintf("an access of %d bytes at offset %d of %s, whose size is %d", s.size, s.off, loc, ext))
			}
		}
		if bytewise[loc] {
			for o := int64(0); o <= end; o++ {
				b[o] = true
			}
		}
		bounds[loc] = b
	}
	if m.trigger == "" {
		return
	}
	m.bytewise = bytewise
	m.cells = map[string][]cell{}
	for loc, b := range bounds {
		var cuts []int64
		for o := range b {
			cuts = append(cuts, o)
		}
		sort.Slice(cuts, func(i, j int) bool { return cuts[i] < cuts[j] })
		for i := 0; i+1 < len(cuts); i++ {
			m.cells[loc] = append(m.cells[loc], cell{cuts[i], cuts[i+1] - cuts[i]})
		}
	}
}

// pieces returns the cells an access of size bytes at byte address a
// moves, as (offset from a, size) pairs; nil if they are not the same for
// every possible address.
func (m *mixedState) pieces(ts []cellAddr, size int64) ([]cell, bool) {
	var out []cell
	for i, t := range ts {
		var ps []cell
		for _, c := range m.cells[t.loc] {
			if c.start >= t.off && c.start < t.off+size {
				ps = append(ps, cell{c.start - t.off, c.size})
			}
		}
		if i > 0 && fmt.Sprint(ps) != fmt.Sprint(out) {
			return nil, false
		}
		out = ps
	}
	if len(ts) == 0 {
		out = []cell{{0, size}}
	}
	return out, true
}

// cellsOf lists the cells of [0, size) of a location, which the layout
// cuts at 0 and size.
func (m *mixedState) cellsOf(loc string, size int64) []cell {
	var out []cell
	for _, c := range m.cells[loc] {
		if c.start < size {
			out = append(out, c)
		}
	}
	return out
}

// describe names the cells of a layout for messages and tests:
// "x:[0,4)[4,8) y:[0,8)".
func (m *mixedState) describe() string {
	var locs []string
	for l := range m.cells {
		locs = append(locs, l)
	}
	sort.Strings(locs)
	var b strings.Builder
	for i, l := range locs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(l + ":")
		for _, c := range m.cells[l] {
			fmt.Fprintf(&b, "[%d,%d)", c.start, c.start+c.size)
		}
	}
	return b.String()
}

// mask is the pattern of n's low size bytes, zero-extended.
func mask(n, size int64) int64 {
	if size >= 8 {
		return n
	}
	return n & (int64(1)<<(8*size) - 1)
}

// The register tracker of an AArch64 thread: the value of each register
// as far as the front end knows it, in program order. Jumps go forward, so
// the state at a label joins the states of the jumps to it with the state
// falling through (none after an unconditional branch).

// absOf returns what is known of a canonical register.
func (th *thread) absOf(r string) absVal {
	if r == "XZR" {
		return absNum(0)
	}
	if v, ok := th.abs[r]; ok {
		return v
	}
	return absNum(0)
}

func (th *thread) setAbs(r string, v absVal) {
	if r != "XZR" && !th.absDead {
		th.abs[r] = v
	}
}

// absJump records the state at a jump to label; after an unconditional
// jump the code that follows is reached only through a label.
func (th *thread) absJump(label string, always bool) {
	if !th.absDead {
		th.absAt[label] = joinStates(th.absAt[label], th.abs)
	}
	if always {
		th.absDead = true
	}
}

// absLabel joins the states of the jumps to label into the current one.
func (th *thread) absLabel(label string) {
	in, ok := th.absAt[label]
	switch {
	case !ok:
	case th.absDead:
		th.abs, th.absDead = copyState(in), false
	default:
		th.abs = joinStates(th.abs, in)
	}
}

func copyState(s map[string]absVal) map[string]absVal {
	out := make(map[string]absVal, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// joinStates joins two register states (nil: unreached).
func joinStates(a, b map[string]absVal) map[string]absVal {
	if a == nil {
		return copyState(b)
	}
	out := map[string]absVal{}
	for k, v := range a {
		w, ok := b[k]
		if !ok {
			w = absNum(0)
		}
		out[k] = joinAbs(v, w)
	}
	for k, w := range b {
		if _, ok := a[k]; !ok {
			out[k] = joinAbs(absNum(0), w)
		}
	}
	return out
}

// armInitCells are the initial cells of an AArch64 location holding val:
// the pattern of its size, one cell per cell of the byte layout.
func (p *parser) armInitCells(name string, val lsl.Value, pos lsl.Pos) []lsl.CellInit {
	m := p.mixed
	size := m.extent[name]
	if val.Kind == lsl.KNum {
		val = lsl.Num(mask(val.Num, size))
	}
	if !m.bytes {
		if val.Equal(lsl.Num(0)) {
			return nil
		}
		return []lsl.CellInit{{Val: val}}
	}
	cells := m.cellsOf(name, size)
	if val.Kind != lsl.KNum {
		if len(cells) != 1 {
			p.unsupported(pos, ReasonMixedSize, "a pointer in location %s, which is cut into cells", name)
		}
		return []lsl.CellInit{{Path: []int64{0}, Val: val}}
	}
	var out []lsl.CellInit
	for _, c := range cells {
		v := int64(0)
		if c.start < 8 {
			v = mask(int64(uint64(val.Num)>>(8*c.start)), c.size)
		}
		if v != 0 {
			out = append(out, lsl.CellInit{Path: []int64{c.start}, Val: lsl.Num(v)})
		}
	}
	return out
}

// armFinalRead loads the final value of location loc into dst: in the
// byte layout, one load per cell of the bytes the condition reads.
func (p *parser) armFinalRead(loc string, dst lsl.Reg, pos lsl.Pos) []lsl.Stmt {
	base := p.loc(loc)
	m := p.mixed
	if !m.bytes {
		return []lsl.Stmt{&lsl.Load{Dst: dst, Addr: lsl.Const{V: lsl.Ptr(base)}, Expr: loc, Pos: pos}}
	}
	cells := m.cellsOf(loc, m.extent[loc])
	if m.extent[loc] > 8 {
		p.unsupported(pos, ReasonArray, "the final value of %s, which has %d bytes", loc, m.extent[loc])
	}
	var out []lsl.Stmt
	var v lsl.Operand
	for k, c := range cells {
		r := lsl.Reg(string(dst) + ".part" + fmt.Sprint(k))
		if len(cells) == 1 {
			r = dst
		}
		var tags []string
		if k > 0 {
			tags = []string{lsl.TagPart}
		}
		out = append(out, &lsl.Load{Dst: r, Addr: lsl.Const{V: lsl.Ptr(base, c.start)}, Expr: loc, Tags: tags, Pos: pos})
		part := lsl.Operand(r)
		if c.start > 0 {
			sh := lsl.Reg(string(r) + ".shifted")
			out = append(out, &lsl.Assign{Dst: sh, Op: lsl.OpShl, Args: []lsl.Operand{r, num(8 * c.start)}, Pos: pos})
			part = sh
		}
		if v == nil {
			v = part
			continue
		}
		or := lsl.Reg(string(r) + ".sum")
		out = append(out, &lsl.Assign{Dst: or, Op: lsl.OpOr, Args: []lsl.Operand{v, part}, Pos: pos})
		v = or
	}
	if len(cells) > 1 {
		out = append(out, &lsl.Assign{Dst: dst, Op: lsl.OpCopy, Args: []lsl.Operand{v}, Pos: pos})
	}
	return out
}

// armConditions writes the numbers of the condition and the filter as
// the patterns their terms hold: a location's of its size, a register's
// of its declared type (64 bits without one).
func (p *parser) armConditions() {
	var walk func(q Prop)
	walk = func(q Prop) {
		switch q := q.(type) {
		case *And:
			walk(q.L)
			walk(q.R)
		case *Or:
			walk(q.L)
			walk(q.R)
		case *Implies:
			walk(q.L)
			walk(q.R)
		case *Not:
			walk(q.X)
		case *Atom:
			if q.Value.Kind != lsl.KNum {
				return
			}
			size := int64(8)
			if q.Term.Thread < 0 {
				size = p.mixed.extent[q.Term.Loc]
			} else if s, ok := p.mixed.regSize[q.Term]; ok {
				size = s
			}
			q.Value = lsl.Num(mask(q.Value.Num, size))
		}
	}
	walk(p.t.Cond.Prop)
	if p.t.Filter != nil {
		walk(p.t.Filter)
	}
}

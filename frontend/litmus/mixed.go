package litmus

import (
	"fmt"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/diag"
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
// access (plan): the front end knows each address statically (a
// register holding location x plus a constant offset, constants folded
// as EOR r,r,r = 0 for the address dependencies of herd's tests), knows
// that it was loaded from memory (then it is one of the pointers the test
// may store in memory), or knows only its location, the offset computed
// at run time from a loaded value (then the location is cut into bytes,
// which an access at any offset covers whole). The register tracker is
// armtrack.go, the translation of the accesses armmem.go.

// maxArrayBytes bounds the size of an array location.
const maxArrayBytes = 1 << 16

// cellAddr is a byte address: location loc, offset off.
type cellAddr struct {
	loc string
	off int64
}

// accessRec records an access of the first translation.
type accessRec struct {
	target absVal // the address
	size   int64  // bytes
	pos    diag.Pos
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
func (p *parser) declareArray(loc string, elem, n int64, pos diag.Pos) {
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

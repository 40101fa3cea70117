package litmus

import (
	"fmt"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// The values an AArch64 test starts and ends with: the initial cells of
// its locations, the final reads of the condition's locations, and the
// condition's numbers as the patterns of their terms.

// armInitCells are the initial cells of an AArch64 location holding val:
// the pattern of its size, one cell per cell of the byte layout.
func (p *parser) armInitCells(name string, val lsl.Value, pos diag.Pos) []lsl.CellInit {
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
func (p *parser) armFinalRead(loc string, dst lsl.Reg, pos diag.Pos) []lsl.Stmt {
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

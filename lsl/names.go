package lsl

import (
	"strconv"
	"strings"
)

// AddrName renders a pointer as a C-level location: "queue.tail",
// "node#2.next", "tab[1]", "X". Values that are not pointers print as values.
func (u *Unrolled) AddrName(v Value) string {
	if v.Kind != KPtr {
		return v.String()
	}
	b := u.Block(v.Ptr[0])
	if b == nil {
		return v.String()
	}
	var s strings.Builder
	s.WriteString(b.Name)
	t := b.Type
	for _, off := range v.Ptr[1:] {
		t = u.Prog.step(&s, t, off)
	}
	return s.String()
}

// step appends the selector for offset off into a value of type t and
// returns the type of the selected part.
func (p *Program) step(s *strings.Builder, t *TypeRef, off int64) *TypeRef {
	if t != nil && len(t.Dims) > 0 {
		s.WriteString("[" + strconv.FormatInt(off, 10) + "]")
		return &TypeRef{Name: t.Name, Dims: t.Dims[1:]}
	}
	if t != nil {
		if st := p.Struct(t.Name); st != nil && off >= 0 && off < int64(len(st.Fields)) {
			f := st.Fields[off]
			s.WriteString("." + f.Name)
			return f.Type
		}
	}
	s.WriteString("[" + strconv.FormatInt(off, 10) + "]")
	return nil
}

// BaseName returns the name of the block with base b ("" if unknown).
func (u *Unrolled) BaseName(b int64) string {
	if bi := u.Block(b); bi != nil {
		return bi.Name
	}
	return ""
}

// A pthread main split into parts (frontend/llvm) passes a register from
// one part to a later one through a global named CarrierPrefix+NAME,
// which it stores and loads with the C text CarrierExpr+NAME. Such an
// access is an artifact of the split; traces leave it out (report).
const (
	CarrierPrefix = "main_r_"
	CarrierExpr   = "main's "
)

// RowPermutationExpr is the C text of the loads and stores with which
// the final thread permutes the rows of threads that keep them
// (encode/rowsym.go). In a reported execution the permutation is the
// identity: each stores back what it loaded. Traces leave them out.
const RowPermutationExpr = "row permutation (symmetry)"

// IsCarrier reports whether an access with the C text expr to the
// location named addr only carries a register of a pthread main.
func IsCarrier(expr, addr string) bool {
	return strings.HasPrefix(expr, CarrierExpr) && strings.HasPrefix(addr, CarrierPrefix)
}

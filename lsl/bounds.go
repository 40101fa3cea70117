package lsl

import (
	"fmt"
	"strings"
)

// Array bounds of blocks (docs/semantics.md, "Memory safety"). A block whose
// type has array dimensions (a global int A[4], an "alloc fresh int[2]", a
// struct field int a[3]) holds that many elements: a load or store whose
// path indexes an element outside them is a runtime error in every
// executor. A dimension of 0 is an array of unknown length (malloc(n *
// sizeof(T)) for a variable n), which is not checked, and neither are
// blocks without a type, paths below a scalar, and the pool blocks of a
// program whose lsl_malloc calls allocate different types.

// OutOfBounds describes how the pointer p (a base and a path) leaves the
// array bounds of its block's type, or returns "" when it does not.
func (u *Unrolled) OutOfBounds(p []int64) string {
	if len(p) < 2 {
		return ""
	}
	b := u.Block(p[0])
	if b == nil {
		return ""
	}
	t := b.Type
	var s strings.Builder
	s.WriteString(b.Name)
	for _, off := range p[1:] {
		if t == nil {
			return ""
		}
		if len(t.Dims) > 0 {
			d := t.Dims[0]
			if d > 0 && (off < 0 || off >= d) {
				return fmt.Sprintf("out-of-bounds access: index %d of %s, which has %d elements", off, s.String(), d)
			}
			t = u.Prog.step(&s, t, off)
			continue
		}
		st := u.Prog.Struct(t.Name)
		if st == nil || off < 0 || off >= int64(len(st.Fields)) {
			return ""
		}
		t = u.Prog.step(&s, t, off)
	}
	return ""
}

// HasArrays reports whether some block's type has an array dimension (at
// any depth), so that OutOfBounds can hold for some pointer.
func (u *Unrolled) HasArrays() bool {
	for _, b := range u.Blocks {
		if u.Prog.hasArray(b.Type, 0) {
			return true
		}
	}
	return false
}

func (p *Program) hasArray(t *TypeRef, depth int) bool {
	if t == nil || depth > 16 {
		return false
	}
	for _, d := range t.Dims {
		if d > 0 {
			return true
		}
	}
	if st := p.Struct(t.Name); st != nil {
		for _, f := range st.Fields {
			if p.hasArray(f.Type, depth+1) {
				return true
			}
		}
	}
	return false
}

// DeadLocal describes an access by thread (an index into u.Threads) with
// instruction id to the pointer p when p's block is a local of a call
// that has returned before the access in every execution: in the same
// thread after the return, or in a later thread (the concurrent threads
// after init, final after all), or returns "". Accesses from other
// concurrent threads are not judged.
func (u *Unrolled) DeadLocal(p []int64, thread, id int) string {
	if len(p) == 0 {
		return ""
	}
	b := u.Block(p[0])
	if b == nil || !b.Dies || thread < 0 || thread >= len(u.Threads) || b.Thread >= len(u.Threads) {
		return ""
	}
	if !u.diesBefore(b, thread, id) {
		return ""
	}
	return fmt.Sprintf("use of a dead local: %s is a local variable of %s, whose call has returned", b.Name, b.Proc)
}

func (u *Unrolled) diesBefore(b *BlockInfo, thread, id int) bool {
	if thread == b.Thread {
		return id > b.EndID
	}
	from, to := u.Threads[b.Thread].Kind, u.Threads[thread].Kind
	return from == ThreadInit && to != ThreadInit || to == ThreadFinal && from != ThreadFinal
}

// DeadLocals returns the blocks that may die before an access of thread
// with instruction id (DeadLocal's blocks).
func (u *Unrolled) DeadLocals(thread, id int) []*BlockInfo {
	var out []*BlockInfo
	for _, b := range u.Blocks {
		if b.Dies && b.Thread < len(u.Threads) && thread >= 0 && thread < len(u.Threads) && u.diesBefore(b, thread, id) {
			out = append(out, b)
		}
	}
	return out
}

// InstrID is the instruction id of a load, store or fence (0 otherwise).
func InstrID(s Stmt) int {
	switch s := s.(type) {
	case *Load:
		return s.ID
	case *Store:
		return s.ID
	case *Fence:
		return s.ID
	}
	return 0
}

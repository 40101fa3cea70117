package lsl

import "github.com/checkfence/checkfence/diag"

// Proc returns the procedure named name, or nil.
func (p *Program) Proc(name string) *Proc {
	for _, q := range p.Procs {
		if q.Name == name {
			return q
		}
	}
	return nil
}

// Struct returns the struct type named name, or nil.
func (p *Program) Struct(name string) *Struct {
	for _, s := range p.Structs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Composite returns the composite type named name, or nil.
func (p *Program) Composite(name string) *Composite {
	for _, c := range p.Composites {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// FieldIndex returns the index of a composite field, or -1.
func (c *Composite) FieldIndex(name string) int {
	for i, f := range c.Fields {
		if f == name {
			return i
		}
	}
	return -1
}

// Global returns the global named name, or nil.
func (p *Program) Global(name string) *Global {
	for _, g := range p.Globals {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// GlobalBase returns the base number of the named global (its index + 1), or 0.
func (p *Program) GlobalBase(name string) int64 {
	for i, g := range p.Globals {
		if g.Name == name {
			return int64(i + 1)
		}
	}
	return 0
}

// GlobalName returns the name of the global with base b, or "".
func (p *Program) GlobalName(b int64) string {
	if b >= 1 && b <= int64(len(p.Globals)) {
		return p.Globals[b-1].Name
	}
	return ""
}

// Walk calls f for s and, depth first in program order, for every statement
// nested in it. If f returns false, Walk does not descend into that statement.
func Walk(s Stmt, f func(Stmt) bool) {
	if s == nil || !f(s) {
		return
	}
	switch s := s.(type) {
	case *Block:
		for _, t := range s.Stmts {
			Walk(t, f)
		}
	case *If:
		if s.Then != nil {
			Walk(s.Then, f)
		}
		if s.Else != nil {
			Walk(s.Else, f)
		}
	case *Atomic:
		Walk(s.Body, f)
	case *Spin:
		Walk(s.Body, f)
	}
}

// Operands returns the operands a statement reads.
func Operands(s Stmt) []Operand {
	switch s := s.(type) {
	case *Assign:
		return s.Args
	case *Load:
		return []Operand{s.Addr}
	case *Store:
		return []Operand{s.Addr, s.Val}
	case *If:
		return []Operand{s.Cond}
	case *Call:
		return s.Args
	case *Assert:
		return []Operand{s.Cond}
	case *Assume:
		return []Operand{s.Cond}
	case *Observe:
		if s.Val != nil {
			return []Operand{s.Val}
		}
	case *Free:
		return []Operand{s.Ptr}
	}
	return nil
}

// Assigned lists the registers s itself assigns (not those of statements
// nested in it).
func Assigned(s Stmt) []Reg {
	switch s := s.(type) {
	case *Assign:
		return []Reg{s.Dst}
	case *Load:
		return []Reg{s.Dst}
	case *Choose:
		return []Reg{s.Dst}
	case *Alloc:
		return []Reg{s.Dst}
	case *Call:
		return s.Results
	case *Store:
		if s.Status != "" {
			return []Reg{s.Status}
		}
	}
	return nil
}

// SetPos sets a statement's source position (a block keeps a valid one).
func SetPos(s Stmt, p diag.Pos) {
	switch s := s.(type) {
	case *Block:
		if !s.Pos.IsValid() {
			s.Pos = p
		}
	case *Assign:
		s.Pos = p
	case *Load:
		s.Pos = p
	case *Store:
		s.Pos = p
	case *Fence:
		s.Pos = p
	case *If:
		s.Pos = p
	case *Break:
		s.Pos = p
	case *Continue:
		s.Pos = p
	case *Abort:
		s.Pos = p
	case *Pruned:
		s.Pos = p
	case *Call:
		s.Pos = p
	case *Choose:
		s.Pos = p
	case *Atomic:
		s.Pos = p
	case *Spin:
		s.Pos = p
	case *Assert:
		s.Pos = p
	case *Assume:
		s.Pos = p
	case *Observe:
		s.Pos = p
	case *Alloc:
		s.Pos = p
	case *Free:
		s.Pos = p
	}
}

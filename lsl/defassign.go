package lsl

// maybeUnassigned returns the registers that some path of an unrolled
// thread may read before writing them: only those can hold their initial
// value ⊥. The pass follows control flow: a register is definitely assigned
// after an if when both branches assign it, and at the end of a labelled
// block when every break to it and the fall-through do.
func maybeUnassigned(body *Block) map[Reg]bool {
	d := &defAssign{out: map[Reg]bool{}, breaks: map[string][]map[Reg]bool{}}
	d.block(body, map[Reg]bool{})
	return d.out
}

type defAssign struct {
	out    map[Reg]bool
	breaks map[string][]map[Reg]bool
}

func copySet(s map[Reg]bool) map[Reg]bool {
	n := make(map[Reg]bool, len(s))
	for k := range s {
		n[k] = true
	}
	return n
}

func intersect(a, b map[Reg]bool) map[Reg]bool {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	n := map[Reg]bool{}
	for k := range a {
		if b[k] {
			n[k] = true
		}
	}
	return n
}

// block returns the definitely assigned set after b, or nil when the end of
// b is unreachable.
func (d *defAssign) block(b *Block, in map[Reg]bool) map[Reg]bool {
	cur := in
	if b.Label != "" {
		d.breaks[b.Label] = nil
	}
	for _, s := range b.Stmts {
		if cur == nil {
			break
		}
		cur = d.stmt(s, cur)
	}
	if b.Label != "" {
		for _, br := range d.breaks[b.Label] {
			cur = intersect(cur, br)
		}
		delete(d.breaks, b.Label)
	}
	return cur
}

func (d *defAssign) read(o Operand, cur map[Reg]bool) {
	if r, ok := o.(Reg); ok && !cur[r] {
		d.out[r] = true
	}
}

func (d *defAssign) stmt(s Stmt, cur map[Reg]bool) map[Reg]bool {
	for _, o := range Operands(s) {
		d.read(o, cur)
	}
	switch s := s.(type) {
	case *Block:
		return d.block(s, cur)
	case *Assign:
		cur[s.Dst] = true
	case *Load:
		cur[s.Dst] = true
	case *Store:
		if s.Status != "" {
			cur[s.Status] = true
		}
	case *Choose:
		cur[s.Dst] = true
	case *Alloc:
		cur[s.Dst] = true
	case *If:
		t := d.block(s.Then, copySet(cur))
		e := copySet(cur)
		if s.Else != nil {
			e = d.block(s.Else, e)
		}
		if t == nil {
			return e
		}
		if e == nil {
			return t
		}
		return intersect(t, e)
	case *Break:
		d.breaks[s.Label] = append(d.breaks[s.Label], copySet(cur))
		return nil
	case *Continue, *Abort, *Pruned:
		return nil
	case *Atomic:
		return d.block(s.Body, cur)
	case *Spin:
		out := d.block(&Block{Label: s.Label, Stmts: s.Body.Stmts}, cur)
		return out
	}
	return cur
}

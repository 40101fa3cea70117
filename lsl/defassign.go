package lsl

// maybeUnassigned returns the registers that some path of an unrolled
// thread may read before writing them: only those can hold their initial
// value ⊥. The pass follows control flow: a register is definitely assigned
// after an if when both branches assign it, and at the end of a labelled
// block when every break to it and the fall-through do.
//
// The definitely assigned set is one map with an undo log rather than a
// copy per branch: a branch costs what it assigns, not the size of the
// set, so deeply nested code is linear instead of quadratic.
func maybeUnassigned(body *Block) map[Reg]bool {
	d := &defAssign{out: map[Reg]bool{}, set: map[Reg]bool{}, breaks: map[string]*openBlock{}}
	d.block(body)
	return d.out
}

type defAssign struct {
	out map[Reg]bool
	// set is the definitely assigned set at the current point; log lists
	// its registers in the order they were added, so that a mark (a log
	// length) names an earlier state.
	set    map[Reg]bool
	log    []Reg
	breaks map[string]*openBlock
}

// openBlock is a labelled block being analysed: the log length at its
// start and, for every break to it, what the path had assigned since.
type openBlock struct {
	mark   int
	deltas [][]Reg
}

func (d *defAssign) assign(r Reg) {
	if !d.set[r] {
		d.set[r] = true
		d.log = append(d.log, r)
	}
}

// rollback returns to the state of mark.
func (d *defAssign) rollback(mark int) {
	for _, r := range d.log[mark:] {
		delete(d.set, r)
	}
	d.log = d.log[:mark]
}

// since copies the registers assigned after mark.
func (d *defAssign) since(mark int) []Reg {
	return append([]Reg(nil), d.log[mark:]...)
}

// meet sets the state to base ∪ (the intersection of deltas), where base is
// the state at mark and each delta extends it along one path.
func (d *defAssign) meet(mark int, deltas [][]Reg) {
	d.rollback(mark)
	if len(deltas) == 0 {
		return
	}
	smallest := 0
	for i, dl := range deltas {
		if len(dl) < len(deltas[smallest]) {
			smallest = i
		}
	}
	var sets []map[Reg]bool
	for i, dl := range deltas {
		if i == smallest {
			continue
		}
		s := make(map[Reg]bool, len(dl))
		for _, r := range dl {
			s[r] = true
		}
		sets = append(sets, s)
	}
	for _, r := range deltas[smallest] {
		in := true
		for _, s := range sets {
			in = in && s[r]
		}
		if in {
			d.assign(r)
		}
	}
}

// block analyses b from the current state and leaves the state after b;
// it reports whether the end of b is reachable.
func (d *defAssign) block(b *Block) bool {
	var open *openBlock
	if b.Label != "" {
		saved, had := d.breaks[b.Label]
		open = &openBlock{mark: len(d.log)}
		d.breaks[b.Label] = open
		defer func() {
			if had {
				d.breaks[b.Label] = saved
			} else {
				delete(d.breaks, b.Label)
			}
		}()
	}
	reach := true
	for _, s := range b.Stmts {
		if !reach {
			break
		}
		reach = d.stmt(s)
	}
	if open == nil || len(open.deltas) == 0 {
		return reach
	}
	deltas := open.deltas
	if reach {
		deltas = append(deltas, d.since(open.mark))
	}
	d.meet(open.mark, deltas)
	return true
}

func (d *defAssign) read(o Operand) {
	if r, ok := o.(Reg); ok && !d.set[r] {
		d.out[r] = true
	}
}

// stmt analyses s and reports whether the point after it is reachable.
func (d *defAssign) stmt(s Stmt) bool {
	for _, o := range Operands(s) {
		d.read(o)
	}
	switch s := s.(type) {
	case *Block:
		return d.block(s)
	case *Assign:
		d.assign(s.Dst)
	case *Load:
		d.assign(s.Dst)
	case *Store:
		if s.Status != "" {
			d.assign(s.Status)
		}
	case *Choose:
		d.assign(s.Dst)
	case *Alloc:
		d.assign(s.Dst)
	case *If:
		mark := len(d.log)
		thenReach := d.block(s.Then)
		var thenDelta []Reg
		if thenReach {
			thenDelta = d.since(mark)
		}
		d.rollback(mark)
		elseReach := true
		if s.Else != nil {
			elseReach = d.block(s.Else)
		}
		switch {
		case thenReach && elseReach:
			d.meet(mark, [][]Reg{thenDelta, d.since(mark)})
		case thenReach:
			d.rollback(mark)
			for _, r := range thenDelta {
				d.assign(r)
			}
		case !elseReach:
			return false
		}
	case *Break:
		if open := d.breaks[s.Label]; open != nil {
			open.deltas = append(open.deltas, d.since(open.mark))
		}
		return false
	case *Continue, *Abort, *Pruned:
		return false
	case *Atomic:
		return d.block(s.Body)
	case *Spin:
		return d.block(&Block{Label: s.Label, Stmts: s.Body.Stmts})
	}
	return true
}

// MaybeUnassigned returns the registers that some path of an unrolled
// thread body may read before writing them (the reference checker's
// statement of faint registers needs it).
func MaybeUnassigned(body *Block) map[Reg]bool { return maybeUnassigned(body) }

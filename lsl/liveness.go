package lsl

import "sort"

// IterationState returns, for every loop iteration block of an unrolled
// thread body (Block.Iter > 0), the registers whose values at the start of
// the iteration can matter to what the thread does from there on: those
// that some path through the iteration reads before writing, and those
// that some path leaving the loop leaves unwritten and that are read
// anywhere outside the loop. It over-approximates liveness at the loop
// head (reads outside the loop include reads before it); fair progress
// (encode) compares these registers between consecutive iterations, and
// more registers only means fewer iterations found redundant.
func IterationState(body *Block) map[*Block][]Reg {
	out := map[*Block][]Reg{}
	var visit func(s Stmt, outer *Block)
	visit = func(s Stmt, outer *Block) {
		b, ok := s.(*Block)
		if ok && b.Iter > 0 {
			out[b] = iterationLive(body, b, outer)
		}
		switch s := s.(type) {
		case *Block:
			for _, t := range s.Stmts {
				next := outer
				if it, ok := t.(*Block); ok && it.Iter > 0 {
					next = s
				}
				visit(t, next)
			}
		case *If:
			if s.Then != nil {
				visit(s.Then, outer)
			}
			if s.Else != nil {
				visit(s.Else, outer)
			}
		case *Atomic:
			visit(s.Body, outer)
		case *Spin:
			visit(s.Body, outer)
		}
	}
	visit(body, nil)
	return out
}

func iterationLive(body, it, loop *Block) []Reg {
	d := &defAssign{out: map[Reg]bool{}, set: map[Reg]bool{}, breaks: map[string]*openBlock{}}
	inside := map[string]bool{}
	Walk(it, func(s Stmt) bool {
		if b, ok := s.(*Block); ok && b.Label != "" {
			inside[b.Label] = true
		}
		return true
	})
	// exits: breaks to labels outside the iteration (the loop's own label
	// ends the loop; others leave enclosing blocks), recorded by the pass
	exits := map[string]bool{}
	Walk(it, func(s Stmt) bool {
		if br, ok := s.(*Break); ok && !inside[br.Label] {
			exits[br.Label] = true
		}
		return true
	})
	for l := range exits {
		d.breaks[l] = &openBlock{} // deltas: what each break assigned in the iteration
	}
	d.block(&Block{Stmts: it.Stmts})
	live := map[Reg]bool{}
	for r := range d.out {
		live[r] = true
	}
	assigned := map[Reg]bool{}
	Walk(it, func(s Stmt) bool {
		for _, r := range stmtDefs(s) {
			assigned[r] = true
		}
		return true
	})
	unwritten := map[Reg]bool{} // some exit leaves these unwritten
	for l := range exits {
		for _, delta := range d.breaks[l].deltas {
			def := make(map[Reg]bool, len(delta))
			for _, r := range delta {
				def[r] = true
			}
			for r := range assigned {
				if !def[r] {
					unwritten[r] = true
				}
			}
		}
	}
	if len(unwritten) > 0 {
		outside := readsOutside(body, loop)
		for r := range unwritten {
			if outside[r] {
				live[r] = true
			}
		}
	}
	regs := make([]Reg, 0, len(live))
	for r := range live {
		regs = append(regs, r)
	}
	sortRegs(regs)
	return regs
}

// readsOutside returns the registers read in body outside the block skip.
func readsOutside(body, skip *Block) map[Reg]bool {
	out := map[Reg]bool{}
	Walk(body, func(s Stmt) bool {
		if s == Stmt(skip) {
			return false
		}
		for _, o := range Operands(s) {
			if r, ok := o.(Reg); ok {
				out[r] = true
			}
		}
		return true
	})
	return out
}

func stmtDefs(s Stmt) []Reg {
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
			return []Reg{s.Status} // a store-conditional's success flag
		}
	}
	return nil
}

func sortRegs(rs []Reg) { sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] }) }

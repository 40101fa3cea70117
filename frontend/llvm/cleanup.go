package llvmfront

import "github.com/checkfence/checkfence/lsl"

// cleanup tidies a structured procedure body: a break that only reaches
// the end of its block anyway is dropped, labels nothing jumps to are
// dropped, and unlabelled blocks are spliced into their parent. The result
// reads like the C front end's output and unrolls to less code.
func cleanup(body *lsl.Block, retUsed bool, live, params []lsl.Reg) *lsl.Block {
	if retUsed {
		body = &lsl.Block{Label: "ret", Stmts: body.Stmts, Pos: body.Pos}
	}
	for changed := true; changed; {
		body.Stmts, changed = dropTailBreaks(body.Stmts, labelSet(body.Label))
		if dropDeadCopies(body, live) {
			changed = true
		}
		if forwardTemps(body) {
			changed = true
		}
		if propagateConstants(body, append(append([]lsl.Reg{}, live...), params...)) {
			changed = true
		}
		used := map[string]bool{}
		collectTargets(body, used)
		if unlabel(body, used) {
			changed = true
		}
		if flatten(body) {
			changed = true
		}
	}
	return &lsl.Block{Stmts: body.Stmts, Label: body.Label, Pos: body.Pos}
}

func labelSet(l string) map[string]bool {
	s := map[string]bool{}
	if l != "" {
		s[l] = true
	}
	return s
}

// dropTailBreaks removes "break L" where it is the last thing executed
// before the end of block L (ends lists the labels whose end is reached by
// falling off the end of stmts), recursing into every nested statement
// list. It returns the shortened list and whether anything changed.
func dropTailBreaks(stmts []lsl.Stmt, ends map[string]bool) ([]lsl.Stmt, bool) {
	changed := false
	for i, s := range stmts {
		inner := map[string]bool{}
		if i == len(stmts)-1 {
			for l := range ends {
				inner[l] = true
			}
		}
		var c bool
		switch s := s.(type) {
		case *lsl.Block:
			if s.Label != "" {
				// falling off a block (a loop too) leaves it
				inner[s.Label] = true
			}
			s.Stmts, c = dropTailBreaks(s.Stmts, inner)
		case *lsl.If:
			s.Then.Stmts, c = dropTailBreaks(s.Then.Stmts, inner)
			if s.Else != nil {
				var c2 bool
				s.Else.Stmts, c2 = dropTailBreaks(s.Else.Stmts, inner)
				c = c || c2
			}
		case *lsl.Spin:
			s.Body.Stmts, c = dropTailBreaks(s.Body.Stmts, inner)
		case *lsl.Atomic:
			s.Body.Stmts, c = dropTailBreaks(s.Body.Stmts, map[string]bool{})
		}
		changed = changed || c
	}
	if n := len(stmts); n > 0 {
		if b, ok := stmts[n-1].(*lsl.Break); ok && ends[b.Label] {
			return stmts[:n-1], true
		}
	}
	return stmts, changed
}

// dropDeadCopies removes copies into registers nothing reads (clang -O0
// leaves many: conversions of values it then discards). Only copies go:
// other operations can fail at run time on undefined operands.
func dropDeadCopies(body *lsl.Block, live []lsl.Reg) bool {
	readRegs := map[lsl.Reg]bool{}
	for _, r := range live {
		readRegs[r] = true
	}
	lsl.Walk(body, func(s lsl.Stmt) bool {
		for _, o := range lsl.Operands(s) {
			if r, ok := o.(lsl.Reg); ok {
				readRegs[r] = true
			}
		}
		return true
	})
	changed := false
	var walk func(stmts []lsl.Stmt) []lsl.Stmt
	walk = func(stmts []lsl.Stmt) []lsl.Stmt {
		out := stmts[:0]
		for _, s := range stmts {
			switch s := s.(type) {
			case *lsl.Assign:
				if s.Op == lsl.OpCopy && !readRegs[s.Dst] {
					changed = true
					continue
				}
			case *lsl.Block:
				s.Stmts = walk(s.Stmts)
			case *lsl.If:
				s.Then.Stmts = walk(s.Then.Stmts)
				if s.Else != nil {
					s.Else.Stmts = walk(s.Else.Stmts)
				}
			case *lsl.Spin:
				s.Body.Stmts = walk(s.Body.Stmts)
			case *lsl.Atomic:
				s.Body.Stmts = walk(s.Body.Stmts)
			}
			out = append(out, s)
		}
		return out
	}
	body.Stmts = walk(body.Stmts)
	return changed
}

func collectTargets(b *lsl.Block, used map[string]bool) {
	lsl.Walk(b, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Break:
			used[s.Label] = true
		case *lsl.Continue:
			used[s.Label] = true
		}
		return true
	})
}

// unlabel drops labels no jump refers to.
func unlabel(b *lsl.Block, used map[string]bool) bool {
	changed := false
	lsl.Walk(b, func(s lsl.Stmt) bool {
		if blk, ok := s.(*lsl.Block); ok && blk.Label != "" && !used[blk.Label] {
			blk.Label = ""
			changed = true
		}
		return true
	})
	return changed
}

// flatten splices unlabelled blocks into the statement list that holds
// them.
func flatten(b *lsl.Block) bool {
	changed := false
	var walk func(stmts []lsl.Stmt) []lsl.Stmt
	walk = func(stmts []lsl.Stmt) []lsl.Stmt {
		var out []lsl.Stmt
		for _, s := range stmts {
			switch s := s.(type) {
			case *lsl.Block:
				s.Stmts = walk(s.Stmts)
				if s.Label == "" {
					out = append(out, s.Stmts...)
					changed = true
					continue
				}
			case *lsl.If:
				s.Then.Stmts = walk(s.Then.Stmts)
				if s.Else != nil {
					s.Else.Stmts = walk(s.Else.Stmts)
					if len(s.Else.Stmts) == 0 {
						s.Else = nil
					}
				}
			case *lsl.Spin:
				s.Body.Stmts = walk(s.Body.Stmts)
			case *lsl.Atomic:
				s.Body.Stmts = walk(s.Body.Stmts)
			}
			out = append(out, s)
		}
		return out
	}
	b.Stmts = walk(b.Stmts)
	return changed
}

// forwardTemps merges "T := …; %v := T" into "%v := …" when the temporary
// T is assigned and read nowhere else.
func forwardTemps(body *lsl.Block) bool {
	reads := map[lsl.Reg]int{}
	defs := map[lsl.Reg]int{}
	lsl.Walk(body, func(s lsl.Stmt) bool {
		for _, o := range lsl.Operands(s) {
			if r, ok := o.(lsl.Reg); ok {
				reads[r]++
			}
		}
		for _, r := range lsl.Assigned(s) {
			defs[r]++
		}
		return true
	})
	changed := false
	var walk func(stmts []lsl.Stmt) []lsl.Stmt
	walk = func(stmts []lsl.Stmt) []lsl.Stmt {
		var out []lsl.Stmt
		for _, s := range stmts {
			switch s := s.(type) {
			case *lsl.Assign:
				if s.Op == lsl.OpCopy && len(out) > 0 {
					if t, ok := s.Args[0].(lsl.Reg); ok && isTempName(t) && reads[t] == 1 && defs[t] == 1 && setDst(out[len(out)-1], t, s.Dst) {
						changed = true
						continue
					}
				}
			case *lsl.Block:
				s.Stmts = walk(s.Stmts)
			case *lsl.If:
				s.Then.Stmts = walk(s.Then.Stmts)
				if s.Else != nil {
					s.Else.Stmts = walk(s.Else.Stmts)
				}
			case *lsl.Spin:
				s.Body.Stmts = walk(s.Body.Stmts)
			case *lsl.Atomic:
				s.Body.Stmts = walk(s.Body.Stmts)
			}
			out = append(out, s)
		}
		return out
	}
	body.Stmts = walk(body.Stmts)
	return changed
}

func isTempName(r lsl.Reg) bool { return len(r) > 3 && r[:3] == "%t." }

// setDst renames the register s assigns from old to nw, if s assigns old.
func setDst(s lsl.Stmt, old, nw lsl.Reg) bool {
	switch s := s.(type) {
	case *lsl.Assign:
		if s.Dst == old {
			s.Dst = nw
			return true
		}
	case *lsl.Load:
		if s.Dst == old {
			s.Dst = nw
			return true
		}
	case *lsl.Choose:
		if s.Dst == old {
			s.Dst = nw
			return true
		}
	case *lsl.Alloc:
		if s.Dst == old {
			s.Dst = nw
			return true
		}
	}
	return false
}

// propagateConstants replaces a register assigned a constant exactly once
// by the constant, where every read of the register follows the
// assignment in the same statement list (clang -O0 passes the operands of
// atomics through such temporaries). fixed registers (parameters,
// results) are left alone.
func propagateConstants(body *lsl.Block, fixed []lsl.Reg) bool {
	defs := map[lsl.Reg]int{}
	reads := map[lsl.Reg]int{}
	lsl.Walk(body, func(s lsl.Stmt) bool {
		for _, r := range lsl.Assigned(s) {
			defs[r]++
		}
		for _, o := range lsl.Operands(s) {
			if r, ok := o.(lsl.Reg); ok {
				reads[r]++
			}
		}
		return true
	})
	for _, r := range fixed {
		defs[r] += 2
	}
	changed := false
	var walk func(stmts []lsl.Stmt) []lsl.Stmt
	walk = func(stmts []lsl.Stmt) []lsl.Stmt {
		for i := 0; i < len(stmts); i++ {
			a, ok := stmts[i].(*lsl.Assign)
			if !ok || a.Op != lsl.OpCopy || defs[a.Dst] != 1 {
				continue
			}
			c, ok := a.Args[0].(lsl.Const)
			if !ok {
				continue
			}
			later := 0
			for _, s := range stmts[i+1:] {
				lsl.Walk(s, func(x lsl.Stmt) bool {
					for _, o := range lsl.Operands(x) {
						if o == lsl.Operand(a.Dst) {
							later++
						}
					}
					return true
				})
			}
			if later != reads[a.Dst] {
				continue
			}
			for _, s := range stmts[i+1:] {
				lsl.Walk(s, func(x lsl.Stmt) bool {
					replaceOperand(x, a.Dst, c)
					return true
				})
			}
			stmts = append(stmts[:i], stmts[i+1:]...)
			i--
			changed = true
		}
		for _, s := range stmts {
			switch s := s.(type) {
			case *lsl.Block:
				s.Stmts = walk(s.Stmts)
			case *lsl.If:
				s.Then.Stmts = walk(s.Then.Stmts)
				if s.Else != nil {
					s.Else.Stmts = walk(s.Else.Stmts)
				}
			case *lsl.Spin:
				s.Body.Stmts = walk(s.Body.Stmts)
			case *lsl.Atomic:
				s.Body.Stmts = walk(s.Body.Stmts)
			}
		}
		return stmts
	}
	body.Stmts = walk(body.Stmts)
	return changed
}

// replaceOperand replaces reads of r in one statement (not nested ones).
func replaceOperand(s lsl.Stmt, r lsl.Reg, c lsl.Const) {
	sub := func(o lsl.Operand) lsl.Operand {
		if o == lsl.Operand(r) {
			return c
		}
		return o
	}
	switch s := s.(type) {
	case *lsl.Assign:
		for i := range s.Args {
			s.Args[i] = sub(s.Args[i])
		}
	case *lsl.Load:
		s.Addr = sub(s.Addr)
	case *lsl.Store:
		s.Addr, s.Val = sub(s.Addr), sub(s.Val)
	case *lsl.If:
		s.Cond = sub(s.Cond)
	case *lsl.Call:
		for i := range s.Args {
			s.Args[i] = sub(s.Args[i])
		}
	case *lsl.Assert:
		s.Cond = sub(s.Cond)
	case *lsl.Assume:
		s.Cond = sub(s.Cond)
	case *lsl.Observe:
		if s.Val != nil {
			s.Val = sub(s.Val)
		}
	case *lsl.Free:
		s.Ptr = sub(s.Ptr)
	}
}

package lsl

// Sealed blocks (docs/semantics.md, "Storing rounds into sealed blocks"),
// for the encoding (encode/sealed.go) and the reference (refcheck).
// A storing cycle or reload round of a thread T cut off inside its loop is
// deleted on a weak model only when no load after the cut can read its
// stores. The loads after the cut that the encoding does not see are T's
// own (they follow the superseding store in program order, so per-location
// coherence makes them read it or a later store) and other threads' loads
// that come after T's events past the cut (they got there through what T
// stored after the cut, which the unrolling does not hold). The second kind
// cannot read the round's stores when they go to a block no other thread
// can access at all: a sealed block.
//
// A block b is sealed for thread T when no statement of the program can
// store b's address (so only the code that names b can hold it), and
//   - b is a fresh or local block whose address only T's unrolled code
//     names (BlockNamers), or
//   - b is a global that no concurrent thread but T accesses.
//
// Both are judged on the program's procedures, not on the unrolled threads:
// the events after the cut are instances of the same statements, but the
// unrolling holds only some of them. The analysis is flow-insensitive: a
// register carries every block whose address any assignment to it may
// compute, through copies, arithmetic, composites and calls (arguments to
// parameters, results back), in any procedure a thread may run; a load carries nothing,
// because a loaded value is a stored one, and a block whose address is
// stored anywhere — by a store, a global's initializer or a call the
// program does not define — is not sealed. Programs that convert numbers
// to pointers (forgesPointers) have no sealed blocks, nor do programs with
// a recursion the unrolling cuts (kept simple: none of the programs that
// need the case recurse).

// sealedAnalysis is the flow-insensitive analysis of the program's code.
type sealedAnalysis struct {
	// carries[proc][reg]: the blocks (globals by base, fresh and local
	// blocks by allocation site) a register may hold a pointer into
	carries map[string]map[Reg]map[sealKey]bool
	// escaped: blocks whose address some statement may store
	escaped map[sealKey]bool
	// accessedBy[k]: the procedures with a load or store of block k
	accessedBy map[sealKey]map[string]bool
	calls      map[string][]string // the procedures a procedure calls
}

// sealKey names a block of the program: a global by its base, a fresh or
// local block by the position of its allocation statement (every unrolled
// instance of one Alloc shares it).
type sealKey struct {
	base int64
	site string
}

// SealedBlocks maps each sealed block of unrolled program u to the one
// thread that may access it (docs/semantics.md, "Storing rounds into
// sealed blocks").
func SealedBlocks(u *Unrolled) map[int64]int {
	out := map[int64]int{}
	if u.Prog == nil || forgesPointers(u) {
		return out
	}
	for _, li := range u.Loops {
		if li.Recursion {
			return out
		}
	}
	var roots []string
	for _, th := range u.Threads {
		roots = append(roots, th.Ops...)
	}
	a := analyseSealed(u.Prog, roots)
	owner := BlockNamers(u)
	threadProcs := make([]map[string]bool, len(u.Threads))
	for ti, th := range u.Threads {
		threadProcs[ti] = a.reachable(th.Ops)
	}
	for _, blk := range u.Blocks {
		switch blk.Kind {
		case BlockFresh, BlockLocal:
			k := sealKey{site: blk.Site.String()}
			if t, ok := owner[blk.Base]; ok && t >= 0 && !a.escaped[k] {
				out[blk.Base] = t
			}
		case BlockGlobal:
			k := sealKey{base: blk.Base}
			if a.escaped[k] {
				continue
			}
			var users []int
			for ti, th := range u.Threads {
				if th.Kind != ThreadConcurrent {
					continue
				}
				for p := range a.accessedBy[k] {
					if threadProcs[ti][p] {
						users = append(users, ti)
						break
					}
				}
			}
			if len(users) == 1 {
				out[blk.Base] = users[0]
			}
		}
	}
	return out
}

// analyseSealed analyses the procedures reachable from roots (the
// threads' operations): the only code any execution runs.
func analyseSealed(p *Program, roots []string) *sealedAnalysis {
	a := &sealedAnalysis{
		carries:    map[string]map[Reg]map[sealKey]bool{},
		escaped:    map[sealKey]bool{},
		accessedBy: map[sealKey]map[string]bool{},
		calls:      map[string][]string{},
	}
	procs := map[string]*Proc{}
	for _, pr := range p.Procs {
		procs[pr.Name] = pr
		Walk(pr.Body, func(s Stmt) bool {
			if c, ok := s.(*Call); ok {
				a.calls[pr.Name] = append(a.calls[pr.Name], c.Proc)
			}
			return true
		})
	}
	live := a.reachable(roots)
	var run []*Proc
	for _, pr := range p.Procs {
		if live[pr.Name] {
			run = append(run, pr)
			a.carries[pr.Name] = map[Reg]map[sealKey]bool{}
		}
	}
	for _, g := range p.Globals {
		for _, ci := range g.Init {
			for _, k := range constKeys(ci.Val) {
				a.escaped[k] = true
			}
		}
	}
	// the flow-insensitive fixpoint over every procedure
	for changed := true; changed; {
		changed = false
		for _, pr := range run {
			regs := a.carries[pr.Name]
			Walk(pr.Body, func(s Stmt) bool {
				switch s := s.(type) {
				case *Assign:
					if pointerResult(s.Op) {
						for _, o := range s.Args {
							changed = a.add(regs, s.Dst, a.of(regs, o)) || changed
						}
					}
				case *Alloc:
					if s.Kind != AllocPool {
						changed = a.add(regs, s.Dst, map[sealKey]bool{{site: s.Pos.String()}: true}) || changed
					}
				case *Call:
					callee := procs[s.Proc]
					if callee == nil || len(callee.Params) != len(s.Args) {
						for _, o := range s.Args {
							for k := range a.of(regs, o) {
								a.escaped[k] = true
							}
						}
						return true
					}
					for i, o := range s.Args {
						changed = a.add(a.carries[callee.Name], callee.Params[i], a.of(regs, o)) || changed
					}
					for i, r := range s.Results {
						if i < len(callee.Results) {
							changed = a.add(regs, r, a.of(a.carries[callee.Name], callee.Results[i])) || changed
						}
					}
				}
				return true
			})
		}
	}
	for _, pr := range run {
		regs := a.carries[pr.Name]
		Walk(pr.Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Load:
				a.access(pr.Name, a.of(regs, s.Addr))
			case *Store:
				a.access(pr.Name, a.of(regs, s.Addr))
				for k := range a.of(regs, s.Val) {
					a.escaped[k] = true
				}
			}
			return true
		})
	}
	return a
}

// pointerResult reports whether op's result may hold a pointer its
// arguments hold (comparisons and offsets give numbers).
func pointerResult(op Op) bool {
	switch op {
	case OpEq, OpNe, OpLt, OpLe, OpGetOffset, OpThreadID, OpNumThreads:
		return false
	}
	return true
}

// of lists the blocks operand o may point into.
func (a *sealedAnalysis) of(regs map[Reg]map[sealKey]bool, o Operand) map[sealKey]bool {
	switch o := o.(type) {
	case Reg:
		return regs[o]
	case Const:
		ks := constKeys(o.V)
		if len(ks) == 0 {
			return nil
		}
		m := map[sealKey]bool{}
		for _, k := range ks {
			m[k] = true
		}
		return m
	}
	return nil
}

// constKeys lists the global blocks a constant points into.
func constKeys(v Value) []sealKey {
	switch v.Kind {
	case KPtr:
		return []sealKey{{base: v.Ptr[0]}}
	case KComp:
		var out []sealKey
		for _, f := range v.Fields {
			out = append(out, constKeys(f)...)
		}
		return out
	}
	return nil
}

// add adds ks to what register r carries, reporting a change.
func (a *sealedAnalysis) add(regs map[Reg]map[sealKey]bool, r Reg, ks map[sealKey]bool) bool {
	changed := false
	for k := range ks {
		m := regs[r]
		if m == nil {
			m = map[sealKey]bool{}
			regs[r] = m
		}
		if !m[k] {
			m[k] = true
			changed = true
		}
	}
	return changed
}

func (a *sealedAnalysis) access(proc string, ks map[sealKey]bool) {
	for k := range ks {
		if a.accessedBy[k] == nil {
			a.accessedBy[k] = map[string]bool{}
		}
		a.accessedBy[k][proc] = true
	}
}

// reachable lists the procedures ops call, transitively.
func (a *sealedAnalysis) reachable(ops []string) map[string]bool {
	seen := map[string]bool{}
	stack := append([]string(nil), ops...)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		stack = append(stack, a.calls[p]...)
	}
	return seen
}

// BlockNamers maps each block whose address occurs as a constant in the
// unrolled code to the one thread whose code names it, or -1 when several
// do.
func BlockNamers(u *Unrolled) map[int64]int {
	owner := map[int64]int{}
	for ti, th := range u.Threads {
		Walk(th.Body, func(s Stmt) bool {
			for _, o := range Operands(s) {
				if k, ok := o.(Const); ok && k.V.Kind == KPtr {
					b := k.V.Ptr[0]
					if t, seen := owner[b]; seen && t != ti {
						owner[b] = -1
					} else if !seen {
						owner[b] = ti
					}
				}
			}
			return true
		})
	}
	return owner
}

// forgesPointers reports whether the unrolled code converts between
// pointers and numbers other than in the pool's own allocation code.
func forgesPointers(u *Unrolled) bool {
	forges := false
	for _, th := range u.Threads {
		Walk(th.Body, func(s Stmt) bool {
			if a, ok := s.(*Assign); ok && (a.Op == OpBaseOf || a.Op == OpPointer) {
				if u.Pool == nil || !u.Pool.Conversions[a] {
					forges = true
				}
			}
			return !forges
		})
	}
	return forges
}

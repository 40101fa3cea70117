package lsl

// Points-to over allocation sites (privateinit.go): which blocks a
// register or a block's cells may hold addresses of, flow- and
// field-insensitively, over every procedure of a program. A block is its
// global's base number (int64) or the Alloc statement that makes it
// (every block that statement allocates is one abstract block). Values move
// through assignments (every argument to the result: pointer arithmetic
// keeps the base, and a composite holds its fields), loads and stores,
// calls (arguments to parameters, results back) and initial values. Only
// programs that make no pointers from numbers are analysed this way
// (forgesPointers): there a register can hold no address but those.

type ptsKey struct {
	proc string
	reg  Reg
}

type pointsToSets struct {
	regs map[ptsKey]map[any]bool
	mem  map[any]map[any]bool
}

// operand returns the blocks o may point into, in procedure proc.
func (p *pointsToSets) operand(proc string, o Operand) map[any]bool {
	switch o := o.(type) {
	case Reg:
		return p.regs[ptsKey{proc, o}]
	case Const:
		out := map[any]bool{}
		constBlocks(o.V, out)
		return out
	}
	return nil
}

// constBlocks adds the blocks a constant's pointers point into (composites
// included).
func constBlocks(v Value, out map[any]bool) {
	bases := map[int64]bool{}
	markPointers(v, bases)
	for b := range bases {
		out[b] = true
	}
}

// pointsTo computes the sets to a fixpoint.
func pointsTo(prog *Program) *pointsToSets {
	p := &pointsToSets{regs: map[ptsKey]map[any]bool{}, mem: map[any]map[any]bool{}}
	changed := false
	add := func(dst map[any]bool, src map[any]bool) map[any]bool {
		for l := range src {
			if dst == nil {
				dst = map[any]bool{}
			}
			if !dst[l] {
				dst[l] = true
				changed = true
			}
		}
		return dst
	}
	addReg := func(k ptsKey, src map[any]bool) { p.regs[k] = add(p.regs[k], src) }
	addMem := func(l any, src map[any]bool) { p.mem[l] = add(p.mem[l], src) }
	for i, g := range prog.Globals {
		init := map[any]bool{}
		for _, c := range g.Init {
			constBlocks(c.Val, init)
		}
		addMem(int64(i+1), init)
	}
	procs := map[string]*Proc{}
	for _, pr := range prog.Procs {
		procs[pr.Name] = pr
	}
	for changed = true; changed; {
		changed = false
		for _, pr := range prog.Procs {
			name := pr.Name
			Walk(pr.Body, func(s Stmt) bool {
				switch s := s.(type) {
				case *Assign:
					for _, o := range pointerArgs(s) {
						addReg(ptsKey{name, s.Dst}, p.operand(name, o))
					}
				case *Load:
					for l := range p.operand(name, s.Addr) {
						addReg(ptsKey{name, s.Dst}, p.mem[l])
					}
				case *Store:
					val := p.operand(name, s.Val)
					for l := range p.operand(name, s.Addr) {
						addMem(l, val)
					}
				case *Alloc:
					addReg(ptsKey{name, s.Dst}, map[any]bool{s: true})
				case *Call:
					callee := procs[s.Proc]
					if callee == nil {
						break
					}
					for i, o := range s.Args {
						if i < len(callee.Params) {
							addReg(ptsKey{callee.Name, callee.Params[i]}, p.operand(name, o))
						}
					}
					for i, r := range s.Results {
						if i < len(callee.Results) {
							addReg(ptsKey{name, r}, p.regs[ptsKey{callee.Name, callee.Results[i]}])
						}
					}
				}
				return true
			})
		}
	}
	return p
}

// pointerArgs returns the arguments whose pointers an assignment's result
// may hold: arithmetic and comparisons take numbers only (EvalOp), an
// offset keeps its base, a select yields one of its branches, a composite
// holds its fields.
func pointerArgs(s *Assign) []Operand {
	switch s.Op {
	case OpCopy, OpOffset, OpGetBase, OpGet:
		return s.Args[:1]
	case OpSelect:
		return s.Args[1:]
	case OpMake, OpSet:
		return s.Args
	case OpPointer, OpBaseOf:
		return s.Args // a forged pointer: the analysis is not used then
	}
	return nil
}

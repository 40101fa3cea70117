package lsl

import "maps"

// The escape analysis of privateinit.go: per procedure activation, which
// registers hold an address in a block that the activation allocated and
// no store has published yet. A block is published by any use of its
// address but as an address, a copy, an offset or an equality test; under
// one branch condition it is published only if the condition holds, so
// that the failure branch of a compare-and-swap that publishes it, which
// continues a retry loop, still sees it unpublished.

// lit is "register Reg holds a true value" (Pos) or a false one. The
// zero lit is unknown.
type lit struct {
	Reg Reg
	Pos bool
}

func (l lit) not() lit { return lit{l.Reg, !l.Pos} }

// initState is the escape analysis' state at a program point: the
// registers that hold an address in the activation's newest block of an
// allocation, the blocks published only if a literal holds (absent: not
// published), and registers known to hold 0 or 1 as a literal says.
type initState struct {
	reach bool
	regs  map[Reg]*Alloc
	pub   map[*Alloc]lit
	bools map[Reg]lit
}

func (s initState) clone() initState {
	out := initState{s.reach, map[Reg]*Alloc{}, map[*Alloc]lit{}, map[Reg]lit{}}
	maps.Copy(out.regs, s.regs)
	maps.Copy(out.pub, s.pub)
	maps.Copy(out.bools, s.bools)
	return out
}

func (s initState) equal(t initState) bool {
	return s.reach == t.reach && (!s.reach || maps.Equal(s.regs, t.regs) && maps.Equal(s.pub, t.pub) && maps.Equal(s.bools, t.bools))
}

// untrack forgets allocation a's registers: its block may be published.
func (s *initState) untrack(a *Alloc) {
	for r, b := range s.regs {
		if b == a {
			delete(s.regs, r)
		}
	}
	delete(s.pub, a)
}

// define notes that register r gets a new value.
func (s *initState) define(r Reg) {
	if r == "" {
		return
	}
	delete(s.regs, r)
	for a, l := range s.pub {
		if l.Reg == r {
			s.untrack(a)
		}
	}
	for b, l := range s.bools {
		if b == r || l.Reg == r {
			delete(s.bools, b)
		}
	}
}

// assume notes that literal l holds on this branch.
func (s *initState) assume(l lit) {
	if l.Reg == "" {
		return
	}
	for a, p := range s.pub {
		if p.Reg == l.Reg && p.Pos != l.Pos {
			delete(s.pub, a) // not published
		}
	}
}

// join is the state where two paths meet.
func (s initState) join(t initState) initState {
	switch {
	case !s.reach:
		return t.clone()
	case !t.reach:
		return s.clone()
	}
	out := initState{reach: true, regs: map[Reg]*Alloc{}, pub: map[*Alloc]lit{}, bools: map[Reg]lit{}}
	for r, a := range s.regs {
		if t.regs[r] == a {
			out.regs[r] = a
		}
	}
	for r, l := range s.bools {
		if m, ok := t.bools[r]; ok && m == l {
			out.bools[r] = l
		}
	}
	for _, a := range out.regs {
		p, inS := s.pub[a]
		q, inT := t.pub[a]
		switch {
		case inS != inT || p != q:
			out.untrack(a)
		case inS:
			out.pub[a] = p
		}
	}
	return out
}

// joinBranches is the state after "if c": then ran under l, els under not
// l, so a block published only on the then side is published only if l.
func joinBranches(then, els initState, l lit) initState {
	if !then.reach || !els.reach || l.Reg == "" {
		return then.join(els)
	}
	out := then.join(els)
	for r, a := range then.regs {
		if els.regs[r] != a {
			continue
		}
		p, inThen := then.pub[a]
		q, inEls := els.pub[a]
		switch {
		case inThen && !inEls && p == l, !inThen && inEls && q == l.not():
			out.regs[r] = a
			if inThen {
				out.pub[a] = p
			} else {
				out.pub[a] = q
			}
		}
	}
	return out
}

type escapeFrame struct {
	label     string
	brk, cont initState
}

type escapeAnalysis struct {
	res    *privateInit
	fresh  func(*Alloc) bool // the allocations that give unused blocks
	frames []*escapeFrame
	path   []lit // the conditions of the enclosing ifs, innermost last
	seen   map[*Store]bool
}

// escape notes that a's block may be published here: only under the
// enclosing if's literal when there is exactly one, known.
func (a *escapeAnalysis) escape(s *initState, al *Alloc) {
	if len(a.path) != 1 || a.path[0].Reg == "" {
		s.untrack(al)
		return
	}
	l := a.path[0]
	if p, ok := s.pub[al]; ok && p != l {
		s.untrack(al)
		return
	}
	s.pub[al] = l
}

// uses escapes the blocks of the tracked registers among ops.
func (a *escapeAnalysis) uses(s *initState, ops ...Operand) {
	for _, o := range ops {
		if r, ok := o.(Reg); ok {
			if al := s.regs[r]; al != nil {
				a.escape(s, al)
			}
		}
	}
}

func (a *escapeAnalysis) literal(s initState, o Operand) lit {
	r, ok := o.(Reg)
	if !ok {
		return lit{}
	}
	if l, ok := s.bools[r]; ok {
		return l
	}
	return lit{r, true}
}

func (a *escapeAnalysis) block(b *Block, st initState) initState {
	if b.Label == "" {
		return a.stmts(b.Stmts, st)
	}
	return a.loop(b.Label, st, func(entry initState) initState { return a.stmts(b.Stmts, entry) })
}

func (a *escapeAnalysis) loop(label string, st initState, body func(initState) initState) initState {
	entry := st
	for {
		f := &escapeFrame{label: label}
		a.frames = append(a.frames, f)
		out := body(entry)
		a.frames = a.frames[:len(a.frames)-1]
		next := entry.join(f.cont)
		if next.equal(entry) {
			return out.join(f.brk)
		}
		entry = next
	}
}

func (a *escapeAnalysis) stmts(ss []Stmt, st initState) initState {
	for _, s := range ss {
		if !st.reach {
			return st
		}
		st = a.stmt(s, st)
	}
	return st
}

func (a *escapeAnalysis) jump(label string, st initState, cont bool) {
	for i := len(a.frames) - 1; i >= 0; i-- {
		f := a.frames[i]
		if f.label != label {
			continue
		}
		if cont {
			f.cont = f.cont.join(st)
		} else {
			f.brk = f.brk.join(st)
		}
		return
	}
	// a jump the analysis cannot follow: every enclosing frame may see
	// anything, so forget everything at the loops around
	for _, f := range a.frames {
		f.cont = f.cont.join(initState{reach: true})
		f.brk = f.brk.join(initState{reach: true})
	}
}

func (a *escapeAnalysis) stmt(s Stmt, in initState) initState {
	st := in.clone()
	switch s := s.(type) {
	case *Block:
		return a.block(s, st)
	case *Assign:
		var dst *Alloc
		for i, o := range s.Args {
			r, ok := o.(Reg)
			if !ok || st.regs[r] == nil {
				continue
			}
			switch {
			case i == 0 && (s.Op == OpCopy || s.Op == OpOffset):
				dst = st.regs[r]
			case s.Op == OpEq || s.Op == OpNe:
			default:
				a.escape(&st, st.regs[r])
			}
		}
		var b lit
		switch s.Op {
		case OpEq, OpNe, OpLt, OpLe:
			b = lit{s.Dst, true}
		case OpCopy:
			b = st.bools[regOf(s.Args[0])]
		case OpAnd:
			if isConst(s.Args[1], 1) {
				b = st.bools[regOf(s.Args[0])]
			}
		case OpXor:
			if isConst(s.Args[1], 1) {
				if l, ok := st.bools[regOf(s.Args[0])]; ok {
					b = l.not()
				}
			}
		}
		if dst != nil && st.regs[regOf(s.Args[0])] != dst {
			dst = nil // the copy's source was escaped by another argument
		}
		st.define(s.Dst)
		if dst != nil {
			st.regs[s.Dst] = dst
		}
		if b.Reg != "" && (b.Reg != s.Dst || (s.Op == OpEq || s.Op == OpNe || s.Op == OpLt || s.Op == OpLe)) {
			st.bools[s.Dst] = b
		}
		return st
	case *Load:
		st.define(s.Dst)
		return st
	case *Store:
		a.uses(&st, s.Val)
		init := false
		if r, ok := s.Addr.(Reg); ok {
			if al := st.regs[r]; al != nil {
				_, published := st.pub[al]
				init = !published
			}
		}
		if a.seen == nil {
			a.seen = map[*Store]bool{}
		}
		if a.seen[s] {
			a.res.initializing[s] = a.res.initializing[s] && init
		} else {
			a.seen[s] = true
			a.res.initializing[s] = init
		}
		st.define(s.Status)
		return st
	case *Free:
		a.uses(&st, s.Ptr)
		return st
	case *Alloc:
		st.define(s.Dst)
		if a.fresh(s) {
			st.untrack(s) // the previous block of this allocation
			st.regs[s.Dst] = s
		}
		return st
	case *Choose:
		st.define(s.Dst)
		return st
	case *Call:
		a.uses(&st, s.Args...)
		for _, r := range s.Results {
			st.define(r)
		}
		return st
	case *Observe:
		a.uses(&st, s.Val)
		return st
	case *Assert, *Assume, *Fence:
		return st
	case *If:
		l := a.literal(st, s.Cond)
		then := st.clone()
		then.assume(l)
		a.path = append(a.path, l)
		then = a.block(s.Then, then)
		a.path = a.path[:len(a.path)-1]
		els := st.clone()
		els.assume(l.not())
		if l.Reg == "" {
			els = st.clone()
		}
		a.path = append(a.path, l.not())
		if s.Else != nil {
			els = a.block(s.Else, els)
		}
		a.path = a.path[:len(a.path)-1]
		return joinBranches(then, els, l)
	case *Atomic:
		return a.block(s.Body, st)
	case *Spin:
		return a.loop(s.Label, st, func(entry initState) initState { return a.block(s.Body, entry) })
	case *Break:
		a.jump(s.Label, st, false)
		return initState{}
	case *Continue:
		a.jump(s.Label, st, true)
		return initState{}
	case *Abort, *Pruned:
		return initState{}
	}
	// a statement the analysis does not know: nothing stays tracked
	return initState{reach: true, regs: map[Reg]*Alloc{}, pub: map[*Alloc]lit{}, bools: map[Reg]lit{}}
}

func regOf(o Operand) Reg {
	r, _ := o.(Reg)
	return r
}

func isConst(o Operand, n int64) bool {
	k, ok := o.(Const)
	return ok && k.V.Kind == KNum && k.V.Num == n
}

package lsl

import "sort"

// IterationState returns, for every loop iteration block of an unrolled
// thread body (Block.Iter > 0), the registers whose values at the start of
// the iteration can matter to what the thread does from there on: those
// that some path from the iteration's start reads before writing. Fair
// progress (encode, mining, the simulation) compares these registers
// between iterations: more registers only means fewer iterations found
// redundant, fewer means more, so the set must cover every read that can
// follow.
//
// A path is followed as the program, not the unrolling, would run it: a
// break to an iteration's own label goes on with the next iteration, a
// loop's cut-off (Pruned after its last iteration) goes on as the loop's
// next iteration would — the least fixpoint over the last iteration's
// body, whose breaks to its own label lead back to its start — and a path
// that leaves the loop goes on with what follows the block it breaks to,
// where it meets the rest of the thread: later iterations and cut-offs of
// enclosing loops, and the code after them. A cut-off of recursion (no
// iteration before it) may go on anywhere: every register read in the
// body counts. Before, any register that some exit left unwritten and
// that was read anywhere outside the loop counted: an MS queue's dequeue
// kept its result `v` (written by a failed CAS iteration, read only after
// the successful exit) and no failed retry was ever redundant.
func IterationState(body *Block) map[*Block][]Reg {
	return BodyLiveness(body).Iters
}

// Liveness is the backward may-liveness of an unrolled thread body:
// IterationState's sets (Iters), and the registers live just after each
// if statement (LiveAfterIf), which symbolic execution keeps at the join
// of the if's branches.
type Liveness struct {
	Iters      map[*Block][]Reg
	index      map[Reg]int
	afterIf    map[*If]liveSet
	beforeIf   map[*If]liveSet
	afterBlock map[*Block]liveSet
	iterRegs   map[Reg]bool // the registers of some iteration's state
}

// LiveAfterIf reports whether some path from just after if statement s
// reads register r before writing it, or r is in some iteration's state
// (Iters, which fair progress and reload rounds compare between
// iterations: a register they compare is never dropped). True for an if
// or a register the analysis did not see.
func (v *Liveness) LiveAfterIf(s *If, r Reg) bool { return live(v, v.afterIf, s, r) }

// LiveBeforeIf is LiveAfterIf at the start of s, before its condition is
// read: a register dead there may be dropped before the branches fork.
func (v *Liveness) LiveBeforeIf(s *If, r Reg) bool { return live(v, v.beforeIf, s, r) }

// LiveAfterBlock is LiveAfterIf at the end of labelled block b, where
// the breaks to its label join.
func (v *Liveness) LiveAfterBlock(b *Block, r Reg) bool { return live(v, v.afterBlock, b, r) }

func live[S comparable](v *Liveness, at map[S]liveSet, s S, r Reg) bool {
	if v.iterRegs[r] {
		return true
	}
	live, ok := at[s]
	i, known := v.index[r]
	if !ok || !known {
		return true
	}
	return live.has(i)
}

// BodyLiveness computes the liveness of an unrolled thread body.
func BodyLiveness(body *Block) *Liveness {
	l := &backLive{
		index:      map[Reg]int{},
		targets:    map[string]liveSet{},
		iters:      map[*Block]liveSet{},
		afterIf:    map[*If]liveSet{},
		beforeIf:   map[*If]liveSet{},
		afterBlock: map[*Block]liveSet{},
		body:       body,
	}
	Walk(body, func(s Stmt) bool {
		l.eachUse(s, func(r Reg) { l.number(r) })
		eachDef(s, l.number)
		return true
	})
	l.words = (len(l.regs) + 63) / 64
	l.stmt(body, l.empty())
	out := make(map[*Block][]Reg, len(l.iters))
	for b, live := range l.iters {
		var regs []Reg
		for i, r := range l.regs {
			if live.has(i) {
				regs = append(regs, r)
			}
		}
		sortRegs(regs)
		out[b] = regs
	}
	v := &Liveness{Iters: out, index: l.index, afterIf: l.afterIf, beforeIf: l.beforeIf, afterBlock: l.afterBlock, iterRegs: map[Reg]bool{}}
	for _, regs := range out {
		for _, r := range regs {
			v.iterRegs[r] = true
		}
	}
	return v
}

// liveSet is a set of registers, a bit per register of the body. The
// analysis never changes a set it has handed on, so sets may be shared.
type liveSet []uint64

func (s liveSet) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }

func (s liveSet) same(t liveSet) bool {
	for i := range s {
		if s[i] != t[i] {
			return false
		}
	}
	return true
}

// backLive is a backward may-liveness over the statement tree of one
// thread body.
type backLive struct {
	index      map[Reg]int // each register's bit
	regs       []Reg       // and back
	words      int
	targets    map[string]liveSet // live set after each labelled block in scope
	spins      map[string]liveSet // live set at the start of each spin loop in scope
	iters      map[*Block]liveSet // the result: live set at each iteration's start
	afterIf    map[*If]liveSet    // and after each if (the union over the visits of fixpoints)
	beforeIf   map[*If]liveSet    // and before it
	afterBlock map[*Block]liveSet // and after each labelled block, where its breaks join
	anywhere   liveSet            // every register the body reads (made when needed)
	body       *Block
}

func (l *backLive) number(r Reg) {
	if _, ok := l.index[r]; !ok {
		l.index[r] = len(l.regs)
		l.regs = append(l.regs, r)
	}
}

func (l *backLive) empty() liveSet { return make(liveSet, l.words) }

func (l *backLive) union(a, b liveSet) liveSet {
	out := l.empty()
	for i := range out {
		out[i] = a[i] | b[i]
	}
	return out
}

// eachUse calls f with each register s reads (its operands; for a
// compound statement only its own, such as an if's condition).
func (l *backLive) eachUse(s Stmt, f func(Reg)) {
	use := func(o Operand) {
		if r, ok := o.(Reg); ok {
			f(r)
		}
	}
	switch s := s.(type) {
	case *Assign:
		for _, a := range s.Args {
			use(a)
		}
	case *Load:
		use(s.Addr)
	case *Store:
		use(s.Addr)
		use(s.Val)
	case *If:
		use(s.Cond)
	case *Call:
		for _, a := range s.Args {
			use(a)
		}
	case *Assert:
		use(s.Cond)
	case *Assume:
		use(s.Cond)
	case *Observe:
		if s.Val != nil {
			use(s.Val)
		}
	case *Free:
		use(s.Ptr)
	}
}

// stmts returns the live set before ss given the one after. A run of
// simple statements updates one private copy in place.
func (l *backLive) stmts(ss []Stmt, out liveSet) liveSet {
	cur, owned := out, false
	for i := len(ss) - 1; i >= 0; i-- {
		switch s := ss[i].(type) {
		case *Pruned:
			cur, owned = l.pruned(s, ss[:i]), false
		case *Block, *Atomic, *If, *Spin, *Break, *Continue, *Abort:
			cur, owned = l.stmt(s, cur), false
		default:
			if !owned {
				cur, owned = append(l.empty()[:0], cur...), true
			}
			eachDef(s, func(r Reg) {
				i := l.index[r]
				cur[i/64] &^= 1 << (i % 64)
			})
			l.eachUse(s, func(r Reg) {
				i := l.index[r]
				cur[i/64] |= 1 << (i % 64)
			})
		}
	}
	return cur
}

// pruned returns the live set at a cut-off: the loop's next iteration,
// whose code is that of the iteration before the cut-off.
func (l *backLive) pruned(p *Pruned, before []Stmt) liveSet {
	var last *Block
	if n := len(before); n > 0 {
		if b, ok := before[n-1].(*Block); ok && b.Iter > 0 && b.Loop == p.Loop {
			last = b
		}
	}
	if last == nil {
		return l.everything()
	}
	live := l.empty()
	for {
		next := l.block(last, live)
		if next.same(live) {
			return live
		}
		live = next
	}
}

// block returns the live set before b given the one after it (for an
// iteration, after it is where a break to its label goes: the next
// iteration) and records an iteration's.
func (l *backLive) block(b *Block, out liveSet) liveSet {
	if b.Label == "" {
		return l.stmts(b.Stmts, out)
	}
	if prev, ok := l.afterBlock[b]; ok {
		l.afterBlock[b] = l.union(prev, out)
	} else {
		l.afterBlock[b] = out
	}
	saved, had := l.targets[b.Label]
	l.targets[b.Label] = out
	in := l.stmts(b.Stmts, out)
	if had {
		l.targets[b.Label] = saved
	} else {
		delete(l.targets, b.Label)
	}
	if b.Iter > 0 {
		l.iters[b] = in
	}
	return in
}

func (l *backLive) stmt(s Stmt, out liveSet) liveSet {
	switch s := s.(type) {
	case *Block:
		return l.block(s, out)
	case *Atomic:
		return l.block(s.Body, out)
	case *If:
		if prev, ok := l.afterIf[s]; ok {
			l.afterIf[s] = l.union(prev, out)
		} else {
			l.afterIf[s] = out
		}
		in := out
		if s.Then != nil {
			in = l.block(s.Then, out)
		}
		if s.Else != nil {
			in = l.union(in, l.block(s.Else, out))
		} else {
			in = l.union(in, out)
		}
		if r, ok := s.Cond.(Reg); ok {
			i := l.index[r]
			in[i/64] |= 1 << (i % 64)
		}
		if prev, ok := l.beforeIf[s]; ok {
			l.beforeIf[s] = l.union(prev, in)
		} else {
			l.beforeIf[s] = in
		}
		return in
	case *Spin:
		return l.spin(s, out)
	case *Break:
		if t, ok := l.targets[s.Label]; ok {
			return t
		}
		return l.everything() // not in this body: anything may follow
	case *Continue:
		if t, ok := l.spins[s.Label]; ok {
			return t
		}
		return l.everything()
	case *Pruned:
		return l.everything() // not after an iteration (see stmts)
	case *Abort:
		return l.empty() // the thread ends here
	}
	return l.stmts([]Stmt{s}, out)
}

// spin returns the live set before a spin loop, whose continue goes back
// to its start (a fixpoint) and whose break goes on after it.
func (l *backLive) spin(s *Spin, out liveSet) liveSet {
	if l.spins == nil {
		l.spins = map[string]liveSet{}
	}
	savedT, hadT := l.targets[s.Label]
	savedS, hadS := l.spins[s.Label]
	l.targets[s.Label] = out
	in := l.empty()
	for {
		l.spins[s.Label] = in
		next := l.block(s.Body, out)
		if next.same(in) {
			break
		}
		in = next
	}
	if hadT {
		l.targets[s.Label] = savedT
	} else {
		delete(l.targets, s.Label)
	}
	if hadS {
		l.spins[s.Label] = savedS
	} else {
		delete(l.spins, s.Label)
	}
	return in
}

// everything is every register the body reads.
func (l *backLive) everything() liveSet {
	if l.anywhere == nil {
		l.anywhere = l.empty()
		Walk(l.body, func(s Stmt) bool {
			l.eachUse(s, func(r Reg) {
				i := l.index[r]
				l.anywhere[i/64] |= 1 << (i % 64)
			})
			return true
		})
	}
	return l.anywhere
}

// eachDef calls f with each register s writes.
func eachDef(s Stmt, f func(Reg)) {
	switch s := s.(type) {
	case *Assign:
		f(s.Dst)
	case *Load:
		f(s.Dst)
	case *Choose:
		f(s.Dst)
	case *Alloc:
		f(s.Dst)
	case *Call:
		for _, r := range s.Results {
			f(r)
		}
	case *Store:
		if s.Status != "" {
			f(s.Status) // a store-conditional's success flag
		}
	}
}

func sortRegs(rs []Reg) { sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] }) }

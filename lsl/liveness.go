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
	l := &backLive{
		targets: map[string]regSet{},
		iters:   map[*Block]regSet{},
	}
	l.stmt(body, regSet{})
	out := make(map[*Block][]Reg, len(l.iters))
	for b, live := range l.iters {
		regs := make([]Reg, 0, len(live))
		for r := range live {
			regs = append(regs, r)
		}
		sortRegs(regs)
		out[b] = regs
	}
	return out
}

// regSet is a set of registers; the analysis never changes a set it
// has handed on, so sets may be shared.
type regSet map[Reg]bool

func (s regSet) with(t regSet) regSet {
	if len(t) == 0 {
		return s
	}
	if len(s) == 0 {
		return t
	}
	out := make(regSet, len(s)+len(t))
	for r := range s {
		out[r] = true
	}
	for r := range t {
		out[r] = true
	}
	return out
}

func (s regSet) same(t regSet) bool {
	if len(s) != len(t) {
		return false
	}
	for r := range s {
		if !t[r] {
			return false
		}
	}
	return true
}

// backLive is a backward may-liveness over the statement tree of one
// thread body.
type backLive struct {
	targets  map[string]regSet // live set after each labelled block in scope
	spins    map[string]regSet // live set at the start of each spin loop in scope
	iters    map[*Block]regSet // the result: live set at each iteration's start
	anywhere regSet            // every register the body reads (made when needed)
	body     *Block
}

// stmts returns the live set before ss given the one after.
func (l *backLive) stmts(ss []Stmt, out regSet) regSet {
	for i := len(ss) - 1; i >= 0; i-- {
		if p, ok := ss[i].(*Pruned); ok {
			out = l.pruned(p, ss[:i])
			continue
		}
		out = l.stmt(ss[i], out)
	}
	return out
}

// pruned returns the live set at a cut-off: the loop's next iteration,
// whose code is that of the iteration before the cut-off.
func (l *backLive) pruned(p *Pruned, before []Stmt) regSet {
	var last *Block
	if n := len(before); n > 0 {
		if b, ok := before[n-1].(*Block); ok && b.Iter > 0 && b.Loop == p.Loop {
			last = b
		}
	}
	if last == nil {
		return l.everything()
	}
	live := regSet{}
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
func (l *backLive) block(b *Block, out regSet) regSet {
	if b.Label == "" {
		return l.stmts(b.Stmts, out)
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

func (l *backLive) stmt(s Stmt, out regSet) regSet {
	switch s := s.(type) {
	case *Block:
		if l.body == nil {
			l.body = s
		}
		return l.block(s, out)
	case *Atomic:
		return l.block(s.Body, out)
	case *If:
		in := out
		if s.Then != nil {
			in = l.block(s.Then, out)
		}
		if s.Else != nil {
			in = in.with(l.block(s.Else, out))
		} else {
			in = in.with(out)
		}
		return in.with(operandRegs(s))
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
		return regSet{} // the thread ends here
	}
	in := make(regSet, len(out)+2)
	for r := range out {
		in[r] = true
	}
	for _, r := range stmtDefs(s) {
		delete(in, r)
	}
	for r := range operandRegs(s) {
		in[r] = true
	}
	return in
}

// spin returns the live set before a spin loop, whose continue goes back
// to its start (a fixpoint) and whose break goes on after it.
func (l *backLive) spin(s *Spin, out regSet) regSet {
	if l.spins == nil {
		l.spins = map[string]regSet{}
	}
	savedT, hadT := l.targets[s.Label]
	savedS, hadS := l.spins[s.Label]
	l.targets[s.Label] = out
	in := regSet{}
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
func (l *backLive) everything() regSet {
	if l.anywhere == nil {
		l.anywhere = regSet{}
		Walk(l.body, func(s Stmt) bool {
			for r := range operandRegs(s) {
				l.anywhere[r] = true
			}
			return true
		})
	}
	return l.anywhere
}

func operandRegs(s Stmt) regSet {
	out := regSet{}
	for _, o := range Operands(s) {
		if r, ok := o.(Reg); ok {
			out[r] = true
		}
	}
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

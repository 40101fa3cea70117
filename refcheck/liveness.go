package refcheck

import "github.com/checkfence/checkfence/lsl"

// Liveness for fair progress, computed here independently of the engine
// (lsl.IterationState, which solves each loop's cut-off by a local
// fixpoint over its last iteration): a backward may-liveness over the
// statement tree of the whole thread, iterated to a global fixpoint.
// live(B) for an iteration block B of an unrolled loop is the set of
// registers that some path from B's start reads before writing, where the
// path goes on as the program would: a break to a label continues after
// that block (a break to B's own label: the next iteration), and a
// thread cut off at a loop's bound continues with live(B1), B1 the
// loop's first iteration (every iteration of one loop instance runs the
// same code). Since live(B1) is what the pass computes, the pass repeats
// until no iteration's set changes. A cut-off of recursion, with no
// iteration, continues with every register the thread reads.

type regSet map[lsl.Reg]bool

func (s regSet) union(t regSet) regSet {
	out := make(regSet, len(s)+len(t))
	for r := range s {
		out[r] = true
	}
	for r := range t {
		out[r] = true
	}
	return out
}

func (s regSet) equal(t regSet) bool {
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

// iterationLive returns live(B) for every iteration block of a thread.
func iterationLive(body *lsl.Block) map[*lsl.Block]regSet {
	anywhere := regSet{}
	first := map[lsl.LoopKey]*lsl.Block{} // per loop instance, its first iteration
	lsl.Walk(body, func(s lsl.Stmt) bool {
		if b, ok := s.(*lsl.Block); ok && b.Iter == 1 {
			first[b.Loop] = b
		}
		for _, o := range lsl.Operands(s) {
			if r, ok := o.(lsl.Reg); ok {
				anywhere[r] = true
			}
		}
		return true
	})
	l := &liveness{targets: map[string]regSet{}, exit: anywhere, first: first, iters: map[*lsl.Block]regSet{}}
	for {
		l.changed = false
		l.stmt(body, regSet{})
		if !l.changed {
			return l.iters
		}
	}
}

type liveness struct {
	targets map[string]regSet // live set at each break target in scope
	exit    regSet            // live set where anything may follow
	first   map[lsl.LoopKey]*lsl.Block
	iters   map[*lsl.Block]regSet // live(B) so far
	changed bool                  // some live(B) grew in this pass
}

func (l *liveness) stmts(ss []lsl.Stmt, out regSet) regSet {
	for i := len(ss) - 1; i >= 0; i-- {
		out = l.stmt(ss[i], out)
	}
	return out
}

func reads(s lsl.Stmt) regSet {
	out := regSet{}
	for _, o := range lsl.Operands(s) {
		if r, ok := o.(lsl.Reg); ok {
			out[r] = true
		}
	}
	return out
}

func (l *liveness) stmt(s lsl.Stmt, out regSet) regSet {
	switch s := s.(type) {
	case *lsl.Block:
		in := out
		if s.Label != "" {
			saved, had := l.targets[s.Label]
			l.targets[s.Label] = out
			in = l.stmts(s.Stmts, out)
			if had {
				l.targets[s.Label] = saved
			} else {
				delete(l.targets, s.Label)
			}
		} else {
			in = l.stmts(s.Stmts, out)
		}
		if s.Iter > 0 {
			old, ok := l.iters[s]
			if grown := in.union(old); !ok || !grown.equal(old) {
				l.iters[s] = grown
				l.changed = true
			}
		}
		return in
	case *lsl.Spin:
		// a spin loop's continue goes back to its start: iterate
		in := regSet{}
		for {
			saved, had := l.targets[s.Label]
			l.targets[s.Label] = out
			l.targets["\x00continue "+s.Label] = in
			next := l.stmts(s.Body.Stmts, out)
			delete(l.targets, "\x00continue "+s.Label)
			if had {
				l.targets[s.Label] = saved
			} else {
				delete(l.targets, s.Label)
			}
			if next.equal(in) {
				return in
			}
			in = next
		}
	case *lsl.Atomic:
		return l.stmt(s.Body, out)
	case *lsl.If:
		then := l.stmt(s.Then, out)
		els := out
		if s.Else != nil {
			els = l.stmt(s.Else, out)
		}
		return then.union(els).union(reads(s))
	case *lsl.Break:
		if t, ok := l.targets[s.Label]; ok {
			return t
		}
		return l.exit
	case *lsl.Continue:
		if t, ok := l.targets["\x00continue "+s.Label]; ok {
			return t
		}
		return l.exit
	case *lsl.Pruned:
		if b := l.first[s.Loop]; b != nil {
			return l.iters[b] // the loop's next iteration
		}
		return l.exit // a recursion bound: anything may follow
	case *lsl.Abort:
		return regSet{}
	}
	in := regSet{}
	for r := range out {
		in[r] = true
	}
	switch s := s.(type) {
	case *lsl.Assign:
		delete(in, s.Dst)
	case *lsl.Load:
		delete(in, s.Dst)
	case *lsl.Choose:
		delete(in, s.Dst)
	case *lsl.Alloc:
		delete(in, s.Dst)
	}
	return in.union(reads(s))
}

package refcheck

import "github.com/checkfence/checkfence/lsl"

// Liveness for fair progress, computed here independently of the engine
// (which uses lsl.IterationState, a forward definite-assignment pass): a
// backward may-liveness over the statement tree. live(B) for an iteration
// block B of an unrolled loop is the set of registers that some path from
// B's start reads before writing, where a break to B's own label (the
// next iteration) continues with live(B) itself — a fixpoint — and a path
// that leaves the loop continues with every register read anywhere outside
// the loop (the same conservative choice as the engine), as does a thread
// cut off at a bound inside B.

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
	out := map[*lsl.Block]regSet{}
	var visit func(s lsl.Stmt, loop *lsl.Block)
	visit = func(s lsl.Stmt, loop *lsl.Block) {
		switch s := s.(type) {
		case *lsl.Block:
			if s.Iter > 0 {
				out[s] = liveIteration(body, s, loop)
			}
			for _, t := range s.Stmts {
				inner := loop
				if b, ok := t.(*lsl.Block); ok && b.Iter > 0 {
					inner = s
				}
				visit(t, inner)
			}
		case *lsl.If:
			visit(s.Then, loop)
			if s.Else != nil {
				visit(s.Else, loop)
			}
		case *lsl.Atomic:
			visit(s.Body, loop)
		case *lsl.Spin:
			visit(s.Body, loop)
		}
	}
	visit(body, nil)
	return out
}

func liveIteration(body, it, loop *lsl.Block) regSet {
	outside := regSet{}
	lsl.Walk(body, func(s lsl.Stmt) bool {
		if s == lsl.Stmt(loop) {
			return false
		}
		for _, o := range lsl.Operands(s) {
			if r, ok := o.(lsl.Reg); ok {
				outside[r] = true
			}
		}
		return true
	})
	live := regSet{}
	for {
		l := &liveness{targets: map[string]regSet{it.Label: live}, exit: outside}
		next := l.stmts(it.Stmts, outside)
		if next.equal(live) {
			return live
		}
		live = next
	}
}

type liveness struct {
	targets map[string]regSet // live set at each break target in scope
	exit    regSet            // live set where control leaves the loop
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
		if s.Label != "" {
			saved, had := l.targets[s.Label]
			l.targets[s.Label] = out
			in := l.stmts(s.Stmts, out)
			if had {
				l.targets[s.Label] = saved
			} else {
				delete(l.targets, s.Label)
			}
			return in
		}
		return l.stmts(s.Stmts, out)
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
		return l.exit // cut off: whatever comes later may read anything read outside
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

package lsl

// UnspinPlainLoads returns p with every spin loop whose body has a plain
// load (not tagged A, or tagged NA, outside an atomic block) turned into
// an ordinary loop: a labelled block that the spin's "continue" retries.
// Procedures without such a loop are shared with p; p is not changed.
//
// Why: a spin loop is modelled by its last iteration (Spin), which is
// exact for everything the spin's loads can decide, since an earlier
// iteration stores nothing and its loads feed no later code. But a plain
// load of an earlier iteration can race with a store of another thread
// that the last iteration's loads no longer meet, e.g.
//
//	for (;;) { if (load_acquire(&ready)) break; if (load_relaxed(&busy) && data == 7) return; }
//
// against a writer of busy, data, busy, ready: only an earlier iteration
// reads data. A data race of such an iteration is a race of the program,
// so a check that looks for races runs these loops as ordinary loops,
// which fair progress bounds and whose racy rounds it keeps
// (encode/race.go, raceCycles). Atomic loads decide nothing a race check
// asks about in an earlier iteration, and the frontend's atomic blocks
// (read-modify-writes, lock exchanges) are atomic accesses.
func UnspinPlainLoads(p *Program) *Program {
	var procs []*Proc
	changed := false
	for _, proc := range p.Procs {
		if b, ok := unspinBlock(proc.Body); ok {
			cp := *proc
			cp.Body = b
			procs = append(procs, &cp)
			changed = true
			continue
		}
		procs = append(procs, proc)
	}
	if !changed {
		return p
	}
	cp := *p
	cp.Procs = procs
	return &cp
}

// unspinBlock rewrites b's spin loops with plain loads; ok reports a
// change (b itself is never modified).
func unspinBlock(b *Block) (*Block, bool) {
	if b == nil {
		return nil, false
	}
	var stmts []Stmt
	changed := false
	for i, s := range b.Stmts {
		t, ok := unspinStmt(s)
		if ok && !changed {
			stmts = append([]Stmt(nil), b.Stmts[:i]...)
			changed = true
		}
		if changed {
			stmts = append(stmts, t)
		}
	}
	if !changed {
		return b, false
	}
	cp := *b
	cp.Stmts = stmts
	return &cp, true
}

func unspinStmt(s Stmt) (Stmt, bool) {
	switch s := s.(type) {
	case *Block:
		return unspinBlock(s)
	case *If:
		th, ok1 := unspinBlock(s.Then)
		el, ok2 := unspinBlock(s.Else)
		if !ok1 && !ok2 {
			return s, false
		}
		cp := *s
		cp.Then, cp.Else = th, el
		return &cp, true
	case *Spin:
		body, _ := unspinBlock(s.Body)
		if !hasPlainLoad(s.Body) {
			if body == s.Body {
				return s, false
			}
			cp := *s
			cp.Body = body
			return &cp, true
		}
		if body.Label != "" { // a break to the body's own label ends the spin
			return &Block{Label: s.Label, Stmts: []Stmt{body}, Pos: s.Pos}, true
		}
		loop := *body
		loop.Label, loop.Pos = s.Label, s.Pos
		return &loop, true
	}
	// a spin inside an atomic block stays: no other thread runs between
	// its iterations, so each reads what the first did and takes its path
	return s, false
}

// hasPlainLoad reports a load in b, outside atomic blocks, that is not a
// C11 atomic.
func hasPlainLoad(b *Block) bool {
	found := false
	Walk(b, func(s Stmt) bool {
		switch s := s.(type) {
		case *Atomic:
			return false
		case *Load:
			if !IsC11Atomic(s.Tags) {
				found = true
			}
		}
		return !found
	})
	return found
}

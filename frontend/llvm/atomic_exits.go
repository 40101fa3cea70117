package llvmfront

import "github.com/checkfence/checkfence/lsl"

// Atomic sections that end early. SV-COMP's programs leave a
// __VERIFIER_atomic_begin/_end section in two ways besides its final end:
//
//	__VERIFIER_atomic_begin();              __VERIFIER_atomic_begin();
//	if (lock != 0) {                        if (lock != 0) abort();
//	  __VERIFIER_atomic_end(); return 0;    lock = 1;
//	}                                       __VERIFIER_atomic_end();
//	lock = 1;
//	__VERIFIER_atomic_end();
//
// On the left a branch closes the section and returns; on the right a
// branch ends the thread (clang puts the rest of the section in the other
// branch, since abort does not return). closingExits accepts the left: a
// return, break or continue out of the section right after an end in its
// own block ends the section there (the encoder's atomic block ends where
// its body is left). liftAfterDeadBranch rewrites the right: when one
// branch of an if never falls through, the other branch's statements can
// follow the if, which brings the end back into the section's block; and
// an if both of whose branches end with an end has the end after it.

// liftAfterDeadBranch rewrites the ifs among b.Stmts[from:] that hold an
// end marker in one branch while the other never falls through, until an
// end marker is a statement of b itself.
func liftAfterDeadBranch(b *lsl.Block, from int) {
	for k := from; k < len(b.Stmts); k++ {
		s := b.Stmts[k]
		if isMarker(s, atomicEndMarker) || isMarker(s, atomicBeginMarker) {
			return
		}
		iff, ok := s.(*lsl.If)
		if !ok || !containsMarker(iff, atomicEndMarker) {
			continue
		}
		if endsBoth(iff) {
			rest := append([]lsl.Stmt{&lsl.Call{Proc: atomicEndMarker, Pos: iff.Pos}}, b.Stmts[k+1:]...)
			b.Stmts = append(b.Stmts[:k+1], rest...)
			return
		}
		var live *lsl.Block
		switch {
		case iff.Then != nil && containsMarker(iff.Then, atomicEndMarker) && neverFallsThrough(iff.Else):
			live, iff.Then = iff.Then, &lsl.Block{Pos: iff.Then.Pos}
		case iff.Else != nil && containsMarker(iff.Else, atomicEndMarker) && neverFallsThrough(iff.Then):
			live, iff.Else = iff.Else, &lsl.Block{Pos: iff.Else.Pos}
		default:
			return
		}
		if live.Label != "" {
			// a break to the branch's label: keep the branch a block
			rest := append([]lsl.Stmt{live}, b.Stmts[k+1:]...)
			b.Stmts = append(b.Stmts[:k+1], rest...)
			return
		}
		rest := append(append([]lsl.Stmt{}, live.Stmts...), b.Stmts[k+1:]...)
		b.Stmts = append(b.Stmts[:k+1], rest...)
	}
}

// endsBoth reports whether both branches of iff end the section at their
// end (an end marker followed by register assignments only), and then
// removes those markers: the section ends after the if.
func endsBoth(iff *lsl.If) bool {
	tail := func(b *lsl.Block) int {
		if b == nil || b.Label != "" {
			return -1
		}
		for i := len(b.Stmts) - 1; i >= 0; i-- {
			s := b.Stmts[i]
			if isMarker(s, atomicEndMarker) {
				return i
			}
			if _, ok := s.(*lsl.Assign); !ok || containsMarker(s, atomicBeginMarker) {
				return -1
			}
		}
		return -1
	}
	i, j := tail(iff.Then), tail(iff.Else)
	if i < 0 || j < 0 {
		return false
	}
	iff.Then.Stmts = append(iff.Then.Stmts[:i:i], iff.Then.Stmts[i+1:]...)
	iff.Else.Stmts = append(iff.Else.Stmts[:j:j], iff.Else.Stmts[j+1:]...)
	return true
}

// neverFallsThrough reports whether control never leaves b at its end: its
// last statement aborts, assumes false, or breaks or continues out of it.
func neverFallsThrough(b *lsl.Block) bool {
	if b == nil || len(b.Stmts) == 0 {
		return false
	}
	switch s := b.Stmts[len(b.Stmts)-1].(type) {
	case *lsl.Abort:
		return true
	case *lsl.Assume:
		k, ok := s.Cond.(lsl.Const)
		return ok && k.V.Kind == lsl.KNum && k.V.Num == 0
	case *lsl.Break:
		return s.Label != b.Label
	case *lsl.Continue:
		return true
	case *lsl.Block:
		return s.Label == "" && neverFallsThrough(s)
	}
	return false
}

func containsMarker(s lsl.Stmt, marker string) bool {
	found := false
	lsl.Walk(s, func(x lsl.Stmt) bool {
		found = found || isMarker(x, marker)
		return !found
	})
	return found
}

// closingExits reports whether every way out of the section other than
// its end is a break or continue that an end marker before it in its own
// block closes, and removes those end markers; it reports false (and
// changes nothing) otherwise, also when an end marker is left nested.
func closingExits(section *lsl.Block) bool {
	inside := labelsInside(section)
	exits := func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Break:
			return !inside[s.Label]
		case *lsl.Continue:
			return !inside[s.Label]
		}
		return false
	}
	ok := true
	var closing []*lsl.Block
	lsl.Walk(section, func(x lsl.Stmt) bool {
		b, isBlock := x.(*lsl.Block)
		if !isBlock || !ok {
			return ok
		}
		closed := false
		for _, s := range b.Stmts {
			switch {
			case isMarker(s, atomicEndMarker):
				closed = true
			case exits(s) && !closed:
				ok = false
			}
		}
		if closed {
			closing = append(closing, b)
		}
		return true
	})
	if !ok {
		return false
	}
	for _, b := range closing {
		if b == section {
			return false // an end in the section's own block: nested sections
		}
		var keep []lsl.Stmt
		seenEnd := false
		for _, s := range b.Stmts {
			if isMarker(s, atomicEndMarker) {
				seenEnd = true
				continue
			}
			if seenEnd && touchesMemory([]lsl.Stmt{s}) {
				return false // memory accesses between the end and the exit
			}
			keep = append(keep, s)
		}
		if !seenEnd || !endsInExit(keep, exits) {
			return false
		}
		b.Stmts = keep
	}
	return true
}

func endsInExit(stmts []lsl.Stmt, exits func(lsl.Stmt) bool) bool {
	return len(stmts) > 0 && exits(stmts[len(stmts)-1])
}

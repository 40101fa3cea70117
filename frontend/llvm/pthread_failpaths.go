package llvmfront

import "github.com/checkfence/checkfence/lsl"

// Failure paths in a pthread main. `if (i >= 21 || j >= 21) abort();`
// between main's thread operations comes out of structuring as
//
//	if %c1 { } else { if %c2 { } else { …the rest of main…; break ret } }
//	abort "abort()"
//
// with the rest of main, its pthread_join included, inside a branch:
// the thread operations then look conditional, and the split refused the
// program. A failure (abort, or an assertion of false such as
// __VERIFIER_error()) ends its path (encode/symexec.go: the failure takes
// the path's guard), so main's body is first put in the shape of the
// source: the failure moves into each branch that falls through to it
// (sinkFailure), and a branch that always fails leaves the other branch's
// statements after the if (liftAfterFailure):
//
//	if %c1 { abort }; if %c2 { abort }; …the rest of main…; break ret
//
// Both keep every path's statements and their order.

// failFirst rewrites stmts, and the blocks nested in them, until neither
// rule applies.
func failFirst(stmts []lsl.Stmt) []lsl.Stmt {
	for {
		out, changed := failFirstOnce(stmts)
		if !changed {
			return out
		}
		stmts = out
	}
}

func failFirstOnce(stmts []lsl.Stmt) ([]lsl.Stmt, bool) {
	changed := false
	var out []lsl.Stmt
	for i := 0; i < len(stmts); i++ {
		s := stmts[i]
		switch x := s.(type) {
		case *lsl.Block:
			b, ch := failFirstBlock(x)
			changed = changed || ch
			s = b
		case *lsl.If:
			n := *x
			var ch1, ch2 bool
			n.Then, ch1 = failFirstBlock(x.Then)
			n.Else, ch2 = failFirstBlock(x.Else)
			changed = changed || ch1 || ch2
			// an if followed by a failure that ends the list
			if i+2 == len(stmts) && isFailure(stmts[i+1]) && mayFallThrough(&n) {
				return append(out, sinkFailure(&n, stmts[i+1])), true
			}
			if lifted := liftAfterFailure(&n); lifted != nil {
				out = append(out, lifted...)
				changed = true
				continue
			}
			s = &n
		}
		out = append(out, s)
	}
	return out, changed
}

// failFirstBlock applies failFirstOnce to a block's statements (nil stays
// nil).
func failFirstBlock(b *lsl.Block) (*lsl.Block, bool) {
	if b == nil {
		return nil, false
	}
	c := *b
	var changed bool
	c.Stmts, changed = failFirstOnce(b.Stmts)
	return &c, changed
}

// liftAfterFailure returns, for an if of which one branch always fails
// and the other has statements, the if with only the failing branch
// followed by the other branch's statements; nil otherwise.
func liftAfterFailure(n *lsl.If) []lsl.Stmt {
	if !plain(n.Then) || !plain(n.Else) || n.Else == nil {
		return nil
	}
	then := alwaysFails(n.Then) && len(n.Else.Stmts) > 0
	els := alwaysFails(n.Else) && len(n.Then.Stmts) > 0
	m := *n
	var rest []lsl.Stmt
	switch {
	case then && !els:
		rest, m.Else = n.Else.Stmts, nil
	case els && !then:
		rest, m.Then = n.Then.Stmts, &lsl.Block{Pos: n.Then.Pos}
	default:
		return nil
	}
	return append([]lsl.Stmt{&m}, rest...)
}

// sinkFailure appends a copy of the failure f to each branch of n that
// may fall through to it.
func sinkFailure(n *lsl.If, f lsl.Stmt) *lsl.If {
	into := func(b *lsl.Block) *lsl.Block {
		if b == nil {
			return &lsl.Block{Stmts: []lsl.Stmt{copyFailure(f)}}
		}
		if !mayFallThroughList(b.Stmts) {
			return b
		}
		nb := *b
		k := len(b.Stmts)
		if k > 0 {
			if inner, ok := b.Stmts[k-1].(*lsl.If); ok && b.Label == "" {
				nb.Stmts = append(append([]lsl.Stmt{}, b.Stmts[:k-1]...), sinkFailure(inner, f))
				return &nb
			}
		}
		nb.Stmts = append(append([]lsl.Stmt{}, b.Stmts...), copyFailure(f))
		return &nb
	}
	m := *n
	m.Then = into(n.Then)
	m.Else = into(n.Else)
	return &m
}

// isFailure reports whether s fails whenever it runs: an abort, or an
// assertion of a constant false.
func isFailure(s lsl.Stmt) bool {
	switch x := s.(type) {
	case *lsl.Abort:
		return true
	case *lsl.Assert:
		k, ok := x.Cond.(lsl.Const)
		return ok && k.V.Kind == lsl.KNum && k.V.Num == 0
	}
	return false
}

func copyFailure(s lsl.Stmt) lsl.Stmt {
	switch x := s.(type) {
	case *lsl.Abort:
		c := *x
		return &c
	case *lsl.Assert:
		c := *x
		return &c
	}
	panic("copyFailure: not a failure")
}

// alwaysFails reports whether every path through b ends in a failure: b
// ends with one and nothing in it leaves it.
func alwaysFails(b *lsl.Block) bool {
	return b != nil && b.Label == "" && len(b.Stmts) > 0 && isFailure(b.Stmts[len(b.Stmts)-1]) && !leaves(b)
}

// plain: an unlabeled branch (nothing can break to it).
func plain(b *lsl.Block) bool { return b == nil || b.Label == "" }

// mayFallThrough reports whether control may reach the end of n.
func mayFallThrough(n *lsl.If) bool {
	return n.Else == nil || mayFallThroughList(n.Then.Stmts) || mayFallThroughList(n.Else.Stmts) || n.Then.Label != "" || n.Else.Label != ""
}

// mayFallThroughList reports whether control may reach the end of stmts
// (conservatively: true unless the last statement breaks, continues,
// fails, or is an if neither branch of which falls through).
func mayFallThroughList(stmts []lsl.Stmt) bool {
	if len(stmts) == 0 {
		return true
	}
	switch x := stmts[len(stmts)-1].(type) {
	case *lsl.Break, *lsl.Continue:
		return false
	case *lsl.If:
		return mayFallThrough(x)
	default:
		return !isFailure(x)
	}
}

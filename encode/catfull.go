package encode

import "github.com/checkfence/checkfence/internal/gini/z"

// Full literals. Every literal of a set implies its event's guard, and
// every literal of a relation both events' guards (doc.go). So where a
// set's literal is the guard itself (a tag, R, W, M, the universe) or a
// relation's is both guards (the cartesian product of such sets, po, id
// of such a set), the event or pair is in it in every execution in which
// it exists: the top of what the literal can be. The union with a full
// literal is the full literal, the intersection with it is the other
// operand, and the difference by it is false, exactly, although the
// circuit's structural hashing cannot see it: without these rules rc11's
// race = conflict \ (atomic * atomic) \ … kept a literal for every pair of
// conflicting atomic accesses (atomic = A | (rmw-access \ NA) is "guard or
// something that implies it", not the guard), which is false in every
// model but which the solver had to refute again and again, because fair
// progress asks, for every event of a retry round, that no pair of the
// flag's relation holds (catfair.go). setMinus has the same rule for the
// difference of sets.

// setUnion is a | b.
func (ci *CatInstance) setUnion(a, b lset) lset {
	out := make(lset, len(a))
	for i := range a {
		if g := ci.guards[i]; a[i] == g || b[i] == g {
			out[i] = g
		} else {
			out[i] = ci.c.Or(a[i], b[i])
		}
	}
	return out
}

// setInter is a & b.
func (ci *CatInstance) setInter(a, b lset) lset {
	out := make(lset, len(a))
	for i := range a {
		switch g := ci.guards[i]; {
		case a[i] == g:
			out[i] = b[i]
		case b[i] == g:
			out[i] = a[i]
		default:
			out[i] = ci.c.And(a[i], b[i])
		}
	}
	return out
}

// relUnionFull is a | b.
func (ci *CatInstance) relUnionFull(a, b *lrel) *lrel {
	return ci.mergeAt(a, b, func(i, j int, x, y z.Lit) z.Lit {
		if f := ci.both(i, j); x == f || y == f {
			return f
		}
		return ci.c.Or(x, y)
	}, true, true)
}

// relInterFull is a & b.
func (ci *CatInstance) relInterFull(a, b *lrel) *lrel {
	return ci.mergeAt(a, b, func(i, j int, x, y z.Lit) z.Lit {
		switch f := ci.both(i, j); {
		case x == f:
			return y
		case y == f:
			return x
		}
		return ci.c.And(x, y)
	}, false, false)
}

// relDiffFull is a \ b.
func (ci *CatInstance) relDiffFull(a, b *lrel) *lrel {
	return ci.mergeAt(a, b, func(i, j int, x, y z.Lit) z.Lit {
		if y == ci.both(i, j) {
			return ci.c.F
		}
		return ci.c.And(x, y.Not())
	}, true, false)
}

// mergeAt walks the rows of a and b together, as relMerge, giving f the
// pair's events.
func (ci *CatInstance) mergeAt(a, b *lrel, f func(i, j int, x, y z.Lit) z.Lit, keepA, keepB bool) *lrel {
	return mergePairs(ci.c, a, b, f, keepA, keepB)
}

package memmodel

import (
	"github.com/checkfence/checkfence/cat"
)

// catMonotone reports whether the strong clauses of fence synthesis are
// sound on a cat model: adding a barrier with fenceTags never makes an
// execution consistent that was not.
//
// The built-in models are: on arm8, riscv, power and tso-cat a barrier's
// tags and the fence sets occur only in the ordering relations (ob, ppo,
// fence) that must be acyclic, so a barrier adds pairs to them and can
// only forbid more; on rc11 a fence of a stronger order adds
// synchronisation (sw, hb, psc), and strengthening an order never adds
// behaviours (Lahav et al., "Repairing sequential consistency in C/C++11",
// PLDI 2017, §5: monotonicity). A fence event lies between no two other
// events in any relation the models take the difference or complement of
// (po-loc and the local read successor relate accesses only).
//
// A user .cat is checked syntactically: every tag a candidate brings in
// must occur only positively (not under ~, not on the right of \) in the
// checks, and only in checks that forbid (acyclic, irreflexive, empty;
// negated checks reverse the polarity). Otherwise the search learns the
// weak clauses (the answer is the same, found with more rounds).
func catMonotone(m *cat.Model, fenceTags []string) bool {
	if b, ok := cat.Builtin(m.Name); ok && b == m {
		return true
	}
	tags := map[string]bool{}
	for _, t := range fenceTags {
		tags[t] = true
	}
	type key struct {
		n   *cat.Node
		neg bool
	}
	seen := map[key]bool{}
	ok := true
	var walk func(n *cat.Node, neg bool)
	walk = func(n *cat.Node, neg bool) {
		if !ok || seen[key{n, neg}] {
			return
		}
		seen[key{n, neg}] = true
		if n.Op == cat.OpTag && tags[n.Name] && neg {
			ok = false
			return
		}
		if n.Op == cat.OpRecRef {
			// a recursive binding's body is walked from its group
			for _, b := range n.Rec.Bodies {
				walk(b, neg)
			}
		}
		for i, kid := range n.Kids {
			flip := n.Op == cat.OpComplement || n.Op == cat.OpDiff && i == 1
			walk(kid, neg != flip)
		}
	}
	for _, c := range m.Checks() {
		walk(c.Expr, c.Negated)
	}
	return ok
}

package cat

import (
	"github.com/checkfence/checkfence/diag"
)

// A let rec is the least fixpoint of its definitions, computed (eval.go)
// and encoded (package encode) from the empty relations upwards. It exists
// and is reached that way when every body is monotone in the recursive
// names: none occurs under a complement ~ or on the right of a difference
// \ (an even number of them cancel out).
//
// herd also accepts groups that are not monotone and iterates them in
// order, each binding on the latest values, until a round changes nothing
// (eval.go, sequentialFixpoint); the Linux-kernel model's matching of RCU
// read-side critical sections is such a group. That iteration need not
// end: "let rec a = ~a" and "let rec a = po \ a" alternate forever. So a
// group that is not monotone is accepted only when its iteration provably
// settles:
//
//   - an inflationary binding is one whose body is a union with the
//     binding itself among its operands (x = x | …): its values only grow,
//     so they change in at most as many rounds as x can hold pairs;
//   - every other binding refers only to inflationary bindings and to
//     bindings defined before it in the group.
//
// Then once a round leaves every inflationary binding unchanged, the
// others are functions of those (evaluated in order), and the next round
// changes nothing: the iteration ends within one round more than the
// pairs the inflationary bindings can hold (MaxNonMonotoneRounds is
// larger). Everything else is an error at the binding.

// checkMonotone returns an error at the first binding of s whose body
// uses a variable of g negatively, unless g's iteration settles as
// described above.
func checkMonotone(s *letStmt, g *RecGroup) error {
	neg, negWhy := negativeUse(g)
	if neg < 0 {
		return nil
	}
	infl := make([]bool, len(g.Vars))
	for i := range g.Vars {
		infl[i] = inflationary(g, i)
	}
	for i, body := range g.Bodies {
		if infl[i] {
			continue
		}
		for _, j := range recRefs(g, body) {
			if infl[j] || j < i {
				continue
			}
			b := s.Binds[neg]
			return diag.ErrorfCode(b.Pos, diag.CodeInvalidConstruct, "let rec %s: %s, so the definition is not monotone, and herd's in-order iteration of it need not settle (a group that is not monotone is accepted when each binding refers only to bindings before it and to bindings of the form x = x | …; here %s refers to %s)",
				b.Name, negWhy, g.Names[i], g.Names[j])
		}
	}
	return nil
}

// negativeUse returns the index of the first body of g that uses a
// variable of g negatively, with a phrase that says where (-1 if none).
func negativeUse(g *RecGroup) (int, string) {
	type visit struct {
		n   *Node
		neg bool
	}
	for i, body := range g.Bodies {
		seen := map[visit]bool{}
		var found *Node
		var why string
		var walk func(n *Node, neg bool, under string)
		walk = func(n *Node, neg bool, under string) {
			if found != nil || seen[visit{n, neg}] {
				return
			}
			seen[visit{n, neg}] = true
			if n.Op == OpRecRef {
				if n.Rec == g && neg {
					found, why = n, under
				}
				return
			}
			for k, kid := range n.Kids {
				switch {
				case n.Op == OpComplement:
					walk(kid, !neg, "under a complement ~")
				case n.Op == OpDiff && k == 1:
					walk(kid, !neg, "on the right of a difference \\")
				default:
					walk(kid, neg, under)
				}
			}
		}
		walk(body, false, "")
		if found != nil {
			return i, found.Name + " occurs " + why
		}
	}
	return -1, ""
}

// inflationary reports whether the body of g's binding i is a union that
// has the binding itself among its operands (x = x | …), or is the
// binding itself.
func inflationary(g *RecGroup, i int) bool {
	var has func(n *Node) bool
	has = func(n *Node) bool {
		if n.Op == OpRecRef {
			return n.Rec == g && n.Index == i
		}
		if n.Op != OpUnion {
			return false
		}
		for _, k := range n.Kids {
			if has(k) {
				return true
			}
		}
		return false
	}
	return has(g.Bodies[i]) // x = x as well, which the compiler may make of x = x | 0
}

// recRefs lists the indexes of g's variables that n refers to.
func recRefs(g *RecGroup, n *Node) []int {
	seen := map[*Node]bool{}
	found := map[int]bool{}
	var out []int
	var walk func(n *Node)
	walk = func(n *Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		if n.Op == OpRecRef {
			if n.Rec == g && !found[n.Index] {
				found[n.Index] = true
				out = append(out, n.Index)
			}
			return
		}
		for _, k := range n.Kids {
			walk(k)
		}
	}
	walk(n)
	return out
}

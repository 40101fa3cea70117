package cat

import "github.com/checkfence/checkfence/lsl"

// A let rec is the least fixpoint of its definitions, computed (eval.go)
// and encoded (package encode) from the empty relations upwards. It exists
// and is reached that way when every body is monotone in the recursive
// names: none occurs under a complement ~ or on the right of a difference
// \ (an even number of them cancel out). "let rec a = ~a" has no fixpoint
// at all, and "let rec a = po \ a" none that is least; herd rejects
// neither but loops, so they are errors here.

// checkMonotone returns an error at the first binding of s whose body
// uses a variable of g negatively.
func checkMonotone(s *letStmt, g *RecGroup) error {
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
			b := s.Binds[i]
			return lsl.Errorf(b.Pos, "let rec %s: %s occurs %s, so the definition is not monotone and has no least fixpoint (recursive names may occur only positively)", b.Name, found.Name, why)
		}
	}
	return nil
}

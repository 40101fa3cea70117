package cat

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/checkfence/checkfence/diag"
)

// Kind is the type of a cat expression: a set of events or a binary
// relation over events.
type Kind uint8

const (
	// KAny is the type of 0 before its use fixes it.
	KAny Kind = iota
	KSet
	KRel
)

func (k Kind) String() string {
	switch k {
	case KSet:
		return "set"
	case KRel:
		return "relation"
	}
	return "empty"
}

// Op is the operator of an IR node.
type Op uint8

const (
	OpBase     Op = iota + 1 // a built-in set or relation (Name)
	OpTag                    // the events carrying tag Name
	OpEmpty                  // 0
	OpUniverse               // _ (all events)
	OpUnion
	OpInter
	OpDiff
	OpSeq        // relational composition
	OpCart       // cartesian product of two sets
	OpInverse    // r^-1
	OpPlus       // transitive closure r+
	OpStar       // reflexive-transitive closure r*
	OpOpt        // reflexive closure r?
	OpComplement // ~e
	OpIdOf       // [S]
	OpDomain
	OpRange
	OpRecRef // variable Index of recursion group Rec
)

var opNames = map[Op]string{
	OpUnion: "|", OpInter: "&", OpDiff: "\\", OpSeq: ";", OpCart: "*",
}

// Node is an expression of the compiled model, a DAG: identical
// subexpressions are one node (hash-consed), and every reference to a let
// binding is the binding's node, so an encoder that works node by node
// builds each relation once.
type Node struct {
	ID   int
	Op   Op
	Kind Kind
	Name string // OpBase, OpTag: the name; OpRecRef: the variable's name
	Kids []*Node
	Rec  *RecGroup // OpRecRef
	// Index of the variable in Rec (OpRecRef).
	Index int
	// Label is the first let-bound name of the node, for messages.
	Label string
}

// RecGroup is the least fixpoint of "let rec x1 = e1 and … and xk = ek":
// Vars[i] is the OpRecRef node of xi, Bodies[i] the node of ei (in which
// the Vars occur).
type RecGroup struct {
	Names  []string
	Vars   []*Node
	Bodies []*Node
}

// Monotone reports whether the variables of g occur only positively in
// its bodies (not under a complement or on the right of a difference):
// then the bodies are monotone and Kleene iteration from the empty
// relations reaches the least fixpoint.
func (g *RecGroup) Monotone() bool {
	ok := true
	type key struct {
		n   *Node
		neg bool
	}
	seen := map[key]bool{}
	var walk func(n *Node, neg bool)
	walk = func(n *Node, neg bool) {
		if seen[key{n, neg}] || !ok {
			return
		}
		seen[key{n, neg}] = true
		if n.Op == OpRecRef && n.Rec == g && neg {
			ok = false
		}
		for i, kid := range n.Kids {
			flip := n.Op == OpComplement || n.Op == OpDiff && i == 1
			walk(kid, neg != flip)
		}
	}
	for _, b := range g.Bodies {
		walk(b, false)
	}
	return ok
}

// MaxNonMonotoneRounds bounds the rounds of herd's iteration of a group
// that is not monotone over n events: one more than the pairs its values
// can hold, so that a group whose values settle (the Linux-kernel
// model's matching of RCU read-side critical sections adds a pair each
// round) always does.
func MaxNonMonotoneRounds(n int, g *RecGroup) int {
	return len(g.Vars)*n*n + 1
}

// Constraint is a check of the model: Kind applied to Expr must hold (with
// Negated, must fail). Flag constraints do not restrict executions; they
// mark those that violate them (herd's "flag ~empty race as racy").
type Constraint struct {
	Pos     diag.Pos
	Kind    TestKind
	Negated bool
	Flag    bool
	Expr    *Node
	Name    string
}

func (c *Constraint) String() string {
	s := ""
	if c.Flag {
		s = "flag "
	}
	if c.Negated {
		s += "~"
	}
	s += c.Kind.String() + " " + c.Expr.String()
	if c.Name != "" {
		s += " as " + c.Name
	}
	return s
}

// Model is a compiled cat model.
type Model struct {
	Name        string // the file (or built-in) name
	Title       string // the identity line of the file
	Files       []string
	Constraints []*Constraint
	// Nodes lists every node, kids before parents.
	Nodes []*Node
	// Tags are the names the model uses as event tags (names bound
	// nowhere), sorted.
	Tags []string
	// Uses reports which built-in names the model mentions.
	Uses map[string]bool
	// Unchecked are the flags the model defines that checkfence does not
	// compute (those of different-values, which compares event values).
	Unchecked []string
	// C11 compiles the events of C11 atomics to this model's (c11.go);
	// nil for models that read C11 tags themselves and for user files.
	C11 *C11Mapping
}

// Checks returns the constraints that restrict executions (not flags).
func (m *Model) Checks() []*Constraint {
	var out []*Constraint
	for _, c := range m.Constraints {
		if !c.Flag {
			out = append(out, c)
		}
	}
	return out
}

// Flags returns the flag constraints.
func (m *Model) Flags() []*Constraint {
	var out []*Constraint
	for _, c := range m.Constraints {
		if c.Flag {
			out = append(out, c)
		}
	}
	return out
}

// String prints a node as a cat expression, naming let-bound subterms.
func (n *Node) String() string { return n.format(true) }

func (n *Node) format(top bool) string {
	if !top && n.Label != "" {
		return n.Label
	}
	switch n.Op {
	case OpBase, OpTag, OpRecRef:
		return n.Name
	case OpEmpty:
		return "0"
	case OpUniverse:
		return "_"
	case OpUnion, OpInter, OpDiff, OpSeq, OpCart:
		parts := make([]string, len(n.Kids))
		for i, k := range n.Kids {
			parts[i] = k.format(false)
		}
		return "(" + strings.Join(parts, " "+opNames[n.Op]+" ") + ")"
	case OpInverse:
		return n.Kids[0].format(false) + "^-1"
	case OpPlus:
		return n.Kids[0].format(false) + "+"
	case OpStar:
		return n.Kids[0].format(false) + "*"
	case OpOpt:
		return n.Kids[0].format(false) + "?"
	case OpComplement:
		return "~" + n.Kids[0].format(false)
	case OpIdOf:
		return "[" + n.Kids[0].format(false) + "]"
	case OpDomain:
		return "domain(" + n.Kids[0].format(false) + ")"
	case OpRange:
		return "range(" + n.Kids[0].format(false) + ")"
	}
	return fmt.Sprintf("<op %d>", n.Op)
}

// Brief is String cut to at most limit bytes (then ending in "…"): a
// term whose let-bound functions were inlined can share subterms so
// deeply that its full text is exponential in the model's size (an
// expansion bomb), and messages must not pay for that. Printing stops
// as soon as the limit is reached.
func (n *Node) Brief(limit int) string {
	var b strings.Builder
	n.brief(&b, true, limit)
	if b.Len() > limit {
		s := b.String()[:limit]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		return s + "…"
	}
	return b.String()
}

func (n *Node) brief(b *strings.Builder, top bool, limit int) {
	if b.Len() > limit {
		return
	}
	if !top && n.Label != "" {
		b.WriteString(n.Label)
		return
	}
	switch n.Op {
	case OpUnion, OpInter, OpDiff, OpSeq, OpCart:
		b.WriteString("(")
		for i, k := range n.Kids {
			if i > 0 {
				b.WriteString(" " + opNames[n.Op] + " ")
			}
			k.brief(b, false, limit)
			if b.Len() > limit {
				return
			}
		}
		b.WriteString(")")
	case OpInverse, OpPlus, OpStar, OpOpt:
		n.Kids[0].brief(b, false, limit)
		b.WriteString(map[Op]string{OpInverse: "^-1", OpPlus: "+", OpStar: "*", OpOpt: "?"}[n.Op])
	case OpComplement, OpIdOf, OpDomain, OpRange:
		open := map[Op]string{OpComplement: "~", OpIdOf: "[", OpDomain: "domain(", OpRange: "range("}[n.Op]
		close := map[Op]string{OpComplement: "", OpIdOf: "]", OpDomain: ")", OpRange: ")"}[n.Op]
		b.WriteString(open)
		n.Kids[0].brief(b, false, limit)
		b.WriteString(close)
	default:
		b.WriteString(n.format(top))
	}
}

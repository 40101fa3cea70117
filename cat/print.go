package cat

import (
	"fmt"
	"strings"
)

// Format prints the compiled model as one self-contained cat text (the
// standard library and includes inlined, every let-bound relation the
// checks use, in dependency order, then the checks). Parsing the text
// gives a model with the same constraints, and Format of that model gives
// the same text.
func (m *Model) Format() string {
	p := &printer{names: map[*Node]string{}, taken: map[string]bool{}, done: map[*Node]bool{}}
	for k := range keywords {
		p.taken[k] = true
	}
	for k := range baseSets {
		p.taken[k] = true
	}
	for k := range baseRels {
		p.taken[k] = true
	}
	for k := range builtinFuns {
		p.taken[k] = true
	}
	for _, n := range m.Nodes {
		if n.Op == OpTag {
			p.taken[n.Name] = true
		}
	}
	title := m.Title
	if title == "" {
		title = m.Name
	}
	fmt.Fprintf(&p.b, "%q\n\n", title)
	p.shared = sharedNodes(m)
	for _, c := range m.Constraints {
		p.define(c.Expr, nil)
	}
	if len(m.Constraints) > 0 && p.b.Len() > 0 {
		p.b.WriteString("\n")
	}
	for _, c := range m.Constraints {
		if c.Flag {
			p.b.WriteString("flag ")
		}
		if c.Negated {
			p.b.WriteString("~")
		}
		fmt.Fprintf(&p.b, "%s %s", c.Kind, p.expr(c.Expr, nil, 0))
		if c.Name != "" {
			fmt.Fprintf(&p.b, " as %s", c.Name)
		}
		p.b.WriteString("\n")
	}
	return p.b.String()
}

type printer struct {
	b     strings.Builder
	names map[*Node]string // nodes printed as a let, by name
	taken map[string]bool
	done  map[*Node]bool
	// shared are unlabelled composite nodes with several parents: they get
	// a let of their own so that printing stays linear in the DAG.
	shared map[*Node]bool
}

func composite(n *Node) bool {
	switch n.Op {
	case OpBase, OpTag, OpEmpty, OpUniverse, OpRecRef:
		return false
	}
	return true
}

func sharedNodes(m *Model) map[*Node]bool {
	parents := map[*Node]int{}
	seen := map[*Node]bool{}
	var visit func(n *Node)
	visit = func(n *Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, k := range n.Kids {
			parents[k]++
			visit(k)
		}
		if n.Op == OpRecRef {
			for _, b := range n.Rec.Bodies {
				parents[b]++
				visit(b)
			}
		}
	}
	for _, c := range m.Constraints {
		visit(c.Expr)
	}
	out := map[*Node]bool{}
	for n, k := range parents {
		if k > 1 && n.Label == "" && composite(n) {
			out[n] = true
		}
	}
	return out
}

func (p *printer) fresh(label string) string {
	name := label
	for k := 1; p.taken[name]; k++ {
		name = fmt.Sprintf("%s_%d", label, k)
	}
	p.taken[name] = true
	return name
}

// dependsOn reports whether n's value depends on the variables of g.
func dependsOn(n *Node, g *RecGroup, memo map[*Node]bool) bool {
	if g == nil {
		return false
	}
	if d, ok := memo[n]; ok {
		return d
	}
	memo[n] = false
	d := n.Op == OpRecRef && n.Rec == g
	for _, k := range n.Kids {
		if dependsOn(k, g, memo) {
			d = true
		}
	}
	memo[n] = d
	return d
}

// define emits the lets n needs (labelled subterms, recursion groups),
// then n itself if it is labelled. Inside the bodies of group g, nodes
// that depend on g's variables are printed inline.
func (p *printer) define(n *Node, g *RecGroup) {
	if p.done[n] {
		return
	}
	if g != nil && dependsOn(n, g, map[*Node]bool{}) {
		for _, k := range n.Kids {
			p.define(k, g)
		}
		return
	}
	p.done[n] = true
	if n.Op == OpRecRef {
		p.defineGroup(n.Rec)
		return
	}
	for _, k := range n.Kids {
		p.define(k, nil)
	}
	label := n.Label
	if label == "" && p.shared[n] {
		label = "shared"
	}
	if label == "" || !composite(n) {
		return
	}
	name := p.fresh(label)
	fmt.Fprintf(&p.b, "let %s = %s\n", name, p.expr(n, nil, 0))
	p.names[n] = name
}

func (p *printer) defineGroup(g *RecGroup) {
	for _, v := range g.Vars {
		p.done[v] = true
	}
	for _, b := range g.Bodies {
		p.define(b, g)
	}
	for _, v := range g.Vars {
		p.names[v] = p.fresh(v.Name)
	}
	p.b.WriteString("let rec ")
	for i, v := range g.Vars {
		if i > 0 {
			p.b.WriteString("\nand ")
		}
		fmt.Fprintf(&p.b, "%s = %s", p.names[v], p.expr(g.Bodies[i], g, 0))
	}
	p.b.WriteString("\n")
}

// precedence levels, lowest first (herd's order)
func prec(op Op) int {
	switch op {
	case OpUnion:
		return 1
	case OpSeq:
		return 2
	case OpDiff:
		return 3
	case OpInter:
		return 4
	case OpCart:
		return 5
	}
	return 6
}

// expr prints n in a context of precedence ctx (0: anywhere), by name if
// a let defines it.
func (p *printer) expr(n *Node, g *RecGroup, ctx int) string {
	if name, ok := p.names[n]; ok {
		return name
	}
	var s string
	switch n.Op {
	case OpBase, OpTag:
		return n.Name
	case OpRecRef:
		return p.names[n]
	case OpEmpty:
		if n.Kind == KSet {
			return "(0 & _)"
		}
		return "0"
	case OpUniverse:
		return "_"
	case OpUnion, OpInter, OpDiff, OpSeq, OpCart:
		// each operand printed once: a chain of unions printed twice per
		// level would take time exponential in its length
		lctx, rctx := prec(n.Op), prec(n.Op)+1
		if n.Op == OpUnion || n.Op == OpSeq || n.Op == OpInter {
			// right-associative: the right operand may be at the same level
			lctx, rctx = rctx, lctx
		}
		l := p.expr(n.Kids[0], g, lctx)
		r := p.expr(n.Kids[1], g, rctx)
		s = l + " " + opNames[n.Op] + " " + r
		if prec(n.Op) < ctx {
			s = "(" + s + ")"
		}
		return s
	case OpInverse:
		return p.operand(n.Kids[0], g) + "^-1"
	case OpPlus:
		return p.operand(n.Kids[0], g) + "+"
	case OpStar:
		return p.operand(n.Kids[0], g) + "*"
	case OpOpt:
		return p.operand(n.Kids[0], g) + "?"
	case OpComplement:
		return "~" + p.expr(n.Kids[0], g, 7)
	case OpIdOf:
		return "[" + p.expr(n.Kids[0], g, 0) + "]"
	case OpDomain:
		return "domain(" + p.expr(n.Kids[0], g, 0) + ")"
	case OpRange:
		return "range(" + p.expr(n.Kids[0], g, 0) + ")"
	}
	panic(fmt.Sprintf("cat: cannot print op %d", n.Op))
}

func (p *printer) operand(n *Node, g *RecGroup) string {
	s := p.expr(n, g, 7)
	if n.Op == OpComplement && p.names[n] == "" {
		s = "(" + s + ")"
	}
	return s
}

package axioms

// bindingOrder chooses the order in which the optimized engine binds an
// axiom's free variables: greedily the variable that completes the most
// (and the most static) atoms, so that static atoms such as program_order
// or ll_fence prune partial bindings as early as possible; ties go to the
// smaller domain.
func bindingOrder(ax *caxiom, domSize func(Sort) int) []int {
	type atom struct {
		vars   uint64
		weight int
	}
	var atoms []atom
	var collect func(n *cnode)
	collect = func(n *cnode) {
		switch n.op {
		case opPre:
			w := 2
			if predefs[n.pre].static {
				w = 8
			}
			atoms = append(atoms, atom{n.vars, w})
		case opEq:
			atoms = append(atoms, atom{n.vars, 2})
		case opRel:
			atoms = append(atoms, atom{n.vars, 1})
		case opForall, opExists:
			// Evaluable once its free variables are bound.
			atoms = append(atoms, atom{n.vars, 1})
			return
		}
		for _, k := range n.kids {
			collect(k)
		}
	}
	collect(ax.body)

	var order []int
	var bound uint64
	for len(order) < len(ax.free) {
		best, bestScore, bestDom := -1, -1, 0
		for _, s := range ax.free {
			bit := uint64(1) << s
			if bound&bit != 0 {
				continue
			}
			score := 0
			for _, a := range atoms {
				if a.vars&bit != 0 && a.vars&^(bound|bit) == 0 {
					score += a.weight
				}
			}
			dom := domSize(ax.sorts[s])
			if score > bestScore || score == bestScore && dom < bestDom {
				best, bestScore, bestDom = s, score, dom
			}
		}
		order = append(order, best)
		bound |= 1 << best
	}
	return order
}

// plan is how the optimized engine enumerates the instances of an axiom:
// the binding order of its free variables and, per level, an antecedent
// atom whose falsity makes the instance true, used to enumerate only the
// instructions that can satisfy it (e.g. the program-order successors of
// an already bound X for program_order(X, Y) => …).
type plan struct {
	ax    *caxiom
	order []int
	index []indexAtom
}

type indexAtom struct {
	atom  *cnode // nil: enumerate the whole sort
	pos   int    // argument position of the level's variable
	other int    // slot of the other argument, -1 for a predicate
}

func newPlan(ax *caxiom, domSize func(Sort) int) *plan {
	p := &plan{ax: ax, order: bindingOrder(ax, domSize)}
	guards := guardAtoms(ax.body)
	var bound uint64
	for _, v := range p.order {
		ia := indexAtom{other: -1}
		for _, static := range []bool{true, false} {
			for _, g := range guards {
				if ia.atom != nil || predefs[g.pre].static != static || g.vars&(1<<v) == 0 || g.vars&^(bound|1<<v) != 0 {
					continue
				}
				switch {
				case len(g.args) == 1:
					ia = indexAtom{atom: g, pos: 0, other: -1}
				case g.args[0] == v && g.args[1] != v:
					ia = indexAtom{atom: g, pos: 0, other: g.args[1]}
				case g.args[1] == v && g.args[0] != v:
					ia = indexAtom{atom: g, pos: 1, other: g.args[0]}
				}
			}
		}
		p.index = append(p.index, ia)
		bound |= 1 << v
	}
	return p
}

// guardAtoms lists predefined atoms (arity ≤ 2) that make the formula true
// when they are false: the conjuncts of an implication's antecedent, and
// negated atoms among the disjuncts of a disjunction.
func guardAtoms(n *cnode) []*cnode {
	var out []*cnode
	var conjuncts func(n *cnode)
	conjuncts = func(n *cnode) {
		switch {
		case n.op == opAnd:
			for _, k := range n.kids {
				conjuncts(k)
			}
		case n.op == opPre && len(n.args) <= 2:
			out = append(out, n)
		}
	}
	switch n.op {
	case opImplies:
		conjuncts(n.kids[0])
	case opNot:
		conjuncts(n.kids[0])
	case opOr:
		for _, k := range n.kids {
			if k.op == opNot {
				conjuncts(k.kids[0])
			}
		}
	}
	return out
}

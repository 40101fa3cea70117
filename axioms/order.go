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

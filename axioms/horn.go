package axioms

// Least-model fixing. Some relation variables occur in the axioms only as
// the conclusion of definite implications (A => R(t), with R occurring in
// A only positively) and otherwise only negatively — rmo's
// dependence_order is one. Each instance is then a Horn clause in R, so
// for any assignment of everything else the least R satisfying them exists,
// and replacing R by it keeps every other axiom true (they only get easier
// as R shrinks). The least R is contained in the tuples derivable by
// chaining the definite axioms whose antecedents are not statically false;
// every other tuple can be fixed to false.

// hornRelations returns the relations (by index) eligible for least-model
// fixing: no total orders, flat literal tables, and every axiom either
// mentions R only negatively or is a definite implication into R.
func hornRelations(rels []*relation, axioms []*caxiom) []int {
	var out []int
	for ri, r := range rels {
		if r.total || r.big != nil {
			continue
		}
		ok, definite := true, false
		for _, ax := range axioms {
			switch hornRole(ax.body, ri) {
			case roleDefinite:
				definite = true
			case roleOther:
				ok = false
			}
		}
		if ok && definite {
			out = append(out, ri)
		}
	}
	return out
}

type hornUse uint8

const (
	roleNone hornUse = iota
	roleNegative
	roleDefinite
	roleOther
)

func hornRole(body *cnode, rel int) hornUse {
	pos, neg, bad := occurrences(body, rel, true)
	switch {
	case bad:
		return roleOther
	case pos == 0 && neg == 0:
		return roleNone
	case pos == 0:
		return roleNegative
	}
	if body.op == opImplies && body.kids[1].op == opRel && body.kids[1].rel == rel {
		if p, _, _ := occurrences(body.kids[0], rel, false); p == 0 {
			return roleDefinite
		}
	}
	return roleOther
}

// occurrences counts the positive and negative occurrences of relation rel
// in n (polarity positive = as in n itself); bad reports occurrences under
// <=> or a quantifier.
func occurrences(n *cnode, rel int, positive bool) (pos, neg int, bad bool) {
	switch n.op {
	case opRel:
		if n.rel == rel {
			if positive {
				return 1, 0, false
			}
			return 0, 1, false
		}
		return 0, 0, false
	case opNot:
		return occurrences(n.kids[0], rel, !positive)
	case opImplies:
		p1, n1, b1 := occurrences(n.kids[0], rel, !positive)
		p2, n2, b2 := occurrences(n.kids[1], rel, positive)
		return p1 + p2, n1 + n2, b1 || b2
	case opIff, opForall, opExists:
		p, q, _ := occurrences(n.kids[0], rel, positive)
		if len(n.kids) > 1 {
			p2, q2, _ := occurrences(n.kids[1], rel, positive)
			p, q = p+p2, q+q2
		}
		return p, q, p+q > 0
	}
	for _, k := range n.kids {
		p, q, b := occurrences(k, rel, positive)
		pos, neg, bad = pos+p, neg+q, bad || b
	}
	return pos, neg, bad
}

// fixUnderivable computes the derivable tuples of the Horn relations by
// chaining their definite axioms to a fixpoint, then fixes every other
// tuple to false.
func (inst *Instance) fixUnderivable(e *engine, plans []*plan, horn []int) {
	if len(horn) == 0 {
		return
	}
	in := inst.in
	isHorn := map[int]bool{}
	for _, ri := range horn {
		r := inst.rels[ri]
		isHorn[ri] = true
		in.lim.reserve(r.size())
		r.possible = make([]bool, r.size())
		for idx := range r.possible {
			r.possible[idx] = r.stored(int64(idx)) == in.c.T
		}
	}
	var definite []*plan
	for _, p := range plans {
		if b := p.ax.body; b.op == opImplies && b.kids[1].op == opRel && isHorn[b.kids[1].rel] &&
			hornRole(b, b.kids[1].rel) == roleDefinite {
			definite = append(definite, p)
		}
	}
	changed := true
	inst.onLeaf = func(e *engine, ax *caxiom, r resid) {
		// The instance is not statically true: its antecedent may hold, so
		// its conclusion is derivable.
		head := ax.body.kids[1]
		if !e.atomArgs(head) {
			return
		}
		rel := inst.rels[head.rel]
		if idx, _, ok := rel.index(in, e.args); ok && !rel.possible[idx] {
			rel.possible[idx] = true
			changed = true
		}
	}
	for changed {
		changed = false
		for _, p := range definite {
			inst.run(e, p)
		}
	}
	inst.onLeaf = nil
	for _, ri := range horn {
		r := inst.rels[ri]
		for idx, ok := range r.possible {
			if !ok {
				if old := r.stored(int64(idx)); old != in.c.F {
					if old != 0 {
						e.clauses = append(e.clauses, old.Not())
					}
					r.store(int64(idx), in.c.F)
					inst.stats.FixedTuples++
				}
			}
		}
		r.possible = nil
	}
}

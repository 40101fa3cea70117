package axioms

// Total-order detection (§7.3.4, generalized): a binary relation variable R
// over sort s×s is a strict total order on the executed instructions of
// sort s when the model has, over free variables of sort s,
//
//	transitivity    R(A,B) & R(B,C) => R(A,C)
//	irreflexivity   ~R(A,A)
//	totality        R(A,B) | R(B,A) | A = B
//
// matched modulo variable names and the order of conjuncts/disjuncts.

type orderAxioms struct {
	trans, irrefl, total []*Axiom
}

// detectTotalOrders returns, for each relation variable encoded as a total
// order, the axioms the encoding makes redundant.
func detectTotalOrders(m *Model) map[string][]*Axiom {
	found := map[string]*orderAxioms{}
	get := func(name string) *orderAxioms {
		if found[name] == nil {
			found[name] = &orderAxioms{}
		}
		return found[name]
	}
	for _, a := range m.Axioms {
		if r := matchTransitivity(m, a.Body); r != "" {
			get(r).trans = append(get(r).trans, a)
		}
		if r := matchIrreflexivity(m, a.Body); r != "" {
			get(r).irrefl = append(get(r).irrefl, a)
		}
		if r := matchTotality(m, a.Body); r != "" {
			get(r).total = append(get(r).total, a)
		}
	}
	out := map[string][]*Axiom{}
	for name, o := range found {
		if len(o.trans) > 0 && len(o.irrefl) > 0 && len(o.total) > 0 {
			var ax []*Axiom
			ax = append(ax, o.trans...)
			ax = append(ax, o.irrefl...)
			ax = append(ax, o.total...)
			out[name] = ax
		}
	}
	return out
}

// orderRelation returns the sort of R if R is a binary relation variable
// over s×s.
func orderRelation(m *Model, name string) (Sort, bool) {
	d := m.Relation(name)
	if d == nil || len(d.Params) != 2 || d.Params[0] != d.Params[1] {
		return 0, false
	}
	return d.Params[0], true
}

// relAtom matches R(X, Y) for a relation variable over s×s whose arguments
// are free variables declared with sort s.
func relAtom(m *Model, f Formula) (name, x, y string, ok bool) {
	a, isApp := f.(*Apply)
	if !isApp || len(a.Args) != 2 {
		return "", "", "", false
	}
	s, isOrder := orderRelation(m, a.Name)
	if !isOrder {
		return "", "", "", false
	}
	for _, v := range a.Args {
		if vs, declared := m.VarSort(v.Name); !declared || vs != s {
			return "", "", "", false
		}
	}
	return a.Name, a.Args[0].Name, a.Args[1].Name, true
}

// flatten lists the operands of nested conjunctions (or disjunctions).
func flatten(f Formula, and bool) []Formula {
	switch g := f.(type) {
	case *And:
		if and {
			var out []Formula
			for _, x := range g.Xs {
				out = append(out, flatten(x, and)...)
			}
			return out
		}
	case *Or:
		if !and {
			var out []Formula
			for _, x := range g.Xs {
				out = append(out, flatten(x, and)...)
			}
			return out
		}
	}
	return []Formula{f}
}

func matchTransitivity(m *Model, f Formula) string {
	imp, ok := f.(*Implies)
	if !ok {
		return ""
	}
	conj := flatten(imp.L, true)
	if len(conj) != 2 {
		return ""
	}
	r1, a1, b1, ok1 := relAtom(m, conj[0])
	r2, a2, b2, ok2 := relAtom(m, conj[1])
	r3, h1, h2, ok3 := relAtom(m, imp.R)
	if !ok1 || !ok2 || !ok3 || r1 != r2 || r1 != r3 {
		return ""
	}
	try := func(a, b, b2, c string) bool {
		return b == b2 && a != b && b != c && a != c && h1 == a && h2 == c
	}
	if try(a1, b1, a2, b2) || try(a2, b2, a1, b1) {
		return r1
	}
	return ""
}

func matchIrreflexivity(m *Model, f Formula) string {
	n, ok := f.(*Not)
	if !ok {
		return ""
	}
	r, x, y, ok := relAtom(m, n.X)
	if !ok || x != y {
		return ""
	}
	return r
}

func matchTotality(m *Model, f Formula) string {
	disj := flatten(f, false)
	if len(disj) != 3 {
		return ""
	}
	var rel string
	var pairs [][2]string
	var eq *Equal
	for _, d := range disj {
		if e, isEq := d.(*Equal); isEq {
			if eq != nil {
				return ""
			}
			eq = e
			continue
		}
		r, x, y, ok := relAtom(m, d)
		if !ok || rel != "" && r != rel {
			return ""
		}
		rel = r
		pairs = append(pairs, [2]string{x, y})
	}
	if eq == nil || len(pairs) != 2 {
		return ""
	}
	a, b := pairs[0][0], pairs[0][1]
	s, _ := orderRelation(m, rel)
	for _, v := range []*Var{eq.L, eq.R} {
		if vs, declared := m.VarSort(v.Name); !declared || vs != s {
			return ""
		}
	}
	if a == b || pairs[1] != [2]string{b, a} {
		return ""
	}
	if !(eq.L.Name == a && eq.R.Name == b || eq.L.Name == b && eq.R.Name == a) {
		return ""
	}
	return rel
}

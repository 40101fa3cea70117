package encode

import (
	"github.com/checkfence/checkfence/cat"
)

// mayEval is the static over-approximation of the cat nodes (the may-sets
// of Gavrilenko et al., CAV 2019): the pairs (and events) that some
// execution may relate. Base relations may relate the pairs whose literal
// is not constantly false; difference and complement cannot shrink a
// may-set (the subtracted part is not known statically).
type mayEval struct {
	ci   *CatInstance
	rels map[*cat.Node]cat.Rel
	sets map[*cat.Node]cat.Set
}

func (ci *CatInstance) may() *mayEval {
	return &mayEval{ci: ci, rels: map[*cat.Node]cat.Rel{}, sets: map[*cat.Node]cat.Set{}}
}

// mayGroup returns the static fixpoint of a recursion group.
func (ci *CatInstance) mayGroup(g *cat.RecGroup) *mayEval {
	m := ci.may()
	m.fixpoint(g)
	return m
}

func (m *mayEval) fromLrel(r *lrel) cat.Rel {
	out := cat.NewRel(m.ci.n())
	for i, row := range r.rows {
		for _, e := range row {
			out.Add(i, int(e.j))
		}
	}
	return out
}

func (m *mayEval) fromLset(s lset) cat.Set {
	out := cat.NewSet(m.ci.n())
	for i, l := range s {
		if l != m.ci.c.F {
			out.Add(i)
		}
	}
	return out
}

// all is every pair (or event) that may execute.
func (m *mayEval) allRel() cat.Rel {
	n := m.ci.n()
	out := cat.NewRel(n)
	for i := 0; i < n; i++ {
		if m.ci.guards[i] == m.ci.c.F {
			continue
		}
		for j := 0; j < n; j++ {
			if m.ci.guards[j] != m.ci.c.F {
				out.Add(i, j)
			}
		}
	}
	return out
}

func (m *mayEval) rel(n *cat.Node) cat.Rel {
	if r, ok := m.rels[n]; ok {
		return r
	}
	N := m.ci.n()
	var out cat.Rel
	switch n.Op {
	case cat.OpBase:
		out = m.fromLrel(m.ci.baseRel(n.Name))
	case cat.OpEmpty:
		out = cat.NewRel(N)
	case cat.OpUnion, cat.OpInter:
		a, b := m.rel(n.Kids[0]), m.rel(n.Kids[1])
		out = cat.NewRel(N)
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if n.Op == cat.OpUnion && (a.Has(i, j) || b.Has(i, j)) || n.Op == cat.OpInter && a.Has(i, j) && b.Has(i, j) {
					out.Add(i, j)
				}
			}
		}
	case cat.OpDiff:
		out = m.rel(n.Kids[0])
	case cat.OpComplement:
		out = m.allRel()
	case cat.OpSeq:
		a, b := m.rel(n.Kids[0]), m.rel(n.Kids[1])
		out = cat.NewRel(N)
		for i := 0; i < N; i++ {
			for k := 0; k < N; k++ {
				if a.Has(i, k) {
					for j := 0; j < N; j++ {
						if b.Has(k, j) {
							out.Add(i, j)
						}
					}
				}
			}
		}
	case cat.OpCart:
		a, b := m.set(n.Kids[0]), m.set(n.Kids[1])
		out = cat.NewRel(N)
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if a.Has(i) && b.Has(j) {
					out.Add(i, j)
				}
			}
		}
	case cat.OpInverse:
		a := m.rel(n.Kids[0])
		out = cat.NewRel(N)
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if a.Has(i, j) {
					out.Add(j, i)
				}
			}
		}
	case cat.OpPlus, cat.OpStar, cat.OpOpt:
		a := m.rel(n.Kids[0])
		out = cat.NewRel(N)
		for i, row := range a {
			copy(out[i], row)
		}
		if n.Op != cat.OpOpt {
			g := make([][]int32, N)
			for i := 0; i < N; i++ {
				for j := 0; j < N; j++ {
					if a.Has(i, j) {
						g[i] = append(g[i], int32(j))
					}
				}
			}
			for i, row := range staticClosure(g) {
				for _, j := range row {
					out.Add(i, int(j))
				}
			}
		}
		if n.Op != cat.OpPlus {
			for i := 0; i < N; i++ {
				if m.ci.guards[i] != m.ci.c.F {
					out.Add(i, i)
				}
			}
		}
	case cat.OpIdOf:
		a := m.set(n.Kids[0])
		out = cat.NewRel(N)
		for i := 0; i < N; i++ {
			if a.Has(i) {
				out.Add(i, i)
			}
		}
	case cat.OpRecRef:
		m.fixpoint(n.Rec)
		return m.rels[n]
	default:
		panic("encode: may-set of relation node " + n.String())
	}
	m.rels[n] = out
	return out
}

func (m *mayEval) set(n *cat.Node) cat.Set {
	if s, ok := m.sets[n]; ok {
		return s
	}
	N := m.ci.n()
	out := cat.NewSet(N)
	switch n.Op {
	case cat.OpBase:
		out = m.fromLset(m.ci.baseSet(n.Name, false))
	case cat.OpTag:
		out = m.fromLset(m.ci.baseSet(n.Name, true))
	case cat.OpEmpty:
	case cat.OpUniverse, cat.OpComplement:
		out = m.fromLset(m.ci.guards)
	case cat.OpUnion, cat.OpInter:
		a, b := m.set(n.Kids[0]), m.set(n.Kids[1])
		for i := 0; i < N; i++ {
			if n.Op == cat.OpUnion && (a.Has(i) || b.Has(i)) || n.Op == cat.OpInter && a.Has(i) && b.Has(i) {
				out.Add(i)
			}
		}
	case cat.OpDiff:
		out = m.set(n.Kids[0])
	case cat.OpDomain, cat.OpRange:
		r := m.rel(n.Kids[0])
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if r.Has(i, j) {
					if n.Op == cat.OpDomain {
						out.Add(i)
					} else {
						out.Add(j)
					}
				}
			}
		}
	case cat.OpRecRef:
		m.fixpoint(n.Rec)
		return m.sets[n]
	default:
		panic("encode: may-set of set node " + n.String())
	}
	m.sets[n] = out
	return out
}

// fixpoint iterates a recursion group's may-sets to saturation.
func (m *mayEval) fixpoint(g *cat.RecGroup) {
	N := m.ci.n()
	for _, v := range g.Vars {
		if v.Kind == cat.KSet {
			m.sets[v] = cat.NewSet(N)
		} else {
			m.rels[v] = cat.NewRel(N)
		}
	}
	dependents := dependentNodes(g)
	for {
		for _, n := range dependents {
			delete(m.rels, n)
			delete(m.sets, n)
		}
		changed := false
		for i, v := range g.Vars {
			if v.Kind == cat.KSet {
				old, s := m.sets[v], m.set(g.Bodies[i])
				for e := 0; e < N; e++ {
					if s.Has(e) && !old.Has(e) {
						old.Add(e)
						changed = true
					}
				}
				continue
			}
			old, r := m.rels[v], m.rel(g.Bodies[i])
			for a := 0; a < N; a++ {
				for b := 0; b < N; b++ {
					if r.Has(a, b) && !old.Has(a, b) {
						old.Add(a, b)
						changed = true
					}
				}
			}
		}
		if !changed {
			for _, n := range dependents {
				delete(m.rels, n)
				delete(m.sets, n)
			}
			return
		}
	}
}

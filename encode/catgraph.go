package encode

import "github.com/checkfence/checkfence/cat"

// CatGraph is what explaining an execution of a cat model needs (the
// report's "why a cat model allows it"), as plain data: the executed
// events, the communication relations between them and, for each
// acyclicity check of the model, the pairs its relation orders. The
// relations are evaluated on the decoded candidate execution
// (cat.Model.EvalRel), the reference semantics, not read off the
// encoding.
type CatGraph struct {
	Model string
	// Instrs is the instruction of each event (-1: an initial write).
	Instrs []int
	// Rels are the pairs of events of po, rf, co and fr.
	Rels map[string][][2]int
	// Checks are the model's acyclicity checks (not flags), in order.
	Checks []CatCheck
}

// CatCheck is an acyclicity check of a cat model on one execution.
type CatCheck struct {
	Name    string // "external (acyclic ob)", or "acyclic ob" when unnamed
	closure cat.Rel
}

// Orders reports whether the transitive closure of the check's relation
// has the pair of events (a, b).
func (k CatCheck) Orders(a, b int) bool { return k.closure.Has(a, b) }

// CatGraph returns the explanation data of x on a cat model (nil on a
// .mm model, and for a saved result).
func (x *Execution) CatGraph() *CatGraph {
	if x == nil || x.Cat == nil || x.Cat.model == nil {
		return nil
	}
	cx, m := x.Cat, x.Cat.model
	ce := cx.Candidate.Execution()
	g := &CatGraph{Model: m.Name, Instrs: cx.instrs, Rels: map[string][][2]int{}}
	for _, name := range []string{"po", "rf", "co", "fr"} {
		if rel := ce.Rels[name]; rel != nil {
			g.Rels[name] = rel.Pairs()
		}
	}
	for _, c := range m.Constraints {
		if c.Flag || c.Negated || c.Kind != cat.Acyclic {
			continue
		}
		name := "acyclic " + c.Expr.String()
		if c.Name != "" {
			name = c.Name + " (" + name + ")"
		}
		g.Checks = append(g.Checks, CatCheck{Name: name, closure: closure(m.EvalRel(c.Expr, ce))})
	}
	return g
}

// closure is the transitive closure of r.
func closure(r cat.Rel) cat.Rel {
	n := len(r)
	out := cat.NewRel(n)
	for _, p := range r.Pairs() {
		out.Add(p[0], p[1])
	}
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			if !out.Has(i, k) {
				continue
			}
			for j := 0; j < n; j++ {
				if out.Has(k, j) {
					out.Add(i, j)
				}
			}
		}
	}
	return out
}

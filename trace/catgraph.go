package trace

import "github.com/checkfence/checkfence/cat"

// CatExecution is the candidate execution of a trace on a cat model: its
// events with their base relations (cat.Candidate), the model, and the
// instruction of each event. CatGraph evaluates the model on it.
type CatExecution struct {
	Model     *cat.Model
	Candidate *cat.Candidate
	// Instrs is the instruction of each event (-1: an initial write).
	Instrs []int
}

// CatGraph is what explaining an execution of a cat model needs (the
// report's "why a cat model allows it"): the executed events, the
// communication relations between them and, for each acyclicity check of
// the model, the pairs its relation orders. The relations are evaluated
// on the decoded candidate execution (cat.Model.EvalRel), the reference
// semantics, not read off the encoding.
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
	Name string // "external (acyclic ob)", or "acyclic ob" when unnamed
	// Closure is the transitive closure of the check's relation, as a
	// matrix over the events: Closure[a][b] when it orders a before b.
	Closure [][]bool
}

// Orders reports whether the transitive closure of the check's relation
// has the pair of events (a, b).
func (k CatCheck) Orders(a, b int) bool { return k.Closure[a][b] }

// CatGraph returns the explanation data of x on a cat model (nil on a
// .mm model). It is computed when asked (a FAIL's report), not when the
// trace is decoded: the closures are cubic in the events.
func (x *Execution) CatGraph() *CatGraph {
	if x == nil || x.Cat == nil || x.Cat.Model == nil {
		return nil
	}
	m := x.Cat.Model
	ce := x.Cat.Candidate.Execution()
	g := &CatGraph{Model: m.Name, Instrs: x.Cat.Instrs, Rels: map[string][][2]int{}}
	for _, name := range []string{"po", "rf", "co", "fr"} {
		if rel := ce.Rels[name]; rel != nil {
			g.Rels[name] = rel.Pairs()
		}
	}
	for _, c := range m.Constraints {
		if c.Flag || c.Negated || c.Kind != cat.Acyclic {
			continue
		}
		name := "acyclic " + c.Expr.Brief(checkNameLimit)
		if c.Name != "" {
			name = c.Name + " (" + name + ")"
		}
		g.Checks = append(g.Checks, CatCheck{Name: name, Closure: closure(m.EvalRel(c.Expr, ce))})
	}
	return g
}

// checkNameLimit bounds the text of a check's expression in its name.
const checkNameLimit = 200

// closure is the transitive closure of r, as a matrix.
func closure(r cat.Rel) [][]bool {
	n := len(r)
	out := make([][]bool, n)
	for i := range out {
		out[i] = make([]bool, n)
	}
	for _, p := range r.Pairs() {
		out[p[0]][p[1]] = true
	}
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			if !out[i][k] {
				continue
			}
			for j := 0; j < n; j++ {
				if out[k][j] {
					out[i][j] = true
				}
			}
		}
	}
	return out
}

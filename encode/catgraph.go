package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/trace"
)

// catGraph returns the explanation data of a decoded candidate execution
// (trace.CatGraph), which a trace carries so that its report needs no
// model state.
func catGraph(cx *CatExecution) *trace.CatGraph {
	if cx == nil || cx.model == nil {
		return nil
	}
	m := cx.model
	ce := cx.Candidate.Execution()
	g := &trace.CatGraph{Model: m.Name, Instrs: cx.instrs, Rels: map[string][][2]int{}}
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
		g.Checks = append(g.Checks, trace.CatCheck{Name: name, Closure: closure(m.EvalRel(c.Expr, ce))})
	}
	return g
}

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

package trace

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

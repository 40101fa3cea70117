package cat

// Checks of the concurrent threads. A test's events fall in three
// blocks, in the order the test's structure runs them: the init thread
// and the initial writes (I), the concurrent threads (N), the final
// thread (F). No load reads a store of a later block, a later block's
// stores are co-after an earlier one's, and program order runs from I to
// N to F; so rf, co, fr and po never lead from a block to an earlier one.
// A relation built from such relations by the rules below (forward) has
// no such pair either, and a cycle of it that touches N stays in N; where
// it is also exact, its pairs there are those computed from N's events
// alone. I and F are single sequential threads (plus the initial writes,
// which no pair enters, so none lies on a cycle): where the model's
// per-location coherence check holds (CoherenceCheck), a strict relation
// relates two events of one thread only in program order, so it has no
// cycle there. So a forward, exact and strict check holds iff it holds
// on N's events: the encoder may build it on N alone and leave the init
// and final threads — often the longest, a harness's setup and its
// checks — to the coherence check (encode/catends.go; docs/semantics.md,
// "The init and final threads in cat checks").

// blockShape is what the analysis knows of a relation: forward (no edge
// from a block to an earlier one), internal (no edge between two
// blocks), exact (its value on pairs of concurrent events is the value
// an encoder computes from the concurrent events alone: no pair of them
// depends on an event of another block), and its class on the events of
// one thread. Of a set it knows only whether it is exact.
type blockShape struct {
	forward, internal, exact bool
	class                    poClass
}

// poClass is a relation's shape on the events of one thread of an
// execution that is coherent per location: contained in program order
// (strict), in program order or the identity (reflexive), or neither.
type poClass uint8

const (
	poStrict poClass = iota
	poReflexive
	poNone
)

// Concurrent is the analysis of a model's expressions against the test's
// blocks.
type Concurrent struct {
	// Checks marks the constraints an encoder may build on the
	// concurrent threads' events alone: the model has a per-location
	// coherence check (kept on every event), and the constraint is
	// another check (acyclic or irreflexive, not negated, not a flag)
	// whose relation is forward, exact and strict.
	Checks []bool
	a      blockAnalysis
}

// AnalyzeConcurrent analyzes m's checks.
func AnalyzeConcurrent(m *Model) *Concurrent {
	c := &Concurrent{Checks: make([]bool, len(m.Constraints)), a: blockAnalysis{memo: map[*Node]blockShape{}}}
	coh := CoherenceCheck(m)
	if coh < 0 {
		return c
	}
	for i, k := range m.Constraints {
		if i == coh || k.Flag || k.Negated || k.Expr.Kind != KRel || k.Kind != Acyclic && k.Kind != Irreflexive {
			continue
		}
		s := c.a.shape(k.Expr)
		c.Checks[i] = s.forward && s.exact && s.class == poStrict
	}
	return c
}

// Exact reports whether the value of n on the concurrent events is the
// value computed from the concurrent events alone, so an encoding of n
// on every event, restricted to them, serves as its encoding there.
func (c *Concurrent) Exact(n *Node) bool { return c.a.shape(n).exact }

type blockAnalysis struct {
	memo map[*Node]blockShape
}

// baseShapes are the built-in relations' shapes (cat/doc.go): rf, co, fr
// follow the blocks by the test's structure and program order within a
// thread by coherence; the dependencies and read-modify-write pairs are
// program order within a thread; id and si relate an event to itself (or
// its parts); int, stxn, loc and ext are symmetric. Each pair of a base
// relation is a literal of its two events: all are exact.
var baseShapes = map[string]blockShape{
	"po":   {forward: true, exact: true, class: poStrict},
	"rf":   {forward: true, exact: true, class: poStrict},
	"co":   {forward: true, exact: true, class: poStrict},
	"fr":   {forward: true, exact: true, class: poStrict},
	"addr": {forward: true, internal: true, exact: true, class: poStrict},
	"data": {forward: true, internal: true, exact: true, class: poStrict},
	"ctrl": {forward: true, internal: true, exact: true, class: poStrict},
	"amo":  {forward: true, internal: true, exact: true, class: poStrict},
	"lxsx": {forward: true, internal: true, exact: true, class: poStrict},
	"rmw":  {forward: true, internal: true, exact: true, class: poStrict},
	"id":   {forward: true, internal: true, exact: true, class: poReflexive},
	"si":   {forward: true, internal: true, exact: true, class: poReflexive},
	"int":  {forward: true, internal: true, exact: true, class: poNone},
	"stxn": {forward: true, internal: true, exact: true, class: poNone},
	"loc":  {exact: true, class: poNone},
	"ext":  {exact: true, class: poNone},
}

var (
	unknownShape = blockShape{class: poNone}
	bestShape    = blockShape{forward: true, internal: true, exact: true, class: poStrict}
)

func (a *blockAnalysis) shape(n *Node) blockShape {
	if s, ok := a.memo[n]; ok {
		return s
	}
	var s blockShape
	if n.Kind == KSet {
		s = a.setShape(n)
		a.memo[n] = s
		return s
	}
	switch n.Op {
	case OpBase:
		var ok bool
		if s, ok = baseShapes[n.Name]; !ok {
			s = unknownShape
		}
	case OpEmpty:
		s = bestShape
	case OpIdOf:
		s = blockShape{forward: true, internal: true, exact: a.shape(n.Kids[0]).exact, class: poReflexive}
	case OpUnion:
		x, y := a.shape(n.Kids[0]), a.shape(n.Kids[1])
		s = blockShape{x.forward && y.forward, x.internal && y.internal, x.exact && y.exact, max(x.class, y.class)}
	case OpInter:
		x, y := a.shape(n.Kids[0]), a.shape(n.Kids[1])
		s = blockShape{x.forward || y.forward, x.internal || y.internal, x.exact && y.exact, min(x.class, y.class)}
	case OpDiff:
		x, y := a.shape(n.Kids[0]), a.shape(n.Kids[1])
		s = x
		s.exact = x.exact && y.exact
	case OpSeq:
		// a step through an event of I needs an edge from N into I (not
		// in a forward left operand), one through F an edge from F to N
		// (not in a forward right operand)
		x, y := a.shape(n.Kids[0]), a.shape(n.Kids[1])
		s = blockShape{x.forward && y.forward, x.internal && y.internal, x.exact && y.exact && x.forward && y.forward, seqClass(x.class, y.class)}
	case OpPlus:
		s = a.shape(n.Kids[0])
		s.exact = s.exact && s.forward
	case OpStar, OpOpt:
		s = a.shape(n.Kids[0])
		s.exact = s.exact && (s.forward || n.Op == OpOpt)
		s.class = max(s.class, poReflexive)
	case OpInverse:
		x := a.shape(n.Kids[0])
		s = blockShape{exact: x.exact, class: poNone}
		if x.internal {
			s.forward, s.internal = true, true
			if x.class == poReflexive {
				s.class = poReflexive // the inverse of a part of the identity
			}
		}
	case OpCart:
		s = blockShape{exact: a.shape(n.Kids[0]).exact && a.shape(n.Kids[1]).exact, class: poNone}
	case OpComplement:
		s = blockShape{exact: a.shape(n.Kids[0]).exact, class: poNone}
	case OpRecRef:
		a.group(n.Rec)
		return a.memo[n]
	default:
		s = unknownShape
	}
	a.memo[n] = s
	return s
}

// setShape: a set is exact when each event's membership is a literal of
// the event (base sets, tags, and their combinations), or the domain or
// range of an exact relation with no pair between blocks.
func (a *blockAnalysis) setShape(n *Node) blockShape {
	switch n.Op {
	case OpBase, OpTag, OpUniverse, OpEmpty:
		return blockShape{exact: true}
	case OpUnion, OpInter, OpDiff, OpComplement:
		e := true
		for _, k := range n.Kids {
			e = e && a.shape(k).exact
		}
		return blockShape{exact: e}
	case OpDomain, OpRange:
		// the other end of an internal relation's pair is in the block
		x := a.shape(n.Kids[0])
		return blockShape{exact: x.exact && x.internal}
	case OpRecRef:
		a.group(n.Rec)
		return a.memo[n]
	}
	return blockShape{}
}

// seqClass is the class of a composition: program order composed with
// program order or the identity stays in program order.
func seqClass(x, y poClass) poClass {
	switch {
	case x == poNone || y == poNone:
		return poNone
	case x == poStrict || y == poStrict:
		return poStrict
	}
	return poReflexive
}

// group computes the shapes of a recursion group's variables as a
// greatest fixpoint: each variable starts at the best shape and is
// weakened to its body's until nothing changes. Every rule above is
// monotone and the empty relation has the best shape, so each Kleene
// iterate of the least fixpoint, and their union, has the shape found.
func (a *blockAnalysis) group(g *RecGroup) {
	for _, v := range g.Vars {
		a.memo[v] = bestShape
	}
	deps := groupDependents(g) // fairness.go
	for changed := true; changed; {
		changed = false
		for _, n := range deps {
			delete(a.memo, n) // the bodies' shapes depend on the variables
		}
		for i, body := range g.Bodies {
			if s := a.shape(body); s != a.memo[g.Vars[i]] {
				a.memo[g.Vars[i]] = s
				changed = true
			}
		}
	}
}

package cat

// Atomic blocks under irreflexivity checks (docs/semantics.md, "Atomic
// blocks on cat models", "Irreflexivity checks"). A check irreflexive e
// forbids the closed walks of a pattern: e read as a composition
// f1 ; … ; fk of the model's relations (power's fre ; prop ; hb*, rc11's
// hb ; eco?, lkmm's prop ; rcu-fence ; hb* ; pb* ; [marked]). Lifted, it
// forbids those walks in the quotient in which each transaction is one
// vertex:
//
//	irreflexive T ; f1' ; T ; f2' ; T ; … ; fk' ; T       T = stxn | id
//
// where a relation factor r is r \ stxn (as in stronglift: a block's
// inner order is no walk through it), its closures are taken with T
// between steps (r* becomes ((r \ stxn) ; T)*), and a filter [S] stays.
// A walk may so enter a transaction at one event and leave it at
// another: the block is one event of every walk the check forbids. The
// factors are the check's expression (a bare name read as its
// definition) down to the model's named relations (fre, prop, hb): the
// closures written there are walks, a named relation is one step whose
// inside is not merged, as for acyclicity checks (cat/txn.go). So rc11's
// eco = (rf | co | fr)+, a relation per location, is not chained across
// a block's locations: a relaxed reader may see one store of a DCAS and
// then not the other, as on the hardware C11 compiles to.

// FactorKind is how a walk factor repeats.
type FactorKind uint8

const (
	FactorOne    FactorKind = iota + 1 // r
	FactorOpt                          // r?
	FactorStar                         // r*
	FactorPlus                         // r+
	FactorFilter                       // [S]: an identity, not lifted
)

// WalkFactor is one factor of an irreflexivity check's composition.
type WalkFactor struct {
	Kind FactorKind
	// Rel is the relation (for FactorFilter, the [S] node itself).
	Rel *Node
}

// WalkFactors decomposes an irreflexivity check's relation into its factors.
// ok is false when the lifting says nothing: a single factor r that is
// no closure (irreflexive r constrains r's pairs inside a block, which
// the quotient cannot tell from the block's own order).
func WalkFactors(e *Node) (factors []WalkFactor, ok bool) {
	var flatten func(n *Node, top bool)
	flatten = func(n *Node, top bool) {
		if n.Op == OpSeq && (top || n.Label == "") {
			flatten(n.Kids[0], false)
			flatten(n.Kids[1], false)
			return
		}
		factors = append(factors, factorOf(n, top))
	}
	flatten(e, true)
	rels := 0
	for _, f := range factors {
		switch {
		case f.Kind == FactorFilter || f.Rel.Op == OpIdOf:
		case f.Kind == FactorStar || f.Kind == FactorPlus:
			rels += 2 // a cycle of its own
		default:
			rels++
		}
	}
	return factors, rels >= 2
}

// factorOf is one factor: a closure written in the check (or the check's
// whole relation) is a walk, a named relation one step. It normalises
// the closures: r+? and r*? are r*, (r+)+ is r+, (r+)* and (r*)+ are r*.
func factorOf(n *Node, top bool) WalkFactor {
	if n.Label != "" && !top && n.Op != OpIdOf {
		return WalkFactor{FactorOne, n}
	}
	switch n.Op {
	case OpIdOf:
		return WalkFactor{FactorFilter, n}
	case OpOpt, OpStar, OpPlus:
		inner := factorOf(n.Kids[0], false)
		if inner.Kind == FactorFilter { // [S]+ is [S]; [S]? and [S]* pass every event
			if n.Op == OpPlus {
				return inner
			}
			return WalkFactor{FactorOpt, inner.Rel}
		}
		k := map[Op]FactorKind{OpOpt: FactorOpt, OpStar: FactorStar, OpPlus: FactorPlus}[n.Op]
		if inner.Kind != FactorOne && inner.Kind != k {
			k = FactorStar
		}
		return WalkFactor{k, inner.Rel}
	}
	return WalkFactor{FactorOne, n}
}

// LiftsToTxnWalk reports whether c is an irreflexivity check that
// TxnChecks lifts as a walk.
func LiftsToTxnWalk(c *Constraint) bool {
	if c.Flag || c.Negated || c.Kind != Irreflexive || c.Expr.Kind != KRel {
		return false
	}
	_, ok := WalkFactors(c.Expr)
	return ok
}

// walkViolated evaluates the lifted walk of check c, as written above.
func (ev *evaluator) walkViolated(c *Constraint, t Rel) bool {
	n := ev.x.N
	hop := t.clone() // T = stxn | id
	for i := 0; i < n; i++ {
		hop.Add(i, i)
	}
	lifted := func(r Rel) Rel { // r \ stxn
		out := NewRel(n)
		for i := range r {
			for w := range r[i] {
				out[i][w] = r[i][w] &^ t[i][w]
			}
		}
		return out
	}
	factors, _ := WalkFactors(c.Expr)
	walk := hop
	for _, f := range factors {
		r := ev.rel(f.Rel)
		var step Rel
		switch f.Kind {
		case FactorFilter:
			step = r
		case FactorOne:
			step = lifted(r)
		case FactorOpt:
			step = lifted(r)
			for i := 0; i < n; i++ {
				step.Add(i, i)
			}
		case FactorPlus, FactorStar:
			step = transClosure(compose(lifted(r), hop)) // ((r \ stxn) ; T)+
			if f.Kind == FactorStar {
				for i := 0; i < n; i++ {
					step.Add(i, i)
				}
			}
		}
		walk = compose(compose(walk, step), hop)
	}
	for i := 0; i < n; i++ {
		if walk.Has(i, i) {
			return true
		}
	}
	return false
}

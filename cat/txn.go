package cat

// Atomic blocks that access several locations (a DCAS) are transactions:
// herd's base relations make only each location's read and write of a
// block atomic (amo, rmw), so checkfence adds built-in checks to every
// model (docs/semantics.md, "Atomic blocks on cat models"). With stxn the
// same-transaction relation and stronglift(r, t) = t? ; (r \ t) ; t?
// (Chong, Sorensen and Wickerson, PLDI 2018):
//
//	acyclic stronglift(rf | co | fr, stxn)       isolation
//	acyclic stronglift(r, stxn)                  for each check acyclic r
//	irreflexive walklift(e, stxn)                for each check irreflexive e
//
// (the last in txn_walk.go: e's closed walks taken in the quotient by
// stxn, so that a walk may enter a block at one event and leave it at
// another).
// (isolation only where no lifted check implies it, TxnChecks).
// The second is their TxnOrder for every acyclicity axiom of the model:
// together with acyclic r it holds exactly when r extends to a total
// order in which each transaction is contiguous, i.e. the block takes
// effect at one instant of every order the model's axioms speak of.
//
// A block is a transaction in an execution when its executed accesses
// touch two or more locations (each access counted at the cell it begins
// at, so the parts of one mixed-size access are one location); blocks of
// one location (CAS, exchange, fetch-and-add, herd's RMW instructions)
// keep the model's own semantics, so herd's verdicts do not change.

// TxnKind marks the built-in checks of atomic blocks.
type TxnKind uint8

const (
	// TxnIsolation: acyclic stronglift(rf | co | fr, stxn).
	TxnIsolation TxnKind = iota + 1
	// TxnLift: acyclic stronglift(Expr, stxn), Expr a check of the model.
	TxnLift
	// TxnWalk: an irreflexivity check of the model, its walks taken in
	// the quotient by stxn (txn_walk.go).
	TxnWalk
)

// TxnCheck is a built-in check of atomic blocks.
type TxnCheck struct {
	Kind TxnKind
	// Of is the model's check that TxnLift lifts (nil for TxnIsolation).
	Of *Constraint
}

// Name is how reports name the check.
func (k *TxnCheck) Name() string {
	if k.Kind == TxnIsolation {
		return "atomic-block isolation"
	}
	name := k.Of.Name
	if name == "" {
		name = k.Of.Expr.String()
	}
	return "atomic-block " + name
}

func (k *TxnCheck) String() string {
	if k.Kind == TxnIsolation {
		return "acyclic stronglift(rf | co | fr, stxn) as " + k.Name()
	}
	if k.Kind == TxnWalk {
		return "irreflexive walklift(" + k.Of.Expr.String() + ", stxn) as " + k.Name()
	}
	return "acyclic stronglift(" + k.Of.Expr.String() + ", stxn) as " + k.Name()
}

// TxnChecks lists the built-in checks of atomic blocks on m: isolation,
// then the lifting of each acyclicity and irreflexivity check of the
// model. Isolation is
// left out when a lifted check's relation is a union with rf, co and fr
// among its terms (sc, tso's and power's po-loc | com, arm8's internal,
// riscv's load-value): stronglift is monotone in r, so that lifted check
// implies it.
func (m *Model) TxnChecks() []*TxnCheck {
	var out []*TxnCheck
	implied := false
	for _, c := range m.Constraints {
		if LiftsToTxn(c) {
			out = append(out, &TxnCheck{Kind: TxnLift, Of: c})
			implied = implied || unionHasCom(c.Expr)
		}
		if LiftsToTxnWalk(c) {
			out = append(out, &TxnCheck{Kind: TxnWalk, Of: c})
		}
	}
	if !implied {
		out = append([]*TxnCheck{{Kind: TxnIsolation}}, out...)
	}
	return out
}

// unionHasCom reports whether rf, co and fr are terms of the union n.
func unionHasCom(n *Node) bool {
	seen := map[string]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		switch n.Op {
		case OpUnion:
			walk(n.Kids[0])
			walk(n.Kids[1])
		case OpBase:
			seen[n.Name] = true
		}
	}
	walk(n)
	return seen["rf"] && seen["co"] && seen["fr"]
}

// LiftsToTxn reports whether c is an acyclicity check that TxnChecks
// lifts to transactions.
func LiftsToTxn(c *Constraint) bool {
	return !c.Flag && !c.Negated && c.Kind == Acyclic && c.Expr.Kind == KRel
}

// TxnAtOneInstant reports whether the checks of m make every
// multi-location atomic block take effect at one instant: each check is
// an acyclicity axiom (lifted by TxnChecks), an irreflexivity check of a
// composition or closure (lifted as a walk: power's observation, rc11's
// coherence, lkmm's rcu), or an emptiness check, which forbids the same
// pairs of a block's events as of any. A negated check, or irreflexive r
// of one relation r that is no closure (whose pairs inside a block the
// quotient cannot tell from the block's own order), leaves a block
// isolated and ordered by TxnChecks but not shown to be indivisible
// (memmodel.Properties.AtomicBlocks).
func TxnAtOneInstant(m *Model) bool {
	for _, c := range m.Checks() {
		if c.Negated || c.Kind == Irreflexive && !LiftsToTxnWalk(c) {
			return false
		}
	}
	return true
}

// stxn relates the events of each atomic block that accesses two or more
// locations (identity included); nil when there is none.
func (c *Candidate) stxn() Rel {
	first := make([]bool, len(c.Events)) // the event begins its access
	for i := range first {
		first[i] = true
	}
	for _, p := range c.SI {
		first[max(p[0], p[1])] = false
	}
	locs := map[int]map[int]bool{}
	for i, e := range c.Events {
		if e.Block == 0 || e.Kind == Fence || !first[i] {
			continue
		}
		if locs[e.Block] == nil {
			locs[e.Block] = map[int]bool{}
		}
		locs[e.Block][e.Loc] = true
	}
	var t Rel
	for i, a := range c.Events {
		if a.Block == 0 || len(locs[a.Block]) < 2 {
			continue
		}
		if t == nil {
			t = NewRel(len(c.Events))
		}
		for j, b := range c.Events {
			if b.Block == a.Block {
				t.Add(i, j)
			}
		}
	}
	return t
}

// strongLift is t? ; (r \ t) ; t?, computed as written.
func strongLift(r, t Rel) Rel {
	n := len(r)
	topt := t.clone()
	diff := NewRel(n)
	for i := range r {
		topt.Add(i, i)
		for w := range r[i] {
			diff[i][w] = r[i][w] &^ t[i][w]
		}
	}
	return compose(compose(topt, diff), topt)
}

// txnViolations evaluates the built-in checks of atomic blocks on x.
func (ev *evaluator) txnViolations(m *Model) []*TxnCheck {
	t := ev.x.Stxn
	if t == nil {
		return nil
	}
	var out []*TxnCheck
	for _, k := range m.TxnChecks() {
		if k.Kind == TxnWalk {
			if ev.walkViolated(k.Of, t) {
				out = append(out, k)
			}
			continue
		}
		var r Rel
		if k.Kind == TxnIsolation {
			r = NewRel(ev.x.N)
			for _, name := range []string{"rf", "co", "fr"} {
				for i, row := range ev.x.Rels[name] {
					for w := range row {
						r[i][w] |= row[w]
					}
				}
			}
		} else {
			r = ev.rel(k.Of.Expr)
		}
		if !IsAcyclic(strongLift(r, t)) {
			out = append(out, k)
		}
	}
	return out
}

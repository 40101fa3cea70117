package cat

// Result is the verdict of a model on one execution.
type Result struct {
	// Violated lists the checks (not flags) that fail; the execution is
	// consistent when there is none.
	Violated []*Constraint
	// Flagged lists the flags that fire.
	Flagged []*Constraint
	// ViolatedTxn lists the built-in checks of atomic blocks that fail
	// (txn.go).
	ViolatedTxn []*TxnCheck
}

// Consistent reports whether every check holds.
func (r *Result) Consistent() bool { return len(r.Violated) == 0 && len(r.ViolatedTxn) == 0 }

// evaluator computes the value of nodes on one execution (memoized).
type evaluator struct {
	x    *Execution
	sets map[*Node]Set
	rels map[*Node]Rel
	// lower: evaluate a lower bound that holds in every extension of x
	// (poorder.go): terms that are not monotone are empty.
	lower bool
	local map[*Node]bool // isLocal, memoized
}

// Eval checks every constraint of m on x: the reference semantics that the
// SAT encoding is tested against.
func (m *Model) Eval(x *Execution) *Result {
	ev := &evaluator{x: x, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
	res := &Result{}
	for _, c := range m.Constraints {
		// the test as written: ~empty r holds when r is not empty
		test := ev.holds(c) != c.Negated
		switch {
		case c.Flag && test:
			res.Flagged = append(res.Flagged, c)
		case !c.Flag && !test:
			res.Violated = append(res.Violated, c)
		}
	}
	res.ViolatedTxn = ev.txnViolations(m)
	return res
}

// EvalRel returns the value of a relation node on x (for tests and
// traces).
func (m *Model) EvalRel(n *Node, x *Execution) Rel {
	ev := &evaluator{x: x, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
	return ev.rel(n)
}

// EvalSet returns the value of a set node on x.
func (m *Model) EvalSet(n *Node, x *Execution) Set {
	ev := &evaluator{x: x, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
	return ev.set(n)
}

// holds evaluates the test of c (before negation).
func (ev *evaluator) holds(c *Constraint) bool {
	if c.Expr.Kind == KSet {
		return ev.set(c.Expr).Empty()
	}
	r := ev.rel(c.Expr)
	switch c.Kind {
	case Empty:
		return r.Empty()
	case Irreflexive:
		for i := range r {
			if r.Has(i, i) {
				return false
			}
		}
		return true
	}
	return IsAcyclic(r)
}

// IsAcyclic reports whether r has no cycle.
func IsAcyclic(r Rel) bool {
	t := transClosure(r)
	for i := range t {
		if t.Has(i, i) {
			return false
		}
	}
	return true
}

func (ev *evaluator) set(n *Node) Set {
	if s, ok := ev.sets[n]; ok {
		return s
	}
	N := ev.x.N
	out := NewSet(N)
	if ev.lower && ev.notMonotone(n) {
		ev.sets[n] = out
		return out
	}
	switch n.Op {
	case OpBase, OpTag:
		if s, ok := ev.x.Sets[n.Name]; ok {
			copy(out, s)
		}
	case OpEmpty:
	case OpUniverse:
		for i := 0; i < N; i++ {
			out.Add(i)
		}
	case OpUnion, OpInter, OpDiff:
		a, b := ev.set(n.Kids[0]), ev.set(n.Kids[1])
		for w := range out {
			switch n.Op {
			case OpUnion:
				out[w] = a[w] | b[w]
			case OpInter:
				out[w] = a[w] & b[w]
			default:
				out[w] = a[w] &^ b[w]
			}
		}
	case OpComplement:
		a := ev.set(n.Kids[0])
		for i := 0; i < N; i++ {
			if !a.Has(i) {
				out.Add(i)
			}
		}
	case OpDomain, OpRange:
		r := ev.rel(n.Kids[0])
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if r.Has(i, j) {
					if n.Op == OpDomain {
						out.Add(i)
					} else {
						out.Add(j)
					}
				}
			}
		}
	case OpRecRef:
		ev.fixpoint(n.Rec)
		return ev.sets[n]
	default:
		panic("cat: set node with op " + n.String())
	}
	ev.sets[n] = out
	return out
}

func (ev *evaluator) rel(n *Node) Rel {
	if r, ok := ev.rels[n]; ok {
		return r
	}
	N := ev.x.N
	var out Rel
	if ev.lower && ev.notMonotone(n) {
		out = NewRel(N)
		ev.rels[n] = out
		return out
	}
	switch n.Op {
	case OpBase:
		out = NewRel(N)
		if r, ok := ev.x.Rels[n.Name]; ok {
			for i := range r {
				copy(out[i], r[i])
			}
		}
	case OpEmpty:
		out = NewRel(N)
	case OpUnion, OpInter, OpDiff:
		a, b := ev.rel(n.Kids[0]), ev.rel(n.Kids[1])
		out = NewRel(N)
		for i := range out {
			for w := range out[i] {
				switch n.Op {
				case OpUnion:
					out[i][w] = a[i][w] | b[i][w]
				case OpInter:
					out[i][w] = a[i][w] & b[i][w]
				default:
					out[i][w] = a[i][w] &^ b[i][w]
				}
			}
		}
	case OpSeq:
		out = compose(ev.rel(n.Kids[0]), ev.rel(n.Kids[1]))
	case OpCart:
		a, b := ev.set(n.Kids[0]), ev.set(n.Kids[1])
		out = NewRel(N)
		for i := 0; i < N; i++ {
			if a.Has(i) {
				copy(out[i], b)
			}
		}
	case OpInverse:
		a := ev.rel(n.Kids[0])
		out = NewRel(N)
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if a.Has(i, j) {
					out.Add(j, i)
				}
			}
		}
	case OpPlus:
		out = transClosure(ev.rel(n.Kids[0]))
	case OpStar, OpOpt:
		a := ev.rel(n.Kids[0])
		if n.Op == OpStar {
			out = transClosure(a)
		} else {
			out = a.clone()
		}
		for i := 0; i < N; i++ {
			out.Add(i, i)
		}
	case OpComplement:
		a := ev.rel(n.Kids[0])
		out = NewRel(N)
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if !a.Has(i, j) {
					out.Add(i, j)
				}
			}
		}
	case OpIdOf:
		a := ev.set(n.Kids[0])
		out = NewRel(N)
		for i := 0; i < N; i++ {
			if a.Has(i) {
				out.Add(i, i)
			}
		}
	case OpRecRef:
		ev.fixpoint(n.Rec)
		return ev.rels[n]
	default:
		panic("cat: relation node with op " + n.String())
	}
	ev.rels[n] = out
	return out
}

// compose is a;b.
func compose(a, b Rel) Rel {
	out := NewRel(len(a))
	for i := range a {
		for k := range a {
			if a.Has(i, k) {
				for w := range out[i] {
					out[i][w] |= b[k][w]
				}
			}
		}
	}
	return out
}

// transClosure is the transitive closure (Warshall on bit rows).
func transClosure(a Rel) Rel {
	t := a.clone()
	for k := range t {
		for i := range t {
			if t.Has(i, k) {
				for w := range t[i] {
					t[i][w] |= t[k][w]
				}
			}
		}
	}
	return t
}

// fixpoint computes the least fixpoint of a recursion group by Kleene
// iteration from the empty relations (the bodies are monotone in the
// variables when they occur positively; the iteration then converges to
// the least fixpoint, and it always stops after at most N² rounds per
// variable since the values only grow). A group whose variables also
// occur negatively (g.Monotone() false) is iterated as herd does:
// sequentialFixpoint.
func (ev *evaluator) fixpoint(g *RecGroup) {
	N := ev.x.N
	for _, v := range g.Vars {
		if v.Kind == KSet {
			ev.sets[v] = NewSet(N)
		} else {
			ev.rels[v] = NewRel(N)
		}
	}
	if !g.Monotone() {
		ev.sequentialFixpoint(g)
		return
	}
	for {
		// evaluate the bodies on the current values, forgetting every
		// memoized node that depends on the group
		ev.forgetDependents(g)
		changed := false
		newSets := map[*Node]Set{}
		newRels := map[*Node]Rel{}
		for i, v := range g.Vars {
			if v.Kind == KSet {
				newSets[v] = ev.set(g.Bodies[i])
			} else {
				newRels[v] = ev.rel(g.Bodies[i])
			}
		}
		for v, s := range newSets {
			old := ev.sets[v]
			for w := range s {
				s[w] |= old[w]
			}
			if !s.equal(old) {
				changed = true
			}
			ev.sets[v] = s.clone()
		}
		for v, r := range newRels {
			old := ev.rels[v]
			for i := range r {
				for w := range r[i] {
					r[i][w] |= old[i][w]
				}
			}
			if !r.equal(old) {
				changed = true
			}
			ev.rels[v] = r.clone()
		}
		if !changed {
			ev.forgetDependents(g)
			return
		}
	}
}

// sequentialFixpoint iterates a group that is not monotone as herd does:
// each round evaluates the bindings in order, each on the latest values
// (a binding sees the new values of those before it), replacing the
// values (X := F(X), not X ∪ F(X)), until a round changes nothing. The
// matching of nested RCU read-side critical sections in linux-kernel.bell
// depends on it. MaxNonMonotoneRounds bounds a group that never settles.
func (ev *evaluator) sequentialFixpoint(g *RecGroup) {
	for round := 0; round < MaxNonMonotoneRounds(ev.x.N, g); round++ {
		changed := false
		for i, v := range g.Vars {
			ev.forgetDependents(g)
			if v.Kind == KSet {
				s := ev.set(g.Bodies[i]).clone()
				changed = changed || !s.equal(ev.sets[v])
				ev.sets[v] = s
			} else {
				r := ev.rel(g.Bodies[i]).clone()
				changed = changed || !r.equal(ev.rels[v])
				ev.rels[v] = r
			}
		}
		if !changed {
			break
		}
	}
	ev.forgetDependents(g)
}

// forgetDependents drops the memoized values of the nodes whose value
// depends on the variables of g (other than the variables themselves).
func (ev *evaluator) forgetDependents(g *RecGroup) {
	dep := map[*Node]bool{}
	var visit func(n *Node) bool
	visit = func(n *Node) bool {
		if d, ok := dep[n]; ok {
			return d
		}
		dep[n] = false
		d := n.Op == OpRecRef && n.Rec == g
		if n.Op == OpRecRef && n.Rec != g {
			// another group's variable depends on what its bodies use
			for _, b := range n.Rec.Bodies {
				if visit(b) {
					d = true
				}
			}
		}
		for _, k := range n.Kids {
			if visit(k) {
				d = true
			}
		}
		dep[n] = d
		return d
	}
	for _, b := range g.Bodies {
		visit(b)
	}
	for n, d := range dep {
		if d && !(n.Op == OpRecRef && n.Rec == g) {
			delete(ev.sets, n)
			delete(ev.rels, n)
		}
	}
}

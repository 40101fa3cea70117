package axioms

import "fmt"

// What fence synthesis ("checkfence fences --insert") needs to know about
// a model: which fence predicates its axioms use (a fence kind whose
// predicates the axioms never mention orders nothing on the model), and
// whether fences act monotonically, so that a counterexample tells which
// added fences would rule it out.

// FencePredicates returns the fence predicates (ll_fence, …, cd_fence)
// that occur in the model's axioms, in the order of the predefined list.
func FencePredicates(m *Model) []string {
	used := map[string]bool{}
	for _, ax := range m.Axioms {
		walkFormula(ax.Body, func(f Formula) {
			if a, ok := f.(*Apply); ok {
				used[a.Name] = true
			}
		})
	}
	var out []string
	for _, n := range fenceNames {
		if used[n] {
			out = append(out, n)
		}
	}
	return out
}

// FenceMonotone reports whether adding a fence to an execution can only
// remove it from the model's executions, one fence at a time: every axiom
// is universally quantified over fences (no quantifier asks for a fence to
// exist: exists in positive or forall in negative position over a sort
// with fences), and no axiom has two variables that can both be fences.
// Then an execution of the program with fence set S is one with S′ ⊆ S
// (its instances over the missing fences disappear), and it is one with
// S ∪ T when it is one with S ∪ {f} for each f in T (each instance
// mentions at most one fence). Fence synthesis relies on both.
func FenceMonotone(m *Model) error {
	for _, ax := range m.Axioms {
		n := 0
		for _, v := range freeVarsOf(m, ax.Body) {
			if s, ok := m.VarSort(v); ok && s.Has(Fence) {
				n++
			}
		}
		var err error
		walkPolarity(ax.Body, true, func(q *Quant, pos bool) {
			if q.Sort.Has(Fence) {
				n += len(q.Vars)
				if q.Exists == pos && err == nil {
					err = fmt.Errorf("it requires some %s to exist", q.Sort)
				}
			}
		})
		if err != nil {
			return fmt.Errorf("%s: axiom <%s>: %v", ax.Pos, ax.Label, err)
		}
		if n > 1 {
			return fmt.Errorf("%s: axiom <%s> has %d variables that can be fences", ax.Pos, ax.Label, n)
		}
	}
	return nil
}

// walkFormula visits every subformula of f (an Iff's sides twice).
func walkFormula(f Formula, visit func(Formula)) {
	walkPolar(f, true, func(g Formula, _ bool) { visit(g) })
}

// walkPolarity visits every quantifier with its polarity (an Iff's sides
// have both).
func walkPolarity(f Formula, pos bool, visit func(*Quant, bool)) {
	walkPolar(f, pos, func(g Formula, p bool) {
		if q, ok := g.(*Quant); ok {
			visit(q, p)
		}
	})
}

// walkPolar visits every subformula of f with its polarity.
func walkPolar(f Formula, pos bool, visit func(Formula, bool)) {
	visit(f, pos)
	switch f := f.(type) {
	case *Not:
		walkPolar(f.X, !pos, visit)
	case *And:
		for _, x := range f.Xs {
			walkPolar(x, pos, visit)
		}
	case *Or:
		for _, x := range f.Xs {
			walkPolar(x, pos, visit)
		}
	case *Implies:
		walkPolar(f.L, !pos, visit)
		walkPolar(f.R, pos, visit)
	case *Iff:
		for _, p := range []bool{true, false} {
			walkPolar(f.L, p, visit)
			walkPolar(f.R, p, visit)
		}
	case *Quant:
		walkPolar(f.Body, pos, visit)
	}
}

// freeVarsOf lists the variables of f that no quantifier in f binds.
func freeVarsOf(m *Model, f Formula) []string {
	seen := map[string]bool{}
	var out []string
	var walk func(Formula, map[string]bool)
	walk = func(f Formula, bound map[string]bool) {
		use := func(v *Var) {
			if !bound[v.Name] && !seen[v.Name] {
				seen[v.Name] = true
				out = append(out, v.Name)
			}
		}
		switch f := f.(type) {
		case *Not:
			walk(f.X, bound)
		case *And:
			for _, x := range f.Xs {
				walk(x, bound)
			}
		case *Or:
			for _, x := range f.Xs {
				walk(x, bound)
			}
		case *Implies:
			walk(f.L, bound)
			walk(f.R, bound)
		case *Iff:
			walk(f.L, bound)
			walk(f.R, bound)
		case *Equal:
			use(f.L)
			use(f.R)
		case *Apply:
			for _, a := range f.Args {
				use(a)
			}
		case *Quant:
			inner := map[string]bool{}
			for k := range bound {
				inner[k] = true
			}
			for _, v := range f.Vars {
				inner[v.Name] = true
			}
			walk(f.Body, inner)
		}
	}
	walk(f, map[string]bool{})
	return out
}

// TotalOrderOverFences reports whether a relation the encoding treats as a
// total order (transitivity, irreflexivity, totality axioms) ranges over a
// sort that contains fences. Fence synthesis evaluates counterexamples
// against the circuit and the plain clauses only; lazily added
// transitivity lemmas over fences would escape that evaluation.
func TotalOrderOverFences(m *Model) bool {
	for name := range detectTotalOrders(m) {
		if s, ok := orderRelation(m, name); ok && s.Has(Fence) {
			return true
		}
	}
	return false
}

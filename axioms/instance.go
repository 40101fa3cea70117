package axioms

import (
	"fmt"
	"sort"

	"github.com/go-air/gini/z"
)

// Encoding selects how axioms become constraints.
type Encoding uint8

const (
	// Optimized detects total orders, fixes statically forced orderings
	// and enumerates only instances that are not statically true (§7.3.4,
	// generalized to any model).
	Optimized Encoding = iota
	// Generic is the plain expansion of §5.4: one literal per tuple of a
	// relation variable, every axiom over every tuple.
	Generic
)

func (e Encoding) String() string {
	if e == Generic {
		return "generic"
	}
	return "optimized"
}

// ParseEncoding maps "optimized" or "generic" (the --encoding flag) to an
// Encoding.
func ParseEncoding(s string) (Encoding, error) {
	switch s {
	case "optimized":
		return Optimized, nil
	case "generic":
		return Generic, nil
	}
	return 0, fmt.Errorf("unknown encoding %q (use optimized or generic)", s)
}

// Transitivity selects how the transitivity of total orders is encoded in
// the optimized encoding.
type Transitivity uint8

const (
	// Eager adds every guarded transitivity clause to Θ.
	Eager Transitivity = iota
	// Lazy adds none; the caller must refine with Instance.Lemmas until a
	// satisfying assignment yields no lemma.
	Lazy
)

func (t Transitivity) String() string {
	if t == Lazy {
		return "lazy"
	}
	return "eager"
}

// Options configure Instantiate. The zero value is the optimized encoding
// with eager transitivity.
type Options struct {
	Encoding     Encoding
	Transitivity Transitivity
}

// InstanceStats describes the size of an instantiation.
type InstanceStats struct {
	RelationLits        int // fresh literals created for relation variables
	FixedTuples         int // relation tuples fixed to a constant by static facts
	ConflictingTuples   int // tuples with contradicting facts, left free
	Instances           int // axiom instances expanded into clauses
	Pruned              int // partial bindings skipped as statically true
	TransitivityClauses int // eager transitivity clauses
	Lemmas              int // transitivity lemmas returned by Lemmas so far
}

// Instance is a memory model instantiated over one Universe: the formula Θ
// and the literals of the relation variables.
type Instance struct {
	opts       Options
	model      *Model
	in         *interp
	rels       []*relation
	relIdx     map[string]int
	totals     []int // relations encoded as total orders
	constraint z.Lit
	stats      InstanceStats
	args       []int32
}

// Instantiate builds Θ for model m over universe u (§5.4, §7.3.4).
func Instantiate(m *Model, u Universe, opts Options) (*Instance, error) {
	cm, err := compileModel(m)
	if err != nil {
		return nil, fmt.Errorf("memory model %s: %w", m.Name, err)
	}
	in := newInterp(u)
	inst := &Instance{opts: opts, model: m, in: in, relIdx: cm.relIdx}
	if opts.Encoding == Generic {
		inst.opts.Transitivity = Eager
		inst.generic(cm)
	} else {
		inst.optimized(cm)
	}
	return inst, nil
}

// generic is the plain expansion of §5.4.
func (inst *Instance) generic(cm *compiled) {
	in := inst.in
	for _, d := range cm.rels {
		inst.rels = append(inst.rels, newRelation(d, in, false))
	}
	e := newEngine(in, inst.rels, &inst.stats, false)
	for _, ax := range cm.axioms {
		inst.expandAll(e, ax, 0)
	}
	inst.forcedOrderClauses(e, func([]int32) bool { return true })
	inst.constraint = conjoin(in.c, e.clauses)
}

// expandAll expands ax over every binding of its free variables.
func (inst *Instance) expandAll(e *engine, ax *caxiom, level int) {
	if level == len(ax.free) {
		e.instanceClause(ax)
		return
	}
	slot := ax.free[level]
	for _, i := range e.dom[ax.sorts[slot]] {
		e.bind(slot, i)
		inst.expandAll(e, ax, level+1)
	}
	e.unbind(slot)
}

// memoryOrder is the relation that the test structure (ForcedOrder)
// constrains.
const memoryOrder = "memory_order"

// forcedOrderClauses adds ¬G_i ∨ ¬G_j ∨ memory_order(i, j) for each pair
// the Universe forces and emit accepts.
func (inst *Instance) forcedOrderClauses(e *engine, emit func(args []int32) bool) {
	r := inst.forcedRelation()
	if r == nil {
		return
	}
	inst.forEachForced(r, func(args []int32) {
		if !emit(args) {
			return
		}
		in := inst.in
		cl := in.c.Or(r.lit(in, args, &inst.stats.RelationLits), in.guards[args[0]].Not())
		cl = in.c.Or(cl, in.guards[args[1]].Not())
		if cl != in.c.T {
			e.clauses = append(e.clauses, cl)
		}
	})
}

func (inst *Instance) forcedRelation() *relation {
	idx, ok := inst.relIdx[memoryOrder]
	if !ok || len(inst.rels[idx].decl.Params) != 2 {
		return nil
	}
	return inst.rels[idx]
}

func (inst *Instance) forEachForced(r *relation, f func(args []int32)) {
	in := inst.in
	var args [2]int32
	for _, i := range in.sortDom[r.decl.Params[0]] {
		if in.guards[i] == in.c.F {
			continue
		}
		for _, j := range in.sortDom[r.decl.Params[1]] {
			if i != j && in.guards[j] != in.c.F && in.u.ForcedOrder(int(i), int(j)) {
				args[0], args[1] = i, j
				f(args[:])
			}
		}
	}
}

// optimized is the encoding of §7.3.4, derived from the model file.
func (inst *Instance) optimized(cm *compiled) {
	in := inst.in
	orders := detectTotalOrders(cm.model)
	redundant := map[*Axiom]bool{}
	for i, d := range cm.rels {
		ax, total := orders[d.Name]
		inst.rels = append(inst.rels, newRelation(d, in, total))
		if total {
			inst.totals = append(inst.totals, i)
			for _, a := range ax {
				redundant[a] = true
			}
		}
	}
	e := newEngine(in, inst.rels, &inst.stats, true)
	var axioms []*caxiom
	var orders2 [][]int
	for _, ax := range cm.axioms {
		if !redundant[ax.src] {
			axioms = append(axioms, ax)
			orders2 = append(orders2, bindingOrder(ax, func(s Sort) int { return len(e.dom[s]) }))
		}
	}

	// Static fixing. Soundness: every occurrence of R(i1..ik) in the
	// expansion lies inside the scope of the quantifiers (free variables
	// included) that bound i1..ik, i.e. under ¬G_i ∨ … or G_i ∧ …. So the
	// value of R(i1..ik) matters only in executions where all of i1..ik
	// are executed. If an instance reduces, under those guards (and guards
	// that are constantly true), to exactly R(i1..ik), every model has
	// R(i1..ik) true whenever it matters, and fixing the literal to true
	// preserves satisfiability. Contradicting facts leave the literal free
	// and their clauses in place.
	if r := inst.forcedRelation(); r != nil {
		inst.forEachForced(r, func(args []int32) { r.addFact(in, args, true) })
	}
	for k, ax := range axioms {
		if mentionsRelation(ax.body) {
			inst.enumerate(e, ax, orders2[k], 0, true)
		}
	}
	for _, r := range inst.rels {
		fixed, conflicts := r.applyFacts(in)
		inst.stats.FixedTuples += fixed
		inst.stats.ConflictingTuples += conflicts
	}

	for k, ax := range axioms {
		inst.enumerate(e, ax, orders2[k], 0, false)
	}
	if r := inst.forcedRelation(); r != nil {
		inst.forcedOrderClauses(e, func(args []int32) bool {
			// Forced pairs were fixed as facts unless they conflict
			// (or the relation is too large for a fact table).
			return r.facts == nil || r.conflicted(in, args)
		})
	}
	if inst.opts.Transitivity == Eager {
		for _, ri := range inst.totals {
			inst.eagerTransitivity(e, inst.rels[ri])
		}
	}
	inst.constraint = conjoin(in.c, e.clauses)
}

func mentionsRelation(n *cnode) bool {
	if n.op == opRel {
		return true
	}
	for _, k := range n.kids {
		if mentionsRelation(k) {
			return true
		}
	}
	return false
}

// enumerate binds the free variables of ax in the given order, pruning
// every partial binding under which the axiom is statically true. In the
// facts phase it records instances that reduce to one relation atom;
// otherwise it emits the remaining instances.
func (inst *Instance) enumerate(e *engine, ax *caxiom, order []int, level int, facts bool) {
	if len(order) == 0 {
		inst.leaf(e, ax, e.res(ax.body), facts)
		return
	}
	slot := order[level]
	for _, i := range e.dom[ax.sorts[slot]] {
		e.bind(slot, i)
		r := e.res(ax.body)
		if r.t == triT {
			if !facts {
				inst.stats.Pruned++
			}
			continue
		}
		if level+1 == len(order) {
			inst.leaf(e, ax, r, facts)
		} else {
			inst.enumerate(e, ax, order, level+1, facts)
		}
	}
	e.unbind(slot)
}

func (inst *Instance) leaf(e *engine, ax *caxiom, r resid, facts bool) {
	if !facts {
		if r.t != triT {
			e.instanceClause(ax)
		}
		return
	}
	if r.t != triU || !r.single {
		return
	}
	in := inst.in
	args := r.args[:r.n]
	for _, s := range ax.free {
		i := e.env[s]
		if in.guards[i] == in.c.T {
			continue
		}
		mentioned := false
		for _, a := range args {
			mentioned = mentioned || a == i
		}
		if !mentioned {
			return // a guard outside the atom would be dropped
		}
	}
	inst.rels[r.rel].addFact(in, args, !r.neg)
}

// Constraint is Θ, the conjunction of all axiom instances.
func (inst *Instance) Constraint() z.Lit { return inst.constraint }

// Model is the instantiated memory model.
func (inst *Instance) Model() *Model { return inst.model }

// Rel returns the literal of relation variable name on instructions args.
// Tuples outside the relation's declared sorts (and R(i, i) for a total
// order) are the constant false. The literal may not occur in Θ (a tuple
// no axiom mentions); solvers that reject unknown variables must be told
// about it. Rel panics on an unknown name, a wrong arity or an instruction
// number out of range: those are caller bugs.
func (inst *Instance) Rel(name string, args ...int) z.Lit {
	idx, ok := inst.relIdx[name]
	if !ok {
		panic(fmt.Sprintf("axioms: model %s has no relation variable %s", inst.model.Name, name))
	}
	r := inst.rels[idx]
	if len(args) != len(r.decl.Params) {
		panic(fmt.Sprintf("axioms: relation %s has arity %d, got %d arguments", name, len(r.decl.Params), len(args)))
	}
	inst.args = inst.args[:0]
	for _, a := range args {
		if a < 0 || a >= inst.in.n {
			panic(fmt.Sprintf("axioms: instruction %d out of range [0,%d)", a, inst.in.n))
		}
		inst.args = append(inst.args, int32(a))
	}
	return r.lit(inst.in, inst.args, &inst.stats.RelationLits)
}

// HasRel reports whether the model declares relation variable name.
func (inst *Instance) HasRel(name string) bool {
	_, ok := inst.relIdx[name]
	return ok
}

// TotalOrders lists the relation variables encoded as total orders (one
// literal per unordered pair), sorted by name.
func (inst *Instance) TotalOrders() []string {
	var out []string
	for _, i := range inst.totals {
		out = append(out, inst.rels[i].decl.Name)
	}
	sort.Strings(out)
	return out
}

// Stats reports the size of the instantiation.
func (inst *Instance) Stats() InstanceStats { return inst.stats }

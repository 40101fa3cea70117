package axioms

import (
	"context"
	"fmt"
	"sort"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
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
	// Sparse adds transitivity clauses only for the triangles of a chordal
	// completion of the pairs that have a literal (Bryant & Velev 2002):
	// pairs no constraint mentions get no literal. The clauses are built
	// by Instance.Finalize, after every Rel request (see the package
	// documentation).
	Sparse Transitivity = iota
	// Eager adds every guarded transitivity clause to Θ.
	Eager
	// Lazy adds none; the caller must refine with Instance.Lemmas until a
	// satisfying assignment yields no lemma.
	Lazy
)

func (t Transitivity) String() string {
	switch t {
	case Eager:
		return "eager"
	case Lazy:
		return "lazy"
	}
	return "sparse"
}

// ParseTransitivity maps "sparse", "eager" or "lazy" (the --transitivity
// flag) to a Transitivity.
func ParseTransitivity(s string) (Transitivity, error) {
	for _, t := range []Transitivity{Sparse, Eager, Lazy} {
		if s == t.String() {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown transitivity %q (use sparse, eager or lazy)", s)
}

// Options configure Instantiate. The zero value is the optimized encoding
// with sparse transitivity.
type Options struct {
	Encoding     Encoding
	Transitivity Transitivity
	// PlainOrderGraph keeps sparse transitivity on the plain graph: every
	// mentioned pair, with triangles guarded by their vertices' guards,
	// and the literals that the atomicity axiom's instances mention under
	// atomic-block merging. The default restricts the graph where the
	// order's fixed pairs are transitive (restricted.go); the plain graph
	// is the reference the tests compare it with.
	PlainOrderGraph bool
	// Ctx, if set, stops the expansion when done, and its memory limit
	// (limits.WithMemoryLimit) refuses allocations that would exceed it:
	// Instantiate then returns a *limits.CanceledError.
	Ctx context.Context
}

// InstanceStats describes the size of an instantiation.
type InstanceStats struct {
	RelationLits        int // fresh literals created for relation variables
	FixedTuples         int // relation tuples fixed to a constant by static facts
	Instances           int // axiom instances expanded into clauses
	Pruned              int // partial bindings skipped as statically true
	TransitivityClauses int // eager or sparse transitivity clauses
	Lemmas              int // transitivity lemmas returned by Lemmas so far
	OrderPairs          int // sparse: pairs of a total order with a literal before completion
	FillPairs           int // sparse: pairs added by the chordal completion
	RestrictedOrders    int // sparse: total orders encoded on the restricted graph
	GuardedOrders       int // restricted: of those, orders whose fixed pairs are not transitive (clauses keep guards)
	PrunedTriangles     int // restricted: triangles implied by others, without clauses
	ImpliedPairs        int // restricted: pairs fixed by transitivity through a vertex that executes with them
	CyclicFixed         int // restricted: total orders whose fixed pairs close a cycle, encoded by the plain graph
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
	raw        sat.ClauseList // clauses beside the constraint (transitivity)
	stats      InstanceStats
	args       []int32
	// finalized is set by Finalize: with sparse transitivity no pair of a
	// total order may get a new literal afterwards.
	finalized bool
	// onLeaf, if set, replaces leaf while least-model fixing runs.
	onLeaf func(e *engine, ax *caxiom, r resid)
}

// Instantiate builds Θ for model m over universe u (§5.4, §7.3.4).
func Instantiate(m *Model, u Universe, opts Options) (_ *Instance, err error) {
	cm, err := compileModel(m)
	if err != nil {
		return nil, fmt.Errorf("memory model %s: %w", m.Name, err)
	}
	defer recoverCanceled(&err)
	in := newInterp(u, opts.Ctx)
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
	inst.forcedOrderClauses(e)
	inst.constraint = conjoin(in.c, e.clauses, in.lim)
}

// expandAll expands ax over every binding of its free variables.
func (inst *Instance) expandAll(e *engine, ax *caxiom, level int) {
	if level == len(ax.free) {
		e.instanceClause(ax)
		return
	}
	slot := ax.free[level]
	for _, i := range e.dom[ax.sorts[slot]] {
		inst.in.lim.check()
		e.bind(slot, i)
		inst.expandAll(e, ax, level+1)
	}
	e.unbind(slot)
}

// memoryOrder is the relation that the test structure (ForcedOrder)
// constrains.
const memoryOrder = "memory_order"

// forcedOrderClauses adds ¬G_i ∨ ¬G_j ∨ memory_order(i, j) for each pair
// the Universe forces.
func (inst *Instance) forcedOrderClauses(e *engine) {
	if r := inst.forcedRelation(); r != nil {
		inst.forEachForced(r, func(args []int32) { inst.forcedOrderClause(e, r, args) })
	}
}

func (inst *Instance) forcedOrderClause(e *engine, r *relation, args []int32) {
	in := inst.in
	cl := in.c.Or(r.lit(in, args, &inst.stats.RelationLits), in.guards[args[0]].Not())
	cl = in.c.Or(cl, in.guards[args[1]].Not())
	if cl != in.c.T {
		e.clauses = append(e.clauses, cl)
	}
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
			in.lim.check()
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
	totalNames := map[string]bool{}
	for name := range orders {
		totalNames[name] = true
	}
	merge := mergeable(cm.model, totalNames)
	redundant := map[*Axiom]bool{}
	for i, d := range cm.rels {
		ax, total := orders[d.Name]
		r := newRelation(d, in, total)
		if merge[d.Name] {
			r.merge = newBlockMerge(in, d.Params[0])
		}
		inst.rels = append(inst.rels, r)
		if total {
			inst.totals = append(inst.totals, i)
			for _, a := range ax {
				redundant[a] = true
			}
		}
	}
	e := newEngine(in, inst.rels, &inst.stats, true)

	// Static fixing. Soundness: every occurrence of R(i1..ik) in the
	// expansion lies inside the scope of the quantifiers (free variables
	// included) that bound i1..ik, i.e. under ¬G_i ∨ … or G_i ∧ …, so the
	// value of R(i1..ik) matters only in executions where i1..ik are all
	// executed. If an axiom instance reduces, under those guards (and
	// guards that are constantly true or implied by one of them, like a
	// fence's guard by that of a later load in the same branch), to
	// exactly R(i1..ik), then every model has R(i1..ik) true whenever it
	// matters, and fixing it to true preserves satisfiability — also for
	// clauses emitted earlier with the tuple's literal, which is then tied
	// to the constant by a unit clause.
	// An instance that contradicts an earlier fact is emitted as a clause
	// (it evaluates to ¬G_i ∨ ¬G_j ∨ …): the fallback for conflicts.
	if r := inst.forcedRelation(); r != nil {
		inst.forEachForced(r, func(args []int32) {
			if l := r.peek(in, args); l == in.c.F {
				inst.forcedOrderClause(e, r, args) // conflicts with a fact
			} else if l != in.c.T {
				inst.fix(e, r, args, true)
			}
		})
	}
	// Axioms with fewer relation atoms tend to yield facts (program order,
	// fences): expand them first so that later axioms see the constants.
	var plans []*plan
	for _, ax := range cm.axioms {
		if r := matchAtomicity(cm.model, ax.src.Body); r != "" && merge[r] && !inst.opts.PlainOrderGraph {
			// Under merging every instance is a tautology (atomicmerge.go),
			// but expanding one gives its pairs literals, and literals put
			// pairs in the order graph.
			continue
		}
		if !redundant[ax.src] {
			plans = append(plans, newPlan(ax, func(s Sort) int { return len(e.dom[s]) }))
		}
	}
	sort.SliceStable(plans, func(a, b int) bool {
		return relationAtoms(plans[a].ax.body) < relationAtoms(plans[b].ax.body)
	})
	var compiled []*caxiom
	for _, p := range plans {
		compiled = append(compiled, p.ax)
	}
	inst.fixUnderivable(e, plans, hornRelations(inst.rels, compiled))
	for _, p := range plans {
		inst.run(e, p)
	}
	if inst.opts.Transitivity == Eager {
		for _, ri := range inst.totals {
			inst.eagerTransitivity(e, inst.rels[ri])
		}
	}
	inst.constraint = conjoin(in.c, e.clauses, in.lim)
}

// Finalize completes Θ: with sparse transitivity it builds the transitivity
// clauses over every pair requested so far (by the axioms and by Rel). Call
// it after the last Rel that may create a literal and before taking
// Clauses; Clauses calls it. Afterwards Rel panics on a pair of a total
// order that has no literal yet. Finalize is idempotent; with eager or lazy
// transitivity it does nothing. Its error is a *limits.CanceledError, when
// Options.Ctx is done or its memory limit reached while it builds them.
func (inst *Instance) Finalize() (err error) {
	if inst.finalized {
		return nil
	}
	inst.finalized = true
	defer recoverCanceled(&err)
	if inst.opts.Encoding == Optimized && inst.opts.Transitivity == Sparse {
		for _, ri := range inst.totals {
			inst.sparseTransitivity(inst.rels[ri])
		}
	}
	return nil
}

func relationAtoms(n *cnode) int {
	c := 0
	if n.op == opRel {
		c++
	}
	for _, k := range n.kids {
		c += relationAtoms(k)
	}
	return c
}

// fix sets R(args) to v, keeping any earlier literal equal to it.
func (inst *Instance) fix(e *engine, r *relation, args []int32, v bool) {
	if unit := r.fix(inst.in, args, v); unit != 0 {
		e.clauses = append(e.clauses, unit)
	}
	inst.stats.FixedTuples++
}

// run expands the instances of one axiom.
func (inst *Instance) run(e *engine, p *plan) {
	if len(p.order) == 0 {
		inst.leaf(e, p.ax, e.res(p.ax.body))
		return
	}
	inst.enumerate(e, p, 0)
}

// enumerate binds the free variables of an axiom in the plan's order,
// skipping every partial binding under which the axiom is statically true.
func (inst *Instance) enumerate(e *engine, p *plan, level int) {
	slot := p.order[level]
	sort := p.ax.sorts[slot]
	dom := e.dom[sort]
	if ia := p.index[level]; ia.atom != nil {
		other := int32(-1)
		if ia.other >= 0 {
			other = e.env[ia.other]
		}
		full := len(dom)
		dom = e.candidates(ia, other, sort)
		inst.stats.Pruned += full - len(dom)
	}
	for _, i := range dom {
		inst.in.lim.check()
		e.bind(slot, i)
		r := e.res(p.ax.body)
		if r.t == triT {
			inst.stats.Pruned++
			continue
		}
		if level+1 == len(p.order) {
			inst.leaf(e, p.ax, r)
		} else {
			inst.enumerate(e, p, level+1)
		}
	}
	e.unbind(slot)
}

// leaf handles a complete binding whose instance is not statically true:
// it becomes a fact if it reduces to one relation atom under guards of
// the atom's instructions (and constant guards), a clause otherwise.
func (inst *Instance) leaf(e *engine, ax *caxiom, r resid) {
	if r.t == triT {
		return
	}
	if inst.onLeaf != nil {
		inst.onLeaf(e, ax, r)
		return
	}
	if r.t == triU && r.single && inst.factGuards(e, ax, r.args[:r.n]) && inst.rels[r.rel].fixable(r.args[:r.n]) {
		inst.fix(e, inst.rels[r.rel], r.args[:r.n], !r.neg)
		return
	}
	e.instanceClause(ax)
}

// factGuards reports whether every free variable of ax is bound to an
// instruction of the atom or to one that executes whenever one of the
// atom's instructions does (always, or by the structure of the guards: a
// fence before a load in the same branch).
func (inst *Instance) factGuards(e *engine, ax *caxiom, args []int32) bool {
	in := inst.in
	for _, s := range ax.free {
		i := e.env[s]
		if in.guards[i] == in.c.T {
			continue
		}
		covered := false
		for _, a := range args {
			covered = covered || a == i
		}
		for _, a := range args {
			if covered {
				break
			}
			covered = in.guardImplies(in.guards[a], in.guards[i])
		}
		if !covered {
			return false
		}
	}
	return true
}

// Constraint is Θ, the conjunction of all axiom instances.
func (inst *Instance) Constraint() z.Lit { return inst.constraint }

// Clauses returns clauses Θ also contains besides Constraint (eager or
// sparse transitivity): assert Constraint and add every clause. It
// finalizes the instance (see Finalize, whose error it returns).
func (inst *Instance) Clauses() (*sat.ClauseList, error) {
	if err := inst.Finalize(); err != nil {
		return nil, err
	}
	return &inst.raw, nil
}

// Model is the instantiated memory model.
func (inst *Instance) Model() *Model { return inst.model }

// Rel returns the literal of relation variable name on instructions args.
// Tuples outside the relation's declared sorts (and R(i, i) for a total
// order) are the constant false. The literal may not occur in Θ (a tuple
// no axiom mentions); solvers that reject unknown variables must be told
// about it. With sparse transitivity, a pair of a total order requested
// before Finalize is part of the order's graph, so its literal is ordered
// transitively with the others. Rel panics on an unknown name, a wrong
// arity, an instruction number out of range, or a new pair of a sparse
// total order after Finalize: those are caller bugs.
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
	if inst.finalized && r.total && inst.opts.Transitivity == Sparse && r.peek(inst.in, inst.args) == 0 {
		panic(fmt.Sprintf("axioms: %s%v requested after Finalize: its transitivity would not be encoded", name, args))
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

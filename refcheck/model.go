package refcheck

import (
	"fmt"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// nodeOp is the operator of a compiled formula node.
type nodeOp uint8

const (
	opConst nodeOp = iota + 1
	opNot
	opAnd
	opOr
	opImplies
	opIff
	opEqual
	opApply // a predefined symbol
	opRel   // a relation variable
	opForall
	opExists
)

// node is a formula of a .mm axiom with its variables resolved to slots of
// an environment (the instruction each variable is bound to).
type node struct {
	op    nodeOp
	value bool // opConst
	kids  []*node
	name  string // opApply: the predefined symbol
	pred  pred
	// fenceBit: for the fence predicates (predFenceKind), its bit
	fenceBit uint8
	rel      int   // opRel: index into model.rels
	args     []int // opApply, opRel, opEqual: variable slots
	sort     axioms.Sort
	vars     []int // opForall, opExists: the slots they bind
}

// relKind says how the reference finds a valuation of a relation variable.
type relKind uint8

const (
	relTotal relKind = iota + 1 // a strict total order: every permutation is tried
	relHorn                     // defined by rules: its least solution is used
)

// relation is one relation variable of the exists section.
type relation struct {
	decl *axioms.Decl
	kind relKind
	// relHorn: whether some rule defining it mentions a total order (then
	// its least solution changes as the orders are built).
	onOrders bool
}

// axiom is one compiled axiom: its free variables (the forall section's)
// occupy slots 0..len(free)-1 in the order they first occur.
type axiom struct {
	label string
	body  *node
	free  []axioms.Sort // sort of each free slot
	slots int           // free and bound slots
	// orderOf >= 0: the axiom is one of the transitivity, irreflexivity or
	// totality axioms of total order orderOf, true by construction of the
	// permutations (still evaluated on complete orders).
	orderOf int
	// ruleFor >= 0: the axiom is a rule premise => R(args) for the Horn
	// relation ruleFor.
	ruleFor  int
	premise  *node
	conclArg []int
	// static: mentions no total order, directly or through a Horn relation.
	static bool
	// nested: has a quantifier inside; onHorn: mentions a Horn relation
	// that depends on the orders.
	nested, onHorn bool
}

// model is a memory model prepared for direct evaluation.
type model struct {
	m        *axioms.Model
	rels     []*relation
	relIdx   map[string]int
	axioms   []*axiom
	memOrder int // index of memory_order among rels, -1 if none
	// props are what m's axioms guarantee, as the engine sees them
	props memmodel.Properties
	// unpublished: storing reload rounds into unpublished blocks apply
	// (sc, unpublished.go)
	unpublished bool
	// reloadSupersedes: a storing reload round superseded while the
	// others are done is deleted (sc and tso; reloadSupersedes)
	reloadSupersedes bool
}

// compileModel resolves every axiom of m and decides how each relation
// variable is searched: a relation constrained to be a strict total order
// (transitive, irreflexive and total over its sort, stated by three
// axioms) ranges over all permutations; any other relation must be
// definable by Horn rules (every axiom has it only in premises, or is
// "premise => R(...)" with R positive in the premise only), and then the
// least solution is the only one worth trying: the rules hold by
// construction, and every other axiom only gets easier as the relation
// shrinks. Models outside this class are rejected, never approximated.
func compileModel(m *axioms.Model) (*model, error) {
	md := &model{m: m, relIdx: map[string]int{}, memOrder: -1, props: memmodel.FromMM(m).Props(), reloadSupersedes: reloadSupersedes(m)}
	for i, d := range m.Exists {
		md.rels = append(md.rels, &relation{decl: d})
		md.relIdx[d.Name] = i
		if d.Name == "memory_order" {
			md.memOrder = i
		}
	}
	for _, ax := range m.Axioms {
		a, err := md.compileAxiom(ax)
		if err != nil {
			return nil, err
		}
		md.axioms = append(md.axioms, a)
	}
	md.detectTotalOrders()
	if err := md.detectRules(); err != nil {
		return nil, err
	}
	md.markStatic()
	return md, nil
}

type compiler struct {
	md    *model
	m     *axioms.Model
	ax    *axiom
	scope map[string]int
}

func (md *model) compileAxiom(ax *axioms.Axiom) (*axiom, error) {
	a := &axiom{label: ax.Label, orderOf: -1, ruleFor: -1}
	// Free variables first, in order of first occurrence.
	var free []string
	seen := map[string]bool{}
	var collect func(f axioms.Formula, bound map[string]bool)
	collect = func(f axioms.Formula, bound map[string]bool) {
		use := func(v *axioms.Var) {
			if !bound[v.Name] && !seen[v.Name] {
				seen[v.Name] = true
				free = append(free, v.Name)
			}
		}
		switch f := f.(type) {
		case *axioms.Not:
			collect(f.X, bound)
		case *axioms.And:
			for _, x := range f.Xs {
				collect(x, bound)
			}
		case *axioms.Or:
			for _, x := range f.Xs {
				collect(x, bound)
			}
		case *axioms.Implies:
			collect(f.L, bound)
			collect(f.R, bound)
		case *axioms.Iff:
			collect(f.L, bound)
			collect(f.R, bound)
		case *axioms.Equal:
			use(f.L)
			use(f.R)
		case *axioms.Apply:
			for _, v := range f.Args {
				use(v)
			}
		case *axioms.Quant:
			inner := map[string]bool{}
			for k := range bound {
				inner[k] = true
			}
			for _, v := range f.Vars {
				inner[v.Name] = true
			}
			collect(f.Body, inner)
		}
	}
	collect(ax.Body, map[string]bool{})
	c := &compiler{md: md, m: md.m, ax: a, scope: map[string]int{}}
	for _, name := range free {
		s, ok := md.m.VarSort(name)
		if !ok {
			return nil, fmt.Errorf("axiom <%s>: variable %s has no sort", ax.Label, name)
		}
		c.scope[name] = len(a.free)
		a.free = append(a.free, s)
	}
	a.slots = len(a.free)
	body, err := c.formula(ax.Body)
	if err != nil {
		return nil, fmt.Errorf("axiom <%s>: %v", ax.Label, err)
	}
	a.body = body
	return a, nil
}

func (c *compiler) slot(v *axioms.Var) (int, error) {
	s, ok := c.scope[v.Name]
	if !ok {
		return 0, fmt.Errorf("unbound variable %s", v.Name)
	}
	return s, nil
}

func (c *compiler) formula(f axioms.Formula) (*node, error) {
	kids := func(fs ...axioms.Formula) ([]*node, error) {
		var out []*node
		for _, x := range fs {
			n, err := c.formula(x)
			if err != nil {
				return nil, err
			}
			out = append(out, n)
		}
		return out, nil
	}
	switch f := f.(type) {
	case *axioms.Const:
		return &node{op: opConst, value: f.Value}, nil
	case *axioms.Not:
		k, err := kids(f.X)
		return &node{op: opNot, kids: k}, err
	case *axioms.And:
		k, err := kids(f.Xs...)
		return &node{op: opAnd, kids: k}, err
	case *axioms.Or:
		k, err := kids(f.Xs...)
		return &node{op: opOr, kids: k}, err
	case *axioms.Implies:
		k, err := kids(f.L, f.R)
		return &node{op: opImplies, kids: k}, err
	case *axioms.Iff:
		k, err := kids(f.L, f.R)
		return &node{op: opIff, kids: k}, err
	case *axioms.Equal:
		l, err := c.slot(f.L)
		if err != nil {
			return nil, err
		}
		r, err := c.slot(f.R)
		return &node{op: opEqual, args: []int{l, r}}, err
	case *axioms.Apply:
		n := &node{op: opApply, name: f.Name}
		if i, ok := c.md.relIdx[f.Name]; ok {
			n.op, n.rel = opRel, i
		} else if p, ok := predefinedSymbols[f.Name]; ok {
			n.pred = p
			n.fenceBit = fenceBit(f.Name)
		} else {
			return nil, fmt.Errorf("unknown symbol %s", f.Name)
		}
		for _, v := range f.Args {
			s, err := c.slot(v)
			if err != nil {
				return nil, err
			}
			n.args = append(n.args, s)
		}
		return n, nil
	case *axioms.Quant:
		n := &node{op: opForall, sort: f.Sort}
		if f.Exists {
			n.op = opExists
		}
		saved := map[string]int{}
		for k, v := range c.scope {
			saved[k] = v
		}
		for _, v := range f.Vars {
			c.scope[v.Name] = c.ax.slots
			n.vars = append(n.vars, c.ax.slots)
			c.ax.slots++
		}
		body, err := c.formula(f.Body)
		c.scope = saved
		if err != nil {
			return nil, err
		}
		n.kids = []*node{body}
		return n, nil
	}
	return nil, fmt.Errorf("unexpected formula %T", f)
}

// pred identifies a predefined symbol.
type pred uint8

const (
	predAccess pred = iota + 1
	predLoad
	predStore
	predFence
	predFenceKind // ll_fence … cd_fence
	predHasSeed
	predSeed
	predProgramOrder
	predAliased
	predDataDependent
	predControlDependent
	predAtomic
)

var predefinedSymbols = map[string]pred{
	"access": predAccess, "load": predLoad, "store": predStore, "fence": predFence,
	"ll_fence": predFenceKind, "ls_fence": predFenceKind, "sl_fence": predFenceKind, "ss_fence": predFenceKind,
	"al_fence": predFenceKind, "ddl_fence": predFenceKind, "cd_fence": predFenceKind,
	"has_seed": predHasSeed, "seed": predSeed, "program_order": predProgramOrder, "aliased": predAliased,
	"data_dependent": predDataDependent, "control_dependent": predControlDependent, "atomic": predAtomic,
}

var fencePredicates = []string{"ll_fence", "ls_fence", "sl_fence", "ss_fence", "al_fence", "ddl_fence", "cd_fence"}

// fenceBit numbers the fence predicates for the per-fence bit sets.
func fenceBit(name string) uint8 {
	for i, p := range fencePredicates {
		if p == name {
			return 1 << i
		}
	}
	return 0
}

// fenceBits is the set of fence predicates a fence of kind k satisfies
// (lsl.FenceKind.Predicates).
func fenceBits(k lsl.FenceKind) uint8 {
	var b uint8
	for _, p := range k.Predicates() {
		b |= fenceBit(p)
	}
	return b
}

// detectTotalOrders finds binary relations over one sort that three axioms
// make a strict total order: R(X,Y) & R(Y,Z) => R(X,Z), ~R(X,X) and
// R(X,Y) | R(Y,X) | X = Y, each with variables of exactly that sort.
func (md *model) detectTotalOrders() {
	for ri, r := range md.rels {
		d := r.decl
		if len(d.Params) != 2 || d.Params[0] != d.Params[1] {
			continue
		}
		var found [3]*axiom
		for _, a := range md.axioms {
			if !allSorts(a, d.Params[0]) {
				continue
			}
			switch {
			case isTransitivity(a.body, ri):
				found[0] = a
			case isIrreflexivity(a.body, ri):
				found[1] = a
			case isTotality(a.body, ri):
				found[2] = a
			}
		}
		if found[0] != nil && found[1] != nil && found[2] != nil {
			r.kind = relTotal
			for _, a := range found {
				a.orderOf = ri
			}
		}
	}
}

func allSorts(a *axiom, s axioms.Sort) bool {
	for _, t := range a.free {
		if t != s {
			return false
		}
	}
	return len(a.free) > 0
}

func relAtom(n *node, ri int) (x, y int, ok bool) {
	if n.op != opRel || n.rel != ri || len(n.args) != 2 {
		return 0, 0, false
	}
	return n.args[0], n.args[1], true
}

func isTransitivity(n *node, ri int) bool {
	if n.op != opImplies || n.kids[0].op != opAnd || len(n.kids[0].kids) != 2 {
		return false
	}
	cx, cz, ok := relAtom(n.kids[1], ri)
	if !ok {
		return false
	}
	for _, order := range [2][2]int{{0, 1}, {1, 0}} {
		a, b, ok1 := relAtom(n.kids[0].kids[order[0]], ri)
		c, d, ok2 := relAtom(n.kids[0].kids[order[1]], ri)
		if ok1 && ok2 && a == cx && b == c && d == cz && a != b && b != d && a != d {
			return true
		}
	}
	return false
}

func isIrreflexivity(n *node, ri int) bool {
	if n.op != opNot {
		return false
	}
	x, y, ok := relAtom(n.kids[0], ri)
	return ok && x == y
}

func isTotality(n *node, ri int) bool {
	if n.op != opOr || len(n.kids) != 3 {
		return false
	}
	var fwd, bwd, eq [2]int
	nf, nb, ne := 0, 0, 0
	for _, k := range n.kids {
		if x, y, ok := relAtom(k, ri); ok {
			if nf == 0 {
				fwd = [2]int{x, y}
				nf++
			} else {
				bwd = [2]int{x, y}
				nb++
			}
			continue
		}
		if k.op == opEqual {
			eq = [2]int{k.args[0], k.args[1]}
			ne++
		}
	}
	if nf != 1 || nb != 1 || ne != 1 || fwd[0] == fwd[1] {
		return false
	}
	sameSet := func(a, b [2]int) bool { return a == b || a == [2]int{b[1], b[0]} }
	return bwd == [2]int{fwd[1], fwd[0]} && sameSet(eq, fwd)
}

// polarity walks a formula and reports, per relation, whether it occurs
// positively and whether it occurs negatively.
func polarity(n *node, pos bool, f func(n *node, pos bool)) {
	switch n.op {
	case opRel:
		f(n, pos)
	case opNot:
		polarity(n.kids[0], !pos, f)
	case opImplies:
		polarity(n.kids[0], !pos, f)
		polarity(n.kids[1], pos, f)
	case opIff:
		for _, k := range n.kids {
			polarity(k, pos, f)
			polarity(k, !pos, f)
		}
	default:
		for _, k := range n.kids {
			polarity(k, pos, f)
		}
	}
}

// detectRules classifies every axiom that mentions a relation that is not a
// total order, and rejects relations that are not Horn-definable.
func (md *model) detectRules() error {
	for ri, r := range md.rels {
		if r.kind == 0 {
			r.kind = relHorn
			_ = ri
		}
	}
	for _, a := range md.axioms {
		positive := 0
		polarity(a.body, true, func(n *node, pos bool) {
			if pos && md.rels[n.rel].kind == relHorn {
				positive++
			}
		})
		if positive == 0 {
			continue // a constraint: antimonotone in every Horn relation
		}
		if a.body.op == opImplies && a.body.kids[1].op == opRel && md.rels[a.body.kids[1].rel].kind == relHorn && positive == 1 {
			a.ruleFor = a.body.kids[1].rel
			a.premise = a.body.kids[0]
			a.conclArg = a.body.kids[1].args
			continue
		}
		return fmt.Errorf("model %s: axiom <%s> uses a relation variable in a way the reference checker cannot search exactly (only total orders and relations defined by Horn rules are supported)", md.m.Name, a.label)
	}
	// A Horn relation depends on the orders if some rule for it mentions a
	// total order or a Horn relation that does.
	for changed := true; changed; {
		changed = false
		for _, a := range md.axioms {
			if a.ruleFor < 0 || md.rels[a.ruleFor].onOrders {
				continue
			}
			dep := false
			polarity(a.premise, true, func(n *node, _ bool) {
				r := md.rels[n.rel]
				if r.kind == relTotal || r.onOrders {
					dep = true
				}
			})
			if dep {
				md.rels[a.ruleFor].onOrders = true
				changed = true
			}
		}
	}
	return nil
}

// markStatic marks the axioms whose truth does not depend on the order
// being built, so they are checked once per trace and seed function.
func (md *model) markStatic() {
	for _, a := range md.axioms {
		static := true
		polarity(a.body, true, func(n *node, _ bool) {
			r := md.rels[n.rel]
			if r.kind == relTotal || r.onOrders {
				static = false
			}
		})
		a.static = static
		a.nested = hasQuant(a.body)
		polarity(a.body, true, func(n *node, _ bool) {
			if r := md.rels[n.rel]; r.kind == relHorn && r.onOrders {
				a.onHorn = true
			}
		})
	}
}

func hasQuant(n *node) bool {
	if n.op == opForall || n.op == opExists {
		return true
	}
	for _, k := range n.kids {
		if hasQuant(k) {
			return true
		}
	}
	return false
}

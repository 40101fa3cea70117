package axioms

import "fmt"

// The instantiation engines work on a compiled form of the axioms: names
// are resolved to predefined symbols or relation indices and variables to
// slots of an environment array.

type opcode uint8

const (
	opConst opcode = iota
	opNot
	opAnd
	opOr
	opImplies
	opIff
	opEq
	opPre // predefined symbol
	opRel // relation variable
	opForall
	opExists
)

// maxSlots bounds the variables of one axiom (bound-variable sets are
// bitmasks).
const maxSlots = 64

type cnode struct {
	op     opcode
	val    bool // opConst
	kids   []*cnode
	pre    predef // opPre
	rel    int    // opRel
	args   []int  // variable slots (opEq, opPre, opRel)
	params []Sort // parameter sorts (opPre, opRel)
	slot   int    // quantified variable (opForall, opExists)
	sort   Sort   // its sort
	// vars is the set of variable slots occurring free in the node.
	vars uint64
}

type caxiom struct {
	label  string
	src    *Axiom
	body   *cnode
	free   []int  // slots of the axiom's free variables, first occurrence first
	sorts  []Sort // sort of every slot
	nslots int
}

// compiled is a model ready for instantiation.
type compiled struct {
	model  *Model
	rels   []*Decl
	relIdx map[string]int
	axioms []*caxiom
}

func compileModel(m *Model) (*compiled, error) {
	cm := &compiled{model: m, relIdx: map[string]int{}}
	for i, d := range m.Exists {
		cm.rels = append(cm.rels, d)
		cm.relIdx[d.Name] = i
	}
	for _, a := range m.Axioms {
		ca := &caxiom{label: a.Label, src: a}
		cc := &axiomCompiler{cm: cm, ax: ca}
		body, err := cc.formula(a.Body, map[string]int{})
		if err != nil {
			return nil, fmt.Errorf("axiom <%s>: %w", a.Label, err)
		}
		ca.body = body
		cm.axioms = append(cm.axioms, ca)
	}
	return cm, nil
}

type axiomCompiler struct {
	cm        *compiled
	ax        *caxiom
	freeNames []string // parallel to ax.free
}

func (cc *axiomCompiler) newSlot(s Sort) (int, error) {
	if cc.ax.nslots == maxSlots {
		return 0, fmt.Errorf("more than %d variables", maxSlots)
	}
	cc.ax.sorts = append(cc.ax.sorts, s)
	cc.ax.nslots++
	return cc.ax.nslots - 1, nil
}

// varSlot resolves a variable occurrence: bound by a quantifier, or free
// (declared in the forall section; one slot per name).
func (cc *axiomCompiler) varSlot(v *Var, scope map[string]int) (int, error) {
	if s, ok := scope[v.Name]; ok {
		return s, nil
	}
	for _, s := range cc.ax.free {
		if cc.freeName(s) == v.Name {
			return s, nil
		}
	}
	sort, ok := cc.cm.model.VarSort(v.Name)
	if !ok {
		return 0, fmt.Errorf("undeclared variable %s", v.Name)
	}
	s, err := cc.newSlot(sort)
	if err != nil {
		return 0, err
	}
	cc.ax.free = append(cc.ax.free, s)
	cc.freeNames = append(cc.freeNames, v.Name)
	return s, nil
}

func (cc *axiomCompiler) freeName(slot int) string {
	for i, s := range cc.ax.free {
		if s == slot {
			return cc.freeNames[i]
		}
	}
	return ""
}

func (cc *axiomCompiler) formula(f Formula, scope map[string]int) (*cnode, error) {
	switch f := f.(type) {
	case *Const:
		return &cnode{op: opConst, val: f.Value}, nil
	case *Not:
		return cc.nary(opNot, scope, f.X)
	case *And:
		return cc.nary(opAnd, scope, f.Xs...)
	case *Or:
		return cc.nary(opOr, scope, f.Xs...)
	case *Implies:
		return cc.nary(opImplies, scope, f.L, f.R)
	case *Iff:
		return cc.nary(opIff, scope, f.L, f.R)
	case *Equal:
		n := &cnode{op: opEq}
		if err := cc.args(n, []*Var{f.L, f.R}, scope); err != nil {
			return nil, err
		}
		return n, nil
	case *Apply:
		n := &cnode{}
		if r, ok := cc.cm.relIdx[f.Name]; ok {
			n.op, n.rel, n.params = opRel, r, cc.cm.rels[r].Params
		} else if p, ok := predefByName(f.Name); ok && predefs[p].kind != DeclSet {
			n.op, n.pre, n.params = opPre, p, predefs[p].params
		} else {
			return nil, fmt.Errorf("unknown symbol %s", f.Name)
		}
		if len(f.Args) != len(n.params) {
			return nil, fmt.Errorf("%s expects %d arguments", f.Name, len(n.params))
		}
		if err := cc.args(n, f.Args, scope); err != nil {
			return nil, err
		}
		return n, nil
	case *Quant:
		return cc.quant(f, 0, scope)
	}
	return nil, fmt.Errorf("unknown formula %T", f)
}

// quant compiles "Q X1, ..., Xk : s . body" as k nested quantifiers.
func (cc *axiomCompiler) quant(q *Quant, k int, scope map[string]int) (*cnode, error) {
	if k == len(q.Vars) {
		return cc.formula(q.Body, scope)
	}
	slot, err := cc.newSlot(q.Sort)
	if err != nil {
		return nil, err
	}
	inner := make(map[string]int, len(scope)+1)
	for name, s := range scope {
		inner[name] = s
	}
	inner[q.Vars[k].Name] = slot
	body, err := cc.quant(q, k+1, inner)
	if err != nil {
		return nil, err
	}
	op := opForall
	if q.Exists {
		op = opExists
	}
	return &cnode{op: op, kids: []*cnode{body}, slot: slot, sort: q.Sort, vars: body.vars &^ (1 << slot)}, nil
}

func (cc *axiomCompiler) nary(op opcode, scope map[string]int, fs ...Formula) (*cnode, error) {
	n := &cnode{op: op}
	for _, f := range fs {
		k, err := cc.formula(f, scope)
		if err != nil {
			return nil, err
		}
		n.kids = append(n.kids, k)
		n.vars |= k.vars
	}
	return n, nil
}

func (cc *axiomCompiler) args(n *cnode, vs []*Var, scope map[string]int) error {
	for _, v := range vs {
		s, err := cc.varSlot(v, scope)
		if err != nil {
			return err
		}
		n.args = append(n.args, s)
		n.vars |= 1 << s
	}
	return nil
}

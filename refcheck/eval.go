package refcheck

import (
	"github.com/checkfence/checkfence/axioms"
)

// tv is a truth value of Kleene's three-valued logic. While the orders are
// being built, a relation atom can be unknown; an axiom instance that is
// already false stays false whatever the rest of the order, which lets the
// search prune without losing exactness.
type tv uint8

const (
	tvF tv = iota
	tvT
	tvU
)

func tvOf(b bool) tv {
	if b {
		return tvT
	}
	return tvF
}

// hornMode selects how atoms of Horn relations are read.
type hornMode uint8

const (
	hornExact hornMode = iota // T in lo, F outside up, else unknown
	hornLower                 // T in lo, else F
	hornUpper                 // T in up, else F
)

// world is the interpretation of a global trace (Def. 15 with §3.4) plus
// the current, possibly partial, valuation of the relation variables.
type world struct {
	md      *model
	n       int
	kind    []axioms.InstrKind
	fences  []uint8 // per fence: the fence predicates it satisfies (fenceBit)
	po      [][]bool
	atomic  [][]bool
	aliased [][]bool
	dd      [][]bool
	cd      [][]bool
	seed    []int                       // per load: the store it reads from, or -1
	dom     [axioms.SortFence + 1][]int // executed instructions by sort

	// total orders: the position of each instruction, -1 if not yet placed
	pos [][]int
	// Horn relations: lower and upper bounds of the least solution
	lo, up [][]bool // indexed by tupleKey
	mode   hornMode
	// complete: every relation is fully valued, so no atom may be unknown
	complete bool
}

func (w *world) inSort(s axioms.Sort, i int) bool { return s.Has(w.kind[i]) }

// tupleKey numbers a tuple of instructions bound to slots.
func (w *world) tupleKey(slots []int, env []int) int {
	k := 0
	for _, s := range slots {
		k = k*w.n + env[s]
	}
	return k
}

// eval evaluates n with env binding slots to instructions (-1: unbound,
// making every atom that mentions the slot unknown).
func (w *world) eval(n *node, env []int) tv {
	switch n.op {
	case opConst:
		return tvOf(n.value)
	case opNot:
		switch w.eval(n.kids[0], env) {
		case tvT:
			return tvF
		case tvF:
			return tvT
		}
		return tvU
	case opAnd:
		res := tvT
		for _, k := range n.kids {
			switch w.eval(k, env) {
			case tvF:
				return tvF
			case tvU:
				res = tvU
			}
		}
		return res
	case opOr:
		res := tvF
		for _, k := range n.kids {
			switch w.eval(k, env) {
			case tvT:
				return tvT
			case tvU:
				res = tvU
			}
		}
		return res
	case opImplies:
		l := w.eval(n.kids[0], env)
		if l == tvF {
			return tvT
		}
		r := w.eval(n.kids[1], env)
		switch {
		case r == tvT:
			return tvT
		case l == tvT && r == tvF:
			return tvF
		}
		return tvU
	case opIff:
		l, r := w.eval(n.kids[0], env), w.eval(n.kids[1], env)
		if l == tvU || r == tvU {
			return tvU
		}
		return tvOf(l == r)
	case opEqual:
		a, b := env[n.args[0]], env[n.args[1]]
		if a < 0 || b < 0 {
			return tvU
		}
		return tvOf(a == b)
	case opApply:
		for _, s := range n.args {
			if env[s] < 0 {
				return tvU
			}
		}
		return tvOf(w.predefined(n, env))
	case opRel:
		for _, s := range n.args {
			if env[s] < 0 {
				return tvU
			}
		}
		return w.relation(n, env)
	case opForall, opExists:
		return w.quant(n, env, 0)
	}
	panic("refcheck: bad formula node")
}

// quant evaluates a quantifier over the executed instructions of its sort,
// binding its variables one after the other.
func (w *world) quant(n *node, env []int, k int) tv {
	if k == len(n.vars) {
		return w.eval(n.kids[0], env)
	}
	exists := n.op == opExists
	res := tvOf(!exists)
	slot := n.vars[k]
	saved := env[slot]
	defer func() { env[slot] = saved }()
	for _, i := range w.dom[n.sort] {
		env[slot] = i
		v := w.quant(n, env, k+1)
		switch {
		case v == tvU:
			res = tvU
		case exists && v == tvT:
			return tvT
		case !exists && v == tvF:
			return tvF
		}
	}
	return res
}

// predefined interprets the predefined symbols (Def. 15, §3.4).
func (w *world) predefined(n *node, env []int) bool {
	i := env[n.args[0]]
	j := -1
	if len(n.args) > 1 {
		j = env[n.args[1]]
	}
	switch n.pred {
	case predAccess:
		return w.kind[i] == axioms.Load || w.kind[i] == axioms.Store
	case predLoad:
		return w.kind[i] == axioms.Load
	case predStore:
		return w.kind[i] == axioms.Store
	case predFence:
		return w.kind[i] == axioms.Fence
	case predFenceKind:
		return w.fences[i]&n.fenceBit != 0
	case predHasSeed:
		return w.kind[i] == axioms.Load && w.seed[i] >= 0
	case predSeed:
		return w.kind[i] == axioms.Load && w.seed[i] == j
	case predProgramOrder:
		return w.po[i][j]
	case predAliased:
		return w.aliased[i][j]
	case predDataDependent:
		return w.dd[i][j]
	case predControlDependent:
		return w.cd[i][j]
	case predAtomic:
		return w.atomic[i][j]
	}
	panic("refcheck: unknown predefined symbol")
}

// relation reads a relation variable under the current valuation.
func (w *world) relation(n *node, env []int) tv {
	r := w.md.rels[n.rel]
	for k, s := range n.args {
		if !w.inSort(r.decl.Params[k], env[s]) {
			return tvF // outside the relation's domain
		}
	}
	if r.kind == relTotal {
		a, b := env[n.args[0]], env[n.args[1]]
		if a == b {
			return tvF
		}
		pa, pb := w.pos[n.rel][a], w.pos[n.rel][b]
		switch {
		case pa >= 0 && pb >= 0:
			return tvOf(pa < pb)
		case pa >= 0:
			return tvT // b will be placed after a
		case pb >= 0:
			return tvF
		}
		return tvU
	}
	key := w.tupleKey(n.args, env)
	switch w.mode {
	case hornLower:
		return tvOf(w.lo[n.rel][key])
	case hornUpper:
		return tvOf(w.up[n.rel][key])
	}
	if w.lo[n.rel][key] {
		return tvT
	}
	if !w.up[n.rel][key] {
		return tvF
	}
	return tvU
}

// bindings enumerates the bindings of the free slots of a (depth first, in
// slot order). visit sees every partial binding (slots from k on unbound)
// and decides whether to descend; full bindings are reported with k ==
// len(a.free). It returns true if visit stopped the enumeration.
func (w *world) bindings(a *axiom, env []int, k int, visit func(k int) (descend, stop bool)) bool {
	descend, stop := visit(k)
	if stop {
		return true
	}
	if !descend || k == len(a.free) {
		return false
	}
	if env[k] >= 0 { // bound by the caller
		return w.bindings(a, env, k+1, visit)
	}
	for _, i := range w.dom[a.free[k]] {
		env[k] = i
		if w.bindings(a, env, k+1, visit) {
			env[k] = -1
			return true
		}
	}
	env[k] = -1
	return false
}

func newEnv(a *axiom) []int {
	env := make([]int, a.slots)
	for i := range env {
		env[i] = -1
	}
	return env
}

// violated reports whether some instance of axiom a is false under every
// completion of the current valuation.
func (w *world) violated(a *axiom) bool {
	return w.violatedWith(a, newEnv(a))
}

// violatedAt is violated restricted to the instances that bind some free
// variable to instruction i: after i is placed in an order, only atoms that
// mention i change, so only those instances can have become false. (A
// nested quantifier may mention i anywhere: then all instances are tried.)
func (w *world) violatedAt(a *axiom, i int) bool {
	if a.nested {
		return w.violated(a)
	}
	for k, s := range a.free {
		if !w.inSort(s, i) {
			continue
		}
		env := newEnv(a)
		env[k] = i
		if w.violatedWith(a, env) {
			return true
		}
	}
	return false
}

func (w *world) violatedWith(a *axiom, env []int) bool {
	return w.bindings(a, env, 0, func(k int) (bool, bool) {
		switch w.eval(a.body, env) {
		case tvT:
			return false, false
		case tvF:
			// false for every extension; a violation if one exists
			for j, s := range a.free[k:] {
				if env[k+j] < 0 && len(w.dom[s]) == 0 {
					return false, false
				}
			}
			return false, true
		}
		if k == len(a.free) && w.complete {
			panic("refcheck: axiom <" + a.label + "> is unknown under a complete valuation")
		}
		return true, false
	})
}

// solveHorn computes the bounds of the least solution of the Horn
// relations that (static) do or do not depend on the orders.
func (w *world) solveHorn(onOrders bool) {
	md := w.md
	saved := w.mode
	defer func() { w.mode = saved }()
	for _, mode := range []hornMode{hornLower, hornUpper} {
		w.mode = mode
		set := w.lo
		if mode == hornUpper {
			set = w.up
		}
		for ri, r := range md.rels {
			if r.kind == relHorn && r.onOrders == onOrders {
				size := 1
				for range r.decl.Params {
					size *= w.n
				}
				set[ri] = make([]bool, size)
			}
		}
		for changed := true; changed; {
			changed = false
			for _, a := range md.axioms {
				if a.ruleFor < 0 || md.rels[a.ruleFor].onOrders != onOrders {
					continue
				}
				env := newEnv(a)
				w.bindings(a, env, 0, func(k int) (bool, bool) {
					v := w.eval(a.premise, env)
					if v == tvF {
						return false, false
					}
					if k < len(a.free) {
						return true, false
					}
					if v == tvT || mode == hornUpper {
						key := w.tupleKey(a.conclArg, env)
						if !set[a.ruleFor][key] {
							set[a.ruleFor][key] = true
							changed = true
						}
					}
					return false, false
				})
			}
		}
	}
}

package axioms

// bruteForce decides whether a static fake execution is allowed by a model
// by evaluating the axioms directly on the AST (Def. 16), enumerating the
// relation variables: memory_order over all total orders of the executed
// accesses, every other relation over all subsets of its tuples. It shares
// no code with the encoders.
type bruteForce struct {
	u    *fakeUniverse
	m    *Model
	exec []int
	vals map[string]map[int]bool // relation -> tuple key -> value
	// checks[k] lists the axioms that mention only the first k relation
	// variables: they are checked as soon as those are assigned, most
	// recently failing first.
	checks [][]*Axiom
	free   map[*Axiom][]string
}

// maxBruteTuples bounds the free tuples of a non-order relation. Larger
// binary relations are enumerated over program-ordered pairs only, which
// is without loss of generality for rmo's dependence_order: every axiom
// mentioning it is guarded by program_order on the same arguments.
const maxBruteTuples = 12

func bruteAllowed(m *Model, u *fakeUniverse) bool {
	b := &bruteForce{u: u, m: m, vals: map[string]map[int]bool{}, free: map[*Axiom][]string{}}
	for i := range u.instrs {
		if u.executed[i] {
			b.exec = append(b.exec, i)
		}
	}
	b.checks = make([][]*Axiom, len(m.Exists)+1)
	for _, a := range m.Axioms {
		level := 0
		for k, d := range m.Exists {
			if mentions(a.Body, d.Name) {
				level = k + 1
			}
		}
		b.checks[level] = append(b.checks[level], a)
		b.free[a] = freeVars(a.Body, map[string]bool{}, nil)
	}
	if !b.holds(0) {
		return false
	}
	return b.search(0)
}

func mentions(f Formula, name string) bool {
	switch f := f.(type) {
	case *Not:
		return mentions(f.X, name)
	case *And:
		for _, x := range f.Xs {
			if mentions(x, name) {
				return true
			}
		}
	case *Or:
		for _, x := range f.Xs {
			if mentions(x, name) {
				return true
			}
		}
	case *Implies:
		return mentions(f.L, name) || mentions(f.R, name)
	case *Iff:
		return mentions(f.L, name) || mentions(f.R, name)
	case *Apply:
		return f.Name == name
	case *Quant:
		return mentions(f.Body, name)
	}
	return false
}

func tupleKey(args []int) int {
	k := 0
	for _, a := range args {
		k = k*1024 + a + 1
	}
	return k
}

func (b *bruteForce) domain(s Sort) []int {
	var out []int
	for _, i := range b.exec {
		if s.Has(b.u.instrs[i].kind) {
			out = append(out, i)
		}
	}
	return out
}

// search assigns relation k and the following ones, checking each axiom
// as soon as its relations are assigned.
func (b *bruteForce) search(k int) bool {
	if k > 0 && !b.holds(k) {
		return false
	}
	if k == len(b.m.Exists) {
		return true
	}
	d := b.m.Exists[k]
	val := map[int]bool{}
	b.vals[d.Name] = val
	if d.Name == "memory_order" {
		dom := b.domain(d.Params[0])
		return permutations(dom, func(p []int) bool {
			clear(val)
			for x := range p {
				for y := x + 1; y < len(p); y++ {
					val[tupleKey([]int{p[x], p[y]})] = true
				}
			}
			return b.search(k + 1)
		})
	}
	tuples := [][]int{{}}
	for _, s := range d.Params {
		var next [][]int
		for _, t := range tuples {
			for _, i := range b.domain(s) {
				next = append(next, append(append([]int(nil), t...), i))
			}
		}
		tuples = next
	}
	if len(tuples) > maxBruteTuples {
		if len(d.Params) != 2 {
			panic("brute force: relation too large")
		}
		var po [][]int
		for _, t := range tuples {
			if b.u.ProgramOrder(t[0], t[1]) {
				po = append(po, t)
			}
		}
		tuples = po
		if len(tuples) > maxBruteTuples {
			panic("brute force: relation too large")
		}
	}
	for mask := 0; mask < 1<<len(tuples); mask++ {
		clear(val)
		for x, t := range tuples {
			if mask&(1<<x) != 0 {
				val[tupleKey(t)] = true
			}
		}
		if b.search(k + 1) {
			return true
		}
	}
	return false
}

func permutations(xs []int, f func([]int) bool) bool {
	p := append([]int(nil), xs...)
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(p) {
			return f(p)
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			if rec(k + 1) {
				return true
			}
			p[k], p[i] = p[i], p[k]
		}
		return false
	}
	return rec(0)
}

func (b *bruteForce) holds(level int) bool {
	axs := b.checks[level]
	for x, a := range axs {
		if !b.forAll(a.Body, b.free[a], map[string]int{}) {
			copy(axs[1:x+1], axs[:x])
			axs[0] = a
			return false
		}
	}
	return true
}

func (b *bruteForce) forAll(f Formula, vars []string, env map[string]int) bool {
	if len(vars) == 0 {
		return b.eval(f, env)
	}
	s, _ := b.m.VarSort(vars[0])
	for _, i := range b.domain(s) {
		env[vars[0]] = i
		if !b.forAll(f, vars[1:], env) {
			delete(env, vars[0])
			return false
		}
	}
	delete(env, vars[0])
	return true
}

func freeVars(f Formula, bound map[string]bool, acc []string) []string {
	addVar := func(v *Var) {
		if bound[v.Name] {
			return
		}
		for _, x := range acc {
			if x == v.Name {
				return
			}
		}
		acc = append(acc, v.Name)
	}
	switch f := f.(type) {
	case *Not:
		return freeVars(f.X, bound, acc)
	case *And:
		for _, x := range f.Xs {
			acc = freeVars(x, bound, acc)
		}
	case *Or:
		for _, x := range f.Xs {
			acc = freeVars(x, bound, acc)
		}
	case *Implies:
		acc = freeVars(f.R, bound, freeVars(f.L, bound, acc))
	case *Iff:
		acc = freeVars(f.R, bound, freeVars(f.L, bound, acc))
	case *Equal:
		addVar(f.L)
		addVar(f.R)
	case *Apply:
		for _, v := range f.Args {
			addVar(v)
		}
	case *Quant:
		inner := map[string]bool{}
		for k, v := range bound {
			inner[k] = v
		}
		for _, v := range f.Vars {
			inner[v.Name] = true
		}
		acc = freeVars(f.Body, inner, acc)
	}
	return acc
}

func (b *bruteForce) eval(f Formula, env map[string]int) bool {
	switch f := f.(type) {
	case *Const:
		return f.Value
	case *Not:
		return !b.eval(f.X, env)
	case *And:
		for _, x := range f.Xs {
			if !b.eval(x, env) {
				return false
			}
		}
		return true
	case *Or:
		for _, x := range f.Xs {
			if b.eval(x, env) {
				return true
			}
		}
		return false
	case *Implies:
		return !b.eval(f.L, env) || b.eval(f.R, env)
	case *Iff:
		return b.eval(f.L, env) == b.eval(f.R, env)
	case *Equal:
		return env[f.L.Name] == env[f.R.Name]
	case *Apply:
		args := make([]int, len(f.Args))
		for k, v := range f.Args {
			args[k] = env[v.Name]
		}
		return b.apply(f.Name, args)
	case *Quant:
		saved := map[string]int{}
		for k, v := range env {
			saved[k] = v
		}
		res := b.quant(f, 0, env)
		clear(env)
		for k, v := range saved {
			env[k] = v
		}
		return res
	}
	panic("bad formula")
}

func (b *bruteForce) quant(q *Quant, k int, env map[string]int) bool {
	if k == len(q.Vars) {
		return b.eval(q.Body, env)
	}
	for _, i := range b.domain(q.Sort) {
		env[q.Vars[k].Name] = i
		r := b.quant(q, k+1, env)
		if q.Exists && r {
			return true
		}
		if !q.Exists && !r {
			return false
		}
	}
	return !q.Exists
}

func (b *bruteForce) apply(name string, args []int) bool {
	u := b.u
	if val, ok := b.vals[name]; ok {
		d := b.m.Relation(name)
		for k, a := range args {
			if !d.Params[k].Has(u.instrs[a].kind) {
				return false
			}
		}
		return val[tupleKey(args)]
	}
	id, _ := predefByName(name)
	for k, a := range args {
		if !predefs[id].params[k].Has(u.instrs[a].kind) {
			return false
		}
	}
	in := func(k int) fakeInstr { return u.instrs[args[k]] }
	switch name {
	case "access", "load", "store", "fence":
		s, _ := sortByName(name)
		return s.Has(in(0).kind)
	case "program_order":
		return u.ProgramOrder(args[0], args[1])
	case "atomic":
		return u.Atomic(args[0], args[1])
	case "aliased":
		return in(0).addr == in(1).addr
	case "seed":
		s, ok := u.seedOf[args[0]]
		return ok && s == args[1]
	case "has_seed":
		s, ok := u.seedOf[args[0]]
		return ok && s >= 0
	case "data_dependent":
		return u.dd[[2]int{args[0], args[1]}]
	case "control_dependent":
		return u.cd[[2]int{args[0], args[1]}]
	}
	return u.FencePred(args[0], name) // the fence predicates
}

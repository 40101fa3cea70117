package memmodel

import (
	"context"
	"fmt"
	"slices"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Probes: a model is asked about small candidate executions — events of
// two or three threads with fixed locations and values, and the store each
// load reads — and answers whether it allows them, each language by its
// own semantics: a .mm model by instantiating its axioms over the
// execution (every guard, alias, seed and dependency a constant) and
// asking a SAT solver for relation variables that satisfy them, a cat
// model by evaluating its checks (cat.Model.Eval) under every coherence
// order. Validation (vacuity.go) and the properties (properties.go) are
// answers to probes.

// pev is one event of a probe.
type pev struct {
	kind  axioms.InstrKind
	loc   int           // location (0 = x, 1 = y, …); -1 for fences
	fence lsl.FenceKind // fences: the LSL kind (its tags for cat models)
	tags  []string      // cat event tags (fences: instead of the kind's)
	// atomic numbers the atomic block the event belongs to (0: none)
	atomic int
	// deps are the events of the same thread (indices in the thread) the
	// event depends on, by kind: addr, data, ctrl
	addr, data, ctrl []int
}

// probe is a small program without control flow: its threads' events
// in program order.
type probe struct {
	name    string
	threads [][]pev
}

// ref names an event of a probe: thread and index. rf maps a load to the
// store it reads; a load not in rf reads the initial value.
type ref struct{ t, i int }

func w(loc int) pev { return pev{kind: axioms.Store, loc: loc} }
func r(loc int) pev { return pev{kind: axioms.Load, loc: loc} }
func f(k lsl.FenceKind) pev {
	return pev{kind: axioms.Fence, loc: -1, fence: k}
}

// in puts e into atomic block b.
func (e pev) in(b int) pev { e.atomic = b; return e }

// flat lists the events of p with their references.
func (p *probe) flat() []ref {
	var out []ref
	for t, th := range p.threads {
		for i := range th {
			out = append(out, ref{t, i})
		}
	}
	return out
}

func (p *probe) ev(x ref) pev { return p.threads[x.t][x.i] }

// allows reports whether the model allows the candidate execution of p in
// which each load reads what rf says. ctx bounds a .mm model's solving.
func (m *Model) allows(ctx context.Context, p *probe, rf map[ref]ref) (bool, error) {
	if m.cat != nil {
		return catAllows(m.cat, m.cat.Checks(), p, rf), nil
	}
	return mmAllows(ctx, m.mm, p, rf)
}

// rfChoices enumerates every reads-from map of p: each load reads the
// initial value or a store to its location.
func (p *probe) rfChoices(yield func(map[ref]ref) bool) {
	all := p.flat()
	var loads []ref
	for _, x := range all {
		if p.ev(x).kind == axioms.Load {
			loads = append(loads, x)
		}
	}
	rf := map[ref]ref{}
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(loads) {
			return yield(rf)
		}
		l := loads[k]
		delete(rf, l)
		if !rec(k + 1) {
			return false
		}
		for _, s := range all {
			if e := p.ev(s); e.kind == axioms.Store && e.loc == p.ev(l).loc {
				rf[l] = s
				if !rec(k + 1) {
					return false
				}
			}
		}
		delete(rf, l)
		return true
	}
	rec(0)
}

// admitsSome reports whether the model allows some candidate execution of
// p (any reads-from).
func (m *Model) admitsSome(ctx context.Context, p *probe) (bool, error) {
	found := false
	var err error
	p.rfChoices(func(rf map[ref]ref) bool {
		var ok bool
		ok, err = m.allows(ctx, p, rf)
		found = ok
		return err == nil && !ok
	})
	return found, err
}

// catAllows evaluates checks on the candidate of p and rf under every
// coherence order (the initial write first).
func catAllows(m *cat.Model, checks []*cat.Constraint, p *probe, rf map[ref]ref) bool {
	c := catCandidate(p, rf)
	// the stores of each location, to permute
	var locs [][]int
	for i, e := range c.Events {
		if e.Kind != cat.Write || e.Thread < 0 {
			continue
		}
		for len(locs) <= e.Loc {
			locs = append(locs, nil)
		}
		locs[e.Loc] = append(locs[e.Loc], i)
	}
	one := *m
	one.Constraints = checks
	var rec func(k int, co [][2]int) bool
	rec = func(k int, co [][2]int) bool {
		if k == len(locs) {
			c.CO = co
			return one.Eval(c.Execution()).Consistent()
		}
		found := false
		permute(locs[k], func(order []int) bool {
			next := slices.Clone(co)
			// the initial write (event k) before every store, then order
			for x, a := range order {
				next = append(next, [2]int{k, a})
				for _, b := range order[x+1:] {
					next = append(next, [2]int{a, b})
				}
			}
			found = rec(k+1, next)
			return !found
		})
		return found
	}
	return rec(0, nil)
}

// permute calls yield with every permutation of xs until it returns false.
func permute(xs []int, yield func([]int) bool) {
	a := slices.Clone(xs)
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(a) {
			return yield(a)
		}
		for i := k; i < len(a); i++ {
			a[k], a[i] = a[i], a[k]
			if !rec(k + 1) {
				return false
			}
			a[k], a[i] = a[i], a[k]
		}
		return true
	}
	rec(0)
}

// catCandidate is the cat candidate of p with rf but no coherence: an
// initial write per location (events 0..locs-1), then the threads'
// events. Fences carry their tags, or their LSL kind's (FenceKindTags).
func catCandidate(p *probe, rf map[ref]ref) *cat.Candidate {
	nloc := 0
	for _, x := range p.flat() {
		nloc = max(nloc, p.ev(x).loc+1)
	}
	c := &cat.Candidate{}
	for k := range nloc {
		c.Events = append(c.Events, cat.Event{Thread: -1, Kind: cat.Write, Loc: k})
	}
	idx := map[ref]int{}
	for t, th := range p.threads {
		for i, e := range th {
			ev := cat.Event{Thread: t, Loc: e.loc, Tags: e.tags}
			switch e.kind {
			case axioms.Load:
				ev.Kind = cat.Read
			case axioms.Store:
				ev.Kind = cat.Write
			default:
				ev.Kind = cat.Fence
				if len(e.tags) == 0 {
					ev.Tags = cat.FenceKindTags(e.fence)
				}
			}
			idx[ref{t, i}] = len(c.Events)
			c.Events = append(c.Events, ev)
		}
	}
	for t, th := range p.threads {
		for i, e := range th {
			me := idx[ref{t, i}]
			for j := i + 1; j < len(th); j++ {
				c.PO = append(c.PO, [2]int{me, idx[ref{t, j}]})
				o := th[j]
				if e.atomic != 0 && o.atomic == e.atomic && e.kind == axioms.Load && o.kind == axioms.Store && o.loc == e.loc {
					c.Amo = append(c.Amo, [2]int{me, idx[ref{t, j}]})
				}
			}
			for _, k := range e.addr {
				c.Addr = append(c.Addr, [2]int{idx[ref{t, k}], me})
			}
			for _, k := range e.data {
				c.Data = append(c.Data, [2]int{idx[ref{t, k}], me})
			}
			for _, k := range e.ctrl {
				c.Ctrl = append(c.Ctrl, [2]int{idx[ref{t, k}], me})
			}
			if e.kind == axioms.Load {
				src, ok := rf[ref{t, i}]
				w := e.loc // the initial write
				if ok {
					w = idx[src]
				}
				c.RF = append(c.RF, [2]int{w, me})
			}
		}
	}
	return c
}

// mmAllows instantiates m over the execution and asks whether relation
// variables exist that satisfy every axiom.
func mmAllows(ctx context.Context, m *axioms.Model, p *probe, rf map[ref]ref) (bool, error) {
	u := newProbeUniverse(p, rf)
	inst, err := axioms.Instantiate(m, u, axioms.Options{Ctx: ctx})
	if err != nil {
		return false, err
	}
	cls, err := inst.Clauses()
	if err != nil {
		return false, err
	}
	g := gini.New()
	u.c.ToCnf(g)
	for cl := range cls.All() {
		for _, l := range cl {
			g.Add(l)
		}
		g.Add(z.LitNull)
	}
	g.Assume(inst.Constraint())
	return g.Solve() == 1, nil
}

// probeUniverse is the axioms.Universe of a probe's execution: every
// instruction executes, and aliasing, seeds and dependencies are
// constants.
type probeUniverse struct {
	c     *logic.C
	p     *probe
	refs  []ref
	rf    map[ref]ref
	byRef map[ref]int
	deps  map[[2]int]string
}

func newProbeUniverse(p *probe, rf map[ref]ref) *probeUniverse {
	u := &probeUniverse{c: logic.NewC(), p: p, refs: p.flat(), rf: rf, byRef: map[ref]int{}, deps: map[[2]int]string{}}
	for i, x := range u.refs {
		u.byRef[x] = i
	}
	for i, x := range u.refs {
		e := p.ev(x)
		for _, k := range append(slices.Clone(e.addr), e.data...) {
			u.deps[[2]int{u.byRef[ref{x.t, k}], i}] = "data"
		}
		for _, k := range e.ctrl {
			u.deps[[2]int{u.byRef[ref{x.t, k}], i}] = "ctrl"
		}
	}
	return u
}

func (u *probeUniverse) ev(i int) pev              { return u.p.ev(u.refs[i]) }
func (u *probeUniverse) Circuit() *logic.C         { return u.c }
func (u *probeUniverse) NumInstrs() int            { return len(u.refs) }
func (u *probeUniverse) Guard(int) z.Lit           { return u.c.T }
func (u *probeUniverse) lit(b bool) z.Lit          { return map[bool]z.Lit{true: u.c.T, false: u.c.F}[b] }
func (u *probeUniverse) ForcedOrder(int, int) bool { return false }

func (u *probeUniverse) Kind(i int) axioms.InstrKind { return u.ev(i).kind }

func (u *probeUniverse) FencePred(i int, pred string) bool {
	return slices.Contains(u.ev(i).fence.Predicates(), pred)
}

func (u *probeUniverse) ProgramOrder(i, j int) bool {
	return u.refs[i].t == u.refs[j].t && u.refs[i].i < u.refs[j].i
}

func (u *probeUniverse) Atomic(i, j int) bool {
	a, b := u.ev(i).atomic, u.ev(j).atomic
	return i == j || u.refs[i].t == u.refs[j].t && a != 0 && a == b
}

func (u *probeUniverse) Aliased(i, j int) z.Lit { return u.lit(u.ev(i).loc == u.ev(j).loc) }

func (u *probeUniverse) Seed(l, s int) z.Lit {
	src, ok := u.rf[u.refs[l]]
	return u.lit(ok && src == u.refs[s])
}

func (u *probeUniverse) HasSeed(l int) z.Lit {
	_, ok := u.rf[u.refs[l]]
	return u.lit(ok)
}

func (u *probeUniverse) DataDependent(i, j int) z.Lit {
	return u.lit(u.deps[[2]int{i, j}] == "data")
}

func (u *probeUniverse) ControlDependent(i, j int) z.Lit {
	return u.lit(u.deps[[2]int{i, j}] == "ctrl")
}

// String prints a probe (for test failures).
func (p *probe) String() string {
	s := p.name + ":"
	for t, th := range p.threads {
		s += fmt.Sprintf(" T%d{", t)
		for i, e := range th {
			if i > 0 {
				s += "; "
			}
			switch e.kind {
			case axioms.Load:
				s += fmt.Sprintf("R%d", e.loc)
			case axioms.Store:
				s += fmt.Sprintf("W%d", e.loc)
			default:
				s += "F" + e.fence.String() + fmt.Sprint(e.tags)
			}
		}
		s += "}"
	}
	return s
}

package lsl

import (
	"fmt"
	"math/rand"
	"reflect"
)

// RangesWithin reports the first way in which x says more values are
// possible than y ("" if none): the flow-sensitive analysis must never
// find a value the flow-insensitive sweep does not.
func RangesWithin(x, y *Ranges) string {
	switch {
	case x.Width > y.Width:
		return fmt.Sprintf("width %d > %d", x.Width, y.Width)
	case x.PtrDepth > y.PtrDepth:
		return fmt.Sprintf("pointer depth %d > %d", x.PtrDepth, y.PtrDepth)
	}
	for _, m := range []struct {
		what string
		x, y map[int]*AbsVal
	}{{"address", x.addr, y.addr}, {"value", x.value, y.value}} {
		for id, v := range m.x {
			if !absWithin(v, m.y[id]) {
				return fmt.Sprintf("%s of access %d: %v not within %v", m.what, id, v, m.y[id])
			}
		}
	}
	for r, v := range x.regs {
		if !absWithin(v, y.regs[r]) {
			return fmt.Sprintf("register %s: %v not within %v", r, v, y.regs[r])
		}
	}
	return ""
}

func absWithin(x, y *AbsVal) bool {
	if x.IsEmpty() {
		return true
	}
	if y == nil {
		return false
	}
	if (x.Undef && !y.Undef) || (x.NumTop && !y.NumTop) || (x.PtrTop && !y.PtrTop) {
		return false
	}
	for n := range x.Nums {
		if _, ok := y.Nums[n]; !ok && !y.NumTop {
			return false
		}
	}
	for k := range x.Ptrs {
		if _, ok := y.Ptrs[k]; !ok && !y.PtrTop {
			return false
		}
	}
	for tag, fs := range x.Comps {
		gs, ok := y.Comps[tag]
		if !ok || len(gs) < len(fs) {
			return false
		}
		for i := range fs {
			if !absWithin(fs[i], gs[i]) {
				return false
			}
		}
	}
	return true
}

// absHas reports whether a allows the concrete value v.
func absHas(a *AbsVal, v Value) bool {
	if a == nil {
		return false
	}
	switch v.Kind {
	case KUndef:
		return a.Undef
	case KNum:
		_, ok := a.Nums[v.Num]
		return ok || a.NumTop
	case KPtr:
		if a.PtrTop {
			return true
		}
		_, ok := a.Ptrs[ptrKey(v.Ptr)]
		return ok
	case KComp:
		fs, ok := a.Comps[v.Comp]
		if !ok || len(fs) < len(v.Fields) {
			return false
		}
		for i, f := range v.Fields {
			if !absHas(fs[i], f) {
				return false
			}
		}
		return true
	}
	return false
}

// CheckRangesSound runs every thread of u `runs` times on concrete values
// and reports the first value the analysis r does not allow ("" if none):
// each load returns a random value of the load's range (memory stays
// flow-insensitive, so that is the part of an execution the analysis
// assumes), each choice a random number of its interval, and every address
// accessed, value stored and register assigned must be in its range.
// Branches follow the concrete values; a thread stops at a runtime error,
// an abort or a cut-off. Spin loops retry at most 3 times.
func CheckRangesSound(u *Unrolled, r *Ranges, seed int64, runs int) string {
	x := &soundRun{u: u, r: r, rnd: rand.New(rand.NewSource(seed)), comps: map[string]*Composite{}, maxDepth: mustAnalysis(u).maxDepth}
	for _, c := range u.Prog.Composites {
		x.comps[c.Name] = c
	}
	for _, th := range u.Threads {
		for k := 0; k < runs; k++ {
			x.regs, x.depth = map[Reg]Value{}, map[Reg]int{}
			x.block(th.Body)
			if x.bad != "" {
				return th.Name + ": " + x.bad
			}
		}
	}
	return ""
}

type soundRun struct {
	u     *Unrolled
	r     *Ranges
	rnd   *rand.Rand
	comps map[string]*Composite
	regs  map[Reg]Value
	bad   string
	// depth: how many value-creating operations each register's value
	// was derived through, counting a loaded value's depth as the
	// analysis recorded it. A run that derives a value deeper than the
	// program has such operations (maxDepth) is no execution (the
	// analysis' argument, ranges.go): it stops there.
	depth    map[Reg]int
	maxDepth int
	// sc: the threads run interleaved on one memory (CheckRangesSoundSC);
	// nil: each thread alone, loads from the ranges
	sc     *scMemory
	id     int
	atomic int
}

// flow is how a statement ends: next, a break or continue to a label,
// or the end of the thread.
type soundFlow struct {
	kind  int // 0 next, 1 break, 2 continue, 3 stop
	label string
}

func (x *soundRun) op(o Operand) Value {
	switch o := o.(type) {
	case Const:
		return o.V
	case Reg:
		if v, ok := x.regs[o]; ok {
			return v
		}
	}
	return Undef
}

// argDepth is the deepest derivation among s's register operands.
func (x *soundRun) argDepth(s Stmt) int {
	d := 0
	for _, o := range Operands(s) {
		if r, ok := o.(Reg); ok {
			d = max(d, x.depth[r])
		}
	}
	return d
}

func (x *soundRun) set(r Reg, v Value, depth int, s Stmt) {
	x.regs[r], x.depth[r] = v, depth
	if depth > x.maxDepth {
		return
	}
	if x.bad == "" && !absHas(x.r.Reg(r), v) {
		x.bad = fmt.Sprintf("%v: %s := %v, not in %v", s.Position(), r, v, x.r.Reg(r))
	}
}

func (x *soundRun) block(b *Block) soundFlow {
	{
		f := soundFlow{}
		for _, s := range b.Stmts {
			if f = x.stmt(s); f.kind != 0 || x.bad != "" {
				break
			}
		}
		switch {
		case x.bad != "":
			return soundFlow{kind: 3}
		case b.Label != "" && f.label == b.Label && f.kind == 1:
			return soundFlow{}
		case b.Label != "" && f.label == b.Label && f.kind == 2:
			return soundFlow{kind: 3} // unrolled programs continue spin loops only
		}
		return f
	}
}

func (x *soundRun) stmt(s Stmt) soundFlow {
	switch s := s.(type) {
	case *Block:
		return x.block(s)
	case *Assign:
		args := make([]Value, len(s.Args))
		for i, o := range s.Args {
			args[i] = x.op(o)
		}
		c := x.comps[s.Comp]
		field := -1
		if c != nil && s.Field != "" {
			field = c.FieldIndex(s.Field)
		}
		v, err := EvalOp(s.Op, c, field, args)
		if err != "" {
			return soundFlow{kind: 3}
		}
		d := x.argDepth(s)
		if grows(s.Op) {
			d++
		}
		limit := x.maxDepth
		if l, ok := x.r.depthLimit[s]; ok && x.sc == nil {
			limit = min(limit, l) // no execution passes more growing statements than s's cone has (ranges_cone.go)
		}
		if d > limit {
			return soundFlow{kind: 3}
		}
		x.set(s.Dst, v, d, s)
	case *Choose:
		x.set(s.Dst, Num(s.Lo+x.rnd.Int63n(s.Hi-s.Lo+1)), 0, s)
	case *Load:
		ad := x.op(s.Addr)
		if ad.Kind != KPtr {
			return soundFlow{kind: 3}
		}
		if !absHas(x.r.Addr(s.ID), ad) {
			x.bad = fmt.Sprintf("%v: load %d from %v, not in %v", s.Pos, s.ID, ad, x.r.Addr(s.ID))
			return soundFlow{kind: 3}
		}
		if x.sc != nil {
			x.sc.yield(x)
			v, d := x.sc.load(ad)
			if !absHas(x.r.Value(s.ID), v) {
				x.bad = fmt.Sprintf("%v: load %d of %v, not in %v", s.Pos, s.ID, v, x.r.Value(s.ID))
				return soundFlow{kind: 3}
			}
			x.set(s.Dst, v, d, s)
			break
		}
		vals := x.r.Value(s.ID).scalars()
		if len(vals) == 0 {
			return soundFlow{kind: 3}
		}
		e := vals[x.rnd.Intn(len(vals))]
		x.set(s.Dst, e.v, e.depth, s)
	case *Store:
		ad, v := x.op(s.Addr), x.op(s.Val)
		if ad.Kind != KPtr {
			return soundFlow{kind: 3}
		}
		if !absHas(x.r.Addr(s.ID), ad) || !absHas(x.r.Value(s.ID), v) {
			x.bad = fmt.Sprintf("%v: store %d of %v to %v, not in %v at %v", s.Pos, s.ID, v, ad, x.r.Value(s.ID), x.r.Addr(s.ID))
			return soundFlow{kind: 3}
		}
		if x.sc != nil {
			x.sc.yield(x)
			d := 0
			if r, ok := s.Val.(Reg); ok {
				d = x.depth[r]
			}
			x.sc.store(ad, v, d)
		}
		if s.Status != "" {
			x.set(s.Status, Num(0), 0, s)
		}
	case *If:
		c := x.op(s.Cond)
		var taken bool
		switch c.Kind {
		case KNum:
			taken = c.Num != 0
		case KPtr:
			taken = true
		default:
			return soundFlow{kind: 3}
		}
		if taken && s.Then != nil {
			return x.block(s.Then)
		}
		if !taken && s.Else != nil {
			return x.block(s.Else)
		}
	case *Break:
		return soundFlow{kind: 1, label: s.Label}
	case *Continue:
		return soundFlow{kind: 2, label: s.Label}
	case *Abort, *Pruned:
		return soundFlow{kind: 3}
	case *Atomic:
		x.atomic++
		defer func() { x.atomic-- }()
		return x.block(s.Body)
	case *Spin:
		tries := 3
		if x.sc != nil {
			tries = 1 // each statement once: every value is an execution's
		}
		for try := 0; try < tries; try++ {
			f := x.block(&Block{Stmts: s.Body.Stmts})
			if f.kind != 2 || f.label != s.Label {
				return f
			}
		}
		return soundFlow{kind: 3}
	}
	return soundFlow{}
}

// AnalyzeRangesAllLoads is AnalyzeRanges making every load dirty whenever
// memory changes (the fixpoint before it listed loads per cell).
func AnalyzeRangesAllLoads(u *Unrolled, opt RangeOptions) *Ranges {
	opt.allLoads = true
	return AnalyzeRanges(u, opt)
}

// RangesEqual describes a difference between x and y (with derivation
// depths and cone limits), or returns "".
func RangesEqual(x, y *Ranges) string {
	switch {
	case x.Width != y.Width || x.Fallback != y.Fallback || x.PtrDepth != y.PtrDepth || x.MaxFields != y.MaxFields:
		return fmt.Sprintf("width %d/%d, fallback %v/%v, pointer depth %d/%d, fields %d/%d", x.Width, y.Width, x.Fallback, y.Fallback, x.PtrDepth, y.PtrDepth, x.MaxFields, y.MaxFields)
	case !reflect.DeepEqual(x.addr, y.addr):
		return "addresses differ"
	case !reflect.DeepEqual(x.value, y.value):
		return "values differ"
	case !reflect.DeepEqual(x.regs, y.regs):
		return "registers differ"
	case !reflect.DeepEqual(x.depthLimit, y.depthLimit):
		return "cone limits differ"
	}
	return ""
}

// mustAnalysis is newAnalysis without a context (it cannot fail).
func mustAnalysis(u *Unrolled) *analysis {
	a, _ := newAnalysis(u, RangeOptions{})
	return a
}

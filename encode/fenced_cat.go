package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// Storing rounds behind fences on cat models (docs/semantics.md, "Storing
// rounds behind fences", on cat models). The .mm argument in the memory
// order carries over to one acyclic check X of the model that holds every
// external reads-from and from-read pair (cat.PoOrder), with the order X
// keeps between a thread's events in place of the fences: (A) the round's
// superseding store s2 is ordered by X before every later store of its
// thread that is not initializing (lsl.LoadOrder.StoreUnordered), and (B)
// every load is ordered by X before the stores and loads after it that
// matter (lsl.LoadOrdersBy). A load L that reads the round's store s then
// has s2 X+ L and L fre s2 (s co s2 by coherence per location): a cycle.

// catEventOrder is lsl.EventOrder on a cat model: the classes of the
// encoding's events (kind and tags, as catevents.go gives them) and the
// pairs the model's check orders.
type catEventOrder struct {
	m       *cat.Model
	progC11 bool
	po      *cat.PoOrder
	classes []cat.EventClass
	index   map[string]int
	loads   uint64
	stores  uint64
	memo    map[[4]int]bool
}

// newCatEventOrder builds the order for the program of u on cat model m;
// nil when the argument does not apply: no check holds every rfe and fre
// pair, the model reads C11 orders itself (a compare-exchange's read then
// has a tag per outcome), fence synthesis has conditional tags, or there
// are more than 64 classes.
func newCatEventOrder(m *cat.Model, u *lsl.Unrolled) *catEventOrder {
	if m == nil || u.Prog == nil || m.KnowsC11() {
		return nil
	}
	o := &catEventOrder{m: m, progC11: u.Prog.C11, index: map[string]int{}, memo: map[[4]int]bool{}}
	ok := true
	visit := func(s lsl.Stmt) bool {
		for _, t := range lsl.Tags(s) {
			if _, _, cond := lsl.ParseCondTag(t); cond {
				ok = false
			}
		}
		switch s.(type) {
		case *lsl.Load, *lsl.Store, *lsl.Fence:
			for _, atomic := range []bool{false, true} {
				if _, ev, known := o.class(s, atomic); ev && !known {
					ok = false
				}
			}
		}
		return true
	}
	for _, pr := range u.Prog.Procs {
		lsl.Walk(pr.Body, visit)
	}
	if !ok || len(o.classes) > 64 {
		return nil
	}
	if o.po = cat.NewPoOrder(m, o.classes); o.po == nil {
		return nil
	}
	return o
}

// class finds (adding it when new) the class of s's event; known is false
// when the model cannot read s's tags.
func (o *catEventOrder) class(s lsl.Stmt, atomic bool) (cls int, event, known bool) {
	var kind axioms.InstrKind
	var ck cat.EventKind
	switch s.(type) {
	case *lsl.Load:
		kind, ck = axioms.Load, cat.Read
	case *lsl.Store:
		kind, ck = axioms.Store, cat.Write
	case *lsl.Fence:
		kind, ck = axioms.Fence, cat.Fence
	default:
		return 0, false, true
	}
	tags := lsl.Tags(s)
	// (locked false: an untagged block's accesses are classed without the
	// mapping's Block tags, which only add order on tso-cat, the one model
	// that has them; whether the encoding's instance of the block has a
	// load and a store is not known here)
	out, _, ok := c11EventTags(o.m, o.progC11, kind, atomic, false, tags)
	if !ok {
		return 0, true, false
	}
	if f, isFence := s.(*lsl.Fence); isFence {
		if mmOnlyNoBarrier(tags, out) {
			return 0, false, true
		}
		if len(out) == 0 && len(tags) == 0 {
			out = cat.FenceKindTags(f.Kind)
		}
	}
	c := cat.EventClass{Kind: ck, Tags: out}
	k := c.Key()
	i, seen := o.index[k]
	if !seen {
		i = len(o.classes)
		o.index[k] = i
		o.classes = append(o.classes, c)
		if i < 64 {
			switch ck {
			case cat.Read:
				o.loads |= 1 << i
			case cat.Write:
				o.stores |= 1 << i
			}
		}
	}
	return i, true, true
}

func (o *catEventOrder) Class(s lsl.Stmt, atomic bool) (int, bool) {
	i, ev, known := o.class(s, atomic)
	if !known || i >= 64 {
		return 0, false
	}
	return i, ev
}

func (o *catEventOrder) Loads() uint64  { return o.loads }
func (o *catEventOrder) Stores() uint64 { return o.stores }

func (o *catEventOrder) Ordered(a, fence, b int, sameLoc bool) bool {
	key := [4]int{a, fence, b, 0}
	if sameLoc {
		key[3] = 1
	}
	if v, ok := o.memo[key]; ok {
		return v
	}
	var fences []cat.EventClass
	if fence >= 0 {
		fences = []cat.EventClass{o.classes[fence]}
	}
	v := o.po.Ordered(o.classes[a], fences, o.classes[b], sameLoc)
	o.memo[key] = v
	return v
}

// catLoadOrder is the load-order analysis on the encoding's cat model,
// once; nil when the argument does not apply.
func (e *Encoding) catLoadOrder() *lsl.LoadOrder {
	if e.catLoadOrderDone {
		return e.loadOrderMemo
	}
	e.catLoadOrderDone = true
	if o := newCatEventOrder(e.Memory.Cat(), e.U); o != nil {
		lo := lsl.LoadOrdersBy(e.U, o)
		e.loadOrderMemo = &lo
	}
	return e.loadOrderMemo
}

// catFencedSuperseded is fencedSuperseded on a cat model coherent per
// location: each executed store s of rec is followed in its thread by an
// executed store s2 to its address whose statement the model orders
// before every later store of the thread that is not initializing, s is
// to no global a load may read unordered after another load, and every
// load of the concurrent threads is ordered before the later stores that
// are not initializing.
func (e *Encoding) catFencedSuperseded(rec *cycleRec) z.Lit {
	c := e.C
	if !e.catSuperseded || !e.catStoringCycles {
		return c.F
	}
	lo := e.catLoadOrder()
	if lo == nil || lo.StoreAfterLoad || lo.AnyLoadAfterLoad {
		return c.F
	}
	blocks := lo.Blocks()
	parts := []z.Lit{}
	for _, st := range rec.stores {
		s := e.Instrs[st]
		var later []z.Lit
		for _, j := range e.Threads[rec.thread].Instrs {
			in := e.Instrs[j]
			if j < rec.hi || in.Kind != axioms.Store {
				continue
			}
			if st2, ok := in.Stmt.(*lsl.Store); !ok || e.U.StoreOrigin[st2] == nil || lo.StoreUnordered[e.U.StoreOrigin[st2]] {
				continue
			}
			later = append(later, c.And(in.Guard, e.aliased(s, in)))
		}
		conds := []z.Lit{c.Ors(later...)}
		for _, b := range blocks {
			conds = append(conds, e.addrInBlock(s.Addr, b).Not())
		}
		parts = append(parts, c.Implies(s.Guard, c.Ands(conds...)))
	}
	return c.Ands(parts...)
}

// catFencedRoundsMayApply is FencedRoundsMayApply on a cat model: coherent
// per location with fair progress over storing rounds, no superseded case
// of sc, tso and rc11, and the program's loads ordered by the model.
func catFencedRoundsMayApply(opt Options, m *memmodel.Model, u *lsl.Unrolled) bool {
	p := m.Props()
	if opt.NoCatStoringCycles || !p.StorelessCycles || !p.CoherentPerLocation || m.FairProgressStoresSafe() != nil {
		return false
	}
	o := newCatEventOrder(m.Cat(), u)
	if o == nil {
		return false
	}
	lo := lsl.LoadOrdersBy(u, o)
	return !lo.StoreAfterLoad && !lo.AnyLoadAfterLoad
}

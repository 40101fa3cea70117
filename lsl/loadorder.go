package lsl

import (
	"maps"
	"slices"
	"strings"
)

// Loads a fence orders (docs/semantics.md, "Storing rounds behind
// fences"), for the encoding (encode/fenced.go) and the reference
// (refcheck). A storing round of a thread T cut off inside its loop may be
// deleted on a weak .mm model when no load after the cut can read its
// stores. Such a load L is po | rf after T's events past the cut. When a
// full fence follows T's superseding store s2 before the cut, those events
// come after s2 in memory order; the chain to L then stays after s2 if, in
// every thread, a load comes before each store after it in program order,
// and before each later load that may read the round's address. This file
// finds, over the program's code, where that fails: a load followed by a
// store, or by a load of which address, with no load-store (load-load)
// fence between them and not in one atomic block with it.
//
// The analysis runs over the procedures the concurrent threads may run,
// not the unrolled threads: the events after the cut are instances of the
// same statements that the unrolling does not hold. It follows each
// thread's operations in order from its start (no load pending) through
// calls, loops, breaks and atomic blocks; the state at a point is whether
// some earlier load may still be unordered before later loads, or before
// later stores.

// LoadOrder is what the analysis found.
type LoadOrder struct {
	// StoreAfterLoad: a load may be followed by a store (or a free, or a
	// pool allocation) with no load-store or full fence between them,
	// outside a common atomic block.
	StoreAfterLoad bool
	// AnyLoadAfterLoad: a load whose address is not a constant may follow
	// a load with no load-load or full fence between them, outside a
	// common atomic block; the program forges pointers, or recurses.
	AnyLoadAfterLoad bool
	// LoadAfterLoad: the global blocks (by base) that a load with a
	// constant address may read when it follows another load that way.
	LoadAfterLoad map[int64]bool
	// StoreUnordered (on a cat model, LoadOrdersBy): the program's stores
	// that a later store of their thread, not an initializing one, may
	// follow without the model ordering the two.
	StoreUnordered map[*Store]bool
}

// Blocks lists LoadAfterLoad sorted.
func (o LoadOrder) Blocks() []int64 { return slices.Sorted(maps.Keys(o.LoadAfterLoad)) }

// pendingLoads: whether an earlier load may be unordered before later
// loads (ll) and later stores (ls). lsAddr, when ls holds, is the address
// every such load used (the procedure and the register, or the constant),
// "*" when they differ or the register was assigned since: a store to the
// same address comes after them in memory order on every vetted model
// (relaxed's M1, rmo's A3: an access before a store to its address), as
// in a plain x++.
type pendingLoads struct {
	ll, ls bool
	lsAddr string
}

func (p pendingLoads) or(q pendingLoads) pendingLoads {
	out := pendingLoads{p.ll || q.ll, p.ls || q.ls, ""}
	switch {
	case !p.ls:
		out.lsAddr = q.lsAddr
	case !q.ls || p.lsAddr == q.lsAddr:
		out.lsAddr = p.lsAddr
	default:
		out.lsAddr = "*"
	}
	return out
}

// loaded is p after a load of address key.
func (p pendingLoads) loaded(key string) pendingLoads {
	if p.ls && p.lsAddr != key {
		key = "*"
	}
	return pendingLoads{true, true, key}
}

// forget makes the address key unknown when match accepts it.
func (p pendingLoads) forget(match func(string) bool) pendingLoads {
	if p.ls && p.lsAddr != "*" && match(p.lsAddr) {
		p.lsAddr = "*"
	}
	return p
}

// orderState is the state at a program point: reach (the point may run),
// out (loads before the current atomic block, or all when outside one),
// in (loads of the current atomic block: ordered before the block's later
// accesses by the atomic axiom, pending for what follows the block).
type orderState struct {
	reach   bool
	out, in pendingLoads
	// pend: on a cat model (EventOrder), the events not yet ordered
	// before everything that follows; bools: registers known to hold a
	// branch condition's truth (loadorder_cat.go)
	pend, bools string
}

func (s orderState) join(t orderState) orderState {
	switch {
	case !s.reach:
		return t
	case !t.reach:
		return s
	}
	return orderState{true, s.out.or(t.out), s.in.or(t.in), joinPending(s.pend, t.pend), joinBools(s.bools, t.bools)}
}

// forget makes the address keys that match accepts unknown.
func (s orderState) forget(match func(string) bool) orderState {
	s.out, s.in = s.out.forget(match), s.in.forget(match)
	return s
}

// forgetKeys is s.forget, and on a cat model the pending events' address
// keys too.
func (a *loadOrderAnalysis) forgetKeys(s orderState, match func(string) bool) orderState {
	s = s.forget(match)
	if a.order != nil {
		s.pend = a.forgetPending(s.pend, match)
		s.bools = forgetBools(s.bools, match)
	}
	return s
}

// fold ends an atomic block: its loads join the pending ones.
func (s orderState) fold() orderState {
	return orderState{s.reach, s.out.or(s.in), pendingLoads{}, s.pend, s.bools}
}

type orderFrame struct {
	label     string
	atomic    bool // the labelled block lies inside an atomic block
	brk, cont orderState
}

type orderKey struct {
	proc   string
	st     orderState
	atomic bool
}

type loadOrderAnalysis struct {
	procs     map[string]*Proc
	proc      string // the procedure being analysed
	init      privateInit
	poolFresh bool // poolIsFresh: a malloc's flag accesses pass nothing on
	res       LoadOrder
	frames    []*orderFrame
	memo      map[orderKey]orderState
	active    map[string]bool
	// order: a cat model's order of a thread's events; nil on .mm
	// models, where fence kinds decide (loadorder_cat.go)
	order   EventOrder
	entries []pendingEvent
	entryID map[pendingEvent]int
	stores  map[*Store]int // the program's stores, numbered
	storeOf []*Store
}

// LoadOrders analyses the code the concurrent threads of u may run.
func LoadOrders(u *Unrolled) LoadOrder { return LoadOrdersBy(u, nil) }

// LoadOrdersBy is LoadOrders on a cat model whose order of a thread's
// events is order (nil: a .mm model, whose fence kinds decide).
func LoadOrdersBy(u *Unrolled, order EventOrder) LoadOrder {
	a := &loadOrderAnalysis{procs: map[string]*Proc{}, res: LoadOrder{LoadAfterLoad: map[int64]bool{}}, memo: map[orderKey]orderState{}, active: map[string]bool{}, order: order}
	if order != nil {
		a.res.StoreUnordered = map[*Store]bool{}
		a.entryID = map[pendingEvent]int{}
		a.stores = map[*Store]int{}
	}
	if u.Prog == nil || forgesPointers(u) {
		a.res.StoreAfterLoad, a.res.AnyLoadAfterLoad = true, true
		return a.res
	}
	for _, pr := range u.Prog.Procs {
		a.procs[pr.Name] = pr
	}
	a.poolFresh = poolIsFresh(u)
	a.init = analyzePrivateInit(u.Prog, a.poolFresh)
	for _, th := range u.Threads {
		if th.Kind != ThreadConcurrent {
			continue
		}
		st := orderState{reach: true}
		for _, op := range th.Ops {
			st = a.call(op, st, false)
		}
	}
	return a.res
}

func (a *loadOrderAnalysis) call(name string, st orderState, atomic bool) orderState {
	if !st.reach {
		return st
	}
	pr := a.procs[name]
	if pr == nil || a.active[name] {
		// code the analysis cannot see, or a recursion: anything may
		// follow
		a.res.StoreAfterLoad, a.res.AnyLoadAfterLoad = true, true
		return orderState{true, pendingLoads{true, true, "*"}, pendingLoads{}, st.pend, ""}
	}
	key := orderKey{name, st, atomic}
	if out, ok := a.memo[key]; ok {
		return out
	}
	a.active[name] = true
	saved, caller := a.frames, a.proc
	a.frames, a.proc = nil, name
	out := a.block(pr.Body, st, atomic)
	a.frames, a.proc = saved, caller
	delete(a.active, name)
	// the callee's registers are gone
	out = a.forgetKeys(out, func(k string) bool { return strings.HasPrefix(k, name+"\x00") })
	a.memo[key] = out
	return out
}

// block runs a block, as a loop when something continues it.
func (a *loadOrderAnalysis) block(b *Block, st orderState, atomic bool) orderState {
	if b.Label == "" {
		return a.stmts(b.Stmts, st, atomic)
	}
	return a.loop(b.Label, st, atomic, func(entry orderState) orderState { return a.stmts(b.Stmts, entry, atomic) })
}

// loop runs body, labelled label, from st and from every state a continue
// of the label reaches, to a fixpoint; the result joins the end of the
// body and the breaks out of it.
func (a *loadOrderAnalysis) loop(label string, st orderState, atomic bool, body func(orderState) orderState) orderState {
	entry := st
	for {
		f := &orderFrame{label: label, atomic: atomic}
		a.frames = append(a.frames, f)
		out := body(entry)
		a.frames = a.frames[:len(a.frames)-1]
		next := entry.join(f.cont)
		if next == entry {
			return out.join(f.brk)
		}
		entry = next
	}
}

func (a *loadOrderAnalysis) stmts(ss []Stmt, st orderState, atomic bool) orderState {
	for _, s := range ss {
		st = a.stmt(s, st, atomic)
	}
	return st
}

func (a *loadOrderAnalysis) load(addr Operand, st orderState, atomic bool) orderState {
	if st.out.ll { // an access here may be unordered after st.out's loads
		if k, ok := addr.(Const); ok && k.V.Kind == KPtr && len(k.V.Ptr) > 0 {
			a.res.LoadAfterLoad[k.V.Ptr[0]] = true
		} else {
			a.res.AnyLoadAfterLoad = true
		}
	}
	key := a.addrKey(addr)
	if atomic {
		st.in = st.in.loaded(key)
	} else {
		st.out = st.out.loaded(key)
	}
	return st
}

func (a *loadOrderAnalysis) store(addr Operand, st orderState) orderState {
	if st.out.ls && (addr == nil || st.out.lsAddr == "*" || st.out.lsAddr != a.addrKey(addr)) {
		a.res.StoreAfterLoad = true
	}
	return st
}

// addrKey names an address operand: a constant, or a register of the
// current procedure; "*" for none (the pool's bookkeeping).
func (a *loadOrderAnalysis) addrKey(addr Operand) string {
	switch o := addr.(type) {
	case Reg:
		return a.proc + "\x00" + string(o)
	case Const:
		return "const\x00" + o.V.String()
	}
	return "*"
}

// assigned notes that register r of the current procedure gets a value.
func (a *loadOrderAnalysis) assigned(st orderState, r Reg) orderState {
	if r == "" {
		return st
	}
	key := a.proc + "\x00" + string(r)
	return a.forgetKeys(st, func(k string) bool { return k == key })
}

func (a *loadOrderAnalysis) stmt(s Stmt, st orderState, atomic bool) orderState {
	if !st.reach {
		return st
	}
	if a.order != nil {
		if out, ok := a.catStmt(s, st, atomic); ok {
			return out
		}
	}
	switch s := s.(type) {
	case *Block:
		return a.block(s, st, atomic)
	case *Load:
		if a.init.initialized[s] {
			// it reads only initializing stores: checked as a later
			// load, but nothing after it need wait for it
			a.load(s.Addr, st, atomic)
			return a.assigned(st, s.Dst)
		}
		return a.assigned(a.load(s.Addr, st, atomic), s.Dst)
	case *Store:
		if !a.init.initializing[s] { // else no other thread can read it before a later store
			st = a.store(s.Addr, st)
		}
		return a.assigned(st, s.Status)
	case *Free:
		return a.store(nil, st)
	case *Alloc:
		if s.Kind == AllocPool && !a.poolFresh {
			// the pool's own bookkeeping may load and store
			st = a.load(nil, st, atomic)
			st = a.store(nil, st)
		}
		return a.assigned(st, s.Dst)
	case *Assign:
		return a.assigned(st, s.Dst)
	case *Choose:
		return a.assigned(st, s.Dst)
	case *Fence:
		if s.Cand > 0 {
			return st // runs only under some fence selections
		}
		clear := func(p pendingLoads) pendingLoads {
			switch s.Kind {
			case FenceFull:
				return pendingLoads{}
			case FenceLoadLoad:
				p.ll = false
			case FenceLoadStore:
				p.ls, p.lsAddr = false, ""
			}
			return p
		}
		st.out, st.in = clear(st.out), clear(st.in)
		return st
	case *If:
		then := a.block(s.Then, st, atomic)
		els := st
		if s.Else != nil {
			els = a.block(s.Else, st, atomic)
		}
		return then.join(els)
	case *Atomic:
		if atomic {
			return a.block(s.Body, st, true)
		}
		inner := st
		inner.in = pendingLoads{}
		return a.block(s.Body, inner, true).fold()
	case *Spin:
		return a.loop(s.Label, st, atomic, func(entry orderState) orderState { return a.block(s.Body, entry, atomic) })
	case *Break:
		a.jump(s.Label, st, atomic, false)
		return orderState{}
	case *Continue:
		a.jump(s.Label, st, atomic, true)
		return orderState{}
	case *Abort, *Pruned:
		return orderState{}
	case *Call:
		st = a.call(s.Proc, st, atomic)
		for _, r := range s.Results {
			st = a.assigned(st, r)
		}
		return st
	}
	return st
}

// jump records the state at a break or continue for the labelled block it
// leaves or restarts; leaving an atomic block folds its loads.
func (a *loadOrderAnalysis) jump(label string, st orderState, atomic, cont bool) {
	for i := len(a.frames) - 1; i >= 0; i-- {
		f := a.frames[i]
		if f.label != label {
			continue
		}
		if atomic && !f.atomic {
			st = st.fold()
		}
		if cont {
			f.cont = f.cont.join(st)
		} else {
			f.brk = f.brk.join(st)
		}
		return
	}
	// a jump to no enclosing label: the analysis cannot follow it
	a.res.StoreAfterLoad, a.res.AnyLoadAfterLoad = true, true
}

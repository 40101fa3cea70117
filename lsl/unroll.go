package lsl

import (
	"context"
	"fmt"
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
)

// UnrollOptions control Unroll.
type UnrollOptions struct {
	// Bounds gives the number of iterations of each loop instance (and the
	// recursion depth of each recursive procedure per operation), by key.
	// Missing keys get DefaultBound (1 when zero).
	Bounds       Bounds
	DefaultBound int
	// Serial wraps every operation in an atomic block: with the sc model this
	// yields the serial executions that mining enumerates (§6.5).
	Serial bool
	// Omit lists fences of the program to leave out ("checkfence fences"
	// tries the program without each of them).
	Omit map[*Fence]bool
	// KeepFaint keeps the assignments to faint registers (faint.go), which
	// Unroll otherwise deletes from every thread.
	KeepFaint bool
	// FixedPool lets lsl_malloc take a fixed block when no block can be
	// handed out twice: when every lsl_free is in the final thread and
	// every lsl_malloc outside it, malloc instance i takes pool block i
	// instead of choosing one (unroll_pool.go). Only for checks whose
	// verdict does not depend on block numbers (a whole program: no
	// observations; the same argument as fresh blocks,
	// docs/semantics.md "A pool without reuse").
	FixedPool bool
	// FixedPoolUnfenced: with a fixed pool, malloc and free go without
	// the full fences around them. For a model whose use-after-free rule
	// does not read a memory order (memmodel.Properties.MemoryOrder false:
	// the cat models, whose rule is by
	// program and thread order, encode/memsafety.go): no block passes
	// between threads through the allocator, so the fences, which stand
	// for a lock-based allocator's handoff, would only order what C11
	// leaves unordered (as for fresh blocks,
	// frontend/llvm/pthread_alloc.go) and, on rc11, add sc fences whose
	// relations cost the encoding some 20× (issue 52).
	FixedPoolUnfenced bool
	// FencedAllocator keeps the allocator of CheckFence-style programs
	// (full fences around an untagged atomic block, seq_cst on rc11) in
	// C11 programs too, instead of C11's acquire malloc and release free
	// (allocatorOrder; for the tests that compare).
	FencedAllocator bool
	// Ctx, if set, stops the unrolling when done (--timeout, --max-memory,
	// Ctrl-C): Unroll then returns a *CanceledError.
	Ctx context.Context
}

// Unroll inlines the operations of each thread, unrolls loops and recursion
// to their bounds (cutting off the rest with Pruned), allocates memory blocks
// and numbers the instructions (§4.5.1). The program must have passed Check.
func Unroll(p *Program, threads []ThreadSpec, opt UnrollOptions) (_ *Unrolled, err error) {
	if opt.DefaultBound <= 0 {
		opt.DefaultBound = 1
	}
	defer func() {
		if rec := recover(); rec != nil {
			c, ok := rec.(unrollCanceled)
			if !ok {
				panic(rec)
			}
			err = c.err
		}
	}()
	r := &unroller{
		poll:     limits.Poller{Ctx: opt.Ctx, Phase: "unrolling"},
		p:        p,
		opt:      opt,
		u:        &Unrolled{Prog: p, Loops: map[LoopKey]*LoopInfo{}, Serial: opt.Serial},
		loopOrd:  map[*Block]int{},
		isLoop:   map[*Block]bool{},
		typeSeen: map[string]int{},
	}
	for _, g := range p.Globals {
		r.u.Blocks = append(r.u.Blocks, &BlockInfo{Base: int64(len(r.u.Blocks) + 1), Kind: BlockGlobal, Name: g.Name, Type: g.Type, Site: g.Pos})
	}
	for _, t := range threads {
		if t.Kind == ThreadConcurrent {
			r.numThreads++
		}
	}
	ci := 0
	for _, spec := range threads {
		th := &Thread{Kind: spec.Kind, Index: -1, Ops: append([]string(nil), spec.Ops...), Detached: spec.Detached}
		switch spec.Kind {
		case ThreadInit:
			th.Name = "init"
		case ThreadFinal:
			th.Name = "final"
		default:
			th.Index = ci
			ci++
			th.Name = "t" + strconv.Itoa(ci)
		}
		if err := r.thread(th, spec); err != nil {
			return nil, err
		}
		r.u.Threads = append(r.u.Threads, th)
	}
	r.expandPool()
	if !opt.KeepFaint {
		for _, th := range r.u.Threads {
			n, err := dropFaint(th.Body, &r.poll)
			if err != nil {
				return nil, err
			}
			r.u.FaintDropped += n
		}
	}
	r.number()
	return r.u, nil
}

type unroller struct {
	p          *Program
	opt        UnrollOptions
	u          *Unrolled
	inst       int // activation counter: register and label suffixes
	numThreads int
	threadID   int64
	loopOrd    map[*Block]int // static ordinal of each loop block within its procedure
	isLoop     map[*Block]bool
	typeSeen   map[string]int // per-name counters for block names
	pool       []*poolSite
	poll       limits.Poller
	scopes     []localScope // calls whose locals die when they return
	leakOp     *Block       // the last operation of the test, when it checks for leaks
	kind       ThreadKind   // of the thread being unrolled
}

// localScope is an inlined call with address-taken locals: they die at
// the end of body.
type localScope struct {
	body   *Block
	locals []int64
	thread int
	proc   string
}

// unrollCanceled carries a cancellation out of the recursive unrolling.
type unrollCanceled struct{ err error }

// activation is one inlined procedure call.
type activation struct {
	proc   *Proc
	suffix string
	key    string            // "t1.2:enqueue>helper": prefix of loop keys
	opKey  string            // "t1.2": prefix of recursion keys
	stack  []string          // procedures being inlined, outermost first
	labels map[string]string // source label → renamed label, for the labels in scope
	iter   map[string]string // loop label → label of the current iteration block
	spins  map[string]bool   // labels of enclosing spin loops
	path   string            // enclosing loop iterations: "L1#2/"
	locals []int64           // blocks of its alloc local statements
}

// poolSite is an lsl_malloc or lsl_free awaiting expansion: the pool size is
// the number of malloc instances in the whole unrolled program.
type poolSite struct {
	slot  *Block // filled with the expansion
	alloc *Alloc // nil for free
	free  Operand
	dst   Reg
	pos   diag.Pos
	tmp   string
	final bool // in the final thread
}

func (r *unroller) thread(th *Thread, spec ThreadSpec) error {
	r.kind = spec.Kind
	if spec.Kind == ThreadConcurrent {
		r.threadID = int64(th.Index)
	} else {
		r.threadID = int64(r.numThreads) // init and final get the id after the last thread
	}
	body := &Block{}
	if spec.Kind == ThreadFinal {
		body.Stmts = append(body.Stmts, &Fence{Kind: FenceFull}) // join
	}
	for k, name := range spec.Ops {
		var pos diag.Pos
		if k < len(spec.OpPos) {
			pos = spec.OpPos[k]
		}
		proc := r.p.Proc(name)
		if proc == nil {
			return diag.ErrorfCode(pos, diag.CodeUndeclared, "unknown operation %s", name)
		}
		if len(proc.Params) > 0 || len(proc.Results) > 0 {
			return diag.ErrorfCode(pos, diag.CodeInvalidConstruct, "operation %s must take no arguments and return nothing", name)
		}
		opKey := th.Name + "." + strconv.Itoa(k)
		a := r.newActivation(proc, opKey+":"+name, opKey, nil)
		op := &Block{Stmts: []Stmt{r.block(a, proc.Body)}, Pos: pos}
		var st Stmt = op
		if r.opt.Serial {
			st = &Atomic{Body: op, Pos: pos}
		}
		body.Stmts = append(body.Stmts, st)
		if spec.CheckLeaks && k == len(spec.Ops)-1 {
			r.leakOp = op
		}
	}
	if spec.Kind == ThreadInit {
		body.Stmts = append(body.Stmts, &Fence{Kind: FenceFull}) // thread creation
	}
	th.Body = body
	return nil
}

func (r *unroller) newActivation(p *Proc, key, opKey string, stack []string) *activation {
	r.inst++
	return &activation{
		proc:   p,
		suffix: "$" + strconv.Itoa(r.inst),
		key:    key,
		opKey:  opKey,
		stack:  append(append([]string(nil), stack...), p.Name),
		labels: map[string]string{},
		iter:   map[string]string{},
		spins:  map[string]bool{},
	}
}

func (a *activation) reg(x Reg) Reg { return x + Reg(a.suffix) }

func (a *activation) op(o Operand) Operand {
	if x, ok := o.(Reg); ok {
		return a.reg(x)
	}
	return o
}

func (a *activation) ops(os []Operand) []Operand {
	out := make([]Operand, len(os))
	for i, o := range os {
		out[i] = a.op(o)
	}
	return out
}

func (a *activation) label(l string) string {
	return l + "__" + a.suffix[1:]
}

func (r *unroller) block(a *activation, b *Block) *Block {
	if b == nil {
		return &Block{}
	}
	if b.Label != "" && r.loop(a.proc, b) {
		return r.unrollLoop(a, b)
	}
	out := &Block{Pos: b.Pos}
	if b.Label != "" {
		out.Label = a.label(b.Label)
		a.labels[b.Label] = out.Label
		defer delete(a.labels, b.Label)
	}
	out.Stmts = r.stmts(a, b.Stmts)
	return out
}

func (r *unroller) stmts(a *activation, in []Stmt) []Stmt {
	var out []Stmt
	for _, s := range in {
		out = r.stmt(a, s, out)
	}
	return out
}

// loop reports whether labelled block b continues itself, i.e. is a loop.
func (r *unroller) loop(p *Proc, b *Block) bool {
	if v, ok := r.isLoop[b]; ok {
		return v
	}
	found := b.IsLoop()
	r.isLoop[b] = found
	if found {
		r.numberLoops(p)
	}
	return found
}

// numberLoops gives every loop block of p its ordinal, used in loop keys.
func (r *unroller) numberLoops(p *Proc) {
	if p == nil {
		return
	}
	if _, done := r.loopOrd[p.Body]; done {
		return
	}
	r.loopOrd[p.Body] = 0
	n := 0
	Walk(p.Body, func(s Stmt) bool {
		if b, ok := s.(*Block); ok && b.Label != "" && b != p.Body {
			if r.loopNoNumber(b) {
				n++
				r.loopOrd[b] = n
			}
		}
		return true
	})
	if p.Body.Label != "" && r.loopNoNumber(p.Body) {
		r.loopOrd[p.Body] = n + 1
	}
}

func (r *unroller) loopNoNumber(b *Block) bool {
	if v, ok := r.isLoop[b]; ok {
		return v
	}
	found := b.IsLoop()
	r.isLoop[b] = found
	return found
}

// unrollLoop unrolls loop block b to its bound (Fig. 4.6):
//
//	L: { L_i1: { body[continue L ↦ break L_i1]; break L } … L_ik: {…}; pruned }
func (r *unroller) unrollLoop(a *activation, b *Block) *Block {
	ord := r.loopOrd[b]
	key := loopKey(a.key, a.path, ord)
	bound := r.bound(key)
	if _, ok := r.u.Loops[key]; !ok {
		r.u.Loops[key] = &LoopInfo{Key: key, Pos: b.Pos, Proc: a.proc.Name, Label: b.Label, Bound: bound}
	}
	outer := &Block{Label: a.label(b.Label), Pos: b.Pos}
	a.labels[b.Label] = outer.Label
	savedPath := a.path
	for i := 1; i <= bound; i++ {
		it := &Block{Label: outer.Label + "_i" + strconv.Itoa(i), Pos: b.Pos, Iter: i, Loop: key}
		a.iter[b.Label] = it.Label
		a.path = iterationPath(savedPath, ord, i)
		it.Stmts = r.stmts(a, b.Stmts)
		it.Stmts = append(it.Stmts, &Break{Label: outer.Label, Pos: b.Pos})
		outer.Stmts = append(outer.Stmts, it)
	}
	a.path = savedPath
	delete(a.iter, b.Label)
	delete(a.labels, b.Label)
	outer.Stmts = append(outer.Stmts, &Pruned{Loop: key, Pos: b.Pos})
	return outer
}

func (r *unroller) bound(key LoopKey) int {
	if n, ok := r.opt.Bounds[key]; ok && n > 0 {
		return n
	}
	return r.opt.DefaultBound
}

func (r *unroller) stmt(a *activation, s Stmt, out []Stmt) []Stmt {
	if err := r.poll.Check(); err != nil {
		panic(unrollCanceled{err})
	}
	switch s := s.(type) {
	case *Block:
		return append(out, r.block(a, s))
	case *Assign:
		switch s.Op {
		case OpThreadID:
			return append(out, &Assign{Dst: a.reg(s.Dst), Op: OpCopy, Args: []Operand{Const{Num(r.threadID)}}, Pos: s.Pos})
		case OpNumThreads:
			return append(out, &Assign{Dst: a.reg(s.Dst), Op: OpCopy, Args: []Operand{Const{Num(int64(r.numThreads))}}, Pos: s.Pos})
		}
		return append(out, &Assign{Dst: a.reg(s.Dst), Op: s.Op, Comp: s.Comp, Field: s.Field, Args: a.ops(s.Args), Pos: s.Pos})
	case *Load:
		return append(out, &Load{Dst: a.reg(s.Dst), Addr: a.op(s.Addr), Expr: s.Expr, Tags: s.Tags, Pos: s.Pos})
	case *Store:
		st := &Store{Addr: a.op(s.Addr), Val: a.op(s.Val), Expr: s.Expr, Tags: s.Tags, Pos: s.Pos}
		if r.u.StoreOrigin == nil {
			r.u.StoreOrigin = map[*Store]*Store{}
		}
		r.u.StoreOrigin[st] = s
		if s.Status != "" {
			st.Status = a.reg(s.Status)
		}
		return append(out, st)
	case *Fence:
		if r.opt.Omit[s] {
			return out
		}
		return append(out, &Fence{Kind: s.Kind, Tags: s.Tags, Pos: s.Pos, Cand: s.Cand})
	case *If:
		n := &If{Cond: a.op(s.Cond), Then: r.block(a, s.Then), Pos: s.Pos}
		if s.Else != nil {
			n.Else = r.block(a, s.Else)
		}
		return append(out, n)
	case *Break:
		return append(out, &Break{Label: a.labels[s.Label], Pos: s.Pos})
	case *Continue:
		if a.spins[s.Label] {
			return append(out, &Continue{Label: a.labels[s.Label], Pos: s.Pos})
		}
		return append(out, &Break{Label: a.iter[s.Label], Pos: s.Pos})
	case *Abort:
		return append(out, &Abort{Msg: s.Msg, Pos: s.Pos})
	case *Pruned:
		return append(out, &Pruned{Loop: s.Loop, Pos: s.Pos})
	case *Call:
		return r.call(a, s, out)
	case *Choose:
		return append(out, &Choose{Dst: a.reg(s.Dst), Lo: s.Lo, Hi: s.Hi, Expr: s.Expr, Pos: s.Pos})
	case *Atomic:
		return append(out, &Atomic{Body: r.block(a, s.Body), Pos: s.Pos})
	case *Spin:
		n := &Spin{Label: a.label(s.Label), Pos: s.Pos}
		a.labels[s.Label] = n.Label
		a.spins[s.Label] = true
		n.Body = r.block(a, s.Body)
		delete(a.labels, s.Label)
		delete(a.spins, s.Label)
		return append(out, n)
	case *Assert:
		return append(out, &Assert{Cond: a.op(s.Cond), Msg: s.Msg, Pos: s.Pos})
	case *Assume:
		return append(out, &Assume{Cond: a.op(s.Cond), Pos: s.Pos})
	case *Observe:
		n := &Observe{Kind: s.Kind, Name: s.Name, Pos: s.Pos}
		if s.Val != nil {
			n.Val = a.op(s.Val)
		}
		return append(out, n)
	case *Alloc:
		return r.alloc(a, s, out)
	case *Free:
		if s.Kind == AllocPool {
			slot := &Block{Pos: s.Pos}
			r.inst++
			r.pool = append(r.pool, &poolSite{slot: slot, free: a.op(s.Ptr), pos: s.Pos, tmp: "$" + strconv.Itoa(r.inst), final: r.kind == ThreadFinal})
			return append(out, slot)
		}
		return append(out, &Free{Ptr: a.op(s.Ptr), Kind: s.Kind, Pos: s.Pos})
	}
	panic(fmt.Sprintf("unroll: unexpected statement %T", s))
}

func (r *unroller) call(a *activation, s *Call, out []Stmt) []Stmt {
	callee := r.p.Proc(s.Proc)
	depth := 0
	for _, name := range a.stack {
		if name == s.Proc {
			depth++
		}
	}
	if depth > 0 {
		key := recursionKey(a.opKey, s.Proc)
		bound := r.bound(key)
		if li, ok := r.u.Loops[key]; !ok {
			r.u.Loops[key] = &LoopInfo{Key: key, Pos: s.Pos, Proc: s.Proc, Bound: bound, Recursion: true}
		} else if li.Bound < bound {
			li.Bound = bound
		}
		if depth >= bound {
			return append(out, &Pruned{Loop: key, Pos: s.Pos})
		}
	}
	b := r.newActivation(callee, a.key+">"+s.Proc, a.opKey, a.stack)
	for i, p := range callee.Params {
		out = append(out, &Assign{Dst: b.reg(p), Op: OpCopy, Args: []Operand{a.op(s.Args[i])}, Pos: s.Pos})
	}
	body := r.block(b, callee.Body)
	out = append(out, body)
	if len(b.locals) > 0 {
		r.scopes = append(r.scopes, localScope{body: body, locals: b.locals, thread: len(r.u.Threads), proc: callee.Name})
	}
	for i, res := range s.Results {
		out = append(out, &Assign{Dst: a.reg(res), Op: OpCopy, Args: []Operand{b.reg(callee.Results[i])}, Pos: s.Pos})
	}
	return out
}

func (r *unroller) alloc(a *activation, s *Alloc, out []Stmt) []Stmt {
	if s.Kind == AllocPool {
		slot := &Block{Pos: s.Pos}
		r.inst++
		r.pool = append(r.pool, &poolSite{slot: slot, alloc: s, dst: a.reg(s.Dst), pos: s.Pos, tmp: "$" + strconv.Itoa(r.inst), final: r.kind == ThreadFinal})
		return append(out, slot)
	}
	kind := BlockFresh
	name := "block"
	if s.Type != nil && s.Type.Name != "" {
		name = s.Type.Name
	}
	if s.Kind == AllocLocal {
		kind = BlockLocal
		if s.Name != "" {
			name = s.Name
		}
	}
	base := r.newBlock(kind, name, s.Type, s.Pos)
	if s.Kind == AllocLocal {
		a.locals = append(a.locals, base)
	}
	return append(out, &Assign{Dst: a.reg(s.Dst), Op: OpCopy, Args: []Operand{Const{Ptr(base)}}, Pos: s.Pos})
}

// newBlock adds a memory block named name#k (k counts blocks of that name).
func (r *unroller) newBlock(kind BlockKind, name string, t *TypeRef, pos diag.Pos) int64 {
	r.typeSeen[name]++
	base := int64(len(r.u.Blocks) + 1)
	r.u.Blocks = append(r.u.Blocks, &BlockInfo{Base: base, Kind: kind, Name: name + "#" + strconv.Itoa(r.typeSeen[name]), Type: t, Site: pos})
	return base
}

// number assigns instruction ids to loads, stores and fences, thread by
// thread in program order.
func (r *unroller) number() {
	id := 0
	ends := map[*Block]int{} // scope bodies → the last id inside
	for _, sc := range r.scopes {
		ends[sc.body] = 0
	}
	var walk func(s Stmt)
	walk = func(s Stmt) {
		switch s := s.(type) {
		case *Load:
			id++
			s.ID = id
		case *Store:
			id++
			s.ID = id
		case *Fence:
			id++
			s.ID = id
		case *Block:
			for _, t := range s.Stmts {
				walk(t)
			}
			if _, ok := ends[s]; ok {
				ends[s] = id
			}
		case *If:
			if s.Then != nil {
				walk(s.Then)
			}
			if s.Else != nil {
				walk(s.Else)
			}
		case *Atomic:
			walk(s.Body)
		case *Spin:
			walk(s.Body)
		}
	}
	for _, th := range r.u.Threads {
		walk(th.Body)
	}
	r.u.NumIDs = id
	for _, sc := range r.scopes {
		for _, b := range sc.locals {
			bi := r.u.Blocks[b-1]
			bi.Dies, bi.Thread, bi.EndID, bi.Proc = true, sc.thread, ends[sc.body], sc.proc
		}
	}
}

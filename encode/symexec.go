package encode

import (
	"fmt"
	"slices"
	"sort"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// sstate is the symbolic state of one execution state of the encoder
// (guardmap/regmap of §5.5.4): the condition under which execution is in it,
// the register contents, the control dependencies so far, and the number of
// observation records opened so far.
type sstate struct {
	g    z.Lit
	r    map[lsl.Reg]*Val
	ctrl depSet
	rec  *Val
}

// threadSymExec runs the forward symbolic execution of one thread.
type threadSymExec struct {
	e      *Encoding
	th     *ThreadEnc
	ti     int
	cur    sstate
	breaks map[string][]sstate
	// labelBlocks are the labelled blocks in scope, by label (where a
	// break's state joins: its registers live there are kept)
	labelBlocks map[string]*lsl.Block
	conts       map[string][]z.Lit
	spins       [][]int // loads seen inside the enclosing spin loops
	spinSt      [][]int // stores seen inside the enclosing spin loops
	atomic      int
	op          int
	labels      int // number of observe label statements: bound on the record index
	// fair progress: the registers compared at each iteration block (nil
	// without fair progress), and the possibly redundant last iteration
	// of each loop instance, for its pruned statement
	live map[*lsl.Block][]lsl.Reg
	// liveness says which registers an if's join keeps (merge)
	liveness *lsl.Liveness
	starts   map[lsl.LoopKey][]*iterStart // per loop instance, its iterations so far
	cycles   map[lsl.LoopKey][]*cycleRec  // cycles ending at the loop's bound
	// loops is the stack of loop instances being run (their outer blocks,
	// numbered by nextLoop): a cut-off inside one of them is within it.
	loops    []int
	nextLoop int
	// reload is the load the next loop's first round may re-read (reload.go)
	reload *reloadSource
}

func (e *Encoding) execThread(ti int, th *lsl.Thread) {
	c := e.C
	te := &ThreadEnc{T: th}
	x := &threadSymExec{e: e, th: te, ti: ti, breaks: map[string][]sstate{}, labelBlocks: map[string]*lsl.Block{}, conts: map[string][]z.Lit{}, starts: map[lsl.LoopKey][]*iterStart{}, cycles: map[lsl.LoopKey][]*cycleRec{}}
	x.liveness = lsl.BodyLiveness(th.Body)
	if e.fair {
		x.live = x.liveness.Iters
	}
	lsl.Walk(th.Body, func(s lsl.Stmt) bool {
		if o, ok := s.(*lsl.Observe); ok && o.Kind == lsl.ObsLabel {
			x.labels++
		}
		return true
	})
	te.Start = e.startGuard(th)
	x.cur = sstate{g: te.Start, r: map[lsl.Reg]*Val{}, rec: e.vx.num(bv.Const(c, 0, e.vx.w))}
	// Body.Stmts are the operations, plus the creation/join fences.
	op := 0
	for _, s := range th.Body.Stmts {
		if f, ok := s.(*lsl.Fence); ok && f.Kind == lsl.FenceFull && s != nil && isThreadFence(th, s) {
			x.op = -1
		} else {
			x.op = op
			op++
		}
		x.stmt(s)
	}
	te.Done = x.cur.g
	e.Threads = append(e.Threads, te)
}

// startGuard is the condition under which a thread starts (SPEC §4): the
// concurrent threads are created when the init thread has completed, and
// the final thread runs after every other thread has completed (joined).
// A thread that failed, blocked or was cut off at a loop bound is never
// joined, so the final thread does not run in such an execution: it must
// not fail on, observe or deadlock over work that was never done.
func (e *Encoding) startGuard(th *lsl.Thread) z.Lit {
	c := e.C
	var before []z.Lit
	for _, t := range e.Threads {
		switch {
		case th.Kind == lsl.ThreadConcurrent && t.T.Kind == lsl.ThreadInit:
			before = append(before, t.Done)
		case th.Kind == lsl.ThreadFinal && t.T.Kind != lsl.ThreadFinal:
			before = append(before, t.Done)
		}
	}
	return c.Ands(before...)
}

// isThreadFence reports whether s is the fence the unroller adds at the end
// of the init thread or the start of the final thread.
func isThreadFence(th *lsl.Thread, s lsl.Stmt) bool {
	n := len(th.Body.Stmts)
	switch th.Kind {
	case lsl.ThreadInit:
		return s == th.Body.Stmts[n-1]
	case lsl.ThreadFinal:
		return s == th.Body.Stmts[0]
	}
	return false
}

func (x *threadSymExec) val(o lsl.Operand) *Val {
	switch o := o.(type) {
	case lsl.Reg:
		if v, ok := x.cur.r[o]; ok {
			return v
		}
		return x.e.undef
	case lsl.Const:
		return x.e.vx.constVal(o.V)
	}
	panic(fmt.Sprintf("bad operand %T", o))
}

func (x *threadSymExec) set(r lsl.Reg, v *Val) {
	x.cur.r[r] = v
}

func copyRegs(m map[lsl.Reg]*Val) map[lsl.Reg]*Val {
	n := make(map[lsl.Reg]*Val, len(m))
	for k, v := range m {
		n[k] = v
	}
	return n
}

func (x *threadSymExec) fork(g z.Lit) sstate {
	return sstate{g: g, r: copyRegs(x.cur.r), ctrl: x.cur.ctrl, rec: x.cur.rec}
}

// forkKeep is fork with only the registers keep says are live (nil: all).
func (x *threadSymExec) forkKeep(g z.Lit, keep func(lsl.Reg) bool) sstate {
	if keep == nil {
		return x.fork(g)
	}
	r := map[lsl.Reg]*Val{}
	for k, v := range x.cur.r {
		if keep(k) {
			r[k] = v
		}
	}
	return sstate{g: g, r: r, ctrl: x.cur.ctrl, rec: x.cur.rec}
}

// liveAfterIf and liveAfterBlock are the registers kept at the join of
// an if's branches and of the breaks of a labelled block (nil: all).
func (x *threadSymExec) liveAfterIf(s *lsl.If) func(lsl.Reg) bool {
	if x.e.keepDead {
		return nil
	}
	return func(r lsl.Reg) bool { return x.liveness.LiveAfterIf(s, r) }
}

func (x *threadSymExec) liveAfterBlock(b *lsl.Block) func(lsl.Reg) bool {
	if x.e.keepDead || b == nil {
		return nil
	}
	return func(r lsl.Reg) bool { return x.liveness.LiveAfterBlock(b, r) }
}

// merge joins two states that reach the same point, keeping only the
// registers keep says are live after the join (nil: all; lsl.Liveness):
// a register that no path reads again before writing it is dropped
// rather than multiplexed, so a chain of n nested ifs or breaks, each
// with its own temporaries (a switch of n cases), joins in linear rather
// than quadratic time and leaves no dead multiplexers in the circuit.
func (x *threadSymExec) merge(a, b sstate, keep func(lsl.Reg) bool) sstate {
	c := x.e.C
	if a.g == c.F {
		return b
	}
	if b.g == c.F {
		return a
	}
	out := sstate{g: c.Or(a.g, b.g), r: make(map[lsl.Reg]*Val, len(a.r))}
	// Visit registers in a fixed order so that the circuit, and with it the
	// solver's search and the counterexamples, are the same on every run.
	live := func(k lsl.Reg) bool { return keep == nil || keep(k) }
	keys := make([]lsl.Reg, 0, len(a.r)+len(b.r))
	for k := range a.r {
		if live(k) {
			keys = append(keys, k)
		}
	}
	for k := range b.r {
		if _, ok := a.r[k]; !ok && live(k) {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	for i, k := range keys {
		if i%256 == 255 {
			x.e.checkCanceled() // joins of many branches are quadratic in the registers
		}
		va, ok := a.r[k]
		if !ok {
			va = x.e.undef
		}
		vb, ok := b.r[k]
		if !ok {
			vb = x.e.undef
		}
		out.r[k] = x.e.vx.mux(a.g, va, vb)
	}
	out.rec = x.e.vx.mux(a.g, a.rec, b.rec)
	if x.e.trackDeps {
		out.ctrl = muxDeps(c, a.g, a.ctrl, b.ctrl)
	}
	return out
}

// dropDead forgets the registers no path from if statement s reads
// before writing them (lsl.Liveness.LiveBeforeIf), so that the branches
// fork without copying them: a chain of nested ifs whose branches each
// define temporaries would otherwise copy all of them at every level.
func (x *threadSymExec) dropDead(s *lsl.If) {
	if x.e.keepDead {
		return
	}
	for k := range x.cur.r {
		if !x.liveness.LiveBeforeIf(s, k) {
			delete(x.cur.r, k)
		}
	}
}

func (x *threadSymExec) stmts(ss []lsl.Stmt) {
	for _, s := range ss {
		if x.cur.g == x.e.C.F {
			return // the rest of the block is unreachable
		}
		x.stmt(s)
	}
}

// block runs a (possibly labelled) block and joins the breaks that target it.
func (x *threadSymExec) block(b *lsl.Block) {
	if b.Iter > 0 && x.live != nil {
		x.iteration(b)
		x.reload = nil
		return
	}
	x.plainBlock(b)
	x.reload = nil // the joins of the block's breaks
}

func (x *threadSymExec) plainBlock(b *lsl.Block) {
	if x.live != nil && b.UnrolledLoop() {
		x.nextLoop++
		x.loops = append(x.loops, x.nextLoop)
		defer func() { x.loops = x.loops[:len(x.loops)-1] }()
	}
	if b.Label == "" {
		x.stmts(b.Stmts)
		return
	}
	saved, had := x.breaks[b.Label]
	savedBlock := x.labelBlocks[b.Label]
	x.breaks[b.Label] = nil
	x.labelBlocks[b.Label] = b
	x.stmts(b.Stmts)
	keep := x.liveAfterBlock(b)
	for _, s := range x.breaks[b.Label] {
		x.cur = x.merge(x.cur, s, keep)
	}
	if had {
		x.breaks[b.Label] = saved
		x.labelBlocks[b.Label] = savedBlock
	} else {
		delete(x.breaks, b.Label)
		delete(x.labelBlocks, b.Label)
	}
}

// fail records an error site reached under g ∧ cond and continues on ¬cond.
func (x *threadSymExec) fail(reason string, s lsl.Stmt, cond z.Lit, msg string, args []*Val) {
	c := x.e.C
	g := c.And(x.cur.g, cond)
	if g == c.F {
		return
	}
	es := &ErrorSite{Reason: reason, Thread: x.ti, Op: x.op, Stmt: s, Guard: g, Msg: msg, Args: args}
	if a, ok := s.(*lsl.Assign); ok {
		es.Assign = a
	}
	x.th.Errors = append(x.th.Errors, es)
	x.cur.g = c.And(x.cur.g, cond.Not())
}

func (x *threadSymExec) addCtrl(v *Val) {
	if x.e.trackDeps && len(v.deps) > 0 {
		x.cur.ctrl = unionDeps(x.e.C, x.cur.ctrl, v.deps)
	}
}

func (x *threadSymExec) instr(kind axioms.InstrKind, s lsl.Stmt, id int) *Instr {
	in := &Instr{Index: len(x.e.Instrs), ID: id, Kind: kind, Thread: x.ti, Op: x.op, Stmt: s, Guard: x.cur.g, Atomic: x.atomic}
	if x.e.trackDeps {
		in.cdeps = x.cur.ctrl
	}
	x.e.Instrs = append(x.e.Instrs, in)
	x.th.Instrs = append(x.th.Instrs, in.Index)
	return in
}

func (x *threadSymExec) stmt(s lsl.Stmt) {
	x.e.checkCanceled()
	c := x.e.C
	vx := x.e.vx
	x.trackReload(s)
	switch s := s.(type) {
	case *lsl.Block:
		x.block(s)
	case *lsl.Assign:
		args := make([]*Val, len(s.Args))
		for i, a := range s.Args {
			args[i] = x.val(a)
		}
		if !x.e.trackDeps {
			for i, a := range args {
				if len(a.deps) > 0 {
					args[i] = withDeps(a, nil)
				}
			}
		}
		var res *Val
		var err z.Lit
		if s.Op == lsl.OpZext || s.Op == lsl.OpSext {
			// the width is a parameter, not a value of the encoding's
			// width (lsl sanity: a constant from 1 to 63)
			res, err = vx.extend(s.Op, args[0], s.Args[1].(lsl.Const).V.Num), args[0].N.Not()
			args = args[:1]
		} else {
			res, err = vx.apply(s.Op, s.Comp, s.Field, args)
		}
		x.fail(trace.ReasonRuntimeError, s, err, "", args)
		x.set(s.Dst, res)
	case *lsl.Load:
		addr := x.val(s.Addr)
		x.fail(trace.ReasonRuntimeError, s, addr.P.Not(), "", []*Val{addr})
		x.checkBounds(s, s.ID, addr)
		if x.cur.g == c.F {
			return
		}
		in := x.instr(axioms.Load, s, s.ID)
		in.Addr = addr
		in.Data = vx.fresh(x.e.Ranges.Value(s.ID))
		if x.e.trackDeps {
			in.ddeps = addr.deps
			in.adeps = addr.deps
			// a chain of register dependencies continues through the
			// address of a load into its value (§3.4.2)
			in.Data.deps = unionDeps(c, addr.deps, depSet{{load: in.Index, cond: c.T}})
		}
		for i := range x.spins {
			x.spins[i] = append(x.spins[i], in.Index)
		}
		x.set(s.Dst, in.Data)
		x.checkPoolAccess(s, in)
		x.noteReloadLoad(s, in)
	case *lsl.Store:
		addr := x.val(s.Addr)
		v := x.val(s.Val)
		x.fail(trace.ReasonRuntimeError, s, addr.P.Not(), "", []*Val{addr})
		x.checkBounds(s, s.ID, addr)
		if x.cur.g == c.F {
			return
		}
		in := x.instr(axioms.Store, s, s.ID)
		in.Addr = addr
		in.Data = v
		if s.Status != "" {
			st := vx.constVal(lsl.Num(0))
			if x.e.trackDeps {
				st = withDeps(st, depSet{{load: in.Index, cond: c.T}})
			}
			x.set(s.Status, st)
		}
		for i := range x.spinSt {
			x.spinSt[i] = append(x.spinSt[i], in.Index)
		}
		if x.e.trackDeps {
			in.ddeps = unionDeps(c, addr.deps, v.deps)
			in.adeps, in.vdeps = addr.deps, v.deps
		}
		x.checkPoolAccess(s, in)
	case *lsl.Fence:
		in := x.instr(axioms.Fence, s, s.ID)
		in.Fence = s.Kind
		if s.Cand > 0 {
			in.Guard = c.And(in.Guard, x.e.Selector(s.Cand)) // fencecandidates.go
		}
		if lsl.CondOnly(s.Tags) {
			in.Guard = c.And(in.Guard, x.e.anySelected(s.Tags)) // fencecandidates.go
		}
		if x.reload != nil {
			x.reload.fences = append(x.reload.fences, in)
		}
	case *lsl.If:
		cond := x.val(s.Cond)
		t, err := vx.truth(cond)
		x.fail(trace.ReasonRuntimeError, s, err, "", []*Val{cond})
		x.dropDead(s)
		before := x.cur.ctrl
		x.addCtrl(cond)
		g := x.cur.g
		elseState := x.fork(c.And(g, t.Not()))
		x.cur.g = c.And(g, t)
		x.block(s.Then)
		thenState := x.cur
		x.cur = elseState
		if s.Else != nil {
			x.block(s.Else)
		}
		x.cur = x.merge(thenState, x.cur, x.liveAfterIf(s))
		if x.e.U.Prog.ScopedCtrl {
			x.cur.ctrl = before // the dependency ends with the if
		}
	case *lsl.Break:
		x.breaks[s.Label] = append(x.breaks[s.Label], x.forkKeep(x.cur.g, x.liveAfterBlock(x.labelBlocks[s.Label])))
		x.cur.g = c.F
	case *lsl.Continue:
		x.conts[s.Label] = append(x.conts[s.Label], x.cur.g)
		x.cur.g = c.F
	case *lsl.Abort:
		x.fail(trace.ReasonRuntimeError, s, c.T, s.Msg, nil)
	case *lsl.Pruned:
		ps := &PrunedSite{Loop: s.Loop, Thread: x.ti, Guard: x.cur.g, Pos: s.Pos, InAtomic: x.atomic != 0, within: slices.Clone(x.loops)}
		if x.live != nil {
			x.pruned(ps) // cycles at the bound are no cut-off (fairness.go)
		}
		x.th.Pruned = append(x.th.Pruned, ps)
		x.cur.g = c.F
	case *lsl.Choose:
		v := bv.FreshRange(c, s.Lo, s.Hi, vx.w)
		lo, hi := bv.Const(c, s.Lo, vx.w), bv.Const(c, s.Hi, vx.w)
		x.e.wellformed = append(x.e.wellformed, bv.Sle(c, lo, v), bv.Sle(c, v, hi))
		x.set(s.Dst, vx.num(v))
		if at, ok := x.e.paramChooses[s]; ok {
			at.cl.vals[at.i] = vx.num(v)
		}
		if s.Expr != "" {
			x.th.Choices = append(x.th.Choices, &ChoiceSite{Stmt: s, Op: x.op, Guard: x.cur.g, Value: vx.num(v), Next: len(x.e.Instrs)})
		}
	case *lsl.Atomic:
		saved := x.atomic
		if x.atomic == 0 {
			x.e.atomics++
			x.atomic = x.e.atomics
			x.e.noteLocked(x.atomic, s)
		}
		from := len(x.e.Instrs)
		x.block(s.Body)
		x.atomic = saved
		if x.e.silentRMWs() && lsl.CheckedRMW(s) {
			x.e.noteChainRMW(from)
			if lsl.PlainRMW(s) {
				x.e.noteRMW(from)
			}
		}
	case *lsl.Spin:
		x.conts[s.Label] = nil
		x.spins = append(x.spins, nil)
		x.spinSt = append(x.spinSt, nil)
		x.block(&lsl.Block{Label: s.Label, Stmts: s.Body.Stmts, Pos: s.Body.Pos})
		loads := x.spins[len(x.spins)-1]
		x.spins = x.spins[:len(x.spins)-1]
		stores := x.spinSt[len(x.spinSt)-1]
		x.spinSt = x.spinSt[:len(x.spinSt)-1]
		blocked := c.Ors(x.conts[s.Label]...)
		delete(x.conts, s.Label)
		x.th.Spins = append(x.th.Spins, &SpinSite{Stmt: s, Thread: x.ti, Op: x.op, Blocked: blocked, Loads: loads, Stores: stores})
	case *lsl.Assert:
		cond := x.val(s.Cond)
		t, err := vx.truth(cond)
		x.fail(trace.ReasonRuntimeError, s, err, "", []*Val{cond})
		x.addCtrl(cond)
		msg := s.Msg
		if msg == "" {
			msg = "assertion failed"
		}
		x.fail(trace.ReasonAssertion, s, t.Not(), msg, nil)
	case *lsl.Assume:
		cond := x.val(s.Cond)
		t, err := vx.truth(cond)
		x.fail(trace.ReasonRuntimeError, s, err, "", []*Val{cond})
		x.addCtrl(cond)
		x.e.assumeFail = append(x.e.assumeFail, c.And(x.cur.g, t.Not()))
		x.cur.g = c.And(x.cur.g, t)
	case *lsl.Observe:
		x.observe(s)
	case *lsl.Free:
		p := x.val(s.Ptr)
		x.fail(trace.ReasonRuntimeError, s, p.P.Not(), "free of a value that is not a pointer", []*Val{p})
	default:
		panic(fmt.Sprintf("encode: statement %T in unrolled program", s))
	}
}

// observe records an observation under every record index it may have.
func (x *threadSymExec) observe(s *lsl.Observe) {
	c := x.e.C
	vx := x.e.vx
	var v *Val
	if s.Kind == lsl.ObsLabel {
		x.cur.rec = vx.num(bv.Add(c, x.cur.rec.Num, bv.Const(c, 1, vx.w)))
		v = vx.constVal(lsl.Num(1))
	} else {
		v = x.val(s.Val)
		// observing an uninitialised value is a runtime error (SPEC §6)
		x.fail(trace.ReasonRuntimeError, s, v.U, "", []*Val{v})
	}
	for j := 0; j <= x.labels; j++ {
		x.e.checkCanceled() // quadratic in the labels of a thread
		at := bv.Eq(c, x.cur.rec.Num, bv.Const(c, int64(j), vx.w))
		g := c.And(x.cur.g, at)
		if g == c.F {
			continue
		}
		x.th.obs = append(x.th.obs, &obsEvent{key: trace.ObsKey{Thread: x.ti, Record: j, Kind: s.Kind, Name: s.Name}, guard: g, val: v, op: x.op})
	}
}

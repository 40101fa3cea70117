package refcheck

import (
	"fmt"
	"slices"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// status is how a thread's run ends.
type status uint8

const (
	statusDone       status = iota + 1 // completed normally
	statusError                        // failed an assertion or a runtime check
	statusBlocked                      // retries a spin loop (its last iteration)
	statusPruned                       // reached a loop bound
	statusDiscarded                    // assume(false): not an execution at all
	statusNotStarted                   // waits for a thread that did not complete
)

// Failure reasons, as in the --json "reason" field: the engine's
// spelling (package trace, plain data shared with the outputs, not the
// engine's semantics), so the differential tests compare like with like.
const (
	ReasonAssertion    = trace.ReasonAssertion
	ReasonRuntimeError = trace.ReasonRuntimeError
	ReasonDeadlock     = trace.ReasonDeadlock
	ReasonLivelock     = trace.ReasonLivelock
	ReasonConsistency  = trace.ReasonConsistency
	ReasonNoSerial     = "no-serial-execution" // an INCONCLUSIVE reason (mining.ReasonNoSerial)
)

// instr is one executed load, store or fence of a run (a local trace entry,
// Def. 1 extended by §3.4).
type instr struct {
	kind   axioms.InstrKind
	addr   lsl.Value // accesses
	val    lsl.Value // accesses: the value loaded or stored
	fence  lsl.FenceKind
	atomic int   // outermost atomic block instance of the thread, 0 outside
	rmw    uint8 // rmwLoad or rmwStore: an access of a lsl.PlainRMW block (silent.go)
	crmw   uint8 // the same for a lsl.CheckedRMW block (chain.go)
	ddeps  []int // loads (local indices) this instruction is data dependent on
	cdeps  []int // loads this instruction is control dependent on
	stmt   lsl.Stmt
}

// run is one path of one thread: its local trace, how it ended and what it
// observed. Loads take the values the enumeration chose.
type run struct {
	instrs     []instr
	status     status
	reason     string // statusError
	msg        string
	loop       lsl.LoopKey // statusPruned: the loop instance
	inAtomic   bool        // statusPruned: inside an atomic block
	spinLoads  []int       // statusBlocked: local indices of the loads of the last iteration
	spinStores []int       // and of its stores (they do not make a load non-final)
	livelock   bool        // statusBlocked: repeats a redundant loop iteration (fair progress)
	// readConds constrain the seed function (fair progress): whether the
	// stores of an iteration are read by some load outside it.
	readConds []readCond
	// notFinal: a thread cut off after a cycle that stores is cut off only
	// if some of these loads (local indices) does not read a final value.
	notFinal []int
	// boundChain: the stores of the shortest cycle at the bound (of a
	// livelocked or cut-off run) when they may form a chain (chain.go);
	// when it holds they do not make its loads non-final.
	boundChain *chainCond
	// jointChain: boundChain writes a global only read-modify-writes of the
	// concurrent threads reach (chaincut.go): a livelocked run's chain
	// then does not make the loads of other such runs non-final.
	jointChain bool
	// cutChains: chains of cycles guessed unread that a cut-off inside
	// their loop does not keep (chaincut.go): the run is deleted when the
	// seed function makes one of them hold.
	cutChains []*chainCond
	// supersededIfAlone: a cycle whose stores were guessed unread is
	// deleted all the same when every other thread but the final one
	// completes (finishFair).
	supersededIfAlone bool
	// reloadSupersededIfAlone: the same for a storing reload round, on
	// the models where that case holds (model.reloadSupersedes)
	reloadSupersededIfAlone bool
	// supersededSealed: such a cycle or round is deleted whatever the
	// other threads do, on a built-in model, because its stores go to
	// blocks only its thread accesses (lsl.SealedBlocks) or, for a
	// cycle, are all silent (sealed.go)
	supersededSealed bool
	// supersededFenced: such a cycle or round is deleted whatever the
	// other threads do, on a built-in model, because each of its stores is
	// followed by a store to its address and a full or store-store fence,
	// and no load of the program reads it unordered after another
	// (fenced.go);
	// supersededFencedInOrder: the same on a model whose loads are in
	// order, where the last condition is not needed
	supersededFenced, supersededFencedInOrder bool
	// unpublishedIfSC: per superseded reload round guessed unread, the
	// blocks its stores go to, all private to the thread: on sc the run
	// is deleted all the same when no store of the combination publishes
	// one of them (unpublished.go).
	unpublishedIfSC [][]int64
	obs             map[obsKey]lsl.Value
	canon           string // canonThread of obs
	// Use after free (memsafety.go): whether an access to an lsl_malloc
	// block finds it allocated depends on the memory order, so the run
	// guesses, and the global search checks the guesses. allocated lists
	// the accesses guessed to find their block allocated; freedAt is the
	// access guessed not to (the run fails there), or -1.
	allocated []int
	freedAt   int
}

// sigKind is how a statement completes (dissertation §4.2 execution
// states); sigStop means the thread has ended (see run.status).
type sigKind uint8

const (
	sigOK sigKind = iota
	sigBreak
	sigContinue
	sigStop
)

type sig struct {
	kind  sigKind
	label string
}

// interp executes one thread concretely. Every nondeterministic choice (the
// value of a load, a choose) is asked of choice, which the enumerator
// drives.
type interp struct {
	prog   *lsl.Program
	u      *lsl.Unrolled
	sealed map[int64]int // lsl.SealedBlocks(u), with fair progress
	// loadOrder: lsl.LoadOrders(u), with fair progress
	loadOrder *lsl.LoadOrder
	ti        int // the thread's index in u.Threads
	values    func(addr lsl.Value) []lsl.Value
	choice    func(n int) int
	regs      map[lsl.Reg]lsl.Value
	deps      map[lsl.Reg][]int // loads each register's value was computed from
	ctrl      []int             // loads some earlier branch condition depends on
	atomic    int
	atomics   int
	record    int
	r         *run
	fair      bool
	live      map[*lsl.Block]regSet // fair progress: live registers of each iteration (liveness.go)
	starts    map[lsl.LoopKey][]iterState
	nobs      int // observe statements executed
	// loops is the stack of loop instances being run (outer blocks of
	// unrolled loops, numbered by nextLoop); stopLoops is it when the run
	// was cut off. pending are the cycles that store whose stores the run
	// guessed unread: they delete the run unless it is cut off inside
	// their loop instance (finishFair).
	loops, stopLoops []int
	nextLoop         int
	pending          []pendingCycle
	// reload: reload rounds apply (reload.go); reloadSrc is the load the
	// next loop's first round may re-read.
	reload     bool
	reloadDeps bool                   // dependencies matter: reload rounds keep them
	silent     bool                   // silent read-modify-writes apply (silent.go)
	rmwOnly    map[int64]*lsl.RMWOnly // lsl.RMWOnlyGlobals when silent (chaincut.go)
	reloadSrc  *reloadSrc

	// storingReloads: a reload round may store (reload.go)
	storingReloads bool
}

// pendingCycle is a cycle that stores, guessed unread (fair progress).
type pendingCycle struct {
	instance int
	stores   []int      // local indices
	hi       int        // the cycle's instructions end here
	cut      *chainCond // a chain a cut-off does not keep (chaincut.go), or nil
	reload   bool       // a storing reload round (reload.go)
	silent   bool       // a cycle whose stores are all silent (silent.go)
}

func (x *interp) operand(o lsl.Operand) (lsl.Value, []int) {
	switch o := o.(type) {
	case lsl.Reg:
		v, ok := x.regs[o]
		if !ok {
			return lsl.Undef, nil
		}
		return v, x.deps[o]
	case lsl.Const:
		return o.V, nil
	}
	panic(fmt.Sprintf("refcheck: bad operand %T", o))
}

func (x *interp) stop(st status, reason, msg string) sig {
	x.r.status, x.r.reason, x.r.msg = st, reason, msg
	return sig{kind: sigStop}
}

func (x *interp) emit(in instr) int {
	in.atomic = x.atomic
	in.cdeps = x.ctrl
	x.r.instrs = append(x.r.instrs, in)
	return len(x.r.instrs) - 1
}

// block runs a statement list; a break to the block's own label ends it
// normally.
func (x *interp) block(b *lsl.Block) sig {
	if b.Iter > 0 && x.fair {
		g := x.iteration(b)
		x.reloadSrc = nil
		return g
	}
	defer func() { x.reloadSrc = nil }()
	if x.fair && b.UnrolledLoop() {
		x.nextLoop++
		x.loops = append(x.loops, x.nextLoop)
		defer func() { x.loops = x.loops[:len(x.loops)-1] }()
	}
	for _, s := range b.Stmts {
		g := x.stmt(s)
		if g.kind == sigOK {
			continue
		}
		if g.kind == sigBreak && b.Label != "" && g.label == b.Label {
			return sig{}
		}
		return g
	}
	return sig{}
}

// branch evaluates a condition; a condition that is not a truth value is a
// runtime error. The loads it depends on become control dependencies of
// every later instruction of the thread.
func (x *interp) branch(o lsl.Operand) (bool, bool) {
	v, d := x.operand(o)
	t, err := lsl.Truth(v)
	if err != "" {
		x.stop(statusError, ReasonRuntimeError, err)
		return false, false
	}
	x.ctrl = union(x.ctrl, d)
	return t, true
}

func (x *interp) stmt(s lsl.Stmt) sig {
	x.trackReload(s)
	switch s := s.(type) {
	case *lsl.Block:
		return x.block(s)
	case *lsl.Assign:
		args := make([]lsl.Value, len(s.Args))
		var d []int
		for i, a := range s.Args {
			var ad []int
			args[i], ad = x.operand(a)
			d = union(d, ad)
		}
		comp := x.prog.Composite(s.Comp)
		field := -1
		if comp != nil {
			field = comp.FieldIndex(s.Field)
		}
		v, err := lsl.EvalOp(s.Op, comp, field, args)
		if err != "" {
			return x.stop(statusError, ReasonRuntimeError, err)
		}
		x.regs[s.Dst], x.deps[s.Dst] = v, d
	case *lsl.Load:
		addr, ad := x.operand(s.Addr)
		if addr.Kind != lsl.KPtr {
			return x.stop(statusError, ReasonRuntimeError, "load from a "+addr.Kind.String())
		}
		if msg := x.memCheck(addr, s.ID); msg != "" {
			return x.stop(statusError, ReasonRuntimeError, msg)
		}
		cands := x.values(addr)
		v := cands[x.choice(len(cands))]
		i := x.emit(instr{kind: axioms.Load, addr: addr, val: v, ddeps: ad, stmt: s})
		x.regs[s.Dst], x.deps[s.Dst] = v, union(ad, []int{i})
		if x.useAfterFree(addr, i) {
			return x.stop(statusError, ReasonRuntimeError, "use after free")
		}
		if x.reload && x.atomic == 0 && !(x.reloadDeps && len(ad) > 0) {
			x.reloadSrc = &reloadSrc{load: i, addr: addr, regs: map[lsl.Reg]bool{s.Dst: true}}
		}
	case *lsl.Store:
		addr, ad := x.operand(s.Addr)
		v, vd := x.operand(s.Val)
		if addr.Kind != lsl.KPtr {
			return x.stop(statusError, ReasonRuntimeError, "store to a "+addr.Kind.String())
		}
		if msg := x.memCheck(addr, s.ID); msg != "" {
			return x.stop(statusError, ReasonRuntimeError, msg)
		}
		i := x.emit(instr{kind: axioms.Store, addr: addr, val: v, ddeps: union(ad, vd), stmt: s})
		if x.useAfterFree(addr, i) {
			return x.stop(statusError, ReasonRuntimeError, "use after free")
		}
		if s.Status != "" {
			x.regs[s.Status], x.deps[s.Status] = lsl.Num(0), []int{i}
		}
	case *lsl.Fence:
		x.emit(instr{kind: axioms.Fence, fence: s.Kind, stmt: s})
	case *lsl.If:
		t, ok := x.branch(s.Cond)
		if !ok {
			return sig{kind: sigStop}
		}
		if t {
			return x.block(s.Then)
		}
		if s.Else != nil {
			return x.block(s.Else)
		}
	case *lsl.Break:
		return sig{kind: sigBreak, label: s.Label}
	case *lsl.Continue:
		return sig{kind: sigContinue, label: s.Label}
	case *lsl.Abort:
		msg := s.Msg
		if msg == "" {
			msg = "abort"
		}
		return x.stop(statusError, ReasonRuntimeError, msg)
	case *lsl.Pruned:
		x.r.loop = s.Loop
		x.r.inAtomic = x.atomic != 0
		x.stopLoops = slices.Clone(x.loops)
		return x.stop(statusPruned, "", "")
	case *lsl.Choose:
		n := s.Hi - s.Lo + 1
		if n <= 0 {
			return x.stop(statusDiscarded, "", "")
		}
		x.regs[s.Dst], x.deps[s.Dst] = lsl.Num(s.Lo+int64(x.choice(int(n)))), nil
	case *lsl.Atomic:
		outer := x.atomic
		if outer == 0 {
			x.atomics++
			x.atomic = x.atomics
		}
		from := len(x.r.instrs)
		g := x.block(s.Body)
		x.atomic = outer
		if x.silent && lsl.PlainRMW(s) {
			x.noteRMW(from)
		}
		if x.silent && lsl.CheckedRMW(s) {
			x.noteChainRMW(from)
		}
		return g
	case *lsl.Spin:
		// Only the last iteration is modelled: "continue" means the thread
		// stays blocked here, having read the loads of this iteration.
		start := len(x.r.instrs)
		g := x.block(s.Body)
		switch {
		case g.kind == sigContinue && g.label == s.Label:
			for i := start; i < len(x.r.instrs); i++ {
				switch x.r.instrs[i].kind {
				case axioms.Load:
					x.r.spinLoads = append(x.r.spinLoads, i)
				case axioms.Store:
					x.r.spinStores = append(x.r.spinStores, i)
				}
			}
			return x.stop(statusBlocked, "", "")
		case g.kind == sigBreak && g.label == s.Label:
			return sig{}
		}
		return g
	case *lsl.Assert:
		t, ok := x.branch(s.Cond)
		if !ok {
			return sig{kind: sigStop}
		}
		if !t {
			msg := s.Msg
			if msg == "" {
				msg = "assertion failed"
			}
			return x.stop(statusError, ReasonAssertion, msg)
		}
	case *lsl.Assume:
		t, ok := x.branch(s.Cond)
		if !ok {
			return sig{kind: sigStop}
		}
		if !t {
			return x.stop(statusDiscarded, "", "")
		}
	case *lsl.Observe:
		var v lsl.Value
		if s.Kind == lsl.ObsLabel {
			x.record++
			v = lsl.Num(1)
		} else {
			v, _ = x.operand(s.Val)
			if v.Kind == lsl.KUndef {
				return x.stop(statusError, ReasonRuntimeError, "observation of an undefined value")
			}
		}
		x.r.obs[obsKey{record: x.record, kind: s.Kind, name: s.Name}] = v
		x.nobs++
	case *lsl.Free:
		p, _ := x.operand(s.Ptr)
		if p.Kind != lsl.KPtr {
			return x.stop(statusError, ReasonRuntimeError, "free of a value that is not a pointer")
		}
	default:
		panic(fmt.Sprintf("refcheck: statement %T in an unrolled program", s))
	}
	return sig{}
}

// union returns the sorted union of two sorted sets (sharing is fine: sets
// are never modified in place).
func union(a, b []int) []int {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// maxRuns bounds the paths enumerated per thread.
const maxRuns = 200000

// runs enumerates every path of thread ti for every choice of load values
// (among values(addr)) and choose results, by depth-first replay: each run
// follows a prefix of earlier choices and takes the first option after it.
// Discarded runs (assume false) are included: their stores before the
// assume still tell which values exist.
func runs(prog *lsl.Program, u *lsl.Unrolled, ti int, values func(lsl.Value) []lsl.Value, fair bool, reload reloadMode, silent, deps bool) ([]*run, error) {
	th := u.Threads[ti]
	var out []*run
	var prefix []int
	type taken struct{ k, n int }
	var live map[*lsl.Block]regSet
	if fair {
		live = iterationLive(th.Body)
		// faint registers (faint.go) matter to nothing the thread does
		faint := faintRegs(th.Body)
		for b, regs := range live {
			kept := regSet{}
			for r := range regs {
				if !faint[r] {
					kept[r] = true
				}
			}
			live[b] = kept
		}
	}
	var sealed map[int64]int
	if fair {
		sealed = lsl.SealedBlocks(u)
	}
	var loadOrder *lsl.LoadOrder
	if fair {
		lo := lsl.LoadOrders(u)
		loadOrder = &lo
	}
	var rmwOnly map[int64]*lsl.RMWOnly
	if fair && silent {
		rmwOnly = lsl.RMWOnlyGlobals(u)
	}
	for {
		var choices []taken
		x := &interp{
			prog: prog, u: u, ti: ti, values: values, fair: fair, reload: fair && reload != reloadOff, storingReloads: reload == reloadStoring, silent: fair && silent, sealed: sealed, loadOrder: loadOrder, rmwOnly: rmwOnly, reloadDeps: deps, live: live, starts: map[lsl.LoopKey][]iterState{},
			regs: map[lsl.Reg]lsl.Value{}, deps: map[lsl.Reg][]int{},
			r: &run{obs: map[obsKey]lsl.Value{}, freedAt: -1},
		}
		x.choice = func(n int) int {
			k := 0
			if len(choices) < len(prefix) {
				k = prefix[len(choices)]
			}
			choices = append(choices, taken{k, n})
			return k
		}
		if g := x.block(th.Body); g.kind != sigStop {
			if g.kind != sigOK {
				return nil, fmt.Errorf("thread %s: %v to label %q escapes the thread", th.Name, g.kind, g.label)
			}
			x.r.status = statusDone
		}
		x.finishFair()
		x.r.canon = canonThread(ti, x.r.obs)
		out = append(out, x.r)
		if len(out) > maxRuns {
			return nil, fmt.Errorf("thread %s has more than %d paths: %w", th.Name, maxRuns, ErrLimit)
		}
		i := len(choices) - 1
		for i >= 0 && choices[i].k+1 >= choices[i].n {
			i--
		}
		if i < 0 {
			return out, nil
		}
		prefix = prefix[:0]
		for _, c := range choices[:i] {
			prefix = append(prefix, c.k)
		}
		prefix = append(prefix, choices[i].k+1)
	}
}

// finishFair decides the cycles that store whose stores the run guessed
// unread (docs/semantics.md, "Fair progress"): each deletes the run unless
// the run is cut off inside the cycle's loop instance, after it. A run
// kept so is still deleted when its cycle's stores are each followed by a
// store of the thread to the same address and every other thread but the
// final one completes (run.supersededIfAlone; search.go decides it, on a
// built-in model).
func (x *interp) finishFair() {
	for _, p := range x.pending {
		if x.r.livelock && p.cut != nil {
			// going round forever, the thread repeats such rounds up
			// to the bound (chaincut.go: other pollers may keep it
			// going round)
			continue
		}
		if x.r.status != statusPruned || (p.instance >= 0 && !slices.Contains(x.stopLoops, p.instance)) {
			x.r.status = statusDiscarded
			return
		}
	}
	if x.r.status != statusPruned {
		return
	}
	for _, p := range x.pending {
		if x.superseded(p) && (p.silent || x.sealedStores(p)) {
			x.r.supersededSealed = true
		}
		if x.fencedStores(p, false) {
			x.r.supersededFenced = true
		}
		if x.fencedStores(p, true) {
			x.r.supersededFencedInOrder = true
		}
		if x.superseded(p) {
			if p.reload {
				x.r.reloadSupersededIfAlone = true
			} else {
				x.r.supersededIfAlone = true
			}
			if blocks, ok := x.privateBlocksOf(p); ok && p.reload {
				x.r.unpublishedIfSC = append(x.r.unpublishedIfSC, blocks)
			}
		}
		if p.cut != nil {
			x.r.cutChains = append(x.r.cutChains, p.cut)
		}
	}
}

// superseded reports whether every store of p is followed, in the run, by
// a store to the same address.
func (x *interp) superseded(p pendingCycle) bool {
	for _, st := range p.stores {
		found := false
		for j := p.hi; j < len(x.r.instrs) && !found; j++ {
			in := x.r.instrs[j]
			found = in.kind == axioms.Store && in.addr.Equal(x.r.instrs[st].addr)
		}
		if !found {
			return false
		}
	}
	return true
}

// readCond: some store of stores (local indices) is read by a load
// outside the local instructions [lo, hi) — or, when !read, none is.
type readCond struct {
	stores []int
	lo, hi int
	read   bool
	// silent: every store of the cycle is a silent read-modify-write, so
	// a load that comes after it in memory order does not count (silent.go)
	silent bool
	// chain: the stores may form a chain of read-modify-writes; when the
	// seed function makes them one, only loads outside that read a store
	// other than the last, or the last before it in memory order, count
	// (chain.go)
	chain *chainCond
}

// iteration runs one iteration of an unrolled loop under fair progress
// (docs/semantics.md). Iterations i..k of a loop instance form a cycle when
// the state after k equals the state at i's start — every register live
// at the loop head (liveness.go, the reference's own analysis) holds the
// same value with the same dependencies — and they observe nothing: the
// next iteration starts where i did. A cycle followed by another unrolled
// iteration, whose stores no load outside it reads, is deleted by the
// reduction, so the run is discarded — a cycle that stores only if the
// run is not cut off after it inside the same loop instance (finishFair);
// whether its stores are read depends on the seed function, so both cases
// are runs with a read condition. A
// cycle ending at the loop's bound that stores nothing makes the thread go
// round it forever: livelocked, kept only if the loads of the shortest
// such cycle read final values (like a blocked spin loop) — unless a wait
// in it woke spuriously, which no thread does for ever.
func (x *interp) iteration(b *lsl.Block) sig {
	var src *reloadSrc
	if b.Iter == 1 {
		x.starts[b.Loop] = nil
		src = x.reloadSrc
	}
	x.reloadSrc = nil
	live := x.live[b]
	st := iterState{vals: map[lsl.Reg]lsl.Value{}, deps: map[lsl.Reg][]int{}, instr: len(x.r.instrs), nobs: x.nobs, live: live}
	for r := range live {
		st.vals[r], st.deps[r] = x.reg(r), x.deps[r]
	}
	x.starts[b.Loop] = append(x.starts[b.Loop], st)
	g := sig{}
	for _, s := range b.Stmts {
		g = x.stmt(s)
		if g.kind != sigOK {
			break
		}
	}
	if g.kind != sigBreak || g.label != b.Label {
		return g // left the loop, or stopped
	}
	li := x.u.Loops[b.Loop]
	last := li != nil && b.Iter >= li.Bound
	// A reload round followed by another round reduces to a run with the
	// round deleted; at the bound every continuation does, unless the
	// round is also a cycle the thread goes round forever (below).
	reload := src != nil && x.isReloadRound(src, x.starts[b.Loop][0], x.storingReloads && !last)
	if reload && !last {
		if !x.reloadStores(x.starts[b.Loop][0]) {
			return x.stop(statusDiscarded, "", "")
		}
		reload = false // judged by its read condition and finishFair
	}
	var shortest *cycleInfo // at the bound: the shortest cycle
	for _, from := range x.starts[b.Loop] {
		if x.nobs != from.nobs || !x.sameAs(from) {
			continue
		}
		cy := &cycleInfo{}
		for i := from.instr; i < len(x.r.instrs); i++ {
			switch x.r.instrs[i].kind {
			case axioms.Store:
				cy.stores = append(cy.stores, i)
			case axioms.Load:
				cy.loads = append(cy.loads, i)
			}
		}
		if last {
			shortest = cy // later starts make shorter cycles
			shortest.silentBound = x.silentAtBound(b, from.instr, cy)
			shortest.spurious = x.spuriousFrom(from.instr)
			continue
		}
		if len(cy.stores) == 0 {
			return x.stop(statusDiscarded, "", "")
		}
		cond := readCond{stores: cy.stores, lo: from.instr, hi: len(x.r.instrs), silent: x.allSilent(cy), chain: x.chainOf(cy)}
		if x.choice(2) == 1 {
			// unread: the cycle goes (finishFair) unless the thread
			// is cut off after it inside this loop instance
			x.r.readConds = append(x.r.readConds, cond)
			inst := -1 // not inside a known instance: assume the worst
			if n := len(x.loops); n > 0 {
				inst = x.loops[n-1]
			}
			x.pending = append(x.pending, pendingCycle{instance: inst, stores: cy.stores, hi: len(x.r.instrs), cut: x.cutChain(cond.chain), silent: cond.silent})
			continue
		}
		cond.read = true
		x.r.readConds = append(x.r.readConds, cond)
	}
	if shortest == nil {
		if reload {
			return x.stop(statusDiscarded, "", "")
		}
		return sig{}
	}
	// The thread goes round the cycle forever if its loads read final
	// values (a livelock). Otherwise a storeless cycle is no cut-off (the
	// run is discarded by the final-values check), nor is a silent one
	// that starts with its read-modify-write (silent.go), while one that
	// stores leaves the thread cut off — a run that requires some load
	// not final.
	if shortest.spurious {
		// A wait in it woke spuriously, which POSIX allows but not for
		// ever: the thread leaves the cycle some time. Storeless, the
		// cycle is no cut-off (the continuations reduce by deleting it);
		// else it is one, whatever its loads read.
		if len(shortest.stores) == 0 || shortest.silentBound {
			return x.stop(statusDiscarded, "", "")
		}
		return sig{}
	}
	x.r.boundChain = x.chainOf(shortest)
	x.r.jointChain = x.rmwOnlyBase(x.r.boundChain) != nil
	if len(shortest.stores) > 0 && !shortest.silentBound && x.choice(2) == 1 {
		x.r.notFinal = shortest.loads
		return sig{}
	}
	x.r.spinLoads, x.r.livelock = shortest.loads, true
	return x.stop(statusBlocked, "", "")
}

// cycleInfo lists the loads and stores of a cycle (local indices);
// silentBound: at the loop's bound it counts as storeless (silent.go);
// spurious: a wait in it wakes spuriously (lsl.TagSpuriousWakeup).
type cycleInfo struct {
	loads, stores []int
	silentBound   bool
	spurious      bool
}

// spuriousFrom reports whether a wait woke spuriously in the run's
// instructions from local index lo on.
func (x *interp) spuriousFrom(lo int) bool {
	for _, in := range x.r.instrs[lo:] {
		if lsl.IsSpuriousWakeup(in.stmt) {
			return true
		}
	}
	return false
}

// iterState is the state at the start of one iteration of a loop instance.
type iterState struct {
	vals        map[lsl.Reg]lsl.Value
	deps        map[lsl.Reg][]int
	live        regSet
	instr, nobs int
}

// sameAs reports whether the live registers hold what they held at
// from's start and, where dependencies matter (reloadDeps), depend on
// every load they depended on then, as the engine judges it
// (encode/fairness.go, sameState): the reduced execution continues with
// from's dependencies, which must be among the original ones. Where no
// axiom can fire on a dependency, a failed CAS round that re-reads the
// value it had (t := c, from another load) is a cycle.
func (x *interp) sameAs(from iterState) bool {
	for r := range from.live {
		if !x.reg(r).Equal(from.vals[r]) || x.reloadDeps && !subset(from.deps[r], x.deps[r]) {
			return false
		}
	}
	return true
}

func (x *interp) reg(r lsl.Reg) lsl.Value {
	if v, ok := x.regs[r]; ok {
		return v
	}
	return lsl.Undef
}

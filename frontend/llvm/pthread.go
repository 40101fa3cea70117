package llvmfront

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// pthread programs (doc.go, "pthread programs"). A main that starts threads
// with pthread_create and waits for them with pthread_join is itself a
// test: its code before the first pthread_create is the init operation
// (main_init), each started thread one concurrent thread (main_threadK
// calls the thread function with its argument), main's own code between
// the last create and the first join one more concurrent thread
// (main_self, when it touches memory), and its code after the last join
// the final operation (main_final).

// Names of the procedures a pthread main becomes.
const (
	PthreadInit   = "main_init"
	PthreadFinal  = "main_final"
	PthreadSelf   = "main_self"
	PthreadThread = "main_thread" // + 1, 2, …
	// PthreadDetached is an empty procedure whose presence says that main
	// returns without joining its threads (pthread_detached.go).
	PthreadDetached = "main_detached"
)

type pthreadInfo struct {
	main *ir.Func
	// results: some pthread_join in main asks for the thread's result
	// (pthread_results.go)
	results bool
	// handles: thread handles are kept in memory, for join results or
	// because main joins threads in phases (pthread_phases.go)
	handles bool
	// joins: main calls pthread_join; otherwise its threads are detached
	// (pthread_detached.go) and pthread_detach does nothing
	joins bool
	// general: threads are started or joined outside main, or main ends
	// with pthread_exit (pthread_spawn.go)
	general bool
	// exits: main calls pthread_exit, which ends main but not the program
	exits bool
	// bases of the globals with one cell per thread (0: not declared):
	// results, start and done flags, arguments passed at a create
	resultBase, startedBase, doneBase, argBase int64
	// threads: the number of threads started so far (all of main's, then
	// those of their instances)
	threads int
	// extra: threads started by threads other than main, in order of
	// their numbers after main's (pthread_spawn.go)
	extra []*threadStart
}

// thread markers stand for pthread_create and pthread_join in main's body
// until it is split.
const (
	createMarker = "\x00pthread_create"
	joinMarker   = "\x00pthread_join"
)

// threadStart is what a pthread_create starts.
type threadStart struct {
	fn     *ir.Func
	arg    lsl.Operand
	handle lsl.Operand // the pthread_t cell, when handles are kept
	pos    diag.Pos
	// in a phased main (pthread_phases.go): the thread waits for its
	// pthread_create (start), and says it is done for joins in main_self
	start, done bool
	argCell     int64 // base of the global main_self passes arg in (0: none)
	guarded     bool  // started on some paths only (pthread_guarded.go)
}

// findPthreadMain notes a main that calls pthread_create, or a function
// that starts or joins threads (pthread_spawn.go).
func (t *translator) findPthreadMain() {
	t.findSpawners()
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			if f.Name() != "main" || t.procMod[f] != mod {
				continue
			}
			if !callsFunc(f, "pthread_create") && !t.callsSpawner(f) {
				continue
			}
			general := len(t.spawners) > 0 || callsFunc(f, "pthread_exit")
			results := joinsWithResults(f) || general && t.anyJoinWithResult()
			joins := callsFunc(f, "pthread_join") || t.reachesJoin(f, map[*ir.Func]bool{})
			t.pthread = &pthreadInfo{main: f, results: results, handles: results || general, joins: joins, general: general}
			return
		}
	}
}

// pthreadHandles marks the code that only manages thread handles
// (pthread_t variables and the loads that feed pthread_join): it has no
// meaning in the test.
func (f *fn) pthreadHandles() {
	if f.t.pthread.handles {
		f.keepHandles()
		return
	}
	joinOnly := func(l *ir.InstLoad) bool {
		for _, u := range f.uses[l] {
			c, ok := u.(*ir.InstCall)
			if !ok || (calleeName(c) != "pthread_join" && calleeName(c) != "pthread_detach") || len(c.Args) == 0 || c.Args[0] != l {
				return false
			}
		}
		return true
	}
	for _, b := range f.f.Blocks {
		for _, in := range b.Insts {
			if l, ok := in.(*ir.InstLoad); ok && joinOnly(l) {
				f.skip[l] = true
			}
		}
	}
	for _, b := range f.f.Blocks {
		for _, in := range b.Insts {
			a, ok := in.(*ir.InstAlloca)
			if !ok {
				continue
			}
			handle := len(f.uses[a]) > 0
			for _, u := range f.uses[a] {
				switch u := u.(type) {
				case *ir.InstCall:
					if calleeName(u) != "pthread_create" || u.Args[0] != a {
						handle = false
					}
				case *ir.InstLoad:
					if !f.skip[u] {
						handle = false
					}
				default:
					handle = false
				}
			}
			if handle {
				f.skip[a] = true
			}
		}
	}
}

// functionArg is the definition of the function argument i of c names:
// the thread function of pthread_create, the init of pthread_once.
func (f *fn) functionArg(c *ir.InstCall, i int, ordinal, role string) *ir.Func {
	target := calledFunc(c.Args[i])
	if target == nil {
		f.fail(diag.CodeType, "%s needs a function name as its %s argument", calleeName(c), ordinal)
	}
	def := f.t.resolveFunc(target)
	if def == nil {
		f.fail(diag.CodeUndefined, "the %s %s is not defined", role, target.Name())
	}
	return def
}

// createCall records a pthread_create in main.
func (f *fn) createCall(c *ir.InstCall) {
	f.args(c, 4)
	var st *threadStart
	if calledFunc(c.Args[2]) == nil {
		// a function pointer (funcptr.go)
		def, arg := f.dispatchedCreate(c)
		st = &threadStart{fn: def, pos: f.pos, arg: arg}
	} else {
		def := f.functionArg(c, 2, "third", "thread function")
		if len(def.Params) > 1 {
			f.fail(diag.CodeArgCount, "the thread function %s takes %d parameters (at most 1)", def.Name(), len(def.Params))
		}
		st = &threadStart{fn: def, pos: f.pos, arg: f.voidArgument(def, 0, c.Args[3])}
	}
	if a, isAlloca := stripCasts(c.Args[0]).(*ir.InstAlloca); f.t.pthread.handles || !isAlloca || !f.skip[a] {
		// the pthread_t is kept, or read other than for a join (C++'s
		// std::thread::joinable): pthread_create writes the thread's
		// number in it
		st.handle = f.cell(c, 0)
	}
	m := &lsl.Call{Proc: createMarker}
	f.emit(m)
	f.starts[m] = st
	f.zeroResult(c)
}

func (f *fn) joinCall(c *ir.InstCall) {
	f.args(c, 2)
	m := &lsl.Call{Proc: joinMarker}
	if f.t.pthread.handles {
		m.Args = f.joinOperands(c)
	}
	f.emit(m)
	f.zeroResult(c)
}

// lowerPthreadMain splits a pthread main into the procedures of its test.
// A main that turns out to join threads in phases is lowered again with
// its thread handles kept (pthread_phases.go).
func (t *translator) lowerPthreadMain(mod *module, irf *ir.Func) {
	if !t.lowerPthreadMainOnce(mod, irf) {
		t.pthread.handles = true
		t.lowerPthreadMainOnce(mod, irf)
	}
}

// lowerPthreadMainOnce lowers main, or reports false when the split needs
// thread handles that this lowering did not keep.
func (t *translator) lowerPthreadMainOnce(mod *module, irf *ir.Func) (done bool) {
	f := newFn(t, mod, irf)
	f.starts = map[*lsl.Call]*threadStart{}
	f.pthreadMain = true
	f.ctx = ctxMain
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case bailout:
				done = true
			case needHandles:
				done = false
			default:
				panic(r)
			}
		}
	}()
	for _, name := range []string{PthreadInit, PthreadFinal, PthreadSelf, PthreadDetached} {
		if t.procTaken[name] {
			f.fail(diag.CodeDuplicateDecl, "the program defines %s, a name the test made from main needs", name)
		}
	}
	f.prepare()
	structured := f.structure()
	// the threads' arguments are read where main is split, after cleanup
	var live []lsl.Reg
	for _, st := range f.starts {
		if r, ok := st.arg.(lsl.Reg); ok {
			live = append(live, r)
		}
	}
	body := cleanup(structured, f.retUsed, live, nil)
	f.atomicSections(body) // verifier.go: main may have atomic sections too
	body.Stmts = append(append(t.mainArgs(f.proc.Params, f.proc.Pos), t.ctorCalls(f.proc.Pos)...), body.Stmts...)
	if t.pthread.general {
		body.Stmts = t.inlineSpawners(body.Stmts, f.starts, ctxMain, 0)
	}
	body.Stmts = failFirst(body.Stmts)
	stmts := body.Stmts
	if body.Label != "" {
		// main returns from the middle: the split takes its thread
		// operations out of the labeled body (pthread_hoist.go), and a
		// return after the last join ends main_final early; one before
		// it makes the thread operations conditional, an error there
		stmts = []lsl.Stmt{body}
	}
	split := f.splitMain(stmts)
	split.checkExits(f)
	split.emit(f)
	return true
}

// exitInside fails, at the exit, when s contains an exit(0) of main: a
// branch that may end the program before main's thread operations makes
// them conditional, and the exit is the reason.
func (f *fn) exitInside(s lsl.Stmt) {
	exits := map[*lsl.Assume]bool{}
	for _, e := range f.exits {
		exits[e] = true
	}
	lsl.Walk(s, func(x lsl.Stmt) bool {
		if a, ok := x.(*lsl.Assume); ok && exits[a] {
			f.pos = a.Pos
			f.fail(diag.CodeUnsupported, "exit(0) is only supported in main after its last pthread_join (return from main instead)")
		}
		return true
	})
}

// checkExits fails when an exit(0) of main is outside main_final: ending
// the program while threads run is not modelled.
func (sp *mainSplit) checkExits(f *fn) {
	inFinal := map[*lsl.Assume]bool{}
	for _, s := range sp.final {
		lsl.Walk(s, func(x lsl.Stmt) bool {
			if a, ok := x.(*lsl.Assume); ok {
				inFinal[a] = true
			}
			return true
		})
	}
	for _, e := range f.exits {
		if !inFinal[e] {
			f.pos = e.Pos
			f.fail(diag.CodeUnsupported, "exit(0) is only supported in main after its last pthread_join (return from main instead)")
		}
	}
}

// mainSplit is main's body cut at the thread operations.
type mainSplit struct {
	init, self, final []lsl.Stmt
	starts            []*threadStart
	transfers         int // fresh registers of the joins' transfers
}

func (f *fn) splitMain(stmts []lsl.Stmt) *mainSplit {
	stmts = f.expandThreadLoops(f.hoistThreadOps(stmts))
	first, last := -1, -1
	var starts []*threadStart
	joins := 0
	for i, s := range stmts {
		if c, ok := s.(*lsl.Call); ok && (c.Proc == createMarker || c.Proc == joinMarker) {
			if c.Proc == createMarker {
				starts = append(starts, f.starts[c])
				if first < 0 {
					first = i
				}
			} else {
				joins++
				last = i
			}
			continue
		}
		lsl.Walk(s, func(x lsl.Stmt) bool {
			if c, ok := x.(*lsl.Call); ok && (c.Proc == createMarker || c.Proc == joinMarker) {
				f.pos = c.Pos
				f.fail(diag.CodeInternal, "internal error: a pthread_create or pthread_join was left inside a loop or branch of main")
			}
			return true
		})
	}
	if joins == 0 && len(starts) > 0 {
		// main returns without joining its threads (pthread_detached.go)
		stmts, last = f.joinAtReturn(stmts, starts)
		joins = len(starts)
	}
	if joins != len(starts) && !f.t.pthread.general && !f.anyGuarded() {
		f.fail(diag.CodeInvalidConstruct, "main creates %d threads and joins %d: join every thread, or none (main then returns while they run)", len(starts), joins)
	}
	if f.anyGuarded() || f.phased(stmts[first:last+1], len(starts)) {
		if !f.t.pthread.handles {
			panic(needHandles{})
		}
		return f.splitPhased(stmts, first, last, starts)
	}
	sp := &mainSplit{starts: starts}
	if f.t.pthread.results {
		f.t.threadGlobal(&f.t.pthread.resultBase, "main_thread_result", f.proc.Pos)
	}
	sp.init = append(sp.init, stmts[:first]...)
	// main's own work runs as one more concurrent thread, which is exact
	// only while every thread runs: between its last pthread_create and
	// its first pthread_join. A main that works anywhere else between
	// them is phased (pthread_phases.go); this one is not.
	var middle, joining []lsl.Stmt
	// With join results, main reads its thread handles from the first such
	// read on; that code, the joins' transfers of the results among it,
	// runs at the start of final (pthread_results.go).
	late := false
	for _, s := range stmts[first : last+1] {
		if ld, ok := s.(*lsl.Load); ok && f.handleLoads[ld] {
			late = true
		}
		if c, ok := s.(*lsl.Call); ok && (c.Proc == createMarker || c.Proc == joinMarker) {
			if c.Proc == joinMarker && f.t.pthread.results {
				late = true
				joining = append(joining, sp.joinResult(f, c)...)
			}
			continue
		}
		if late {
			joining = append(joining, s)
			continue
		}
		middle = append(middle, s)
	}
	sp.final = f.dropDeadHandleLoads(append(joining, stmts[last+1:]...))
	// register computations in the middle move to init (they touch no
	// memory); what is left is main's own concurrent work
	avail := defined(sp.init)
	for _, s := range middle {
		if a, ok := s.(*lsl.Assign); ok && a.Op != lsl.OpThreadID && a.Op != lsl.OpNumThreads && readsOnly(a, avail) {
			sp.init = append(sp.init, a)
			avail[a.Dst] = true
			continue
		}
		sp.self = append(sp.self, s)
	}
	sp.storeHandles(f, avail)
	return sp
}

// defined returns the registers statements assign.
func defined(stmts []lsl.Stmt) map[lsl.Reg]bool {
	out := map[lsl.Reg]bool{}
	for _, s := range stmts {
		lsl.Walk(s, func(x lsl.Stmt) bool {
			for _, r := range lsl.Assigned(x) {
				out[r] = true
			}
			return true
		})
	}
	return out
}

// read returns the registers statements read.
func read(stmts []lsl.Stmt) map[lsl.Reg]bool {
	out := map[lsl.Reg]bool{}
	for _, s := range stmts {
		lsl.Walk(s, func(x lsl.Stmt) bool {
			for _, o := range lsl.Operands(x) {
				if r, ok := o.(lsl.Reg); ok {
					out[r] = true
				}
			}
			return true
		})
	}
	return out
}

func readsOnly(a *lsl.Assign, avail map[lsl.Reg]bool) bool {
	for _, o := range a.Args {
		if r, ok := o.(lsl.Reg); ok && !avail[r] {
			return false
		}
	}
	return true
}

// emit adds the procedures of the split main, passing registers from one
// part to a later one through globals (main_r_NAME): the earlier part
// stores them at its end, the later loads them at its start.
func (sp *mainSplit) emit(f *fn) {
	t := f.t
	pos := f.proc.Pos
	carried := map[lsl.Reg]int64{} // register → base of its global
	// registers init leaves with a constant that main's own thread does
	// not change (loop counters of the expanded create and join loops)
	// are assigned that constant where they are needed: no global, no
	// memory access
	consts := constantsAtEnd(sp.init)
	for r := range defined(sp.self) {
		delete(consts, r)
	}
	carry := func(r lsl.Reg) {
		if _, ok := consts[r]; ok {
			return
		}
		if _, ok := carried[r]; ok {
			return
		}
		name := uniqueName(lsl.CarrierPrefix+identName(string(r[1:])), t.globalTaken)
		t.prog.Globals = append(t.prog.Globals, &lsl.Global{Name: name, Pos: pos})
		carried[r] = int64(len(t.prog.Globals))
	}
	needs := func(stmts []lsl.Stmt, extra []lsl.Operand, from map[lsl.Reg]bool) []lsl.Reg {
		rd := read(stmts)
		for _, o := range extra {
			if r, ok := o.(lsl.Reg); ok {
				rd[r] = true
			}
		}
		var out []lsl.Reg
		for r := range rd {
			if from[r] {
				out = append(out, r)
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
		return out
	}
	t.pthread.threads = len(sp.starts)
	if t.pthread.general {
		// a thread may be joined by any other (pthread_spawn.go)
		t.threadGlobal(&t.pthread.doneBase, "main_thread_done", pos)
		for _, st := range sp.starts {
			st.done = true
		}
	}
	initDefs := defined(sp.init)
	selfDefs := defined(sp.self)
	var threadArgs []lsl.Operand
	for _, st := range sp.starts {
		if st.arg != nil && st.argCell == 0 {
			threadArgs = append(threadArgs, st.arg)
		}
	}
	for _, r := range needs(sp.self, threadArgs, initDefs) {
		carry(r)
	}
	finalFromInit := needs(sp.final, nil, initDefs)
	finalFromSelf := needs(sp.final, nil, selfDefs)
	for _, r := range finalFromInit {
		carry(r)
	}
	for _, r := range finalFromSelf {
		carry(r)
	}
	// main_self starts from init's values of what it reads, and of what it
	// passes on to final (it may not assign them on every path)
	selfIn := needs(sp.self, nil, initDefs)
	for _, r := range finalFromSelf {
		if initDefs[r] && !contains(selfIn, r) {
			selfIn = append(selfIn, r)
		}
	}
	for _, r := range selfIn {
		carry(r)
	}
	load := func(r lsl.Reg) lsl.Stmt {
		if v, ok := consts[r]; ok {
			return &lsl.Assign{Dst: r, Op: lsl.OpCopy, Args: []lsl.Operand{lsl.Const{V: v}}, Pos: pos}
		}
		b := carried[r]
		return &lsl.Load{Dst: r, Addr: lsl.Const{V: lsl.Ptr(b)}, Expr: lsl.CarrierExpr + string(r[1:]), Pos: pos}
	}
	store := func(r lsl.Reg) lsl.Stmt {
		return &lsl.Store{Addr: lsl.Const{V: lsl.Ptr(carried[r])}, Val: r, Expr: lsl.CarrierExpr + string(r[1:]), Pos: pos}
	}
	var regs []lsl.Reg // what later parts load or assign
	for r := range carried {
		regs = append(regs, r)
	}
	for r := range consts {
		if contains(finalFromInit, r) || contains(selfIn, r) {
			regs = append(regs, r)
		}
	}
	sort.Slice(regs, func(i, j int) bool { return regs[i] < regs[j] })
	// init: its code, then the registers later parts need
	initBody := append([]lsl.Stmt(nil), sp.init...)
	for _, r := range regs {
		if _, ok := carried[r]; ok && initDefs[r] {
			initBody = append(initBody, store(r))
		}
	}
	t.addProc(PthreadInit, initBody, pos).Display = "main"
	for k, st := range sp.starts {
		body := []lsl.Stmt{}
		call := &lsl.Call{Proc: t.threadProc(st, k+1), Pos: st.pos}
		if len(st.fn.Params) == 1 {
			arg := st.arg
			if r, ok := arg.(lsl.Reg); ok && st.argCell != 0 {
				// main_self passed it in memory before starting the thread
				body = append(body, &lsl.Load{Dst: r, Addr: lsl.Const{V: lsl.Ptr(st.argCell, int64(k+1))}, Expr: "argument of thread " + strconv.Itoa(k+1), Pos: st.pos})
			} else if r, ok := arg.(lsl.Reg); ok {
				_, isConst := consts[r]
				if _, ok := carried[r]; !ok && !isConst {
					f.pos = st.pos
					f.fail(diag.CodeInvalidConstruct, "the argument of pthread_create depends on what main does after starting threads")
				}
				body = append(body, load(r))
			}
			call.Args = []lsl.Operand{arg}
		}
		if _, void := st.fn.Sig.RetType.(*types.VoidType); !void {
			call.Results = []lsl.Reg{"%ret"}
		}
		body = append(body, call)
		if t.pthread.resultBase != 0 && len(call.Results) == 1 {
			body = append(body, &lsl.Store{Addr: lsl.Const{V: lsl.Ptr(t.pthread.resultBase, int64(k+1))}, Val: call.Results[0], Expr: "result of " + t.procs[st.fn], Pos: st.pos})
		}
		if st.guarded {
			// a thread whose pthread_create did not run ends at once
			run := lsl.Reg("%pthread_start.run")
			body = []lsl.Stmt{
				&lsl.Assign{Dst: run, Op: lsl.OpEq, Args: []lsl.Operand{lsl.Reg("%pthread_start.flag"), num(1)}, Pos: st.pos},
				&lsl.If{Cond: run, Then: &lsl.Block{Stmts: body, Pos: st.pos}, Pos: st.pos},
			}
		}
		if st.start {
			wait := acquireWait(lsl.Const{V: lsl.Ptr(t.pthread.startedBase, int64(k+1))}, "pthread_start", "thread "+strconv.Itoa(k+1)+" waits for its pthread_create", st.pos)
			body = append(wait, body...)
		}
		if st.done {
			body = append(body, releaseFlag(t.pthread.doneBase, int64(k+1), "thread "+strconv.Itoa(k+1)+" is done", st.pos)...)
		}
		// traces show the thread by the function it runs
		t.addProc(PthreadThread+strconv.Itoa(k+1), body, st.pos).Display = t.procs[st.fn]
	}
	if touchesMemory(sp.self) {
		var body []lsl.Stmt
		for _, r := range selfIn {
			body = append(body, load(r))
		}
		body = append(body, sp.self...)
		for _, r := range finalFromSelf {
			body = append(body, store(r))
		}
		t.addProc(PthreadSelf, body, pos).Display = "main"
	} else if len(sp.self) > 0 {
		f.fail(diag.CodeInternal, "internal: main's code between the threads was lost")
	}
	var finalBody []lsl.Stmt
	for _, r := range regs {
		if contains(finalFromInit, r) || contains(finalFromSelf, r) {
			finalBody = append(finalBody, load(r))
		}
	}
	finalBody = append(finalBody, sp.final...)
	finalBody = append(finalBody, t.dtorCalls(pos)...)
	t.addProc(PthreadFinal, finalBody, pos).Display = "main"
	t.emitExtraThreads(len(sp.starts))
	if f.detached {
		t.addProc(PthreadDetached, nil, pos)
	}
}

func contains(rs []lsl.Reg, r lsl.Reg) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// touchesMemory reports whether statements do anything a test can see.
func touchesMemory(stmts []lsl.Stmt) bool {
	found := false
	for _, s := range stmts {
		lsl.Walk(s, func(x lsl.Stmt) bool {
			switch x.(type) {
			case *lsl.Assign, *lsl.Block, *lsl.If:
			default:
				found = true
			}
			return !found
		})
	}
	return found
}

func (t *translator) addProc(name string, body []lsl.Stmt, pos diag.Pos) *lsl.Proc {
	t.procTaken[name] = true
	p := &lsl.Proc{Name: name, Body: &lsl.Block{Stmts: body, Pos: pos}, Pos: pos}
	t.prog.Procs = append(t.prog.Procs, p)
	return p
}

// PthreadTest builds the test of a program whose main started threads
// (the procedures main_init, main_thread1…, main_self, main_final).
func PthreadTest(prog *lsl.Program) (*lsl.Test, error) {
	init := prog.Proc(PthreadInit)
	final := prog.Proc(PthreadFinal)
	if self := prog.Proc(PthreadSelf); init == nil && final == nil && self != nil {
		// a sequential program: main alone (sequentialMain)
		return &lsl.Test{Name: "main", Pos: self.Pos, Program: true, Threads: [][]lsl.OpRef{{{Name: self.Name, Pos: self.Pos}}}, Leaks: freesMemory(prog)}, nil
	}
	if init == nil || final == nil {
		return nil, fmt.Errorf("no test file given, and the program has no main function")
	}
	test := &lsl.Test{Name: "main", Pos: init.Pos, Program: true}
	test.Init = []lsl.OpRef{{Name: init.Name, Pos: init.Pos}}
	for k := 1; ; k++ {
		p := prog.Proc(PthreadThread + strconv.Itoa(k))
		if p == nil {
			break
		}
		test.Threads = append(test.Threads, []lsl.OpRef{{Name: p.Name, Pos: p.Pos}})
	}
	if p := prog.Proc(PthreadSelf); p != nil {
		test.Threads = append(test.Threads, []lsl.OpRef{{Name: p.Name, Pos: p.Pos}})
	}
	if len(test.Threads) == 0 {
		return nil, fmt.Errorf("main starts no threads")
	}
	if prog.Proc(PthreadDetached) != nil {
		// every thread but main_self: main returns while they run
		for k := range test.Threads {
			test.Detached = append(test.Detached, test.Threads[k][0].Name != PthreadSelf)
		}
	}
	test.Final = []lsl.OpRef{{Name: final.Name, Pos: final.Pos}}
	test.Leaks = freesMemory(prog)
	return test, nil
}

// freesMemory reports whether the program frees a pool block: then a
// whole program checks for memory leaks by default (docs/semantics.md,
// "Memory leaks").
func freesMemory(prog *lsl.Program) bool {
	found := false
	for _, p := range prog.Procs {
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Free); ok && f.Kind == lsl.AllocPool {
				found = true
			}
			return !found
		})
	}
	return found
}

// constantsAtEnd returns the registers that hold a known constant at the
// end of straight-line code: assigned at top level from constants and such
// registers (folded without a runtime error), and not assigned otherwise
// afterwards (by a load, a call, or inside a branch or loop).
func constantsAtEnd(stmts []lsl.Stmt) map[lsl.Reg]lsl.Value {
	env := map[lsl.Reg]lsl.Value{}
	for _, s := range stmts {
		if a, ok := s.(*lsl.Assign); ok && a.Op != lsl.OpThreadID && a.Op != lsl.OpNumThreads && a.Comp == "" {
			if v, ok := foldAssign(a, env); ok {
				env[a.Dst] = v
				continue
			}
		}
		for r := range defined([]lsl.Stmt{s}) {
			delete(env, r)
		}
	}
	return env
}

func foldAssign(a *lsl.Assign, env map[lsl.Reg]lsl.Value) (lsl.Value, bool) {
	var vals []lsl.Value
	for _, o := range a.Args {
		switch o := o.(type) {
		case lsl.Const:
			vals = append(vals, o.V)
		case lsl.Reg:
			v, ok := env[o]
			if !ok {
				return lsl.Value{}, false
			}
			vals = append(vals, v)
		default:
			return lsl.Value{}, false
		}
	}
	if a.Op == lsl.OpCopy {
		return vals[0], true
	}
	v, msg := lsl.EvalOp(a.Op, nil, -1, vals)
	return v, msg == ""
}

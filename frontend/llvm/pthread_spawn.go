package llvmfront

import (
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
)

// Threads started and joined outside main. A function other than main
// that calls pthread_create or pthread_join, or calls such a function, is
// a *spawner*. Its thread operations must run a fixed number of times, as
// main's do, and each thread it starts is one more thread of the test:
//
//   - Where main calls a spawner, the call is inlined (inline.go) before
//     main is split, so its creates and joins are main's own.
//   - A thread whose function is a spawner runs an *instance* of it: the
//     function lowered again with its spawners inlined, its thread loops
//     expanded (pthread_unroll.go) and each pthread_create replaced by the
//     start of a new thread: the create stores the thread's number in its
//     pthread_t, passes the argument in main_thread_arg and sets the
//     thread's start flag with a release store; the new thread
//     (main_threadK, after main's) waits for the flag with an acquire
//     load, as a thread a phased main starts after touching memory does
//     (pthread_phases.go).
//   - pthread_join outside main waits for the thread's done flag (every
//     thread sets it at its end with a release store) with an acquire
//     load, and reads its result from main_thread_result; the thread is
//     the number its pthread_t holds, so a thread may join any other.
//
// Main keeps its thread handles in memory. Every thread is detached when
// main joins no thread and does not end with pthread_exit.

// findSpawners marks the spawners (functions other than main that start
// or join threads, directly or through calls).
func (t *translator) findSpawners() {
	t.spawners = map[*ir.Func]bool{}
	callers := map[*ir.Func][]*ir.Func{}
	var work []*ir.Func
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			if t.procMod[f] != mod {
				continue
			}
			direct := false
			for _, b := range f.Blocks {
				for _, in := range b.Insts {
					c, ok := in.(*ir.InstCall)
					if !ok {
						continue
					}
					switch calleeName(c) {
					case "pthread_create", "pthread_join":
						direct = true
					}
					if callee := calledFunc(c.Callee); callee != nil {
						if def := t.resolveFunc(callee); def != nil {
							callers[def] = append(callers[def], f)
						}
					}
				}
			}
			if direct && f.Name() != "main" && !t.spawners[f] {
				t.spawners[f] = true
				work = append(work, f)
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range callers[f] {
			if c.Name() != "main" && !t.spawners[c] {
				t.spawners[c] = true
				work = append(work, c)
			}
		}
	}
	t.spawnerByProc = map[string]*ir.Func{}
	for f := range t.spawners {
		t.spawnerByProc[t.procs[f]] = f
	}
}

// callsSpawner reports whether fn calls a spawner directly.
func (t *translator) callsSpawner(fn *ir.Func) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			if c, ok := in.(*ir.InstCall); ok {
				if callee := calledFunc(c.Callee); callee != nil {
					if def := t.resolveFunc(callee); def != nil && t.spawners[def] {
						return true
					}
				}
			}
		}
	}
	return false
}

// reachesJoin reports whether fn, or a spawner it calls, calls
// pthread_join.
func (t *translator) reachesJoin(fn *ir.Func, seen map[*ir.Func]bool) bool {
	if seen[fn] {
		return false
	}
	seen[fn] = true
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			c, ok := in.(*ir.InstCall)
			if !ok {
				continue
			}
			if calleeName(c) == "pthread_join" {
				return true
			}
			if callee := calledFunc(c.Callee); callee != nil {
				if def := t.resolveFunc(callee); def != nil && t.spawners[def] && t.reachesJoin(def, seen) {
					return true
				}
			}
		}
	}
	return false
}

// anyJoinWithResult reports whether some pthread_join of the program
// passes a result pointer other than NULL.
func (t *translator) anyJoinWithResult() bool {
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			if t.procMod[f] == mod && joinsWithResults(f) {
				return true
			}
		}
	}
	return false
}

// Lowering contexts of a spawner.
type threadCtx uint8

const (
	ctxNone   threadCtx = iota // an ordinary function
	ctxMain                    // inlined into main: creates and joins are markers
	ctxThread                  // inlined into a thread's instance: joins wait
)

// lowerSpawner lowers a spawner for inlining in context ctx: its body
// with create (and, in main, join) markers, and the thread starts of its
// markers, its own calls of spawners inlined.
func (t *translator) lowerSpawner(irf *ir.Func, ctx threadCtx, depth int) (proc *lsl.Proc, starts map[*lsl.Call]*threadStart) {
	f := newFn(t, t.procMod[irf], irf)
	f.ctx = ctx
	f.starts = map[*lsl.Call]*threadStart{}
	if depth > 16 {
		f.fail(diag.CodeUnsupported, "recursion through %s, which starts or joins threads, is not supported", irf.Name())
	}
	f.prepare()
	body := f.structure()
	var live []lsl.Reg
	for _, st := range f.starts {
		if r, ok := st.arg.(lsl.Reg); ok {
			live = append(live, r)
		}
		if r, ok := st.handle.(lsl.Reg); ok {
			live = append(live, r)
		}
	}
	f.proc.Body = cleanup(body, f.retUsed, append(live, f.proc.Results...), f.proc.Params)
	f.atomicSections(f.proc.Body)
	f.proc.Body.Stmts = t.inlineSpawners(f.proc.Body.Stmts, f.starts, ctx, depth)
	return f.proc, f.starts
}

// inlineSpawners replaces the calls of spawners among stmts (at any depth)
// by their bodies lowered in context ctx, adding the thread starts of
// their markers to starts.
func (t *translator) inlineSpawners(stmts []lsl.Stmt, starts map[*lsl.Call]*threadStart, ctx threadCtx, depth int) []lsl.Stmt {
	var out []lsl.Stmt
	for _, s := range stmts {
		switch s := s.(type) {
		case *lsl.Call:
			irf, ok := t.spawnerByProc[s.Proc]
			if !ok {
				break
			}
			proc, inner := t.lowerSpawner(irf, ctx, depth+1)
			t.inlines++
			code, r := inlinedCall(s, proc, t.inlines)
			for clone, orig := range r.markers {
				if st, ok := inner[orig]; ok {
					c := *st
					c.arg = r.op(st.arg)
					if st.handle != nil {
						c.handle = r.op(st.handle)
					}
					starts[clone] = &c
				}
			}
			out = append(out, &lsl.Block{Stmts: code, Pos: s.Pos})
			continue
		case *lsl.Block:
			s.Stmts = t.inlineSpawners(s.Stmts, starts, ctx, depth)
		case *lsl.If:
			s.Then.Stmts = t.inlineSpawners(s.Then.Stmts, starts, ctx, depth)
			if s.Else != nil {
				s.Else.Stmts = t.inlineSpawners(s.Else.Stmts, starts, ctx, depth)
			}
		case *lsl.Atomic:
			s.Body.Stmts = t.inlineSpawners(s.Body.Stmts, starts, ctx, depth)
		case *lsl.Spin:
			s.Body.Stmts = t.inlineSpawners(s.Body.Stmts, starts, ctx, depth)
		}
		out = append(out, s)
	}
	return out
}

// threadProc is the procedure thread k runs for its function: the
// function's own, or an instance of a spawner.
func (t *translator) threadProc(st *threadStart, k int) string {
	if !t.spawners[st.fn] {
		return t.procs[st.fn]
	}
	return t.instance(st.fn, k)
}

// instance lowers spawner irf as the function of thread k: its creates
// start new threads (numbered after every thread so far), its joins wait
// for theirs.
func (t *translator) instance(irf *ir.Func, k int) (name string) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			name = t.procs[irf]
		}
	}()
	proc, starts := t.lowerSpawner(irf, ctxThread, 0)
	f := newFn(t, t.procMod[irf], irf)
	f.starts = starts
	stmts := f.expandThreadLoops(f.hoistThreadOps(failFirst(proc.Body.Stmts)))
	var body []lsl.Stmt
	for _, s := range stmts {
		c, ok := s.(*lsl.Call)
		if !ok || c.Proc != createMarker {
			lsl.Walk(s, func(x lsl.Stmt) bool {
				if c, ok := x.(*lsl.Call); ok && c.Proc == createMarker {
					f.pos = c.Pos
					f.fail(diag.CodeInvalidConstruct, "pthread_create must run a fixed number of times: it is inside a loop or branch whose control depends on a value known only when the program runs")
				}
				return true
			})
			body = append(body, s)
			continue
		}
		body = append(body, t.startThread(f.starts[c])...)
	}
	proc.Name = uniqueName(t.procs[irf]+"_thread"+strconv.Itoa(k), t.procTaken)
	proc.Display = t.procs[irf]
	proc.Body = &lsl.Block{Stmts: body, Label: proc.Body.Label, Pos: proc.Body.Pos}
	t.procTaken[proc.Name] = true
	t.prog.Procs = append(t.prog.Procs, proc)
	return proc.Name
}

// startThread numbers a thread started outside main and returns the code
// of its pthread_create: the handle, the argument, the start flag.
func (t *translator) startThread(st *threadStart) []lsl.Stmt {
	p := t.pthread
	p.threads++
	k := p.threads
	st.start, st.done = true, true
	p.extra = append(p.extra, st)
	var out []lsl.Stmt
	if st.handle != nil {
		out = append(out, handleStore(st, k))
	}
	if len(st.fn.Params) == 1 && st.arg != nil {
		if _, isConst := st.arg.(lsl.Const); !isConst {
			st.argCell = t.threadGlobal(&p.argBase, "main_thread_arg", st.pos)
			out = append(out, &lsl.Store{Addr: lsl.Const{V: lsl.Ptr(st.argCell, int64(k))}, Val: st.arg, Expr: "pthread_create's argument of thread " + strconv.Itoa(k), Pos: st.pos})
		}
	}
	started := t.threadGlobal(&p.startedBase, "main_thread_started", st.pos)
	return append(out, releaseFlag(started, int64(k), "pthread_create starts thread "+strconv.Itoa(k), st.pos)...)
}

// emitExtraThreads adds the procedures of the threads started outside
// main (main_threadK for K after main's): each waits for its start flag,
// reads its argument, runs its function and says it is done.
func (t *translator) emitExtraThreads(first int) {
	p := t.pthread
	for i := 0; i < len(p.extra); i++ {
		st := p.extra[i]
		k := first + i + 1
		var body []lsl.Stmt
		started := t.threadGlobal(&p.startedBase, "main_thread_started", st.pos)
		body = append(body, acquireWait(lsl.Const{V: lsl.Ptr(started, int64(k))}, "pthread_start", "thread "+strconv.Itoa(k)+" waits for its pthread_create", st.pos)...)
		call := &lsl.Call{Proc: t.threadProc(st, k), Pos: st.pos}
		if len(st.fn.Params) == 1 {
			arg := st.arg
			if st.argCell != 0 {
				r := lsl.Reg("%arg")
				body = append(body, &lsl.Load{Dst: r, Addr: lsl.Const{V: lsl.Ptr(st.argCell, int64(k))}, Expr: "argument of thread " + strconv.Itoa(k), Pos: st.pos})
				arg = r
			}
			if arg == nil {
				arg = num(0)
			}
			call.Args = []lsl.Operand{arg}
		}
		if _, void := st.fn.Sig.RetType.(*types.VoidType); !void {
			call.Results = []lsl.Reg{"%ret"}
		}
		body = append(body, call)
		if p.resultBase != 0 && len(call.Results) == 1 {
			body = append(body, &lsl.Store{Addr: lsl.Const{V: lsl.Ptr(p.resultBase, int64(k))}, Val: call.Results[0], Expr: "result of " + t.procs[st.fn], Pos: st.pos})
		}
		done := t.threadGlobal(&p.doneBase, "main_thread_done", st.pos)
		body = append(body, releaseFlag(done, int64(k), "thread "+strconv.Itoa(k)+" is done", st.pos)...)
		t.addProc(PthreadThread+strconv.Itoa(k), body, st.pos).Display = t.procs[st.fn]
	}
}

// waitJoinCall is pthread_join outside main: wait for the done flag of
// the thread the handle names, then pass its result on.
func waitJoinCall(f *fn, c *ir.InstCall) {
	f.args(c, 2)
	t := f.t
	p := t.pthread
	h := f.val(c.Args[0])
	done := t.threadGlobal(&p.doneBase, "main_thread_done", f.pos)
	at := f.temp()
	f.emit(&lsl.Assign{Dst: at, Op: lsl.OpOffset, Args: []lsl.Operand{lsl.Const{V: lsl.Ptr(done)}, h}})
	f.labelN++
	for _, s := range acquireWait(at, "pthread_join_"+strconv.Itoa(f.labelN), "pthread_join waits for the thread", f.pos) {
		f.emit(s)
	}
	if _, null := stripCasts(c.Args[1]).(*constant.Null); !null {
		res := t.threadGlobal(&p.resultBase, "main_thread_result", f.pos)
		rat, v := f.temp(), f.temp()
		f.emit(&lsl.Assign{Dst: rat, Op: lsl.OpOffset, Args: []lsl.Operand{lsl.Const{V: lsl.Ptr(res)}, h}})
		f.emit(&lsl.Load{Dst: v, Addr: rat, Expr: "the joined thread's result"})
		f.emit(&lsl.Store{Addr: f.cell(c, 1), Val: v, Expr: "pthread_join's result"})
	}
	f.zeroResult(c)
}

// mainArgs are the values of main's parameters: argc is 1 and argv
// points to a global of two null pointers (argv[0], the program's name,
// is not modelled, as strings are not; argv[argc] is NULL).
func (t *translator) mainArgs(params []lsl.Reg, pos diag.Pos) []lsl.Stmt {
	var out []lsl.Stmt
	for i, p := range params {
		var v lsl.Operand = num(0)
		switch i {
		case 0:
			v = num(1)
		case 1:
			name := uniqueName("main_argv", t.globalTaken)
			t.prog.Globals = append(t.prog.Globals, &lsl.Global{Name: name, Type: &lsl.TypeRef{Name: "ptr", Dims: []int64{2}}, Pos: pos})
			v = lsl.Const{V: lsl.Ptr(int64(len(t.prog.Globals)), 0)}
		}
		out = append(out, &lsl.Assign{Dst: p, Op: lsl.OpCopy, Args: []lsl.Operand{v}, Pos: pos})
	}
	return out
}

// sequentialMain adds the operation of a program whose main starts no
// thread: main_self runs main (with its arguments), and PthreadTest makes
// it the test's only thread.
func (t *translator) sequentialMain() {
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			if f.Name() != "main" || t.procMod[f] != mod {
				continue
			}
			name := t.procs[f]
			if t.procTaken[PthreadSelf] {
				return
			}
			pos := t.funcPos(mod, f)
			var main *lsl.Proc
			for _, p := range t.prog.Procs {
				if p.Name == name {
					main = p
				}
			}
			if main == nil {
				return // an error was reported
			}
			call := &lsl.Call{Proc: name, Pos: pos}
			regs := make([]lsl.Reg, len(main.Params))
			for i := range regs {
				regs[i] = lsl.Reg("%arg" + strconv.Itoa(i))
			}
			body := append(t.mainArgs(regs, pos), t.ctorCalls(pos)...)
			for _, r := range regs {
				call.Args = append(call.Args, r)
			}
			if len(main.Results) > 0 {
				call.Results = []lsl.Reg{"%status"}
			}
			body = append(body, call)
			body = append(body, t.dtorCalls(pos)...)
			t.addProc(PthreadSelf, body, pos).Display = "main"
			return
		}
	}
}

package llvmfront

import (
	"fmt"
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
)

// Thread results (pthread_join(t, &res)). When some pthread_join in main
// asks for a result, thread handles are real: pthread_create(&t, …) of the
// k-th thread stores k into t at the end of main_init (where main_self
// creates the thread in a phased main: pthread_phases.go), main_threadk stores
// what the thread function returns into main_thread_result[k], and a
// join reads the handle, then main_thread_result[handle], and stores it
// through its result pointer. Main's code from its first read of a handle
// for a join on runs at the start of main_final: it only reads main's own
// handles and the results of threads that have completed, and final runs
// after every thread, so moving it there changes no verdict. Without
// results or phases, handles produce no code (pthreadHandles).

// joinsWithResults reports whether a pthread_join in main passes a
// result pointer other than NULL.
func joinsWithResults(main *ir.Func) bool {
	for _, b := range main.Blocks {
		for _, in := range b.Insts {
			c, ok := in.(*ir.InstCall)
			if !ok || calleeName(c) != "pthread_join" || len(c.Args) < 2 {
				continue
			}
			if _, null := stripCasts(c.Args[1]).(*constant.Null); !null {
				return true
			}
		}
	}
	return false
}

// keepHandles notes the loads of thread handles that feed pthread_join:
// main_final runs them, or main_self for its joins in a phased main.
func (f *fn) keepHandles() {
	f.joinHandles = map[*ir.InstLoad]bool{}
	f.handleLoads = map[*lsl.Load]bool{}
	for _, b := range f.f.Blocks {
		for _, in := range b.Insts {
			c, ok := in.(*ir.InstCall)
			if !ok || calleeName(c) != "pthread_join" || len(c.Args) == 0 {
				continue
			}
			l, ok := c.Args[0].(*ir.InstLoad)
			if !ok {
				continue
			}
			only := true
			for _, u := range f.uses[l] {
				if u, ok := u.(*ir.InstCall); !ok || calleeName(u) != "pthread_join" || u.Args[0] != l {
					only = false
				}
			}
			if only {
				f.joinHandles[l] = true
			}
		}
	}
}

// joinOperands are the operands of a join marker when joins take results:
// the handle, and the cell the result goes to unless the pointer is NULL.
func (f *fn) joinOperands(c *ir.InstCall) []lsl.Operand {
	if !f.pthreadMain {
		// a function main calls (pthread_spawn.go): the handle is a value
		ops := []lsl.Operand{f.val(c.Args[0])}
		if _, null := stripCasts(c.Args[1]).(*constant.Null); !null {
			ops = append(ops, f.cell(c, 1))
		}
		return ops
	}
	l, ok := c.Args[0].(*ir.InstLoad)
	if !ok || !f.joinHandles[l] {
		f.fail(diag.CodeInvalidConstruct, "pthread_join's thread must be read from the pthread_t that pthread_create wrote, and used only to join it")
	}
	ops := []lsl.Operand{f.val(l)}
	if _, null := stripCasts(c.Args[1]).(*constant.Null); !null {
		ops = append(ops, f.cell(c, 1))
	}
	return ops
}

// joinResult is the code of a join that takes a result: the result of the
// thread whose handle it read, stored through its result pointer.
func (sp *mainSplit) joinResult(f *fn, c *lsl.Call) []lsl.Stmt {
	if len(c.Args) < 2 {
		return nil
	}
	sp.transfers++
	n := strconv.Itoa(sp.transfers)
	at := lsl.Reg("%pthread_result_at." + n)
	val := lsl.Reg("%pthread_result." + n)
	return []lsl.Stmt{
		&lsl.Assign{Dst: at, Op: lsl.OpOffset, Args: []lsl.Operand{lsl.Const{V: lsl.Ptr(f.t.pthread.resultBase)}, c.Args[0]}, Pos: c.Pos},
		&lsl.Load{Dst: val, Addr: at, Expr: "the joined thread's result", Pos: c.Pos},
		&lsl.Store{Addr: c.Args[1], Val: val, Expr: "pthread_join's result", Pos: c.Pos},
	}
}

// storeHandles ends init with the stores of the thread handles: thread k
// is k.
func (sp *mainSplit) storeHandles(f *fn, avail map[lsl.Reg]bool) {
	for k, st := range sp.starts {
		if st.handle == nil {
			continue
		}
		if r, ok := st.handle.(lsl.Reg); ok && !avail[r] {
			f.pos = st.pos
			f.fail(diag.CodeInvalidConstruct, "the pthread_t of pthread_create depends on what main does after starting threads")
		}
		sp.init = append(sp.init, handleStore(st, k+1))
	}
}

// handleStore is pthread_create's store of thread k's number into its
// pthread_t.
func handleStore(st *threadStart, k int) lsl.Stmt {
	return &lsl.Store{Addr: st.handle, Val: lsl.Const{V: lsl.Num(int64(k))}, Expr: fmt.Sprintf("pthread_create's handle of thread %d", k), Pos: st.pos}
}

// pthreadExitCall: pthread_exit(v) in a thread function, which nothing but
// pthread_create calls, returns v from it; pthread_exit anywhere else
// would have to end the thread from inside a call, and is an error.
func pthreadExitCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	if f.pthreadMain {
		// main ends; the program runs on until every thread has ended
		f.t.pthread.exits = true
		f.retUsed = true
		f.emit(&lsl.Break{Label: "ret"})
		return
	}
	if f.t.pthread == nil || f.f == f.t.pthread.main || !f.t.startsThreads(f.f) {
		f.fail(diag.CodeUnsupported, "pthread_exit is only supported in a thread function (the function pthread_create starts); return from it instead")
	}
	if f.t.calledDirectly(f.f) {
		f.fail(diag.CodeUnsupported, "pthread_exit in %s, which is also called as a function, is not supported; return from it instead", f.f.Name())
	}
	if _, void := f.f.Sig.RetType.(*types.VoidType); !void {
		f.emit(&lsl.Assign{Dst: "%result", Op: lsl.OpCopy, Args: []lsl.Operand{f.val(c.Args[0])}})
	}
	f.retUsed = true
	f.emit(&lsl.Break{Label: "ret"})
}

// startsThreads reports whether a pthread_create of the program starts
// fn.
func (t *translator) startsThreads(fn *ir.Func) bool {
	for _, mod := range t.mods {
		for _, g := range mod.m.Funcs {
			for _, b := range g.Blocks {
				for _, in := range b.Insts {
					c, ok := in.(*ir.InstCall)
					if !ok || calleeName(c) != "pthread_create" || len(c.Args) < 3 {
						continue
					}
					if target := calledFunc(c.Args[2]); target != nil && t.resolveFunc(target) == fn {
						return true
					}
				}
			}
		}
	}
	return false
}

// calledDirectly reports whether some function of the program calls fn.
func (t *translator) calledDirectly(fn *ir.Func) bool {
	for _, mod := range t.mods {
		for _, g := range mod.m.Funcs {
			for _, b := range g.Blocks {
				for _, in := range b.Insts {
					c, ok := in.(*ir.InstCall)
					if !ok {
						continue
					}
					if callee := calledFunc(c.Callee); callee != nil && t.resolveFunc(callee) == fn {
						return true
					}
				}
			}
		}
	}
	return false
}

// dropDeadHandleLoads removes from main_final the reads of thread handles
// that no join result needs: a join with a NULL result pointer reads its
// handle for nothing once it is at the end of main.
func (f *fn) dropDeadHandleLoads(final []lsl.Stmt) []lsl.Stmt {
	used := read(final)
	out := final[:0:0]
	for _, s := range final {
		if ld, ok := s.(*lsl.Load); ok && f.handleLoads[ld] && !used[ld.Dst] {
			continue
		}
		out = append(out, s)
	}
	return out
}

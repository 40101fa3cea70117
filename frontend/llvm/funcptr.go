package llvmfront

import (
	"sort"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Function pointers. The address of a function f is a pointer to a global
// fn_f of its own, which nothing reads or writes: function pointers can be
// stored, passed, compared (with each other and with NULL) and called. A
// call through a pointer compares it with the address of every function of
// the program whose address is taken and whose parameters and result
// match the call's, and calls the one it equals (the unroller inlines each
// candidate; the solver keeps the one the pointer holds); a pointer that
// is none of them is a runtime error. pthread_create with a function that
// is not a constant passes the function and the argument in a fresh block
// to a dispatching thread function (threadDispatch).

// findAddrTaken notes the defined functions whose address the program
// takes (used other than as the callee of a call).
func (t *translator) findAddrTaken() {
	t.addrTaken = map[*ir.Func]bool{}
	var visit func(v value.Value, depth int)
	visit = func(v value.Value, depth int) {
		if depth > 32 || v == nil {
			return
		}
		switch x := v.(type) {
		case *ir.Func:
			if def := t.resolveFunc(x); def != nil {
				t.addrTaken[def] = true
			}
		case *ir.Global, ir.Instruction:
			// visited on their own
		case value.User:
			for _, op := range x.Operands() {
				if op != nil && *op != nil {
					visit(*op, depth+1)
				}
			}
		case *constant.Struct:
			for _, e := range x.Fields {
				visit(e, depth+1)
			}
		case *constant.Array:
			for _, e := range x.Elems {
				visit(e, depth+1)
			}
		}
	}
	for _, mod := range t.mods {
		for _, g := range mod.m.Globals {
			if g.Init != nil && !skipGlobal(g) {
				visit(g.Init, 0)
			}
		}
		for _, f := range mod.m.Funcs {
			for _, b := range f.Blocks {
				for _, in := range b.Insts {
					u, ok := in.(value.User)
					if !ok {
						continue
					}
					c, isCall := in.(*ir.InstCall)
					for _, op := range u.Operands() {
						if op == nil || *op == nil {
							continue
						}
						if isCall && *op == c.Callee {
							if _, direct := c.Callee.(*ir.Func); direct {
								continue
							}
							if calledFunc(c.Callee) != nil {
								continue
							}
						}
						if _, md := (*op).(interface{ MetadataNode() }); md {
							continue
						}
						visit(*op, 0)
					}
				}
			}
		}
	}
}

// funcAddress is the pointer a function's address is.
func (f *fn) funcAddress(fn *ir.Func) lsl.Operand {
	def := f.t.resolveFunc(fn)
	if def == nil {
		f.fail(diag.CodeUndefined, "the address of %s, which is declared but not defined, is taken (a function pointer must point to a function of the program)", fn.Name())
	}
	t := f.t
	base, ok := t.funcGlobals[def]
	if !ok {
		name := uniqueName("fn_"+identName(t.procs[def]), t.globalTaken)
		t.prog.Globals = append(t.prog.Globals, &lsl.Global{Name: name, Pos: t.funcPos(t.procMod[def], def)})
		base = int64(len(t.prog.Globals))
		t.funcGlobals[def] = base
	}
	return lsl.Const{V: lsl.Ptr(base)}
}

// candidates lists the functions a call through a pointer with these
// parameters and result may call, by name.
func (t *translator) candidates(params int, void bool) []*ir.Func {
	var out []*ir.Func
	for def := range t.addrTaken {
		_, isVoid := def.Sig.RetType.(*types.VoidType)
		if len(def.Params) == params && isVoid == void && !def.Sig.Variadic {
			out = append(out, def)
		}
	}
	sort.Slice(out, func(i, j int) bool { return t.procs[out[i]] < t.procs[out[j]] })
	return out
}

// indirectCall lowers a call through a function pointer.
func (f *fn) indirectCall(c *ir.InstCall) {
	fp := f.val(c.Callee)
	_, void := c.Sig().RetType.(*types.VoidType)
	cands := f.t.candidates(len(c.Args), void)
	if len(cands) == 0 {
		f.fail(diag.CodeUndeclared, "call through a function pointer, but no function with %d parameters whose address is taken", len(c.Args))
	}
	var result lsl.Reg
	if !void {
		result = f.reg(c)
	}
	f.dispatch(fp, cands, func(def *ir.Func) lsl.Stmt {
		if f.t.spawners[def] && f.t.pthread != nil {
			f.fail(diag.CodeUnsupported, "a call through a pointer of %s, which starts or joins threads, is not supported", def.Name())
		}
		call := &lsl.Call{Proc: f.t.procs[def]}
		for i, a := range c.Args {
			call.Args = append(call.Args, f.voidArgument(def, i, a))
		}
		if !void {
			call.Results = []lsl.Reg{result}
		}
		return atomicCall(def, call)
	})
}

// dispatch emits the chain of comparisons of fp with the candidates'
// addresses, each calling its candidate; no match is a runtime error.
func (f *fn) dispatch(fp lsl.Operand, cands []*ir.Func, call func(*ir.Func) lsl.Stmt) {
	var chain *lsl.Block = &lsl.Block{Pos: f.pos, Stmts: []lsl.Stmt{&lsl.Abort{Msg: "call through a pointer that is not the address of a function", Pos: f.pos}}}
	for i := len(cands) - 1; i >= 0; i-- {
		def := cands[i]
		then := f.sub(func() { f.emit(call(def)) })
		var is lsl.Operand
		cmp := f.sub(func() { is = f.apply(lsl.OpEq, fp, f.funcAddress(def)) })
		stmts := append(cmp.Stmts, &lsl.If{Cond: is, Then: then, Else: chain, Pos: f.pos})
		chain = &lsl.Block{Pos: f.pos, Stmts: stmts}
	}
	for _, s := range chain.Stmts {
		f.emit(s)
	}
}

// threadDispatch is the thread function of a pthread_create whose
// function is not a constant: its argument is a block holding the
// function pointer and the argument.
func (t *translator) threadDispatch() *ir.Func {
	if t.dispatchFn != nil {
		return t.dispatchFn
	}
	disp := ir.NewFunc("pthread_dispatch", types.I8Ptr, ir.NewParam("p", types.I8Ptr))
	t.dispatchFn = disp
	name := uniqueName("pthread_dispatch", t.procTaken)
	t.procs[disp] = name
	pos := diag.Pos{File: t.mods[0].name, Line: 1}
	if t.pthread != nil {
		pos = t.funcPos(t.procMod[t.pthread.main], t.pthread.main)
	}
	f := &fn{t: t, pos: pos, taken: map[string]bool{}}
	f.cur = &lsl.Block{Pos: pos}
	p, fp, arg, res := lsl.Reg("%p"), lsl.Reg("%fn"), lsl.Reg("%arg"), lsl.Reg("%result")
	f.emit(&lsl.Load{Dst: fp, Addr: p, Expr: "pthread_create's function"})
	// the argument is the block's second cell
	blk, at := f.temp(), f.temp()
	f.emit(&lsl.Assign{Dst: blk, Op: lsl.OpGetBase, Args: []lsl.Operand{p}})
	f.emit(&lsl.Assign{Dst: at, Op: lsl.OpOffset, Args: []lsl.Operand{blk, num(1)}})
	f.emit(&lsl.Load{Dst: arg, Addr: at, Expr: "pthread_create's argument"})
	var cands []*ir.Func
	for _, n := range []int{1, 0} {
		cands = append(cands, t.candidates(n, false)...)
	}
	sort.Slice(cands, func(i, j int) bool { return t.procs[cands[i]] < t.procs[cands[j]] })
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(bailout); !ok {
					panic(r)
				}
			}
		}()
		f.dispatch(fp, cands, func(def *ir.Func) lsl.Stmt {
			if t.spawners[def] && t.pthread != nil {
				f.fail(diag.CodeUnsupported, "starting %s, which starts or joins threads, through a function pointer is not supported", def.Name())
			}
			call := &lsl.Call{Proc: t.procs[def], Results: []lsl.Reg{res}}
			if len(def.Params) == 1 {
				call.Args = []lsl.Operand{arg}
			}
			return call
		})
	}()
	t.addProc(name, f.cur.Stmts, pos).Params = []lsl.Reg{p}
	t.prog.Proc(name).Results = []lsl.Reg{res}
	return disp
}

// dispatchedCreate is a pthread_create whose function is a pointer:
// a fresh block [function, argument] for threadDispatch.
func (f *fn) dispatchedCreate(c *ir.InstCall) (*ir.Func, lsl.Operand) {
	blk := f.temp()
	f.emit(&lsl.Alloc{Dst: blk, Kind: lsl.AllocFresh})
	first := f.temp()
	f.emit(&lsl.Assign{Dst: first, Op: lsl.OpOffset, Args: []lsl.Operand{blk, num(0)}})
	f.emit(&lsl.Store{Addr: first, Val: f.val(c.Args[2]), Expr: "pthread_create's function"})
	second := f.temp()
	f.emit(&lsl.Assign{Dst: second, Op: lsl.OpOffset, Args: []lsl.Operand{blk, num(1)}})
	f.emit(&lsl.Store{Addr: second, Val: f.val(c.Args[3]), Expr: "pthread_create's argument"})
	return f.t.threadDispatch(), first
}

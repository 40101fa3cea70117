package llvmfront

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// fn is the state of lowering one function.
type fn struct {
	t    *translator
	mod  *module
	f    *ir.Func
	proc *lsl.Proc
	cur  *lsl.Block
	pos  diag.Pos

	regs  map[value.Value]lsl.Reg    // SSA values and promoted allocas
	objs  map[value.Value]types.Type // object types of pointer registers
	taken map[string]bool            // register names in use
	temps int

	uses      map[value.Value][]any                     // users of each value
	varNames  map[value.Value]*metadata.DILocalVariable // from llvm.dbg.*
	promoted  map[*ir.InstAlloca]bool                   // allocas that are registers
	mutable   map[lsl.Reg]bool                          // registers of promoted allocas
	via       map[value.Value]*ir.InstAlloca            // casts of promoted allocas
	castAlias map[value.Value]bool                      // casts that may name a mutable register
	skip      map[any]bool                              // instructions with no code
	pairs     map[*ir.InstCmpXchg][2]lsl.Operand        // cmpxchg {old, success}
	consts    map[value.Value]lsl.Operand               // instructions with constant values
	voidBytes map[value.Value]bool                      // byte offsets into a void* of unknown object type

	g       *cfg
	labelN  int
	retUsed bool

	pthreadMain bool                       // main of a pthread program
	ctx         threadCtx                  // where a spawner is inlined (pthread_spawn.go)
	starts      map[*lsl.Call]*threadStart // its pthread_create markers
	// markerGuards: the guards of thread markers that run on some paths
	// only (pthread_guarded.go)
	markerGuards map[*lsl.Call]lsl.Operand
	detached     bool // main returns without joining them (pthread_detached.go)
	// with join results (pthread_results.go): the loads of thread handles
	// that feed pthread_join, as instructions and as statements
	joinHandles map[*ir.InstLoad]bool
	handleLoads map[*lsl.Load]bool
	exits       []*lsl.Assume // exit(0) in a pthread main (exitCall)

	// spuriousLeft is 1 while no wait inside a loop of the function has
	// woken spuriously in this call ("" when no such wait: condWaitCall)
	spuriousLeft lsl.Reg
}

// bailout ends the lowering of a function after an error.
type bailout struct{}

// fail reports an error at the current position and abandons the function.
func (f *fn) fail(code diag.ErrorCode, format string, args ...any) {
	f.t.errorf(f.pos, code, format, args...)
	panic(bailout{})
}

// emit appends a statement at the current position.
func (f *fn) emit(s lsl.Stmt) {
	if f.cur == nil {
		f.fail(diag.CodeNotConstant, "not a constant")
	}
	lsl.SetPos(s, f.pos)
	f.cur.Stmts = append(f.cur.Stmts, s)
}

// sub collects the statements gen emits into a new block.
func (f *fn) sub(gen func()) *lsl.Block {
	saved := f.cur
	b := &lsl.Block{Pos: f.pos}
	f.cur = b
	gen()
	f.cur = saved
	return b
}

// temp returns a fresh temporary register.
func (f *fn) temp() lsl.Reg {
	for {
		f.temps++
		n := "%t." + strconv.Itoa(f.temps)
		if !f.taken[n] {
			f.taken[n] = true
			return lsl.Reg(n)
		}
	}
}

// newReg returns a register named after name (made unique).
func (f *fn) newReg(name string) lsl.Reg {
	n := regName(name)
	if strings.HasPrefix(n, "%t.") {
		n = "%" + n[1:] + "_"
	}
	return lsl.Reg(uniqueName(n, f.taken))
}

// reg returns the register of an SSA value (created on first use).
func (f *fn) reg(v value.Value) lsl.Reg {
	if r, ok := f.regs[v]; ok {
		return r
	}
	var r lsl.Reg
	if dv := f.varNames[v]; dv != nil && dv.Name != "" {
		r = f.newReg(dv.Name)
	} else if n, ok := v.(interface{ Name() string }); ok && !isUnnamed(v) {
		r = f.newReg(n.Name())
	} else {
		r = f.temp()
	}
	f.regs[v] = r
	return r
}

func isUnnamed(v value.Value) bool {
	u, ok := v.(interface{ IsUnnamed() bool })
	return !ok || u.IsUnnamed()
}

// lowerFunc translates a function definition into a procedure; nil after
// an error (reported to t).
func lowerFunc(t *translator, mod *module, irf *ir.Func) (proc *lsl.Proc) {
	f := newFn(t, mod, irf)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			proc = nil
		}
	}()
	f.prepare()
	body := f.structure()
	if f.spuriousLeft != "" {
		start := &lsl.Assign{Dst: f.spuriousLeft, Op: lsl.OpCopy, Args: []lsl.Operand{num(1)}}
		body.Stmts = append([]lsl.Stmt{start}, body.Stmts...)
	}
	f.proc.Body = cleanup(body, f.retUsed, f.proc.Results, f.proc.Params)
	f.atomicSections(f.proc.Body)
	return f.proc
}

func newFn(t *translator, mod *module, irf *ir.Func) *fn {
	f := &fn{
		t: t, mod: mod, f: irf,
		regs:      map[value.Value]lsl.Reg{},
		objs:      map[value.Value]types.Type{},
		taken:     map[string]bool{"%result": true},
		uses:      map[value.Value][]any{},
		varNames:  map[value.Value]*metadata.DILocalVariable{},
		promoted:  map[*ir.InstAlloca]bool{},
		mutable:   map[lsl.Reg]bool{},
		via:       map[value.Value]*ir.InstAlloca{},
		castAlias: map[value.Value]bool{},
		voidBytes: map[value.Value]bool{},
		skip:      map[any]bool{},
		pairs:     map[*ir.InstCmpXchg][2]lsl.Operand{},
		consts:    map[value.Value]lsl.Operand{},
	}
	f.pos = t.funcPos(mod, irf)
	t.lastPos = f.pos
	f.proc = &lsl.Proc{Name: t.procs[irf], Pos: f.pos}
	return f
}

// prepare analyses the function before code is emitted: users, debug
// names, promotable allocas, parameters, the control flow graph.
func (f *fn) prepare() {
	if f.f.Sig.Variadic {
		f.fail(diag.CodeUnsupported, "variadic function %s is not supported", f.f.Name())
	}
	for _, b := range f.f.Blocks {
		for _, in := range b.Insts {
			f.addUses(in)
			f.noteDebugVar(in)
		}
		f.addUses(b.Term)
	}
	for i, p := range f.f.Params {
		r := f.paramReg(i, p)
		f.regs[p] = r
		f.proc.Params = append(f.proc.Params, r)
		if obj, ok := f.t.voidParams[p]; ok {
			f.objs[p] = obj
		}
	}
	if f.pthreadMain {
		f.pthreadHandles()
	}
	f.promote()
	if _, void := f.f.Sig.RetType.(*types.VoidType); !void {
		f.proc.Results = []lsl.Reg{"%result"}
	}
	f.g = buildCFG(f)
}

// addUses records x as a user of its operands.
func (f *fn) addUses(x any) {
	u, ok := x.(value.User)
	if !ok {
		return
	}
	for _, op := range u.Operands() {
		if op == nil || *op == nil {
			continue
		}
		switch v := (*op).(type) {
		case *ir.Block, *ir.Func, *ir.Global:
			continue
		case *metadata.Value:
			continue
		default:
			f.uses[v] = append(f.uses[v], x)
		}
	}
}

// noteDebugVar remembers the C variable an llvm.dbg.declare or
// llvm.dbg.value call describes.
func (f *fn) noteDebugVar(in ir.Instruction) {
	c, ok := in.(*ir.InstCall)
	if !ok || len(c.Args) < 2 {
		return
	}
	callee, ok := c.Callee.(*ir.Func)
	if !ok || (callee.Name() != "llvm.dbg.declare" && callee.Name() != "llvm.dbg.value") {
		return
	}
	mv, ok1 := c.Args[0].(*metadata.Value)
	vv, ok2 := c.Args[1].(*metadata.Value)
	if !ok1 || !ok2 {
		return
	}
	dv, ok := vv.Value.(*metadata.DILocalVariable)
	if !ok {
		return
	}
	v, ok := mv.Value.(value.Value)
	if !ok {
		return
	}
	if _, seen := f.varNames[v]; !seen {
		f.varNames[v] = dv
	}
}

// paramReg names parameter i: by its LLVM name, else by its C name from
// the debug info, else %argN.
func (f *fn) paramReg(i int, p *ir.Param) lsl.Reg {
	if !p.IsUnnamed() {
		return f.newReg(p.Name())
	}
	if dv := f.varNames[p]; dv != nil && dv.Name != "" {
		return f.newReg(dv.Name)
	}
	for _, dv := range f.varNames {
		if dv.Arg == uint64(i+1) && dv.Name != "" {
			return f.newReg(dv.Name)
		}
	}
	return f.newReg("arg" + strconv.Itoa(i))
}

// label returns a fresh label.
func (f *fn) label(prefix string) string {
	f.labelN++
	return prefix + strconv.Itoa(f.labelN)
}

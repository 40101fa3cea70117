package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// Thread-local variables (_Thread_local, __thread, C++ thread_local). A
// thread-local global x of type T is the LSL global x : T[C], one copy per
// thread, and &x is the pointer to the running thread's copy: [@x i] for
// the thread's index i, computed where the address is used. The copies
// start with x's initializer. Indices follow the unroller's thread ids
// (lsl.Unroll): the concurrent threads are 0 … n-1 and the init and final
// threads n; in a pthread program main's three parts (main_init,
// main_self, main_final) are one thread, so main_self, the last concurrent
// thread, uses copy n as well, which tlsIndex's select says. C is n+1 for a
// program that is its own test; for a program with a .tst file, whose
// number of threads the front end does not know, C is maxTLSThreads.
// A pointer to a thread's copy stays a pointer to that copy wherever it
// goes, as in C.

// maxTLSThreads is the number of copies of a thread-local variable in a
// program checked with a .tst file (tests of up to maxTLSThreads-1
// concurrent threads).
const maxTLSThreads = 16

// tlsIndex holds, per thread-local address computation, the select that
// maps main_self's thread id to main's copy, patched when the threads are
// known (sizeTLS).
type tlsIndex struct {
	sel *lsl.Assign // %i := select(%main, SELF, %id)
	num lsl.Reg     // numthreads()
}

// tlsAddress emits the address of the running thread's copy of the
// thread-local global g (base).
func (f *fn) tlsAddress(g *ir.Global, base int64) lsl.Operand {
	if f.cur == nil {
		f.fail(diag.CodeNotConstant, "the address of the thread-local variable %s is not a constant: it cannot initialize a global", g.Name())
	}
	id, n, isMain, idx := f.temp(), f.temp(), f.temp(), f.temp()
	f.emit(&lsl.Assign{Dst: id, Op: lsl.OpThreadID})
	f.emit(&lsl.Assign{Dst: n, Op: lsl.OpNumThreads})
	f.emit(&lsl.Assign{Dst: isMain, Op: lsl.OpEq, Args: []lsl.Operand{id, n}})
	sel := &lsl.Assign{Dst: idx, Op: lsl.OpSelect, Args: []lsl.Operand{isMain, n, id}}
	f.emit(sel)
	f.t.tlsSelects = append(f.t.tlsSelects, tlsIndex{sel: sel, num: n})
	p := f.temp()
	f.emit(&lsl.Assign{Dst: p, Op: lsl.OpOffset, Args: []lsl.Operand{lsl.Const{V: lsl.Ptr(base)}, idx}})
	return p
}

// sizeTLS gives the thread-local globals their copies, once the threads
// of a pthread program are known.
func (t *translator) sizeTLS() {
	if len(t.tls) == 0 {
		return
	}
	copies := int64(maxTLSThreads)
	if t.prog.Proc(PthreadSelf) != nil || t.prog.Proc(PthreadInit) != nil {
		n := int64(0)
		for _, p := range t.prog.Procs {
			if len(p.Name) > len(PthreadThread) && p.Name[:len(PthreadThread)] == PthreadThread && isDigits(p.Name[len(PthreadThread):]) {
				n++
			}
		}
		self := t.prog.Proc(PthreadSelf) != nil
		if self {
			n++
		}
		copies = n + 1
		if self {
			// main_self is the last concurrent thread: main's copy is its
			for _, s := range t.tlsSelects {
				s.sel.Args[1] = lsl.Const{V: lsl.Num(n - 1)}
			}
		}
	}
	for base := range t.tls {
		g := t.prog.Globals[base-1]
		ty := &lsl.TypeRef{Name: "int", Dims: []int64{copies}}
		if g.Type != nil {
			ty = &lsl.TypeRef{Name: g.Type.Name, Dims: append([]int64{copies}, g.Type.Dims...)}
		}
		g.Type = ty
		init := g.Init
		g.Init = nil
		for k := int64(0); k < copies; k++ {
			for _, c := range init {
				g.Init = append(g.Init, lsl.CellInit{Path: append([]int64{k}, c.Path...), Val: c.Val})
			}
		}
	}
}

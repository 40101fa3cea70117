package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// Thread-local variables (_Thread_local, __thread) at file scope: the
// global x of type T is x : T[maxTLSThreads], one copy per thread, and
// &x is [@x id] for the running thread's id (lsl_get_thread_id: 0 … n-1
// for the concurrent threads of a test, n for init and final, which share
// a copy). Each copy starts with x's initializer. Tests may have up to
// maxTLSThreads-1 concurrent threads (the LLVM front end does the same,
// frontend/llvm/tls.go). A thread-local variable in a function is
// refused.

const maxTLSThreads = 16

// threadLocalAddr is the address of the running thread's copy of gv.
func (f *fn) threadLocalAddr(n cc.Node, gv *globalVar) lsl.Operand {
	if f.constOnly {
		f.errorf(n, diag.CodeNotConstant, "the address of the thread-local variable %s is not a constant: it cannot initialize a global", gv.cname)
		return lsl.Const{V: lsl.Ptr(gv.base)}
	}
	id := f.temp()
	f.emit(&lsl.Assign{Dst: id, Op: lsl.OpThreadID})
	return f.apply(lsl.OpOffset, lsl.Const{V: lsl.Ptr(gv.base)}, id)
}

// threadLocalCopies gives the thread-local globals their copies.
func (t *translator) threadLocalCopies() {
	seen := map[*globalVar]bool{}
	var all []*globalVar
	for _, gv := range t.globals {
		all = append(all, gv)
	}
	for _, u := range t.units {
		all = append(all, u.staticOrder...)
	}
	for _, gv := range all {
		if !gv.tls || seen[gv] {
			continue
		}
		seen[gv] = true
		g := gv.g
		ty := &lsl.TypeRef{Name: "int", Dims: []int64{maxTLSThreads}}
		if g.Type != nil {
			ty = &lsl.TypeRef{Name: g.Type.Name, Dims: append([]int64{maxTLSThreads}, g.Type.Dims...)}
		}
		g.Type = ty
		init := g.Init
		g.Init = nil
		for k := int64(0); k < maxTLSThreads; k++ {
			for _, c := range init {
				g.Init = append(g.Init, lsl.CellInit{Path: append([]int64{k}, c.Path...), Val: c.Val})
			}
		}
	}
}

package llvmfront

import (
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Optimized IR moves pointers as integers: clang -O1 loads and stores an
// atomic node* as i64 and converts with inttoptr and ptrtoint. An integer
// that holds a pointer keeps the pointer's path, so it also keeps the
// object type that path designates (f.objs), and inttoptr gives it back;
// otherwise the pointer inttoptr makes would designate an object of its
// own pointee type (i64) instead of the struct, and tail->next would
// access the whole block.

// intObj records the object type an integer holding a pointer designates.
func (f *fn) intObj(v value.Value, obj types.Type) {
	if obj != nil {
		f.objs[v] = obj
	}
}

// escapedObj is the object type the path of p designates once p has the
// path of its static type st (escape): st's pointee, or for a generic
// pointer (i8*) the object p points to.
func escapedObj(p pval, st types.Type) types.Type {
	want := pointee(st)
	if want == nil || isByte(want) || !sized(want) {
		return p.obj
	}
	return want
}

// loadedIntObj: an integer loaded from a cell declared as a pointer T* is
// a pointer stored there, which took the path of its static type: it
// designates a T.
func (f *fn) loadedIntObj(l value.Value, p pval) {
	if _, ok := l.Type().(*types.IntType); !ok || p.obj == nil || isByte(p.obj) {
		return
	}
	for t := p.obj; t != nil; t = firstChild(t) {
		if isScalar(t) {
			if e := pointee(t); e != nil && !isByte(e) && sized(e) {
				f.objs[l] = e
			}
			return
		}
	}
}

package llvmfront

import (
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// void* parameters. A pointer keeps the path of the object it designates,
// and an access through it descends to the cell it means by the object's
// type (access); a void* parameter has no type of its own, so an int
// access through it would use the path of a whole struct or array, a cell
// nothing writes. findVoidParams gives such a parameter the object type
// its arguments show when every call, and every pthread_create that
// starts the function, passes a pointer to it or to an object that starts
// with it (a first member, an array's first element): the thread's
// `*(int *)arg` then reads the first member of the struct it was given.
// Each argument is passed in the form of that type (voidArgument): &in[0]
// and &in[1] (clang writes the first as @in) as in[0] and in[1].
func (t *translator) findVoidParams() {
	type site struct {
		obj      types.Type
		constant bool
	}
	sites := map[*ir.Param][]site{}
	unknown := map[*ir.Param]bool{}
	var cur *fn // the function being scanned, for allocShapeOf
	note := func(def *ir.Func, i int, arg value.Value) {
		if def == nil || i >= len(def.Params) {
			return
		}
		p := def.Params[i]
		if e := pointee(p.Typ); e == nil || !isByte(e) {
			return
		}
		if _, null := arg.(*constant.Null); null {
			return
		}
		obj := argObject(arg)
		if c, ok := stripCasts(arg).(*ir.InstCall); ok && isAllocator(calleeName(c)) {
			obj = cur.allocShapeOf(c).obj // malloc's void*
		}
		if obj == nil {
			unknown[p] = true
			return
		}
		_, isConst := arg.(constant.Constant)
		sites[p] = append(sites[p], site{obj, isConst})
	}
	for _, mod := range t.mods {
		for _, irf := range mod.m.Funcs {
			if len(irf.Blocks) == 0 {
				continue
			}
			cur = newFn(t, mod, irf)
			for _, b := range irf.Blocks {
				for _, in := range b.Insts {
					cur.addUses(in)
					cur.noteDebugVar(in)
				}
				cur.addUses(b.Term)
			}
			for _, b := range irf.Blocks {
				for _, in := range b.Insts {
					c, ok := in.(*ir.InstCall)
					if !ok {
						continue
					}
					callee := calledFunc(c.Callee)
					if callee == nil {
						continue
					}
					if callee.Name() == "pthread_create" && len(c.Args) == 4 {
						if target := calledFunc(c.Args[2]); target != nil {
							note(t.resolveFunc(target), 0, c.Args[3])
						}
						continue
					}
					if def := t.resolveFunc(callee); def != nil {
						for i, a := range c.Args {
							note(def, i, a)
						}
					}
				}
			}
		}
	}
	t.voidParams = map[*ir.Param]types.Type{}
	for p, ss := range sites {
		if unknown[p] {
			continue
		}
		// the deepest type every argument's object starts with
		common := ss[0].obj
		for _, s := range ss[1:] {
			if _, ok := descent(common, s.obj); ok {
				common = s.obj
			} else if _, ok := descent(s.obj, common); !ok {
				common = nil
				break
			}
		}
		// a register that needs offsets may be null: leave it alone
		for _, s := range ss {
			if d, _ := descent(s.obj, common); common != nil && d > 0 && !s.constant {
				common = nil
			}
		}
		if common != nil {
			t.voidParams[p] = common
		}
	}
}

// voidArgument is argument v of a call of def, in the form of the type
// findVoidParams gave the parameter.
func (f *fn) voidArgument(def *ir.Func, i int, v value.Value) lsl.Operand {
	if i < len(def.Params) {
		if obj, ok := f.t.voidParams[def.Params[i]]; ok {
			if p := f.ptr(v); p.obj != nil {
				if d, ok := descent(p.obj, obj); ok {
					return f.zeros(p.op, d)
				}
			}
		}
	}
	return f.val(v)
}

// stripCasts follows bitcasts back to the value cast.
func stripCasts(v value.Value) value.Value {
	for i := 0; i < 16; i++ {
		switch x := v.(type) {
		case *ir.InstBitCast:
			v = x.From
		case *constant.ExprBitCast:
			v = x.From
		default:
			return v
		}
	}
	return v
}

// argObject is the type of the object an argument passed as void*
// designates, when its casts show it: the pointee of the typed pointer
// (or global) it was cast from; nil when it is a void* itself.
func argObject(v value.Value) types.Type {
	v = stripCasts(v)
	if g, ok := v.(*ir.Global); ok {
		if sized(g.ContentType) && !isByte(g.ContentType) {
			return g.ContentType
		}
		return nil
	}
	e := pointee(v.Type())
	if e == nil || isByte(e) || !sized(e) {
		return nil
	}
	return e
}

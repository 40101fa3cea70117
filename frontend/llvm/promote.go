package llvmfront

import (
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// promote decides which allocas are registers: scalar locals whose address
// is only loaded from and stored to (clang -O0 keeps every local in an
// alloca; this is the front end's mem2reg). Other allocas are memory
// ("alloc local"), like address-taken locals in the C front end.
func (f *fn) promote() {
	for _, b := range f.f.Blocks {
		for _, in := range b.Insts {
			a, ok := in.(*ir.InstAlloca)
			if !ok || !f.promotable(a) {
				continue
			}
			f.promoted[a] = true
			f.skip[a] = true
			f.markVia(a, a)
			if p, st := f.paramStore(a); p != nil {
				// the parameter's own register is the variable
				f.regs[a] = f.regs[p]
				f.mutable[f.regs[a]] = true
				f.skip[st] = true
				continue
			}
			switch dv := f.varNames[a]; {
			case dv != nil && dv.Name != "":
				f.regs[a] = f.newReg(dv.Name)
			case !a.IsUnnamed():
				f.regs[a] = f.newReg(a.Name())
			default:
				f.regs[a] = f.temp()
			}
			f.mutable[f.regs[a]] = true
		}
	}
	f.aliasLoads()
}

// promotable reports whether an alloca is a scalar whose address does not
// escape.
func (f *fn) promotable(a *ir.InstAlloca) bool {
	if !isScalar(a.ElemType) {
		return false
	}
	if a.NElems != nil {
		if c, ok := a.NElems.(*constant.Int); !ok || c.X.Int64() != 1 {
			return false
		}
	}
	for _, u := range f.uses[a] {
		switch u := u.(type) {
		case *ir.InstLoad:
			if u.Src != a || !isScalar(u.ElemType) {
				return false
			}
		case *ir.InstStore:
			if u.Dst != a || u.Src == a || !isScalar(u.Src.Type()) {
				return false
			}
		case *ir.InstBitCast:
			if !f.onlyLifetime(u) && !f.onlyLoadStore(u) {
				return false
			}
		case *ir.InstCall:
			if !isLifetime(u) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// onlyLoadStore reports whether a cast of an alloca to another scalar
// pointer type is only loaded from and stored to (clang -O0 does so for
// atomics of pointers: the temporary is accessed as an i64).
func (f *fn) onlyLoadStore(c *ir.InstBitCast) bool {
	if e := pointee(c.To); e == nil || !isScalar(e) {
		return false
	}
	for _, u := range f.uses[c] {
		switch u := u.(type) {
		case *ir.InstLoad:
			if u.Src != c || !isScalar(u.ElemType) {
				return false
			}
		case *ir.InstStore:
			if u.Dst != c || u.Src == c || !isScalar(u.Src.Type()) {
				return false
			}
		case *ir.InstBitCast:
			if !f.onlyLoadStore(u) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// markVia records the casts of a promoted alloca (recursively).
func (f *fn) markVia(v value.Value, a *ir.InstAlloca) {
	for _, u := range f.uses[v] {
		if bc, ok := u.(*ir.InstBitCast); ok && !f.skip[bc] {
			f.via[bc] = a
			f.skip[bc] = true
			f.markVia(bc, a)
		}
	}
}

// promotedOf returns the promoted alloca a pointer is (directly or through
// a cast), or nil.
func (f *fn) promotedOf(v value.Value) *ir.InstAlloca {
	if a, ok := v.(*ir.InstAlloca); ok && f.promoted[a] {
		return a
	}
	return f.via[v]
}

// onlyLifetime reports whether a cast only feeds llvm.lifetime markers,
// and marks them as code-free.
func (f *fn) onlyLifetime(c *ir.InstBitCast) bool {
	for _, u := range f.uses[c] {
		call, ok := u.(*ir.InstCall)
		if !ok || !isLifetime(call) {
			return false
		}
	}
	f.skip[c] = true
	return true
}

func isLifetime(c *ir.InstCall) bool {
	callee, ok := c.Callee.(*ir.Func)
	return ok && (hasPrefix(callee.Name(), "llvm.lifetime.") || hasPrefix(callee.Name(), "llvm.dbg."))
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// paramStore finds the store of a parameter into a promoted alloca at the
// start of the function (clang -O0 spills every parameter so), when that
// is the parameter's only use.
func (f *fn) paramStore(a *ir.InstAlloca) (*ir.Param, *ir.InstStore) {
	entry := f.f.Blocks[0]
	for _, in := range entry.Insts {
		switch in := in.(type) {
		case *ir.InstLoad:
			if in.Src == a {
				return nil, nil // read before the parameter is stored
			}
		case *ir.InstStore:
			if in.Dst != a {
				continue
			}
			p, ok := in.Src.(*ir.Param)
			if !ok || len(f.uses[p]) != 1 {
				return nil, nil
			}
			if _, ok := f.regs[p]; !ok {
				return nil, nil
			}
			return p, in
		}
	}
	return nil, nil
}

// aliasLoads lets a load of a promoted variable name the variable's
// register directly when the variable cannot change before the loaded
// value's last use (all uses later in the same block, no store between):
// the common -O0 pattern "%5 = load %x; use %5".
func (f *fn) aliasLoads() {
	for _, b := range f.f.Blocks {
		for i, in := range b.Insts {
			l, ok := in.(*ir.InstLoad)
			if !ok {
				continue
			}
			a := f.promotedOf(l.Src)
			if a == nil {
				continue
			}
			// the load and the casts of its value (sext of an index,
			// bitcast of a pointer) may name a's register
			chain := []value.Value{l}
			last := -1
			ok = true
			for k := 0; k < len(chain) && ok; k++ {
				for _, u := range f.uses[chain[k]] {
					j := indexIn(b, u)
					if j <= i {
						ok = false
						break
					}
					if j > last {
						last = j
					}
					if isValueCast(u) {
						chain = append(chain, u.(value.Value))
					}
				}
			}
			if !ok || last < 0 {
				continue
			}
			for _, mid := range b.Insts[i+1 : min(last, len(b.Insts))] {
				if st, isStore := mid.(*ir.InstStore); isStore && f.promotedOf(st.Dst) == a {
					ok = false
					break
				}
			}
			if ok {
				f.regs[l] = f.regs[a]
				f.skip[l] = true
				if obj := f.voidVarObject(a); obj != nil {
					f.objs[l] = obj
				}
				for _, c := range chain[1:] {
					f.castAlias[c] = true
				}
			}
		}
	}
}

// isValueCast reports instructions that pass a value on unchanged.
func isValueCast(x any) bool {
	switch x.(type) {
	case *ir.InstBitCast, *ir.InstSExt, *ir.InstZExt, *ir.InstTrunc, *ir.InstPtrToInt, *ir.InstIntToPtr, *ir.InstAddrSpaceCast:
		return true
	}
	return false
}

// indexIn returns the index of x among b's instructions (len(b.Insts) for
// the terminator), or -1.
func indexIn(b *ir.Block, x any) int {
	if x == any(b.Term) {
		return len(b.Insts)
	}
	for i, in := range b.Insts {
		if any(in) == x {
			return i
		}
	}
	return -1
}

// promotedLoad lowers a load of a promoted variable.
func (f *fn) promotedLoad(l *ir.InstLoad, a *ir.InstAlloca) {
	f.emit(&lsl.Assign{Dst: f.reg(l), Op: lsl.OpCopy, Args: []lsl.Operand{f.regs[a]}})
	if obj := f.voidVarObject(a); obj != nil {
		f.objs[l] = obj
	}
}

// voidVarObject is the object type a promoted void* variable designates
// when every value stored to it shows the same one (argObject; a void*
// parameter's from findVoidParams): `void *v = arr; *(int *)v` reads
// arr[0]. nil otherwise.
func (f *fn) voidVarObject(a *ir.InstAlloca) types.Type {
	if e := pointee(a.ElemType); e == nil || !isByte(e) {
		return nil
	}
	var obj types.Type
	for _, u := range f.uses[a] {
		st, ok := u.(*ir.InstStore)
		if !ok || st.Dst != a {
			continue
		}
		if _, null := st.Src.(*constant.Null); null {
			continue
		}
		var o types.Type
		if p, ok := st.Src.(*ir.Param); ok {
			o = f.t.voidParams[p]
		} else {
			o = argObject(st.Src)
		}
		if o == nil || obj != nil && !obj.Equal(o) {
			return nil
		}
		obj = o
	}
	return obj
}

// promotedStore lowers a store to a promoted variable.
func (f *fn) promotedStore(s *ir.InstStore, a *ir.InstAlloca) {
	f.emit(&lsl.Assign{Dst: f.regs[a], Op: lsl.OpCopy, Args: []lsl.Operand{f.val(s.Src)}})
}

package cfront

import (
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// sizeofType returns T for sizeof(T) or sizeof expr (of type T).
func sizeofType(e cc.ExpressionNode) cc.Type {
	u, ok := stripParens(e).(*cc.UnaryExpression)
	if !ok {
		return nil
	}
	switch u.Case {
	case cc.UnaryExpressionSizeofType:
		return u.TypeName.Type()
	case cc.UnaryExpressionSizeofExpr:
		return objType(u.UnaryExpression)
	}
	return nil
}

// allocShape reads the size argument of an allocator: sizeof(T) is one T,
// n * sizeof(T) (or sizeof(T) * n) is an array of T.
func allocShape(size cc.ExpressionNode) (elem cc.Type, array bool, count cc.ExpressionNode) {
	if t := sizeofType(size); t != nil {
		return t, false, nil
	}
	m, ok := stripParens(size).(*cc.MultiplicativeExpression)
	if !ok || m.Case != cc.MultiplicativeExpressionMul {
		return nil, false, nil
	}
	if t := sizeofType(m.CastExpression); t != nil {
		return t, true, m.MultiplicativeExpression
	}
	if t := sizeofType(m.MultiplicativeExpression); t != nil {
		return t, true, m.CastExpression
	}
	return nil, false, nil
}

// allocBuiltin: malloc(sizeof(T)) is "alloc KIND T", a pointer [b] to one
// T; malloc(n * sizeof(T)) is a pointer [b 0] to the first element of an
// array of T. The size argument is evaluated (its loads happen) but does not
// bound the block.
func allocBuiltin(kind lsl.AllocKind) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, want bool, allocType cc.Type) val {
		if !f.arity(x, args, 1) {
			return bad
		}
		elem, array, count := allocShape(args[0])
		f.sizeArg(args[0])
		if elem == nil {
			elem = allocType
		}
		var ref *lsl.TypeRef
		if elem != nil && f.t.class(elem) != tcVoid {
			if f.t.class(elem) == tcStruct && f.t.ensureStruct(elem, x) == "" {
				return bad
			}
			ref = f.t.allocRef(elem)
			if ref != nil && array {
				if n, ok := f.intConst(count); ok && n > 0 {
					ref = &lsl.TypeRef{Name: ref.Name, Dims: append([]int64{n}, ref.Dims...)}
				} else {
					// an array of unknown length (lsl.Unrolled.OutOfBounds)
					ref = &lsl.TypeRef{Name: ref.Name, Dims: append([]int64{0}, ref.Dims...)}
				}
			}
		}
		r := f.temp()
		f.emit(&lsl.Alloc{Dst: r, Kind: kind, Type: ref})
		if array {
			return val{op: f.apply(lsl.OpOffset, r, num(0)), prov: provElem}
		}
		return val{op: r, prov: provSingle, what: "the result of " + callee(x).Name()}
	}
}

// sizeArg evaluates the size argument of an allocator for its effects: its
// code is kept only if it accesses memory or calls a function.
func (f *fn) sizeArg(e cc.ExpressionNode) {
	b := f.sub(func() { f.rvalue(e) })
	keep := false
	for _, s := range b.Stmts {
		lsl.Walk(s, func(s lsl.Stmt) bool {
			switch s.(type) {
			case *lsl.Load, *lsl.Store, *lsl.Call, *lsl.Choose, *lsl.Alloc, *lsl.Free:
				keep = true
			}
			return !keep
		})
	}
	if keep {
		f.cur.Stmts = append(f.cur.Stmts, b.Stmts...)
	}
}

// freeBuiltin frees a block. When the program allocates arrays (whose
// pointers are [b 0]), the pointer is first reduced to its block [b], so
// that freeing an array works; freeing a pointer into the middle of a block
// then goes undetected.
func freeBuiltin(kind lsl.AllocKind) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, want bool, _ cc.Type) val {
		if !f.arity(x, args, 1) {
			return bad
		}
		p := f.rvalue(args[0]).op
		// free(NULL) does nothing (C11 7.22.3.3); LSL's free of a
		// non-pointer is a runtime error, so a pointer that may be null
		// is freed only when it is not.
		free := func() {
			q := p
			if f.t.arrayAllocs {
				q = f.apply(lsl.OpPointer, f.apply(lsl.OpBaseOf, q))
			}
			f.emit(&lsl.Free{Ptr: q, Kind: kind})
		}
		c, isConst := constOf(p)
		switch {
		case isConst && c.Kind == lsl.KNum && c.Num == 0:
		case isConst:
			free()
		default:
			nonNull := f.apply(lsl.OpNe, p, num(0))
			f.emit(&lsl.If{Cond: nonNull, Then: f.sub(free)})
		}
		return val{}
	}
}

// findArrayAllocs reports whether any allocator call allocates an array.
func (t *translator) findArrayAllocs() {
	for _, u := range t.units {
		walkNodes(u.ast.TranslationUnit, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && allocatorCall(x) != nil {
				if args := callArgs(x); len(args) == 1 {
					if _, array, _ := allocShape(args[0]); array {
						t.arrayAllocs = true
					}
				}
			}
			return !t.arrayAllocs
		})
	}
}

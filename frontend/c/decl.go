package cfront

import (
	"fmt"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// declaration translates a block-scope declaration: the initializers of
// its automatic variables (static ones were initialized when collected).
func (f *fn) declaration(d *cc.Declaration) {
	if d == nil {
		return
	}
	switch d.Case {
	case cc.DeclarationAssert:
		return
	case cc.DeclarationAuto:
		f.errorf(d, diag.CodeUnsupported, "__auto_type is not supported")
		return
	}
	for _, id := range initDeclarators(d) {
		l := f.locals[id.Declarator]
		if l == nil || l.bad || id.Case != cc.InitDeclaratorInit {
			continue
		}
		func() {
			defer f.at(id)()
			if l.inMemory() {
				f.initMemory(l, id.Initializer)
				return
			}
			leaves := initLeaves(id.Initializer)
			if len(leaves) != 1 {
				f.errorf(id, diag.CodeArgCount, "%s: a scalar needs exactly one initializer", l.cname)
				return
			}
			e := leaves[0].AssignmentExpression
			v := f.convert(f.rvalue(e), e.Type(), l.typ)
			f.setReg(l.reg, v.op)
		}()
	}
}

// initMemory stores the initializer of a local in memory. An aggregate
// initializer stores every cell: the given values in source order, then 0
// in the cells it does not mention (C's rule).
func (f *fn) initMemory(l *local, in *cc.Initializer) {
	if f.t.isScalar(l.typ) {
		leaves := initLeaves(in)
		if len(leaves) != 1 {
			f.errorf(in, diag.CodeArgCount, "%s: a scalar needs exactly one initializer", l.cname)
			return
		}
		e := leaves[0].AssignmentExpression
		v := f.convert(f.rvalue(e), e.Type(), l.typ)
		f.emit(&lsl.Store{Addr: l.addr, Val: v.op, Expr: l.cname})
		return
	}
	if in.Case == cc.InitializerExpr {
		if in.Type().Kind() == cc.Array || in.AssignmentExpression.Type().Kind() == cc.Array {
			f.errorf(in, diag.CodeUnsupported, "string literals are only supported as arguments of lsl_fence and lsl_observe_*")
		} else {
			f.errorf(in, diag.CodeUnsupported, "block copies of structs are not supported")
		}
		return
	}
	cells, ok := f.t.cells(l.typ)
	if !ok {
		f.errorf(in, diag.CodeUnsupported, "%s: initializer of a local aggregate with more than %d cells", l.cname, maxCells)
		return
	}
	text := map[string]string{}
	for _, c := range cells {
		text[pathKey(c.path)] = c.text
	}
	done := map[string]bool{}
	for _, leaf := range initLeaves(in) {
		if !f.t.isScalar(leaf.Type()) {
			f.t.initLeafError(leaf)
			continue
		}
		e := leaf.AssignmentExpression
		v := f.convert(f.rvalue(e), e.Type(), leaf.Type())
		for _, path := range f.t.leafPaths(l.typ, leaf, e) {
			k := pathKey(path)
			done[k] = true
			f.emit(&lsl.Store{Addr: f.cellAddr(l.addr, path), Val: v.op, Expr: l.cname + text[k]})
		}
	}
	for _, c := range cells {
		if !done[pathKey(c.path)] {
			f.emit(&lsl.Store{Addr: f.cellAddr(l.addr, c.path), Val: num(0), Expr: l.cname + c.text})
		}
	}
}

func (f *fn) cellAddr(base lsl.Operand, path []int64) lsl.Operand {
	for _, i := range path {
		base = f.apply(lsl.OpOffset, base, num(i))
	}
	return base
}

func pathKey(path []int64) string { return fmt.Sprint(path) }

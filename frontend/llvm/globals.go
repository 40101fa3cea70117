package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// globalDbgPos is the declaration position of a global from its debug
// info.
func globalDbgPos(g *ir.Global) diag.Pos {
	for _, md := range g.Metadata {
		if md.Name != "dbg" {
			continue
		}
		if e, ok := md.Node.(*metadata.DIGlobalVariableExpression); ok && e.Var != nil && e.Var.Line > 0 {
			return diag.Pos{File: sourceName(e.Var.File), Line: int(e.Var.Line)}
		}
	}
	return diag.Pos{}
}

// constFn is a lowering context without code: for global initializers,
// whose addresses all fold into constants.
func constFn(t *translator, mod *module, pos diag.Pos) *fn {
	return &fn{
		t: t, mod: mod, pos: pos,
		regs:      map[value.Value]lsl.Reg{},
		objs:      map[value.Value]types.Type{},
		taken:     map[string]bool{},
		uses:      map[value.Value][]any{},
		varNames:  map[value.Value]*metadata.DILocalVariable{},
		promoted:  map[*ir.InstAlloca]bool{},
		mutable:   map[lsl.Reg]bool{},
		via:       map[value.Value]*ir.InstAlloca{},
		castAlias: map[value.Value]bool{},
		skip:      map[any]bool{},
		consts:    map[value.Value]lsl.Operand{},
	}
}

// initGlobal sets the initial cells of a global from its initializer
// (cells that are 0 or undefined are left out: globals start as 0).
func (t *translator) initGlobal(mod *module, g *ir.Global, lg *lsl.Global) {
	f := constFn(t, mod, lg.Pos)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	if !sized(g.ContentType) {
		f.fail(diag.CodeType, "global %s has no size", g.Name())
	}
	cs, ok := cells(g.ContentType)
	if !ok {
		f.fail(diag.CodeUnsupported, "global %s is too large or has unsupported fields (%s)", g.Name(), g.ContentType)
	}
	for _, cl := range cs {
		op := f.cellConstant(g.Init, cl.path)
		c, ok := op.(lsl.Const)
		if !ok {
			f.fail(diag.CodeNotConstant, "the initializer of %s is not a constant", g.Name())
		}
		if c.V.Kind == lsl.KUndef || c.V.Kind == lsl.KNum && c.V.Num == 0 {
			continue
		}
		lg.Init = append(lg.Init, lsl.CellInit{Path: cl.path, Val: c.V})
	}
}

// cellConstant selects the scalar at path inside an aggregate constant.
func (f *fn) cellConstant(c constant.Constant, path []int64) lsl.Operand {
	for _, i := range path {
		switch x := c.(type) {
		case *constant.ZeroInitializer:
			return num(0)
		case *constant.Undef, *constant.Poison:
			return lsl.Const{V: lsl.Undef}
		case *constant.Struct:
			if i >= int64(len(x.Fields)) {
				f.fail(diag.CodeBadLiteral, "bad constant %s", c.Ident())
			}
			c = x.Fields[i]
		case *constant.Array:
			if i >= int64(len(x.Elems)) {
				f.fail(diag.CodeBadLiteral, "bad constant %s", c.Ident())
			}
			c = x.Elems[i]
		case *constant.CharArray:
			if i >= int64(len(x.X)) {
				f.fail(diag.CodeBadLiteral, "bad constant %s", c.Ident())
			}
			return num(int64(int8(x.X[i])))
		default:
			f.fail(diag.CodeUnsupported, "unsupported constant %s", c.Ident())
		}
	}
	if _, ok := c.Type().(*types.PointerType); ok {
		return f.escape(f.constant(c), c.Type())
	}
	if _, ok := c.Type().(*types.FloatType); ok {
		f.fail(diag.CodeUnsupported, "floating point is not supported")
	}
	return f.constant(c).op
}

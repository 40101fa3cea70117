package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// globalVar is a C object with static storage: a global (external or
// file-scope static) or a block-scope static. Each is an LSL global.
type globalVar struct {
	cname string
	g     *lsl.Global
	base  int64
	typ   cc.Type
	def   *cc.InitDeclarator // the initialized definition, else the first tentative one
	tls   bool               // _Thread_local: one copy per thread (tls.go)
	unit  *unit              // where def is
	init  bool               // def has an initializer
}

// funcDef is a C function definition, translated to an LSL procedure.
type funcDef struct {
	cname string
	name  string // LSL procedure name
	def   *cc.FunctionDefinition
	unit  *unit
}

// newGlobal appends an LSL global (named later for statics) and returns it.
func (t *translator) newGlobal(cname string, u *unit, id *cc.InitDeclarator) *globalVar {
	g := &lsl.Global{Pos: nodePos(id.Declarator)}
	t.prog.Globals = append(t.prog.Globals, g)
	return &globalVar{cname: cname, g: g, base: int64(len(t.prog.Globals)), def: id, unit: u}
}

// declareUnit records the functions, globals and packed-word types a unit
// defines.
func (t *translator) declareUnit(u *unit) {
	for _, ed := range externals(u) {
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			t.declareFunc(u, ed.FunctionDefinition)
		case cc.ExternalDeclarationDecl:
			for _, id := range initDeclarators(ed.Declaration) {
				t.declareGlobal(u, id)
			}
		case cc.ExternalDeclarationAsmStmt:
			t.errorf(ed, diag.CodeUnsupported, "inline assembly is not supported")
		}
	}
}

func (t *translator) declareFunc(u *unit, fd *cc.FunctionDefinition) {
	d := fd.Declarator
	name := d.Name()
	t.curPos = nodePos(d)
	switch {
	case apiNames[name]:
		t.errorf(d, diag.CodeInvalidName, "%s is a checkfence API function and cannot be defined", name)
		return
	case isPackedName(name):
		if len(name) > len(makePrefix) && name[:len(makePrefix)] == makePrefix {
			t.declareComposite(d)
		}
		return // the body is ignored
	}
	f := &funcDef{cname: name, def: fd, unit: u}
	if d.Linkage() == cc.Internal {
		if u.staticFuncs[name] == nil {
			u.staticFuncs[name] = f
			u.staticFuncOrder = append(u.staticFuncOrder, f)
		}
		return
	}
	if old := t.funcs[name]; old != nil {
		t.errorf(d, diag.CodeDuplicateDecl, "function %s is defined more than once (also at %s)", name, nodePos(old.def.Declarator))
		return
	}
	f.name = t.procName.unique(name, "_")
	t.funcs[name] = f
}

func (t *translator) declareGlobal(u *unit, id *cc.InitDeclarator) {
	d := id.Declarator
	name := d.Name()
	t.curPos = nodePos(d)
	if d.IsTypename() || name == "" || t.curPos.File == predefinedName || t.curPos.File == sentinelName {
		return
	}
	if id.Asm != nil {
		t.errorf(id.Asm, diag.CodeUnsupported, "inline assembly is not supported")
	}
	if d.Type().Kind() == cc.Function {
		if isPackedName(name) && len(name) > len(makePrefix) && name[:len(makePrefix)] == makePrefix {
			t.declareComposite(d)
		}
		return
	}
	hasInit := id.Case == cc.InitDeclaratorInit
	var gv *globalVar
	if d.Linkage() == cc.Internal {
		gv = u.statics[name]
		if gv == nil {
			gv = t.newGlobal(name, u, id)
			u.statics[name] = gv
			u.staticOrder = append(u.staticOrder, gv)
		}
	} else {
		if d.IsExtern() && !hasInit {
			return // a declaration; resolved by name where it is used
		}
		gv = t.globals[name]
		if gv == nil {
			gv = t.newGlobal(name, u, id)
			gv.g.Name = t.globalName.unique(name, "_")
			t.globals[name] = gv
		}
	}
	gv.tls = gv.tls || d.IsThreadLocal()
	if hasInit {
		if gv.init && gv.def != id {
			t.errorf(d, diag.CodeDuplicateDecl, "global %s is initialized more than once (also at %s)", name, nodePos(gv.def.Declarator))
			return
		}
		gv.def, gv.unit, gv.init = id, u, true
	}
}

// nameStatics names the file-scope statics, after every external name is
// taken (a static that clashes gets a suffix).
func (t *translator) nameStatics() {
	for _, u := range t.units {
		for _, gv := range u.staticOrder {
			gv.g.Name = t.globalName.unique(gv.cname, "_")
		}
		for _, f := range u.staticFuncOrder {
			f.name = t.procName.unique(f.cname, "_")
		}
	}
}

// checkGlobalTypes fixes each global's type from its definition.
func (t *translator) checkGlobalTypes() {
	each := func(gv *globalVar) {
		d := gv.def.Declarator
		t.curPos = nodePos(d)
		gv.typ = d.Type()
		if t.checkObjectType(gv.typ, d, gv.cname) {
			gv.g.Type = t.typeRef(gv.typ)
		}
	}
	for _, u := range t.units {
		for _, ed := range externals(u) {
			if ed.Case != cc.ExternalDeclarationDecl {
				continue
			}
			for _, id := range initDeclarators(ed.Declaration) {
				if gv := t.globalOf(u, id.Declarator); gv != nil && gv.def == id {
					each(gv)
				}
			}
		}
	}
}

// globalOf finds the global a file-scope declarator refers to, or nil.
func (t *translator) globalOf(u *unit, d *cc.Declarator) *globalVar {
	if d == nil || d.IsTypename() || d.Type().Kind() == cc.Function {
		return nil
	}
	if d.Linkage() == cc.Internal {
		return u.statics[d.Name()]
	}
	if d.Linkage() == cc.External {
		return t.globals[d.Name()]
	}
	return nil
}

// initGlobals evaluates the initializers defined in u.
func (t *translator) initGlobals(u *unit) {
	for _, ed := range externals(u) {
		if ed.Case != cc.ExternalDeclarationDecl {
			continue
		}
		for _, id := range initDeclarators(ed.Declaration) {
			if gv := t.globalOf(u, id.Declarator); gv != nil && gv.def == id && gv.init && gv.typ != nil {
				t.initGlobal(gv, nil)
			}
		}
	}
}

// initGlobal sets the initial cells of a global from its initializer. f is
// the function whose block-scope static this is (nil at file scope).
func (t *translator) initGlobal(gv *globalVar, outer *fn) {
	id := gv.def
	t.curPos = nodePos(id.Declarator)
	cf := newConstFn(t, gv.unit, outer)
	for _, leaf := range initLeaves(id.Initializer) {
		if !t.isScalar(leaf.Type()) {
			t.initLeafError(leaf)
			continue
		}
		v := cf.convert(cf.rvalue(leaf.AssignmentExpression), leaf.AssignmentExpression.Type(), leaf.Type())
		c, isConst := v.op.(lsl.Const)
		if len(cf.cur.Stmts) > 0 || !isConst {
			t.errorf(leaf.AssignmentExpression, diag.CodeNotConstant, "initializer of %s is not a constant", gv.cname)
			cf.cur.Stmts = nil
			continue
		}
		for _, path := range t.leafPaths(gv.typ, leaf, leaf.AssignmentExpression) {
			if c.V.Kind == lsl.KNum && c.V.Num == 0 {
				continue // cells are 0 unless initialized
			}
			gv.g.Init = append(gv.g.Init, lsl.CellInit{Path: path, Val: c.V})
		}
	}
}

func (t *translator) initLeafError(leaf *cc.Initializer) {
	switch {
	case leaf.Type().Kind() == cc.Array:
		t.errorf(leaf.AssignmentExpression, diag.CodeUnsupported, "string literals are only supported as arguments of lsl_fence and lsl_observe_*")
	case t.class(leaf.Type()) == tcStruct:
		t.errorf(leaf.AssignmentExpression, diag.CodeUnsupported, "block copies of structs are not supported")
	default:
		t.errorf(leaf.AssignmentExpression, diag.CodeUnsupported, "%s", unsupported(leaf.Type()))
	}
}

// initLeaves lists the expression initializers of an initializer, in the
// order they appear in the source.
func initLeaves(in *cc.Initializer) []*cc.Initializer {
	var out []*cc.Initializer
	var walk func(in *cc.Initializer)
	walk = func(in *cc.Initializer) {
		if in == nil {
			return
		}
		if in.Case == cc.InitializerExpr {
			out = append(out, in)
			return
		}
		for l := in.InitializerList; l != nil; l = l.InitializerList {
			walk(l.Initializer)
		}
	}
	walk(in)
	return out
}

// leafPaths gives the cell paths (offsets below the object's base) that an
// initializer leaf sets: one, or several for a [lo ... hi] designator.
func (t *translator) leafPaths(objType cc.Type, leaf *cc.Initializer, n cc.Node) [][]int64 {
	size := leaf.Type().Size()
	var out [][]int64
	for k := int64(0); k < leaf.Len(); k++ {
		path, ok := t.cellPath(objType, leaf.Offset()+k*size)
		if !ok {
			t.errorf(n, diag.CodeInvalidConstruct, "cannot place this initializer")
			return nil
		}
		out = append(out, path)
	}
	return out
}

// cellPath maps a byte offset in an object of type ty (as laid out by cc
// for the target ABI) to the LSL path of the scalar cell there.
func (t *translator) cellPath(ty cc.Type, off int64) ([]int64, bool) {
	if t.isScalar(ty) {
		return nil, off == 0
	}
	switch x := ty.(type) {
	case *cc.ArrayType:
		es := x.Elem().Size()
		if es <= 0 || off < 0 || off >= x.Size() {
			return nil, false
		}
		i := off / es
		rest, ok := t.cellPath(x.Elem(), off-i*es)
		return append([]int64{i}, rest...), ok
	case *cc.StructType:
		for i, f := range structFields(x) {
			fo, fs := f.Offset(), f.Type().Size()
			if off >= fo && off < fo+fs {
				if rest, ok := t.cellPath(f.Type(), off-fo); ok {
					return append([]int64{int64(i)}, rest...), true
				}
			}
		}
	}
	return nil, false
}

// cell is one scalar cell of an aggregate.
type cell struct {
	path []int64
	typ  cc.Type
	text string // C expression suffix: ".next", "[2]"
}

// maxCells bounds the zero-filling of initialized local aggregates.
const maxCells = 1 << 14

// cells lists the scalar cells of an object type in layout order.
func (t *translator) cells(ty cc.Type) ([]cell, bool) {
	var out []cell
	var walk func(ty cc.Type, path []int64, text string) bool
	walk = func(ty cc.Type, path []int64, text string) bool {
		if len(out) > maxCells {
			return false
		}
		if t.isScalar(ty) {
			out = append(out, cell{path: append([]int64(nil), path...), typ: ty, text: text})
			return true
		}
		switch x := ty.(type) {
		case *cc.ArrayType:
			for i := int64(0); i < x.Len(); i++ {
				if !walk(x.Elem(), append(path, i), text+"["+lsl.Num(i).String()+"]") {
					return false
				}
			}
			return true
		case *cc.StructType:
			for i, f := range structFields(x) {
				if !walk(f.Type(), append(path, int64(i)), text+"."+f.Name()) {
					return false
				}
			}
			return true
		}
		return false
	}
	ok := walk(ty, nil, "")
	return out, ok
}

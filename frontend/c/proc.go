package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// translateFuncs translates the function definitions of a unit, in order.
func (t *translator) translateFuncs(u *unit) {
	for _, ed := range externals(u) {
		if ed.Case != cc.ExternalDeclarationFuncDef {
			continue
		}
		fdef := ed.FunctionDefinition
		name := fdef.Declarator.Name()
		fd := u.staticFuncs[name]
		if fd == nil || fd.def != fdef {
			fd = t.funcs[name]
		}
		if fd != nil && fd.def == fdef {
			t.translateFunc(fd)
		}
	}
}

// param is a parameter of a function definition.
type param struct {
	decl *cc.Declarator // nil when unnamed
	name string
	typ  cc.Type
}

// funcParams lists the parameters of a function definition.
func (f *fn) funcParams(d *cc.Declarator) ([]param, bool) {
	dd := d.DirectDeclarator
	for dd != nil && dd.Case == cc.DirectDeclaratorDecl && dd.Declarator != nil {
		dd = dd.Declarator.DirectDeclarator
	}
	if dd == nil {
		return nil, true
	}
	switch dd.Case {
	case cc.DirectDeclaratorFuncIdent:
		if dd.IdentifierList != nil {
			f.errorf(d, diag.CodeUnsupported, "old-style (K&R) function definitions are not supported")
			return nil, false
		}
		return nil, true
	case cc.DirectDeclaratorFuncParam:
	default:
		f.errorf(d, diag.CodeUnsupported, "unsupported function declarator")
		return nil, false
	}
	var out []param
	if dd.ParameterTypeList == nil {
		return nil, true
	}
	for l := dd.ParameterTypeList.ParameterList; l != nil; l = l.ParameterList {
		pd := l.ParameterDeclaration
		if pd == nil {
			continue
		}
		p := param{typ: pd.Type()}
		if pd.Case == cc.ParameterDeclarationDecl && pd.Declarator != nil {
			p.decl = pd.Declarator
			p.name = pd.Declarator.Name()
			p.typ = pd.Declarator.Type()
		}
		if p.decl == nil && p.typ.Kind() == cc.Void {
			continue // f(void)
		}
		if p.name == "" {
			p.name = "arg" + itoa(len(out)+1)
		}
		out = append(out, p)
	}
	return out, true
}

// translateFunc translates a function definition to a procedure.
func (t *translator) translateFunc(fd *funcDef) {
	f := newFn(t, fd.unit)
	f.def = fd
	d := fd.def.Declarator
	defer f.at(d)()
	proc := &lsl.Proc{Name: fd.name, Pos: nodePos(d)}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok {
		f.errorf(d, diag.CodeInvalidConstruct, "%s is not a valid function definition", fd.cname)
		return
	}
	if ft.IsVariadic() {
		f.errorf(d, diag.CodeUnsupported, "variadic functions are not supported (%s)", fd.cname)
		return
	}
	params, ok := f.funcParams(d)
	if !ok {
		return
	}
	var prologue []lsl.Stmt
	for _, p := range params {
		ty := p.typ
		if ty.Kind() == cc.Array {
			ty = ty.Decay() // array parameters are pointers
		}
		switch t.class(ty) {
		case tcStruct:
			f.errorf(d, diag.CodeUnsupported, "parameter %s: passing structs by value is not supported", p.name)
			return
		case tcBad:
			f.errorf(d, diag.CodeUnsupported, "parameter %s: %s", p.name, unsupported(ty))
			return
		}
		if !t.checkObjectType(ty, d, "parameter "+p.name) {
			return
		}
		reg := f.newReg(p.name)
		proc.Params = append(proc.Params, reg)
		if p.decl == nil {
			continue
		}
		l := &local{cname: p.name, typ: ty}
		if p.decl.AddressTaken() {
			l.addr = f.newReg(p.name + ".addr")
			prologue = append(prologue,
				&lsl.Alloc{Dst: l.addr, Kind: lsl.AllocLocal, Type: t.allocRef(ty), Name: p.name, Pos: proc.Pos},
				&lsl.Store{Addr: l.addr, Val: reg, Expr: p.name, Pos: proc.Pos})
		} else {
			l.reg = reg
		}
		f.locals[p.decl] = l
	}
	switch rt := ft.Result(); t.class(rt) {
	case tcVoid:
	case tcStruct:
		f.errorf(d, diag.CodeUnsupported, "returning structs by value is not supported (%s)", fd.cname)
		return
	case tcBad:
		f.errorf(d, diag.CodeUnsupported, "%s: result: %s", fd.cname, unsupported(rt))
		return
	default:
		if !t.checkObjectType(rt, d, fd.cname+" result") {
			return
		}
		f.result = f.newReg("result")
		proc.Results = []lsl.Reg{f.result}
	}
	body := fd.def.CompoundStatement
	f.collectLocals(body)
	f.retLabel = f.labels.unique("ret", "_")
	f.prepareJumps(body)
	stmts := f.sub(func() { f.compound(body) }).Stmts
	proc.Body = &lsl.Block{Pos: proc.Pos}
	proc.Body.Stmts = append(append(f.entry, prologue...), f.returnBlock(stmts)...)
	t.prog.Procs = append(t.prog.Procs, proc)
}

// returnBlock wraps the body in the block that return breaks out of, unless
// the only return is the last statement.
func (f *fn) returnBlock(stmts []lsl.Stmt) []lsl.Stmt {
	if n := len(stmts); n > 0 {
		if b, ok := stmts[n-1].(*lsl.Break); ok && b.Label == f.retLabel {
			stmts = stmts[:n-1]
		}
	}
	used := false
	for _, s := range stmts {
		lsl.Walk(s, func(s lsl.Stmt) bool {
			if b, ok := s.(*lsl.Break); ok && b.Label == f.retLabel {
				used = true
			}
			return !used
		})
	}
	if !used {
		return stmts
	}
	return []lsl.Stmt{&lsl.Block{Label: f.retLabel, Stmts: stmts, Pos: f.pos}}
}

// collectLocals decides, for every variable declared in the body, where it
// lives: scalars whose address is never taken are registers; the others
// are allocated once at procedure entry; block-scope statics are globals.
func (f *fn) collectLocals(body *cc.CompoundStatement) {
	walkNodes(body, func(n cc.Node) bool {
		id, ok := n.(*cc.InitDeclarator)
		if !ok {
			return true
		}
		d := id.Declarator
		name := d.Name()
		if d.IsTypename() || name == "" || name == "__func__" || d.Type().Kind() == cc.Function || d.IsExtern() {
			return true
		}
		defer f.at(d)()
		if id.Asm != nil {
			f.errorf(id.Asm, diag.CodeUnsupported, "inline assembly is not supported")
		}
		if d.IsThreadLocal() {
			f.errorf(d, diag.CodeUnsupported, "%s: thread-local storage in a function is not supported: declare it at file scope", name)
			return true
		}
		if d.IsStatic() {
			f.staticLocal(id)
			return true
		}
		ty := d.Type()
		l := &local{cname: name, typ: ty}
		f.locals[d] = l
		if !f.t.checkObjectType(ty, d, name) {
			l.reg = f.newReg(name)
			l.bad = true
			return true
		}
		if f.t.isScalar(ty) && !d.AddressTaken() {
			l.reg = f.newReg(name)
			return true
		}
		l.addr = f.newReg(name + ".addr")
		f.entry = append(f.entry, &lsl.Alloc{Dst: l.addr, Kind: lsl.AllocLocal, Type: f.t.allocRef(ty), Name: name, Pos: nodePos(d)})
		return true
	})
}

// staticLocal makes a block-scope static a global named function_variable.
func (f *fn) staticLocal(id *cc.InitDeclarator) {
	d := id.Declarator
	gv := f.t.newGlobal(d.Name(), f.u, id)
	gv.g.Name = f.t.globalName.unique(f.def.cname+"_"+d.Name(), "_")
	gv.typ = d.Type()
	gv.init = id.Case == cc.InitDeclaratorInit
	f.statics[d] = gv
	if f.t.checkObjectType(gv.typ, d, d.Name()) {
		gv.g.Type = f.t.typeRef(gv.typ)
		if gv.init {
			f.t.initGlobal(gv, f)
		}
	}
}

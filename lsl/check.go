package lsl

import (
	"fmt"

	"github.com/checkfence/checkfence/diag"
)

// Check performs the checks that need the whole program, after all files are
// parsed and linked: every call names a declared procedure with matching
// argument and result counts, every type name is a declared struct or one of
// the built-in scalars int and ptr, and no name is declared twice.
func (p *Program) Check() error {
	var errs diag.ErrorList
	errs = append(errs, duplicateNames(p)...)
	checkType := func(t *TypeRef, pos diag.Pos, what string) {
		if t != nil && t.Name != "int" && t.Name != "ptr" && p.Struct(t.Name) == nil {
			errs = append(errs, diag.ErrorfCode(pos, diag.CodeUndeclared, "unknown type %s (%s)", t.Name, what))
		}
	}
	for _, s := range p.Structs {
		for _, f := range s.Fields {
			checkType(f.Type, s.Pos, "field "+f.Name+" of struct "+s.Name)
		}
	}
	for _, g := range p.Globals {
		checkType(g.Type, g.Pos, "global "+g.Name)
	}
	for _, pr := range p.Procs {
		if pr.Body == nil {
			continue
		}
		Walk(pr.Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Call:
				errs = append(errs, checkCall(p, s)...)
			case *Alloc:
				checkType(s.Type, s.Pos, "allocation")
			}
			return true
		})
		errs = append(errs, checkFailTags(pr.Body, false)...)
	}
	return errs.Err()
}

// checkFailTags reports failure tags (FailTag) anywhere but on an
// ordered load inside an atomic block, as the sanity checker does after
// unrolling, so that hand-written LSL gets a diagnostic, not an internal
// error.
func checkFailTags(b *Block, atomic bool) diag.ErrorList {
	var errs diag.ErrorList
	Walk(b, func(s Stmt) bool {
		switch s := s.(type) {
		case *Atomic:
			errs = append(errs, checkFailTags(s.Body, true)...)
			return false
		case *Load:
			if f := FailOrder(s.Tags); f != "" && (!atomic || C11Order(s.Tags) == "") {
				errs = append(errs, diag.ErrorfCode(s.Pos, diag.CodeInvalidConstruct, "failure tag %s on a load that is not the ordered load of an atomic block", FailTag(f)))
			}
		case *Store:
			if f := FailOrder(s.Tags); f != "" {
				errs = append(errs, diag.ErrorfCode(s.Pos, diag.CodeInvalidConstruct, "failure tag %s on a store", FailTag(f)))
			}
		}
		return true
	})
	return errs
}

func checkCall(p *Program, c *Call) diag.ErrorList {
	callee := p.Proc(c.Proc)
	if callee == nil {
		return diag.ErrorList{diag.ErrorfCode(c.Pos, diag.CodeUndeclared, "call to unknown procedure %s", c.Proc)}
	}
	var errs diag.ErrorList
	if len(c.Args) != len(callee.Params) {
		errs = append(errs, diag.ErrorfCode(c.Pos, diag.CodeArgCount, "%s takes %d %s, got %d", c.Proc,
			len(callee.Params), plural(len(callee.Params), "argument"), len(c.Args)))
	}
	if len(c.Results) != len(callee.Results) {
		errs = append(errs, diag.ErrorfCode(c.Pos, diag.CodeArgCount, "%s returns %d %s, got %d result %s", c.Proc,
			len(callee.Results), plural(len(callee.Results), "result"),
			len(c.Results), plural(len(c.Results), "register")))
	}
	return errs
}

// duplicateNames reports names declared twice within one kind of declaration.
func duplicateNames(p *Program) diag.ErrorList {
	var errs diag.ErrorList
	type decl struct {
		name string
		pos  diag.Pos
	}
	check := func(kind string, decls []decl) {
		first := map[string]diag.Pos{}
		for _, d := range decls {
			if prev, ok := first[d.name]; ok {
				errs = append(errs, diag.ErrorfCode(d.pos, diag.CodeDuplicateDecl, "duplicate %s %s (previous declaration at %s)", kind, d.name, prev))
				continue
			}
			first[d.name] = d.pos
		}
	}
	var ds []decl
	for _, s := range p.Structs {
		ds = append(ds, decl{s.Name, s.Pos})
	}
	check("struct", ds)
	ds = nil
	for _, c := range p.Composites {
		ds = append(ds, decl{c.Name, c.Pos})
	}
	check("composite", ds)
	ds = nil
	for _, g := range p.Globals {
		ds = append(ds, decl{g.Name, g.Pos})
	}
	check("global", ds)
	ds = nil
	for _, pr := range p.Procs {
		ds = append(ds, decl{pr.Name, pr.Pos})
	}
	check("procedure", ds)
	return errs
}

// Link merges separately translated programs (say a C implementation and an
// LSL harness) into one. Declarations keep their order, file by file. Global
// bases are renumbered: base i of program k (its i-th global) becomes the base
// of that global in the merged program, in pointer constants and
// initializers alike. Other bases are left unchanged. The inputs are not
// modified. A name declared in two programs is an error.
func Link(progs ...*Program) (*Program, error) {
	out := &Program{}
	for _, p := range progs {
		offset := int64(len(out.Globals))
		n := int64(len(p.Globals))
		remap := func(v Value) Value { return rebase(v, n, offset) }
		out.C11 = out.C11 || p.C11
		out.ScopedCtrl = out.ScopedCtrl || p.ScopedCtrl
		out.CheckFenceSync = out.CheckFenceSync || p.CheckFenceSync
		out.Structs = append(out.Structs, p.Structs...)
		out.Composites = append(out.Composites, p.Composites...)
		for _, g := range p.Globals {
			if offset != 0 {
				g = rebaseGlobal(g, remap)
			}
			out.Globals = append(out.Globals, g)
		}
		for _, pr := range p.Procs {
			if offset != 0 {
				q := *pr
				q.Body = mapConstsBlock(pr.Body, remap)
				pr = &q
			}
			out.Procs = append(out.Procs, pr)
		}
	}
	if errs := duplicateNames(out); len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// rebase shifts a pointer whose base is one of a program's n globals by offset.
func rebase(v Value, n, offset int64) Value {
	switch v.Kind {
	case KPtr:
		if len(v.Ptr) > 0 && v.Ptr[0] >= 1 && v.Ptr[0] <= n {
			p := append([]int64(nil), v.Ptr...)
			p[0] += offset
			return Value{Kind: KPtr, Ptr: p}
		}
	case KComp:
		fs := make([]Value, len(v.Fields))
		for i, f := range v.Fields {
			fs[i] = rebase(f, n, offset)
		}
		return Comp(v.Comp, fs...)
	}
	return v
}

func rebaseGlobal(g *Global, f func(Value) Value) *Global {
	h := *g
	h.Init = nil
	for _, in := range g.Init {
		h.Init = append(h.Init, CellInit{Path: in.Path, Val: f(in.Val)})
	}
	return &h
}

// mapConstsBlock returns a deep copy of b with f applied to every constant.
func mapConstsBlock(b *Block, f func(Value) Value) *Block {
	if b == nil {
		return nil
	}
	c := &Block{Label: b.Label, Pos: b.Pos}
	for _, s := range b.Stmts {
		c.Stmts = append(c.Stmts, mapConstsStmt(s, f))
	}
	return c
}

func mapConstsStmt(s Stmt, f func(Value) Value) Stmt {
	op := func(o Operand) Operand {
		if c, ok := o.(Const); ok {
			return Const{V: f(c.V)}
		}
		return o
	}
	ops := func(os []Operand) []Operand {
		var out []Operand
		for _, o := range os {
			out = append(out, op(o))
		}
		return out
	}
	switch s := s.(type) {
	case nil:
		return nil
	case *Block:
		return mapConstsBlock(s, f)
	case *Assign:
		c := *s
		c.Args = ops(s.Args)
		return &c
	case *Load:
		c := *s
		c.Addr = op(s.Addr)
		return &c
	case *Store:
		c := *s
		c.Addr, c.Val = op(s.Addr), op(s.Val)
		return &c
	case *If:
		c := *s
		c.Cond = op(s.Cond)
		c.Then, c.Else = mapConstsBlock(s.Then, f), mapConstsBlock(s.Else, f)
		return &c
	case *Call:
		c := *s
		c.Args = ops(s.Args)
		c.Results = append([]Reg(nil), s.Results...)
		return &c
	case *Atomic:
		c := *s
		c.Body = mapConstsBlock(s.Body, f)
		return &c
	case *Spin:
		c := *s
		c.Body = mapConstsBlock(s.Body, f)
		return &c
	case *Assert:
		c := *s
		c.Cond = op(s.Cond)
		return &c
	case *Assume:
		c := *s
		c.Cond = op(s.Cond)
		return &c
	case *Observe:
		c := *s
		c.Val = op(s.Val)
		return &c
	case *Free:
		c := *s
		c.Ptr = op(s.Ptr)
		return &c
	case *Fence:
		c := *s
		return &c
	case *Break:
		c := *s
		return &c
	case *Continue:
		c := *s
		return &c
	case *Abort:
		c := *s
		return &c
	case *Pruned:
		c := *s
		return &c
	case *Choose:
		c := *s
		return &c
	case *Alloc:
		c := *s
		return &c
	}
	panic(fmt.Sprintf("lsl: unknown statement type %T", s))
}

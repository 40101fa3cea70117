package lsl

import (
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/checkfence/checkfence/diag"
)

// builder turns syntax trees into a Program. It works in passes so that
// globals and composites may be used before (or in another file than) their
// declaration: first every declaration is entered, then global initializers
// and procedure bodies are resolved against the complete tables.
type builder struct {
	prog *Program
	errs diag.ErrorList

	structs    map[string]*Struct
	composites map[string]*Composite
	globals    map[string]*Global
	globalBase map[string]int64
	procs      map[string]*Proc

	pendingGlobals []pendingGlobal
	pendingProcs   []pendingProc

	// Per procedure: the position set by the last loc directive, and the
	// labelled blocks and spin loops that enclose the current statement.
	loc    diag.Pos
	hasLoc bool
	labels []labelScope
}

type pendingGlobal struct {
	g   *Global
	ast *globalAST
}

type pendingProc struct {
	p   *Proc
	ast *procAST
}

type labelScope struct {
	name string
	spin bool
}

func newBuilder() *builder {
	return &builder{
		prog:       &Program{},
		structs:    map[string]*Struct{},
		composites: map[string]*Composite{},
		globals:    map[string]*Global{},
		globalBase: map[string]int64{},
		procs:      map[string]*Proc{},
	}
}

func (b *builder) errorf(pos lexer.Position, code diag.ErrorCode, format string, args ...any) {
	b.errs = append(b.errs, diag.ErrorfCode(lslPos(pos), code, format, args...))
}

func (b *builder) build(files []*fileAST) {
	for _, f := range files {
		b.declare(f)
	}
	for _, pg := range b.pendingGlobals {
		b.globalInit(pg.g, pg.ast)
	}
	for _, pp := range b.pendingProcs {
		b.procBody(pp.p, pp.ast)
	}
}

// declare enters the declarations of one file. A loc directive at top level
// sets the position of the declaration that follows it.
func (b *builder) declare(f *fileAST) {
	var pending *diag.Pos
	declPos := func(tok lexer.Position) diag.Pos {
		if pending != nil {
			p := *pending
			pending = nil
			return p
		}
		return lslPos(tok)
	}
	for _, d := range f.Decls {
		switch {
		case d.Loc != nil:
			if p, ok := b.locPos(d.Loc); ok {
				pending = &p
			}
		case d.Struct != nil:
			b.declareStruct(d.Struct, declPos(d.Struct.Pos))
		case d.Composite != nil:
			b.declareComposite(d.Composite, declPos(d.Composite.Pos))
		case d.Global != nil:
			b.declareGlobal(d.Global, declPos(d.Global.Pos))
		case d.Proc != nil:
			b.declareProc(d.Proc, declPos(d.Proc.Pos))
		}
	}
}

// locPos evaluates a loc directive.
func (b *builder) locPos(l *locAST) (diag.Pos, bool) {
	file, ok1 := b.str(l.File)
	line, ok2 := b.nonNegative(l.Line, "loc line")
	col, ok3 := b.nonNegative(l.Col, "loc column")
	if !ok1 || !ok2 || !ok3 {
		return diag.Pos{}, false
	}
	return diag.Pos{File: file, Line: int(line), Col: int(col)}, true
}

func (b *builder) declareStruct(s *structAST, pos diag.Pos) {
	st := &Struct{Name: s.Name.Name, Pos: pos}
	if prev := b.structs[st.Name]; prev != nil {
		b.errorf(s.Name.Pos, diag.CodeDuplicateDecl, "duplicate struct %s (previous declaration at %s)", st.Name, prev.Pos)
	} else {
		b.structs[st.Name] = st
	}
	seen := map[string]bool{}
	for _, f := range s.Fields {
		if seen[f.Name.Name] {
			b.errorf(f.Name.Pos, diag.CodeDuplicateDecl, "duplicate field %s in struct %s", f.Name.Name, st.Name)
		}
		seen[f.Name.Name] = true
		st.Fields = append(st.Fields, Field{Name: f.Name.Name, Type: b.typeRef(f.Type)})
	}
	b.prog.Structs = append(b.prog.Structs, st)
}

func (b *builder) declareComposite(c *compositeAST, pos diag.Pos) {
	cp := &Composite{Name: c.Name.Name, Pos: pos}
	switch {
	case cp.Name == "undef":
		b.errorf(c.Name.Pos, diag.CodeInvalidName, "undef is not a valid composite name")
	case b.composites[cp.Name] != nil:
		b.errorf(c.Name.Pos, diag.CodeDuplicateDecl, "duplicate composite %s (previous declaration at %s)", cp.Name, b.composites[cp.Name].Pos)
	default:
		b.composites[cp.Name] = cp
	}
	seen := map[string]bool{}
	for _, f := range c.Fields {
		if seen[f.Name] {
			b.errorf(f.Pos, diag.CodeDuplicateDecl, "duplicate field %s in composite %s", f.Name, cp.Name)
		}
		seen[f.Name] = true
		cp.Fields = append(cp.Fields, f.Name)
	}
	b.prog.Composites = append(b.prog.Composites, cp)
}

func (b *builder) declareGlobal(g *globalAST, pos diag.Pos) {
	gl := &Global{Name: g.Name.Name, Type: b.typeRef(g.Type), Tags: b.tags(g.Tags), Pos: pos}
	if prev := b.globals[gl.Name]; prev != nil {
		b.errorf(g.Name.Pos, diag.CodeDuplicateDecl, "duplicate global %s (previous declaration at %s)", gl.Name, prev.Pos)
	} else {
		b.globals[gl.Name] = gl
		b.globalBase[gl.Name] = int64(len(b.prog.Globals) + 1)
	}
	b.prog.Globals = append(b.prog.Globals, gl)
	b.pendingGlobals = append(b.pendingGlobals, pendingGlobal{gl, g})
}

func (b *builder) declareProc(p *procAST, pos diag.Pos) {
	pr := &Proc{Name: p.Name.Name, Pos: pos}
	if prev := b.procs[pr.Name]; prev != nil {
		b.errorf(p.Name.Pos, diag.CodeDuplicateDecl, "duplicate procedure %s (previous declaration at %s)", pr.Name, prev.Pos)
	} else {
		b.procs[pr.Name] = pr
	}
	pr.Params = b.regList(p.Params, "parameter")
	pr.Results = b.regList(p.Results, "result")
	b.prog.Procs = append(b.prog.Procs, pr)
	b.pendingProcs = append(b.pendingProcs, pendingProc{pr, p})
}

// regList converts a parameter or result list, rejecting repeated names.
func (b *builder) regList(toks []regTok, what string) []Reg {
	var regs []Reg
	seen := map[string]bool{}
	for _, t := range toks {
		if seen[t.Name] {
			b.errorf(t.Pos, diag.CodeDuplicateDecl, "duplicate %s %s", what, t.Name)
		}
		seen[t.Name] = true
		regs = append(regs, Reg(t.Name))
	}
	return regs
}

func (b *builder) typeRef(t *typeAST) *TypeRef {
	if t == nil {
		return nil
	}
	ref := &TypeRef{Name: t.Name}
	for _, d := range t.Dims {
		n, ok := b.nonNegative(d, "array dimension")
		if ok {
			ref.Dims = append(ref.Dims, n)
		}
	}
	return ref
}

// globalInit resolves a global's initializer: "= v" initializes the global's
// own cell (an empty path), "{ 1.0 = v, … }" the cells below it.
func (b *builder) globalInit(g *Global, a *globalAST) {
	if a.Value != nil {
		g.Init = []CellInit{{Val: b.constant(a.Value)}}
		return
	}
	seen := map[string]bool{}
	for _, in := range a.Inits {
		var path []int64
		key := ""
		for _, t := range in.Path {
			n, ok := b.nonNegative(t, "cell offset")
			path = append(path, n)
			if ok {
				key += strconv.FormatInt(n, 10) + "."
			}
		}
		if seen[key] {
			b.errorf(in.Pos, diag.CodeDuplicateDecl, "duplicate initializer for a cell of global %s", g.Name)
		}
		seen[key] = true
		g.Init = append(g.Init, CellInit{Path: path, Val: b.constant(&in.Val)})
	}
}

// constant evaluates a constant; errors yield ⊥ after being reported.
func (b *builder) constant(c *constAST) Value {
	switch {
	case c.Undef:
		return Undef
	case c.Int != nil:
		n, _ := b.integer(*c.Int)
		return Num(n)
	case c.Global != nil:
		return Ptr(b.base(*c.Global, c.Pos))
	case c.Ptr != nil:
		var base int64
		if c.Ptr.Base != nil {
			base, _ = b.integer(*c.Ptr.Base)
		} else {
			base = b.base(c.Ptr.Global, c.Ptr.Pos)
		}
		v := Ptr(base)
		for _, o := range c.Ptr.Offs {
			n, _ := b.integer(o)
			v.Ptr = append(v.Ptr, n)
		}
		return v
	case c.Comp != nil:
		return b.compositeConst(c.Comp)
	}
	b.errorf(c.Pos, diag.CodeBadLiteral, "bad constant")
	return Undef
}

func (b *builder) compositeConst(c *compAST) Value {
	var fields []Value
	for _, f := range c.Fields {
		v := b.constant(f)
		if v.Kind == KComp {
			b.errorf(f.Pos, diag.CodeInvalidConstruct, "a composite field cannot hold a composite value")
		}
		fields = append(fields, v)
	}
	comp := b.composites[c.Name.Name]
	if comp == nil {
		b.errorf(c.Name.Pos, diag.CodeUndeclared, "unknown composite %s", c.Name.Name)
		return Undef
	}
	if len(fields) != len(comp.Fields) {
		b.errorf(c.Name.Pos, diag.CodeArgCount, "composite %s has %d fields, got %d values", comp.Name, len(comp.Fields), len(fields))
		return Undef
	}
	return Comp(comp.Name, fields...)
}

// base resolves "@name" to the global's base number.
func (b *builder) base(global string, pos lexer.Position) int64 {
	name := global[1:]
	n, ok := b.globalBase[name]
	if !ok {
		b.errorf(pos, diag.CodeUndeclared, "unknown global @%s", name)
	}
	return n
}

func (b *builder) integer(t intTok) (int64, bool) {
	n, ok := parseIntLit(t.Raw)
	if !ok {
		b.errorf(t.Pos, diag.CodeBadLiteral, "integer %s out of range", t.Raw)
	}
	return n, ok
}

func (b *builder) nonNegative(t intTok, what string) (int64, bool) {
	n, ok := b.integer(t)
	if ok && n < 0 {
		b.errorf(t.Pos, diag.CodeBadLiteral, "%s must not be negative", what)
		return 0, false
	}
	return n, ok
}

func (b *builder) str(t strTok) (string, bool) {
	s, err := strconv.Unquote(t.Raw)
	if err != nil {
		b.errorf(t.Pos, diag.CodeBadLiteral, "invalid string literal %s", t.Raw)
		return "", false
	}
	return s, true
}

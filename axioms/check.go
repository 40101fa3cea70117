package axioms

import (
	"fmt"
	"unicode"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/checkfence/checkfence/diag"
)

// maxErrors bounds the errors reported for one file.
const maxErrors = 10

// checker turns a participle parse tree into a checked Model: it resolves
// every name, checks sorts and arities, and reports problems at the
// offending symbol.
type checker struct {
	file   string
	errs   diag.ErrorList
	predef map[predef]*Decl // declared predefined symbols
	rels   map[string]*Decl // relation variables
	vars   map[string]Sort  // forall section
	seen   map[string]diag.Pos
}

func (c *checker) pos(p lexer.Position) diag.Pos {
	return diag.Pos{File: c.file, Line: p.Line, Col: p.Column}
}

func (c *checker) errorf(p lexer.Position, code diag.ErrorCode, format string, args ...any) {
	if len(c.errs) < maxErrors {
		c.errs = append(c.errs, diag.ErrorfCode(c.pos(p), code, format, args...))
	}
}

func (c *checker) at(p diag.Pos) string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

func isVarName(s string) bool {
	r := []rune(s)
	return len(r) > 0 && unicode.IsUpper(r[0])
}

func isSymbolName(s string) bool {
	r := []rune(s)
	if len(r) == 0 || !unicode.IsLower(r[0]) {
		return false
	}
	return r[len(r)-1] != '\''
}

func check(file string, g *gModel) (*Model, error) {
	c := &checker{
		file:   file,
		predef: map[predef]*Decl{},
		rels:   map[string]*Decl{},
		vars:   map[string]Sort{},
		seen:   map[string]diag.Pos{},
	}
	m := &Model{Name: g.Name.Name, Pos: c.pos(g.Pos)}
	for _, d := range g.Predefined {
		if decl := c.predefinedDecl(d); decl != nil {
			m.Predefined = append(m.Predefined, decl)
		}
	}
	for _, d := range g.Exists {
		if decl := c.relationDecl(d); decl != nil {
			m.Exists = append(m.Exists, decl)
		}
	}
	for _, vd := range g.Forall {
		if decl := c.varDecl(vd); decl != nil {
			m.Vars = append(m.Vars, decl)
		}
	}
	labels := map[string]diag.Pos{}
	for _, ga := range g.Require {
		label := ga.Label[1 : len(ga.Label)-1]
		p := c.pos(ga.Pos)
		if first, dup := labels[label]; dup {
			c.errorf(ga.Pos, diag.CodeDuplicateDecl, "duplicate label <%s> (first at %s)", label, c.at(first))
		} else {
			labels[label] = p
		}
		body := c.iff(ga.Body, map[string]Sort{})
		m.Axioms = append(m.Axioms, &Axiom{Pos: p, Label: label, Body: body})
	}
	switch len(c.errs) {
	case 0:
		return m, nil
	case 1:
		return nil, c.errs[0]
	}
	return nil, c.errs
}

// declare records a declared name and reports duplicates.
func (c *checker) declare(id *gIdent) bool {
	if first, dup := c.seen[id.Name]; dup {
		c.errorf(id.Pos, diag.CodeDuplicateDecl, "duplicate declaration of %s (first at %s)", id.Name, c.at(first))
		return false
	}
	c.seen[id.Name] = c.pos(id.Pos)
	return true
}

func declKind(s string) DeclKind {
	switch s {
	case "set":
		return DeclSet
	case "predicate":
		return DeclPredicate
	}
	return DeclRelation
}

// sorts resolves parameter sort names. A sort can be used only if its
// predefined symbol is declared (it was declared earlier in the file).
func (c *checker) sorts(ids []*gIdent) ([]Sort, bool) {
	var out []Sort
	ok := true
	for _, id := range ids {
		s, found := c.sortRef(id)
		if !found {
			ok = false
		}
		out = append(out, s)
	}
	return out, ok
}

func (c *checker) sortRef(id *gIdent) (Sort, bool) {
	s, ok := sortByName(id.Name)
	if !ok {
		c.errorf(id.Pos, diag.CodeUnknownKind, "unknown sort %s (sorts: instruction, access, load, store, fence)", id.Name)
		return 0, false
	}
	if c.predef[sortPredef(s)] == nil {
		c.errorf(id.Pos, diag.CodeUndeclared, "sort %s is used but %q is not declared in the predefined section", s, predefs[sortPredef(s)].signature())
		return s, false
	}
	return s, true
}

func (p predefInfo) signature() string { return signature(p.kind, p.name, p.params) }

func (c *checker) predefinedDecl(d *gDecl) *Decl {
	kind := declKind(d.Kind)
	id, known := predefByName(d.Name.Name)
	if !known {
		c.errorf(d.Name.Pos, diag.CodeUndeclared, "unknown predefined symbol %s", d.Name.Name)
		return nil
	}
	if !c.declare(d.Name) {
		return nil
	}
	info := predefs[id]
	// Parameter sorts are checked against the canonical signature by name,
	// so that e.g. "predicate load(access)" may precede "predicate
	// access(instruction)" without an ordering error.
	same := kind == info.kind && len(d.Params) == len(info.params)
	if same {
		for i, p := range d.Params {
			if p.Name != info.params[i].String() {
				same = false
			}
		}
	}
	if !same {
		c.errorf(d.Name.Pos, diag.CodeType, "wrong signature for predefined symbol %s: it is %q", info.name, info.signature())
		return nil
	}
	decl := &Decl{Pos: c.pos(d.Pos), Kind: info.kind, Name: info.name, Params: append([]Sort(nil), info.params...)}
	c.predef[id] = decl
	return decl
}

func (c *checker) relationDecl(d *gDecl) *Decl {
	kind := declKind(d.Kind)
	name := d.Name.Name
	if kind == DeclSet {
		c.errorf(d.Pos, diag.CodeInvalidConstruct, "the exists section declares relation variables; %q is not allowed here", "set "+name)
		return nil
	}
	if _, known := predefByName(name); known {
		c.errorf(d.Name.Pos, diag.CodeInvalidConstruct, "%s is a predefined symbol; declare it in the predefined section", name)
		return nil
	}
	if !isSymbolName(name) {
		c.errorf(d.Name.Pos, diag.CodeInvalidName, "relation variable %s must start with a lower-case letter", name)
		return nil
	}
	if !c.declare(d.Name) {
		return nil
	}
	if len(d.Params) == 0 {
		c.errorf(d.Name.Pos, diag.CodeArgCount, "relation variable %s needs at least one parameter", name)
		return nil
	}
	if kind == DeclPredicate && len(d.Params) != 1 {
		c.errorf(d.Name.Pos, diag.CodeArgCount, "predicate %s must have exactly one parameter; use relation", name)
		return nil
	}
	params, ok := c.sorts(d.Params)
	if !ok {
		return nil
	}
	decl := &Decl{Pos: c.pos(d.Pos), Kind: kind, Name: name, Params: params}
	c.rels[name] = decl
	return decl
}

func (c *checker) varDecl(vd *gVarDecl) *VarDecl {
	s, ok := c.sortRef(vd.Sort)
	decl := &VarDecl{Pos: c.pos(vd.Pos), Sort: s}
	for _, id := range vd.Names {
		if !isVarName(id.Name) {
			c.errorf(id.Pos, diag.CodeInvalidName, "instruction variable %s must start with an upper-case letter", id.Name)
			ok = false
			continue
		}
		if _, dup := c.vars[id.Name]; dup {
			c.errorf(id.Pos, diag.CodeDuplicateDecl, "duplicate declaration of variable %s", id.Name)
			ok = false
			continue
		}
		c.vars[id.Name] = s
		decl.Names = append(decl.Names, id.Name)
	}
	if !ok {
		return nil
	}
	return decl
}

// The formula converters mirror the grammar levels. bound holds the
// variables bound by enclosing quantifiers (they shadow the forall section).

func (c *checker) iff(g *gIff, bound map[string]Sort) Formula {
	f := c.imp(g.Left, bound)
	for _, r := range g.Rest {
		f = &Iff{Pos: c.pos(g.Pos), L: f, R: c.imp(r, bound)}
	}
	return f
}

func (c *checker) imp(g *gImp, bound map[string]Sort) Formula {
	l := c.or(g.Left, bound)
	if g.Right == nil {
		return l
	}
	return &Implies{Pos: c.pos(g.Pos), L: l, R: c.imp(g.Right, bound)}
}

func (c *checker) or(g *gOr, bound map[string]Sort) Formula {
	if len(g.Terms) == 1 {
		return c.and(g.Terms[0], bound)
	}
	f := &Or{Pos: c.pos(g.Pos)}
	for _, t := range g.Terms {
		f.Xs = append(f.Xs, c.and(t, bound))
	}
	return f
}

func (c *checker) and(g *gAnd, bound map[string]Sort) Formula {
	if len(g.Terms) == 1 {
		return c.unary(g.Terms[0], bound)
	}
	f := &And{Pos: c.pos(g.Pos)}
	for _, t := range g.Terms {
		f.Xs = append(f.Xs, c.unary(t, bound))
	}
	return f
}

func (c *checker) unary(g *gUnary, bound map[string]Sort) Formula {
	switch {
	case g.Not != nil:
		return &Not{Pos: c.pos(g.Pos), X: c.unary(g.Not, bound)}
	case g.Quant != nil:
		return c.quant(g.Quant, bound)
	}
	return c.atom(g.Atom, bound)
}

func (c *checker) quant(g *gQuant, bound map[string]Sort) Formula {
	s, _ := c.sortRef(g.Sort)
	q := &Quant{Pos: c.pos(g.Pos), Exists: g.Kind == "exists", Sort: s}
	inner := make(map[string]Sort, len(bound)+len(g.Vars))
	for k, v := range bound {
		inner[k] = v
	}
	names := map[string]bool{}
	for _, id := range g.Vars {
		if !isVarName(id.Name) {
			c.errorf(id.Pos, diag.CodeInvalidName, "instruction variable %s must start with an upper-case letter", id.Name)
		} else if names[id.Name] {
			c.errorf(id.Pos, diag.CodeDuplicateDecl, "variable %s is bound twice by the same quantifier", id.Name)
		}
		names[id.Name] = true
		inner[id.Name] = s
		q.Vars = append(q.Vars, &Var{Pos: c.pos(id.Pos), Name: id.Name})
	}
	q.Body = c.iff(g.Body, inner)
	return q
}

func (c *checker) atom(g *gAtom, bound map[string]Sort) Formula {
	p := c.pos(g.Pos)
	switch {
	case g.True:
		return &Const{Pos: p, Value: true}
	case g.False:
		return &Const{Pos: p, Value: false}
	case g.Paren != nil:
		return c.iff(g.Paren, bound)
	case g.Ref.Eq != nil:
		l, _ := c.varRef(g.Ref.Name, bound)
		r, _ := c.varRef(g.Ref.Eq, bound)
		return &Equal{Pos: p, L: l, R: r}
	}
	return c.apply(g.Ref, bound)
}

// varRef resolves an instruction variable and returns its sort.
func (c *checker) varRef(id *gIdent, bound map[string]Sort) (*Var, Sort) {
	v := &Var{Pos: c.pos(id.Pos), Name: id.Name}
	if !isVarName(id.Name) {
		c.errorf(id.Pos, diag.CodeInvalidName, "%s is not an instruction variable (variables start with an upper-case letter)", id.Name)
		return v, 0
	}
	if s, ok := bound[id.Name]; ok {
		return v, s
	}
	if s, ok := c.vars[id.Name]; ok {
		return v, s
	}
	c.errorf(id.Pos, diag.CodeUndeclared, "undeclared variable %s (declare it in the forall section)", id.Name)
	return v, 0
}

func (c *checker) apply(g *gRef, bound map[string]Sort) Formula {
	name := g.Name.Name
	a := &Apply{Pos: c.pos(g.Pos), Name: name}
	sorts := make([]Sort, len(g.Args))
	for i, arg := range g.Args {
		var v *Var
		v, sorts[i] = c.varRef(arg, bound)
		a.Args = append(a.Args, v)
	}
	var params []Sort
	if d := c.rels[name]; d != nil {
		params = d.Params
	} else if id, ok := predefByName(name); ok {
		d := c.predef[id]
		if d == nil {
			c.errorf(g.Name.Pos, diag.CodeUndeclared, "predefined symbol %s is used but not declared in the predefined section (declare %q)", name, predefs[id].signature())
			return a
		}
		if d.Kind == DeclSet {
			c.errorf(g.Name.Pos, diag.CodeType, "%s is a set, not a predicate; it cannot be applied", name)
			return a
		}
		params = d.Params
	} else {
		c.errorf(g.Name.Pos, diag.CodeUndeclared, "unknown symbol %s", name)
		return a
	}
	if len(g.Args) != len(params) {
		c.errorf(g.Name.Pos, diag.CodeArgCount, "%s expects %d argument%s, got %d", name, len(params), plural(len(params)), len(g.Args))
		return a
	}
	for i, s := range sorts {
		if s != 0 && !s.Overlaps(params[i]) {
			c.errorf(g.Args[i].Pos, diag.CodeType, "argument %s of %s has sort %s, but parameter %d of %s has the disjoint sort %s",
				g.Args[i].Name, name, s, i+1, name, params[i])
		}
	}
	return a
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

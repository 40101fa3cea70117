package lsl

import (
	"io"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// PrintOptions control Format and Fprint.
type PrintOptions struct {
	// Positions emits loc directives so that parsing the text restores every
	// statement's and declaration's position exactly.
	Positions bool
	// SourceComments, when set, is asked for the source text of a position; a
	// non-empty answer is printed as "// file:line: text" before the first
	// statement of each new source line.
	SourceComments func(diag.Pos) string
}

// Format prints p in the canonical concrete syntax of doc.go: structs,
// composites, globals, then procedures, indented by four spaces, one
// statement per line. Parse(Format(p)) yields p again (positions included
// when opts.Positions is set).
func Format(p *Program, opts PrintOptions) string {
	pr := &printer{prog: p, opts: opts}
	pr.program()
	return pr.b.String()
}

// Fprint writes Format(p, opts) to w.
func Fprint(w io.Writer, p *Program, opts PrintOptions) error {
	_, err := io.WriteString(w, Format(p, opts))
	return err
}

// FormatStmt prints one statement (with its nested statements, on several
// lines when it has any). p supplies global names for pointer constants and
// may be nil.
func FormatStmt(s Stmt, p *Program) string {
	pr := &printer{prog: p}
	pr.stmt(s)
	return strings.TrimSuffix(pr.b.String(), "\n")
}

// FormatValue prints a constant in .lsl syntax: 5, undef, [@X 1], @X (the
// pointer to global X itself), [7 0], mpointer{@X, 1}. p supplies global names
// and may be nil.
func FormatValue(v Value, p *Program) string {
	var b strings.Builder
	writeValue(&b, v, p)
	return b.String()
}

func writeValue(b *strings.Builder, v Value, p *Program) {
	switch v.Kind {
	case KUndef:
		b.WriteString("undef")
	case KNum:
		b.WriteString(strconv.FormatInt(v.Num, 10))
	case KPtr:
		name := ""
		if p != nil && len(v.Ptr) > 0 {
			name = p.GlobalName(v.Ptr[0])
		}
		if name != "" && len(v.Ptr) == 1 {
			b.WriteString("@" + name)
			return
		}
		b.WriteByte('[')
		for i, n := range v.Ptr {
			if i > 0 {
				b.WriteByte(' ')
			}
			if i == 0 && name != "" {
				b.WriteString("@" + name)
				continue
			}
			b.WriteString(strconv.FormatInt(n, 10))
		}
		b.WriteByte(']')
	case KComp:
		b.WriteString(v.Comp)
		b.WriteByte('{')
		for i, f := range v.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			writeValue(b, f, p)
		}
		b.WriteByte('}')
	default:
		b.WriteString("<bad value>")
	}
}

type printer struct {
	b      strings.Builder
	prog   *Program
	opts   PrintOptions
	indent int

	// cur is the position set by the last loc directive printed in the
	// current procedure (valid when hasCur); the parser tracks the same.
	cur    diag.Pos
	hasCur bool
	// commented is the source line of the last source comment.
	commented diag.Pos
}

func (pr *printer) line(parts ...string) {
	pr.b.WriteString(strings.Repeat("    ", pr.indent))
	for _, s := range parts {
		pr.b.WriteString(s)
	}
	pr.b.WriteByte('\n')
}

func (pr *printer) program() {
	p := pr.prog
	if p == nil {
		return
	}
	sep := false
	section := func(n int) {
		if n > 0 && sep {
			pr.b.WriteByte('\n')
		}
		if n > 0 {
			sep = true
		}
	}
	section(len(p.Structs))
	for _, s := range p.Structs {
		pr.declLoc(s.Pos)
		pr.structDecl(s)
	}
	section(len(p.Composites))
	for _, c := range p.Composites {
		pr.declLoc(c.Pos)
		pr.line("composite ", c.Name, " (", strings.Join(c.Fields, ", "), ")")
	}
	section(len(p.Globals))
	for _, g := range p.Globals {
		pr.declLoc(g.Pos)
		pr.globalDecl(g)
	}
	for _, q := range p.Procs {
		section(1)
		pr.declLoc(q.Pos)
		pr.proc(q)
	}
}

// declLoc prints a top-level loc, which sets the next declaration's position.
func (pr *printer) declLoc(pos diag.Pos) {
	if pr.opts.Positions {
		pr.line(locLine(pos))
	}
}

func locLine(pos diag.Pos) string {
	return "loc " + quote(pos.File) + " " + strconv.Itoa(pos.Line) + " " + strconv.Itoa(pos.Col)
}

func (pr *printer) structDecl(s *Struct) {
	var fs []string
	for _, f := range s.Fields {
		if f.Type != nil {
			fs = append(fs, f.Name+": "+f.Type.String())
		} else {
			fs = append(fs, f.Name)
		}
	}
	if len(fs) == 0 {
		pr.line("struct ", s.Name, " {}")
		return
	}
	pr.line("struct ", s.Name, " { ", strings.Join(fs, ", "), " }")
}

func (pr *printer) globalDecl(g *Global) {
	s := "global " + g.Name + FormatTags(g.Tags)
	if g.Type != nil {
		s += " : " + g.Type.String()
	}
	switch {
	case len(g.Init) == 1 && len(g.Init[0].Path) == 0:
		s += " = " + FormatValue(g.Init[0].Val, pr.prog)
	case len(g.Init) > 0:
		var cells []string
		for _, in := range g.Init {
			var path []string
			for _, n := range in.Path {
				path = append(path, strconv.FormatInt(n, 10))
			}
			cell := strings.Join(path, ".")
			if cell != "" {
				cell += " "
			}
			cells = append(cells, cell+"= "+FormatValue(in.Val, pr.prog))
		}
		s += " { " + strings.Join(cells, ", ") + " }"
	}
	pr.line(s)
}

func (pr *printer) proc(q *Proc) {
	head := "proc " + q.Name + "(" + regs(q.Params) + ")"
	if len(q.Results) > 0 {
		head += " -> (" + regs(q.Results) + ")"
	}
	pr.hasCur = false
	pr.commented = diag.Pos{}
	pr.line(head, " {")
	pr.stmts(q.Body)
	pr.line("}")
}

func regs(rs []Reg) string {
	var s []string
	for _, r := range rs {
		s = append(s, string(r))
	}
	return strings.Join(s, ", ")
}

func (pr *printer) operand(o Operand) string {
	switch o := o.(type) {
	case Reg:
		return string(o)
	case Const:
		return FormatValue(o.V, pr.prog)
	}
	return "<nil>"
}

func (pr *printer) operands(os []Operand) string {
	var s []string
	for _, o := range os {
		s = append(s, pr.operand(o))
	}
	return strings.Join(s, ", ")
}

// stmts prints the statements of a block one level deeper.
func (pr *printer) stmts(b *Block) {
	if b == nil {
		return
	}
	pr.indent++
	for _, s := range b.Stmts {
		pr.stmt(s)
	}
	pr.indent--
}

// annotate prints the source comment and the loc directive a statement at
// pos needs.
func (pr *printer) annotate(pos diag.Pos) {
	if pr.opts.SourceComments != nil && pos.IsValid() &&
		(pos.File != pr.commented.File || pos.Line != pr.commented.Line) {
		pr.commented = pos
		if text := pr.opts.SourceComments(pos); text != "" {
			text = strings.TrimSpace(strings.ReplaceAll(text, "\n", " "))
			pr.line("// ", pos.File, ":", strconv.Itoa(pos.Line), ": ", text)
		}
	}
	if pr.opts.Positions && (!pr.hasCur || pr.cur != pos) {
		pr.cur, pr.hasCur = pos, true
		pr.line(locLine(pos))
	}
}

// needsAnnotation reports whether annotate(pos) would print anything.
func (pr *printer) needsAnnotation(pos diag.Pos) bool {
	if pr.opts.SourceComments != nil && pos.IsValid() &&
		(pos.File != pr.commented.File || pos.Line != pr.commented.Line) &&
		pr.opts.SourceComments(pos) != "" {
		return true
	}
	return pr.opts.Positions && (!pr.hasCur || pr.cur != pos)
}

func withID(kw string, id int) string {
	if id != 0 {
		return kw + "#" + strconv.Itoa(id)
	}
	return kw
}

func withExpr(s, expr string) string {
	if expr != "" {
		return s + " as " + quote(expr)
	}
	return s
}

func (pr *printer) stmt(s Stmt) {
	if s == nil {
		pr.line("<nil statement>")
		return
	}
	pr.annotate(s.Position())
	switch s := s.(type) {
	case *Block:
		if s.Label != "" {
			pr.line(s.Label, ": {")
		} else {
			pr.line("{")
		}
		pr.stmts(s)
		pr.line("}")
	case *Assign:
		pr.line(string(s.Dst), " := ", pr.assignRHS(s))
	case *Load:
		pr.line(withExpr(string(s.Dst)+" := "+withID("load", s.ID)+FormatTags(s.Tags)+" "+pr.operand(s.Addr), s.Expr))
	case *Store:
		st := withID("store", s.ID) + FormatTags(s.Tags) + " " + pr.operand(s.Addr) + ", " + pr.operand(s.Val)
		if s.Status != "" {
			st += " -> " + string(s.Status)
		}
		pr.line(withExpr(st, s.Expr))
	case *Fence:
		if s.Kind == 0 {
			pr.line(withID("fence", s.ID), FormatTags(s.Tags))
		} else {
			pr.line(withID("fence", s.ID), " ", s.Kind.String(), FormatTags(s.Tags))
		}
	case *If:
		pr.ifStmt(s)
	case *Break:
		pr.line("break ", s.Label)
	case *Continue:
		pr.line("continue ", s.Label)
	case *Abort:
		pr.line("abort ", quote(s.Msg))
	case *Pruned:
		pr.line("pruned ", quote(s.Loop.String()))
	case *Call:
		call := "call " + s.Proc + "(" + pr.operands(s.Args) + ")"
		if len(s.Results) > 0 {
			call = regs(s.Results) + " := " + call
		}
		pr.line(call)
	case *Choose:
		pr.line(withExpr(string(s.Dst)+" := choose "+strconv.FormatInt(s.Lo, 10)+" .. "+strconv.FormatInt(s.Hi, 10), s.Expr))
	case *Atomic:
		pr.line("atomic {")
		pr.stmts(s.Body)
		pr.line("}")
	case *Spin:
		pr.line("spin ", s.Label, " {")
		pr.stmts(s.Body)
		pr.line("}")
	case *Assert:
		if s.Msg != "" {
			pr.line("assert ", pr.operand(s.Cond), " ", quote(s.Msg))
		} else {
			pr.line("assert ", pr.operand(s.Cond))
		}
	case *Assume:
		pr.line("assume ", pr.operand(s.Cond))
	case *Observe:
		if s.Kind == ObsLabel {
			pr.line("observe label ", quote(s.Name))
		} else {
			pr.line("observe ", s.Kind.String(), " ", quote(s.Name), " ", pr.operand(s.Val))
		}
	case *Alloc:
		a := string(s.Dst) + " := alloc " + s.Kind.String()
		if s.Type != nil {
			a += " " + s.Type.String()
		}
		if s.Name != "" {
			a += " " + quote(s.Name)
		}
		pr.line(a)
	case *Free:
		pr.line("free ", s.Kind.String(), " ", pr.operand(s.Ptr))
	}
}

func (pr *printer) assignRHS(s *Assign) string {
	args := "(" + pr.operands(s.Args) + ")"
	switch s.Op {
	case OpCopy:
		if len(s.Args) == 1 {
			return pr.operand(s.Args[0])
		}
	case OpMake:
		return "make_" + s.Comp + args
	case OpGet, OpSet:
		return s.Op.Name() + "_" + s.Comp + "_" + s.Field + args
	}
	return s.Op.Name() + args
}

// ifStmt prints an if statement; an else block that holds nothing but
// another if prints as "else if", as the parser reads it back.
func (pr *printer) ifStmt(s *If) {
	pr.line("if ", pr.operand(s.Cond), " {")
	for {
		pr.stmts(s.Then)
		e := s.Else
		if e == nil {
			pr.line("}")
			return
		}
		if inner, ok := elseIf(e); ok && !pr.needsAnnotation(inner.Pos) {
			pr.line("} else if ", pr.operand(inner.Cond), " {")
			s = inner
			continue
		}
		pr.line("} else {")
		pr.stmts(e)
		pr.line("}")
		return
	}
}

func elseIf(e *Block) (*If, bool) {
	if e.Label != "" || len(e.Stmts) != 1 {
		return nil, false
	}
	inner, ok := e.Stmts[0].(*If)
	return inner, ok
}

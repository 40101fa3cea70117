package lsl

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/checkfence/checkfence/diag"
)

// procBody builds a procedure body. A loc directive inside the body sets the
// position of every statement that follows it in the text of the procedure,
// until the next loc; without one, statements carry their .lsl position.
func (b *builder) procBody(p *Proc, a *procAST) {
	b.hasLoc = false
	b.labels = nil
	p.Body = b.block(a.Body, "", p.Pos)
}

// stmtPos is the position a statement starting at tok receives.
func (b *builder) stmtPos(tok lexer.Position) diag.Pos {
	if b.hasLoc {
		return b.loc
	}
	return lslPos(tok)
}

func (b *builder) block(stmts []*stmtAST, label string, pos diag.Pos) *Block {
	blk := &Block{Label: label, Pos: pos}
	for _, s := range stmts {
		if st := b.stmt(s); st != nil {
			blk.Stmts = append(blk.Stmts, st)
		}
	}
	return blk
}

// stmt converts one statement; it returns nil for loc directives.
func (b *builder) stmt(s *stmtAST) Stmt {
	if s.Loc != nil {
		if p, ok := b.locPos(s.Loc); ok {
			b.loc, b.hasLoc = p, true
		}
		return nil
	}
	// The position is taken before nested statements are built, since a loc
	// inside them changes the current position.
	pos := b.stmtPos(s.Pos)
	switch {
	case s.Store != nil:
		st := &Store{Addr: b.operand(&s.Store.Addr), Val: b.operand(&s.Store.Val), Pos: pos}
		st.ID = b.instrID(s.Store.ID)
		st.Expr = b.optStr(s.Store.Expr)
		st.Tags = b.tags(s.Store.Tags)
		if s.Store.Status != nil {
			st.Status = Reg(s.Store.Status.Name)
		}
		return st
	case s.Fence != nil:
		f := &Fence{ID: b.instrID(s.Fence.ID), Pos: pos}
		if s.Fence.OnlyTags != nil {
			f.Tags = b.tags(s.Fence.OnlyTags)
			if len(f.Tags) == 0 {
				b.errorf(s.Fence.OnlyTags.Pos, diag.CodeUnknownKind, "a fence without a kind needs at least one tag")
			}
			return f
		}
		kind, ok := ParseFenceKind(s.Fence.Kind.Name)
		if !ok {
			b.errorf(s.Fence.Kind.Pos, diag.CodeUnknownKind, "unknown fence kind %q (valid kinds: %s)",
				s.Fence.Kind.Name, strings.Join(FenceNames(), ", "))
		}
		f.Kind = kind
		f.Tags = b.tags(s.Fence.Tags)
		return f
	case s.If != nil:
		return b.ifStmt(s.If, pos)
	case s.Break != nil:
		if sc := b.findLabel(*s.Break, "break"); sc != nil && sc.spin {
			b.errorf(s.Break.Pos, diag.CodeInvalidConstruct, "break cannot target spin loop %s (only continue can)", sc.name)
		}
		return &Break{Label: s.Break.Name, Pos: pos}
	case s.Continue != nil:
		b.findLabel(*s.Continue, "continue")
		return &Continue{Label: s.Continue.Name, Pos: pos}
	case s.Abort != nil:
		msg, _ := b.str(*s.Abort)
		return &Abort{Msg: msg, Pos: pos}
	case s.Pruned != nil:
		key, _ := b.str(*s.Pruned)
		return &Pruned{Loop: LoopKey(key), Pos: pos}
	case s.Call != nil:
		return &Call{Proc: s.Call.Proc.Name, Args: b.operands(s.Call.Args), Pos: pos}
	case s.Atomic != nil:
		return &Atomic{Body: b.block(s.Atomic.Stmts, "", pos), Pos: pos}
	case s.Spin != nil:
		name := s.Spin.Label
		b.pushLabel(name, true)
		body := b.block(s.Spin.Body.Stmts, "", pos)
		b.popLabel()
		return &Spin{Label: name.Name, Body: body, Pos: pos}
	case s.Assert != nil:
		return &Assert{Cond: b.operand(&s.Assert.Cond), Msg: b.optStr(s.Assert.Msg), Pos: pos}
	case s.Assume != nil:
		return &Assume{Cond: b.operand(s.Assume), Pos: pos}
	case s.Observe != nil:
		return b.observe(s.Observe, pos)
	case s.Free != nil:
		f := &Free{Ptr: b.operand(&s.Free.Ptr), Pos: pos}
		switch s.Free.Kind.Name {
		case "fresh":
			f.Kind = AllocFresh
		case "pool":
			f.Kind = AllocPool
		default:
			b.errorf(s.Free.Kind.Pos, diag.CodeUnknownKind, "unknown free kind %s (valid kinds: fresh, pool)", s.Free.Kind.Name)
		}
		return f
	case s.Block != nil:
		return b.block(s.Block.Stmts, "", pos)
	case s.Labelled != nil:
		b.pushLabel(s.Labelled.Label, false)
		blk := b.block(s.Labelled.Body.Stmts, s.Labelled.Label.Name, pos)
		b.popLabel()
		return blk
	case s.Assign != nil:
		return b.assign(s.Assign, pos)
	}
	b.errorf(s.Pos, diag.CodeInvalidConstruct, "bad statement")
	return nil
}

func (b *builder) ifStmt(a *ifAST, pos diag.Pos) *If {
	st := &If{Cond: b.operand(&a.Cond), Pos: pos}
	st.Then = b.block(a.Then.Stmts, "", pos)
	switch {
	case a.ElseIf != nil:
		inner := b.ifStmt(a.ElseIf, b.stmtPos(a.ElseIf.Pos))
		st.Else = &Block{Stmts: []Stmt{inner}, Pos: pos}
	case a.Else != nil:
		st.Else = b.block(a.Else.Stmts, "", pos)
	}
	return st
}

func (b *builder) observe(a *observeAST, pos diag.Pos) *Observe {
	if a.Label != nil {
		name, _ := b.str(*a.Label)
		return &Observe{Kind: ObsLabel, Name: name, Pos: pos}
	}
	name, _ := b.str(*a.Name)
	o := &Observe{Kind: ObsInput, Name: name, Val: b.operand(a.Val), Pos: pos}
	if a.Kind == "output" {
		o.Kind = ObsOutput
	}
	return o
}

// pushLabel opens the scope of a labelled block or spin loop; labels may not
// shadow an enclosing label, so that break and continue are unambiguous.
func (b *builder) pushLabel(name nameTok, spin bool) {
	for _, sc := range b.labels {
		if sc.name == name.Name {
			b.errorf(name.Pos, diag.CodeDuplicateDecl, "label %s is already used by an enclosing block", name.Name)
			break
		}
	}
	b.labels = append(b.labels, labelScope{name: name.Name, spin: spin})
}

func (b *builder) popLabel() { b.labels = b.labels[:len(b.labels)-1] }

func (b *builder) findLabel(name nameTok, what string) *labelScope {
	for i := len(b.labels) - 1; i >= 0; i-- {
		if b.labels[i].name == name.Name {
			return &b.labels[i]
		}
	}
	b.errorf(name.Pos, diag.CodeUndeclared, "%s to unknown label %s (no enclosing block has this label)", what, name.Name)
	return nil
}

func (b *builder) instrID(t *intTok) int {
	if t == nil {
		return 0
	}
	n, ok := b.integer(*t)
	if ok && (n <= 0 || n > 1<<31-1) {
		b.errorf(t.Pos, diag.CodeBadLiteral, "instruction id %s must be a positive number", t.Raw)
		return 0
	}
	return int(n)
}

func (b *builder) optStr(t *strTok) string {
	if t == nil {
		return ""
	}
	s, _ := b.str(*t)
	return s
}

func (b *builder) operand(o *operandAST) Operand {
	if o.Const == nil {
		return Reg(o.Reg)
	}
	return Const{V: b.constant(o.Const)}
}

func (b *builder) operands(os []*operandAST) []Operand {
	var out []Operand
	for _, o := range os {
		out = append(out, b.operand(o))
	}
	return out
}

// assign converts the statements that start with "%r :=".
func (b *builder) assign(a *assignAST, pos diag.Pos) Stmt {
	r := &a.Rhs
	if r.Call != nil {
		var results []Reg
		for _, d := range a.Dsts {
			results = append(results, Reg(d.Name))
		}
		return &Call{Proc: r.Call.Proc.Name, Args: b.operands(r.Call.Args), Results: results, Pos: pos}
	}
	if len(a.Dsts) > 1 {
		b.errorf(a.Dsts[1].Pos, diag.CodeInvalidConstruct, "only a call can assign several registers")
	}
	dst := Reg(a.Dsts[0].Name)
	switch {
	case r.Load != nil:
		return &Load{Dst: dst, Addr: b.operand(&r.Load.Addr), Expr: b.optStr(r.Load.Expr),
			Tags: b.tags(r.Load.Tags), ID: b.instrID(r.Load.ID), Pos: pos}
	case r.Choose != nil:
		lo, _ := b.integer(r.Choose.Lo)
		hi, _ := b.integer(r.Choose.Hi)
		if lo > hi {
			b.errorf(r.Choose.Lo.Pos, diag.CodeBadLiteral, "empty choice range %d .. %d", lo, hi)
		}
		return &Choose{Dst: dst, Lo: lo, Hi: hi, Expr: b.optStr(r.Choose.Expr), Pos: pos}
	case r.Alloc != nil:
		al := &Alloc{Dst: dst, Type: b.typeRef(r.Alloc.Type), Name: b.optStr(r.Alloc.Name), Pos: pos}
		switch r.Alloc.Kind.Name {
		case "fresh":
			al.Kind = AllocFresh
		case "pool":
			al.Kind = AllocPool
		case "local":
			al.Kind = AllocLocal
		default:
			b.errorf(r.Alloc.Kind.Pos, diag.CodeUnknownKind, "unknown allocation kind %s (valid kinds: fresh, pool, local)", r.Alloc.Kind.Name)
		}
		return al
	case r.Func != nil:
		return b.function(dst, r.Func, pos)
	case r.Comp != nil:
		return &Assign{Dst: dst, Op: OpCopy, Args: []Operand{b.operand(r.Comp)}, Pos: pos}
	case r.Copy != nil:
		return &Assign{Dst: dst, Op: OpCopy, Args: []Operand{b.operand(r.Copy)}, Pos: pos}
	}
	b.errorf(a.Dsts[0].Pos, diag.CodeInvalidConstruct, "bad assignment")
	return nil
}

// function resolves "name(args)": a basic function, or make_T, get_T_F and
// set_T_F for a declared composite T with field F.
func (b *builder) function(dst Reg, f *funcAST, pos diag.Pos) Stmt {
	as := &Assign{Dst: dst, Args: b.operands(f.Args), Pos: pos}
	name := f.Name.Name
	arity := 0
	if op, ok := OpByName(name); ok {
		as.Op, arity = op, op.Arity()
	} else if c, ok := strings.CutPrefix(name, "make_"); ok && b.composites[c] != nil {
		as.Op, as.Comp, arity = OpMake, c, len(b.composites[c].Fields)
	} else if op, comp, field, msg := b.fieldOp(name); msg == "" && op != 0 {
		as.Op, as.Comp, as.Field, arity = op, comp, field, op.Arity()
	} else {
		if msg == "" && ok {
			msg = "unknown composite " + c + " in " + name
		}
		if msg == "" {
			msg = "unknown function " + name
		}
		b.errorf(f.Name.Pos, diag.CodeUndeclared, "%s", msg)
		return as
	}
	if len(as.Args) != arity {
		b.errorf(f.Name.Pos, diag.CodeArgCount, "%s takes %d %s, got %d", name, arity, plural(arity, "argument"), len(as.Args))
	} else if as.Op == OpZext || as.Op == OpSext {
		// the width is part of the operation (the encoding wires it), as
		// the sanity check of the unrolled program requires
		if c, ok := as.Args[1].(Const); !ok || c.V.Kind != KNum || c.V.Num < 1 || c.V.Num > 63 {
			got := fmt.Sprint(as.Args[1])
			if ok {
				got = c.V.String()
			}
			b.errorf(f.Name.Pos, diag.CodeArgCount, "%s needs a constant width from 1 to 63 as its second argument, got %s", name, got)
		}
	}
	return as
}

// fieldOp resolves get_T_F and set_T_F by trying every composite as T.
// It returns op 0 with an empty message when name has neither form.
func (b *builder) fieldOp(name string) (op Op, comp, field, msg string) {
	var rest string
	switch {
	case strings.HasPrefix(name, "get_"):
		op, rest = OpGet, name[4:]
	case strings.HasPrefix(name, "set_"):
		op, rest = OpSet, name[4:]
	default:
		return 0, "", "", ""
	}
	var matches []string
	for _, c := range b.prog.Composites {
		f, ok := strings.CutPrefix(rest, c.Name+"_")
		if !ok || b.composites[c.Name] != c {
			continue
		}
		if c.FieldIndex(f) >= 0 {
			matches = append(matches, c.Name)
			comp, field = c.Name, f
		} else if msg == "" {
			msg = "composite " + c.Name + " has no field " + f
		}
	}
	switch len(matches) {
	case 0:
		if msg == "" {
			msg = "unknown function " + name
		}
		return 0, "", "", msg
	case 1:
		return op, comp, field, ""
	}
	return 0, "", "", "ambiguous function " + name + " (composites " + strings.Join(matches, ", ") + ")"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

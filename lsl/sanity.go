package lsl

import (
	"fmt"

	"github.com/checkfence/checkfence/diag"
)

// Sanity checks the invariants of a program that is not unrolled (in the
// spirit of go/ssa's sanity checker) and reports every violation with its
// position. Passes that build or rewrite programs call it on their output; a
// violation is a bug in the pass, not in the user's input.
func Sanity(p *Program) error {
	s := &sanity{prog: p}
	s.errs = append(s.errs, duplicateNames(p)...)
	for _, st := range p.Structs {
		s.name("struct", st.Name, st.Pos)
		s.uniqueNames("field", "struct "+st.Name, st.Pos, fieldNames(st.Fields))
		for _, f := range st.Fields {
			s.name("field", f.Name, st.Pos)
			s.typeRef(f.Type, st.Pos)
		}
	}
	for _, c := range p.Composites {
		s.name("composite", c.Name, c.Pos)
		if c.Name == "undef" {
			s.errorf(c.Pos, diag.CodeInvalidName, "undef is not a valid composite name")
		}
		s.uniqueNames("field", "composite "+c.Name, c.Pos, c.Fields)
		for _, f := range c.Fields {
			s.name("field", f, c.Pos)
		}
	}
	for _, g := range p.Globals {
		s.name("global", g.Name, g.Pos)
		s.typeRef(g.Type, g.Pos)
		s.tags(g.Tags, g.Pos)
		for _, in := range g.Init {
			s.value(in.Val, g.Pos)
		}
	}
	for _, pr := range p.Procs {
		s.name("procedure", pr.Name, pr.Pos)
		s.regs(pr.Params, pr.Pos)
		s.regs(pr.Results, pr.Pos)
		s.uniqueNames("parameter", "procedure "+pr.Name, pr.Pos, regNames(pr.Params))
		s.uniqueNames("result", "procedure "+pr.Name, pr.Pos, regNames(pr.Results))
		if pr.Body == nil {
			s.errorf(pr.Pos, diag.CodeUndefined, "procedure %s has no body", pr.Name)
			continue
		}
		s.block(pr.Body)
	}
	return s.errs.Err()
}

// SanityBlock checks the invariants of one statement tree: a procedure body
// (unrolled false) or the body of a thread of an unrolled program (unrolled
// true: no calls, allocations, threadid/numthreads or loops except spin
// retries; every load, store and fence has an id, unique in the tree). p
// resolves composites and procedures and may be nil.
func SanityBlock(b *Block, p *Program, unrolled bool) error {
	s := &sanity{prog: p, unrolled: unrolled}
	if b == nil {
		return diag.ErrorList{diag.Errorf(diag.Pos{}, "nil block")}
	}
	s.block(b)
	return s.errs.Err()
}

type sanity struct {
	prog     *Program
	unrolled bool
	errs     diag.ErrorList
	labels   []labelScope
	ids      map[int]diag.Pos
	atomic   int // the depth of atomic blocks around the statement
}

func (s *sanity) errorf(pos diag.Pos, code diag.ErrorCode, format string, args ...any) {
	s.errs = append(s.errs, diag.ErrorfCode(pos, code, format, args...))
}

func fieldNames(fs []Field) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

func regNames(rs []Reg) []string {
	var out []string
	for _, r := range rs {
		out = append(out, string(r))
	}
	return out
}

func (s *sanity) uniqueNames(what, where string, pos diag.Pos, names []string) {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			s.errorf(pos, diag.CodeDuplicateDecl, "duplicate %s %s in %s", what, n, where)
		}
		seen[n] = true
	}
}

func (s *sanity) block(b *Block) {
	if b.Label != "" {
		s.name("label", b.Label, b.Pos)
		s.pushLabel(b.Label, false, b.Pos)
		defer s.popLabel()
	}
	for _, st := range b.Stmts {
		if st == nil {
			s.errorf(b.Pos, diag.CodeInvalidConstruct, "nil statement in block")
			continue
		}
		s.stmt(st)
	}
}

// body checks the block of a compound statement, which must exist and
// carries no label of its own (the text form could not express one).
func (s *sanity) body(b *Block, what string, pos diag.Pos) {
	if b == nil {
		s.errorf(pos, diag.CodeInvalidConstruct, "%s without a block", what)
		return
	}
	if b.Label != "" {
		s.errorf(pos, diag.CodeInvalidConstruct, "%s block has label %s", what, b.Label)
	}
	s.block(b)
}

func (s *sanity) pushLabel(name string, spin bool, pos diag.Pos) {
	for _, sc := range s.labels {
		if sc.name == name {
			s.errorf(pos, diag.CodeInvalidConstruct, "label %s shadows an enclosing label", name)
			break
		}
	}
	s.labels = append(s.labels, labelScope{name: name, spin: spin})
}

func (s *sanity) popLabel() { s.labels = s.labels[:len(s.labels)-1] }

func (s *sanity) findLabel(name string) *labelScope {
	for i := len(s.labels) - 1; i >= 0; i-- {
		if s.labels[i].name == name {
			return &s.labels[i]
		}
	}
	return nil
}

func (s *sanity) stmt(st Stmt) {
	pos := st.Position()
	for _, o := range Operands(st) {
		s.operand(o, pos)
	}
	switch st := st.(type) {
	case *Block:
		s.block(st)
	case *Assign:
		s.reg(st.Dst, pos)
		s.assign(st)
	case *Load:
		s.reg(st.Dst, pos)
		s.id("load", st.ID, pos)
		s.tags(st.Tags, pos)
		if f := FailOrder(st.Tags); f != "" && (s.atomic == 0 || C11Order(st.Tags) == "") {
			s.errorf(pos, diag.CodeInvalidConstruct, "failure tag %s on a load that is not the ordered load of an atomic block", FailTag(f))
		}
	case *Store:
		s.id("store", st.ID, pos)
		s.tags(st.Tags, pos)
		s.noFailTag(st.Tags, "store", pos)
		if st.Status != "" {
			s.reg(st.Status, pos)
		}
	case *Fence:
		if !(st.Kind == 0 && len(st.Tags) > 0) && (st.Kind < FenceLoadLoad || st.Kind > FenceFull) {
			s.errorf(pos, diag.CodeUnknownKind, "invalid fence kind %d", st.Kind)
		}
		s.tags(st.Tags, pos)
		s.noFailTag(st.Tags, "fence", pos)
		s.id("fence", st.ID, pos)
	case *If:
		s.body(st.Then, "if", pos)
		if st.Else != nil {
			s.body(st.Else, "else", pos)
		}
	case *Break:
		sc := s.findLabel(st.Label)
		switch {
		case sc == nil:
			s.errorf(pos, diag.CodeUndeclared, "break to %s, which is not an enclosing label", st.Label)
		case sc.spin:
			s.errorf(pos, diag.CodeInvalidConstruct, "break to spin loop %s", st.Label)
		}
	case *Continue:
		sc := s.findLabel(st.Label)
		switch {
		case sc == nil:
			s.errorf(pos, diag.CodeUndeclared, "continue to %s, which is not an enclosing label", st.Label)
		case s.unrolled && !sc.spin:
			s.errorf(pos, diag.CodeInvalidConstruct, "loop continue %s in an unrolled program", st.Label)
		}
	case *Abort:
	case *Pruned:
		if !s.unrolled {
			s.errorf(pos, diag.CodeInvalidConstruct, "pruned in a program that is not unrolled")
		}
	case *Call:
		s.call(st)
	case *Choose:
		s.reg(st.Dst, pos)
		if st.Lo > st.Hi {
			s.errorf(pos, diag.CodeInvalidConstruct, "empty choice range %d .. %d", st.Lo, st.Hi)
		}
	case *Atomic:
		s.atomic++
		s.body(st.Body, "atomic", pos)
		s.atomic--
	case *Spin:
		s.name("spin loop", st.Label, pos)
		s.pushLabel(st.Label, true, pos)
		s.body(st.Body, "spin", pos)
		s.popLabel()
	case *Assert, *Assume:
	case *Observe:
		switch st.Kind {
		case ObsLabel:
			if st.Val != nil {
				s.errorf(pos, diag.CodeInvalidConstruct, "observe label with a value")
			}
		case ObsInput, ObsOutput:
			if st.Val == nil {
				s.errorf(pos, diag.CodeInvalidConstruct, "observe %s without a value", st.Kind)
			}
		default:
			s.errorf(pos, diag.CodeUnknownKind, "invalid observation kind %d", st.Kind)
		}
	case *Alloc:
		s.reg(st.Dst, pos)
		s.typeRef(st.Type, pos)
		if st.Kind < AllocFresh || st.Kind > AllocLocal {
			s.errorf(pos, diag.CodeUnknownKind, "invalid allocation kind %d", st.Kind)
		}
		if s.unrolled {
			s.errorf(pos, diag.CodeInvalidConstruct, "alloc %s in an unrolled program", st.Kind)
		}
	case *Free:
		if st.Kind != AllocFresh && st.Kind != AllocPool {
			s.errorf(pos, diag.CodeUnknownKind, "invalid free kind %s", st.Kind)
		}
	default:
		s.errorf(pos, diag.CodeUnknownKind, "unknown statement %T", st)
	}
}

// noFailTag: only the load of a compare-exchange has a failure order
// (FailTag).
func (s *sanity) noFailTag(tags []string, what string, pos diag.Pos) {
	if f := FailOrder(tags); f != "" {
		s.errorf(pos, diag.CodeInvalidConstruct, "failure tag %s on a %s", FailTag(f), what)
	}
}

// Names must be valid in the text form, so that printed IR parses back.

func (s *sanity) reg(r Reg, pos diag.Pos) {
	ok := len(r) > 1 && r[0] == '%'
	for i := 1; ok && i < len(r); i++ {
		ok = isRegCh(r[i])
	}
	if !ok {
		s.errorf(pos, diag.CodeInvalidName, "invalid register name %q", r)
	}
}

func (s *sanity) regs(rs []Reg, pos diag.Pos) {
	for _, r := range rs {
		s.reg(r, pos)
	}
}

func (s *sanity) name(what, n string, pos diag.Pos) {
	ok := n != "" && isLetter(n[0])
	for i := 1; ok && i < len(n); i++ {
		ok = isIdentCh(n[i])
	}
	if !ok {
		s.errorf(pos, diag.CodeInvalidName, "invalid %s name %q", what, n)
	}
}

func (s *sanity) typeRef(t *TypeRef, pos diag.Pos) {
	if t != nil {
		s.name("type", t.Name, pos)
	}
}

func (s *sanity) operand(o Operand, pos diag.Pos) {
	switch o := o.(type) {
	case Reg:
		s.reg(o, pos)
	case Const:
		s.value(o.V, pos)
	default:
		s.errorf(pos, diag.CodeInvalidConstruct, "missing operand")
	}
}

// value checks a constant: pointers have a base, composites match their
// declaration and hold no composites.
func (s *sanity) value(v Value, pos diag.Pos) {
	switch v.Kind {
	case KUndef, KNum:
	case KPtr:
		if len(v.Ptr) == 0 {
			s.errorf(pos, diag.CodeInvalidConstruct, "pointer constant without a base")
		}
	case KComp:
		if s.prog != nil {
			c := s.prog.Composite(v.Comp)
			if c == nil {
				s.errorf(pos, diag.CodeUndeclared, "constant of unknown composite %s", v.Comp)
			} else if len(c.Fields) != len(v.Fields) {
				s.errorf(pos, diag.CodeArgCount, "constant of composite %s has %d fields, want %d", v.Comp, len(v.Fields), len(c.Fields))
			}
		}
		for _, f := range v.Fields {
			if f.Kind == KComp {
				s.errorf(pos, diag.CodeInvalidConstruct, "composite constant %s holds a composite", v.Comp)
			}
			s.value(f, pos)
		}
	default:
		s.errorf(pos, diag.CodeUnknownKind, "constant of invalid kind %d", v.Kind)
	}
}

func (s *sanity) assign(a *Assign) {
	pos := a.Pos
	if a.Op < OpCopy || a.Op > OpSext {
		s.errorf(pos, diag.CodeUnknownKind, "invalid basic function %d", a.Op)
		return
	}
	arity := a.Op.Arity()
	name := a.Op.Name()
	switch a.Op {
	case OpMake, OpGet, OpSet:
		var c *Composite
		if s.prog != nil {
			c = s.prog.Composite(a.Comp)
		}
		switch {
		case c == nil:
			s.errorf(pos, diag.CodeUndeclared, "%s of unknown composite %q", name, a.Comp)
			return
		case a.Op == OpMake:
			arity = len(c.Fields)
			if a.Field != "" {
				s.errorf(pos, diag.CodeInvalidConstruct, "make_%s with a field name", a.Comp)
			}
		case c.FieldIndex(a.Field) < 0:
			s.errorf(pos, diag.CodeUndeclared, "composite %s has no field %q", a.Comp, a.Field)
		}
		name = fmt.Sprintf("%s_%s", name, a.Comp)
	default:
		if a.Comp != "" || a.Field != "" {
			s.errorf(pos, diag.CodeInvalidConstruct, "%s with composite or field name", name)
		}
	}
	if len(a.Args) != arity {
		s.errorf(pos, diag.CodeArgCount, "%s takes %d %s, has %d", name, arity, plural(arity, "argument"), len(a.Args))
	} else if a.Op == OpZext || a.Op == OpSext {
		if c, ok := a.Args[1].(Const); !ok || c.V.Kind != KNum || c.V.Num < 1 || c.V.Num > 63 {
			s.errorf(pos, diag.CodeArgCount, "%s needs a constant width from 1 to 63", name)
		}
	}
	if s.unrolled && (a.Op == OpThreadID || a.Op == OpNumThreads) {
		s.errorf(pos, diag.CodeInvalidConstruct, "%s in an unrolled program", name)
	}
}

func (s *sanity) call(c *Call) {
	if s.unrolled {
		s.errorf(c.Pos, diag.CodeInvalidConstruct, "call %s in an unrolled program", c.Proc)
		return
	}
	s.name("procedure", c.Proc, c.Pos)
	s.regs(c.Results, c.Pos)
	if s.prog != nil {
		s.errs = append(s.errs, checkCall(s.prog, c)...)
	}
}

// id checks instruction ids: present and unique when unrolled, absent before.
func (s *sanity) id(what string, id int, pos diag.Pos) {
	if !s.unrolled {
		if id != 0 {
			s.errorf(pos, diag.CodeInvalidConstruct, "%s has id %d in a program that is not unrolled", what, id)
		}
		return
	}
	if id <= 0 {
		s.errorf(pos, diag.CodeInvalidConstruct, "%s without an instruction id", what)
		return
	}
	if s.ids == nil {
		s.ids = map[int]diag.Pos{}
	}
	if prev, dup := s.ids[id]; dup {
		s.errorf(pos, diag.CodeDuplicateDecl, "duplicate instruction id %d (also used at %s)", id, prev)
		return
	}
	s.ids[id] = pos
}

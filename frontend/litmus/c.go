package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// cFunc is the state of one C thread function being translated.
type cFunc struct {
	th     *thread
	params map[string]bool // pointer parameters: they name locations
	locals map[string]bool // declared registers
	// fromInit are the registers only the initial state declares
	// (int 0:r1;), which the thread may declare once more
	fromInit map[string]bool
}

// cThreads reads the thread functions P0(int *x, …) { … } in order.
func (p *parser) cThreads() {
	for !p.atTail() {
		t := p.lx.next()
		if t.isWord("void") {
			t = p.lx.next()
		}
		want := "P" + strconv.Itoa(len(p.threads))
		if t.kind != tIdent || t.text != want {
			p.failf(t.pos, "expected thread function %s, found %s", want, t.describe())
		}
		f := &cFunc{th: newThread(len(p.threads), t.pos), params: map[string]bool{}, locals: map[string]bool{}}
		p.threads = append(p.threads, f.th)
		p.cParams(f)
		f.fromInit = map[string]bool{}
		for term := range p.regInit {
			if term.Thread == f.th.index {
				f.locals[term.Reg] = true // a register the initial state sets
				f.fromInit[term.Reg] = true
			}
		}
		p.lx.setCMode(true)
		p.expect("{")
		p.cStmts(f)
		for _, fn := range f.th.tail {
			fn()
		}
		p.expect("}")
		p.lx.setCMode(false)
	}
	if len(p.threads) == 0 {
		p.failf(p.lx.peek().pos, "no thread functions P0(…) { … }")
	}
}

// cParams reads (T *x, T *y, …): each parameter is a pointer to the
// location of the same name.
func (p *parser) cParams(f *cFunc) {
	p.expect("(")
	if p.lx.peek().isWord("void") {
		p.lx.next()
	}
	for !p.lx.peek().is(")") {
		if len(f.params) > 0 {
			p.expect(",")
		}
		var name token
		stars := 0
		atomic := false
		for {
			t := p.lx.next()
			switch {
			case t.is("*"):
				stars++
				continue
			case t.kind == tIdent && (cTypeWords[t.text] || isTypedefName(t.text)):
				atomic = atomic || strings.HasPrefix(t.text, "atomic_") || t.text == "_Atomic"
				if !p.lx.peek().is(",") && !p.lx.peek().is(")") {
					continue
				}
			case t.kind != tIdent:
				p.failf(t.pos, "expected a parameter, found %s", t.describe())
			}
			name = t
			break
		}
		if stars == 0 {
			p.failf(name.pos, "parameter %s must be a pointer (T *%s): it names a shared location", name.text, name.text)
		}
		if f.params[name.text] {
			p.failf(name.pos, "duplicate parameter %s", name.text)
		}
		f.params[name.text] = true
		p.loc(name.text)
		if p.atomicDecl == nil {
			p.atomicDecl = map[string]bool{}
		}
		p.atomicDecl[name.text] = p.atomicDecl[name.text] || atomic
	}
	p.lx.next()
}

// isTypedefName accepts the type names of herd's C tests that are not
// keywords (the kernel's spinlock_t, struct srcu_struct, …).
func isTypedefName(s string) bool {
	return s == "atomic_t" || s == "intptr_t" || s == "struct" || isKernelTypeName(s)
}

// cStmts reads statements up to a closing brace.
func (p *parser) cStmts(f *cFunc) {
	for {
		t := p.lx.peek()
		if t.is("}") {
			return
		}
		if t.kind == tEOF {
			p.failf(t.pos, "missing \"}\" at the end of %s", f.th.name())
		}
		p.cStmt(f)
	}
}

func (p *parser) cStmt(f *cFunc) {
	p.depth++
	defer func() { p.depth-- }()
	t := p.lx.peek()
	if p.depth > maxNesting {
		p.failf(t.pos, "statements nested too deeply")
	}
	switch {
	case t.is(";"):
		p.lx.next()
	case t.is("{"):
		p.lx.next()
		p.cStmts(f)
		p.expect("}")
	case t.kind == tIdent && cTypeWords[t.text]:
		p.cDecl(f)
	case t.kind == tIdent && isTailWord(t.text) && !f.locals[t.text]:
		p.failf(t.pos, "missing \"}\" at the end of %s", f.th.name())
	case t.isWord("if"):
		p.cIf(f)
	case t.kind == tIdent && (t.text == "while" || t.text == "for" || t.text == "do"):
		p.unsupported(t.pos, ReasonLoop, "%s loops are not supported in litmus threads (only straight-line code and if/else)", t.text)
	case t.kind == tIdent && (t.text == "goto" || t.text == "return" || t.text == "switch"):
		p.failf(t.pos, "%s is not supported in litmus threads (only straight-line code and if/else)", t.text)
	case t.kind == tIdent && !f.locals[t.text] && p.lx.peekAt(1).is(":"):
		// a statement label (L1: in herd's tests): without goto it
		// changes nothing, so it is skipped with its colon
		p.lx.next()
		p.lx.next()
	default:
		p.cExprStmt(f)
		p.expect(";")
	}
}

// cDecl reads "int r0 = e, *r1;": registers start at 0 unless initialized.
func (p *parser) cDecl(f *cFunc) {
	for t := p.lx.peek(); t.kind == tIdent && cTypeWords[t.text]; t = p.lx.peek() {
		p.lx.next()
	}
	for {
		for p.lx.peek().is("*") {
			p.lx.next()
		}
		name := p.lx.next()
		if name.kind != tIdent || cTypeWords[name.text] {
			p.failf(name.pos, "expected a variable name, found %s", name.describe())
		}
		if f.params[name.text] {
			p.failf(name.pos, "%s is already a parameter", name.text)
		}
		if f.locals[name.text] && !f.fromInit[name.text] {
			p.failf(name.pos, "%s is declared twice (a thread's registers share one scope)", name.text)
		}
		f.locals[name.text] = true
		delete(f.fromInit, name.text)
		r := f.th.reg(name.text)
		if p.lx.peek().is("[") {
			p.failf(p.lx.peek().pos, "arrays are not supported")
		}
		if p.lx.peek().is("=") {
			eq := p.lx.next()
			var v lsl.Operand
			p.fullExpr(eq.pos, func() { v = p.cExpr(f) })
			f.th.assign(r, lsl.OpCopy, name.pos, v)
		}
		sep := p.lx.next()
		if sep.is(";") {
			return
		}
		if !sep.is(",") {
			p.failf(sep.pos, "expected \",\" or \";\" in the declaration, found %s", sep.describe())
		}
	}
}

// cIf reads if (e) s [else s].
func (p *parser) cIf(f *cFunc) {
	t := p.lx.next()
	p.expect("(")
	var c lsl.Operand
	p.fullExpr(t.pos, func() { c = p.cExpr(f) })
	p.expect(")")
	then := f.th.block(t.pos, func() { p.cStmt(f) })
	var els *lsl.Block
	if p.lx.peek().isWord("else") {
		e := p.lx.next()
		els = f.th.block(e.pos, func() { p.cStmt(f) })
	}
	f.th.emit(&lsl.If{Cond: c, Then: then, Else: els, Pos: t.pos})
}

// cExprStmt reads an assignment "lhs = e", "lhs op= e", or a call.
func (p *parser) cExprStmt(f *cFunc) {
	start := p.lx.peek()
	if start.kind == tIdent && p.isCall(start) {
		p.fullExpr(start.pos, func() { p.cCall(f, true) })
		return
	}
	p.operandAccesses = 0
	defer p.checkSequenced(start.pos)
	// lhs: a register or *e
	var store func(v lsl.Operand, pos diag.Pos)
	var load func(pos diag.Pos) lsl.Operand
	switch {
	case start.is("*"):
		p.lx.next()
		addr, expr := p.cAddress(f)
		store = func(v lsl.Operand, pos diag.Pos) {
			f.th.emit(&lsl.Store{Addr: addr, Val: v, Expr: expr, Tags: plainTags, Pos: pos})
		}
		load = func(pos diag.Pos) lsl.Operand {
			r := f.th.tmp()
			f.th.emit(&lsl.Load{Dst: r, Addr: addr, Expr: expr, Tags: plainTags, Pos: pos})
			return r
		}
	case start.kind == tIdent && f.locals[start.text]:
		p.lx.next()
		r := f.th.reg(start.text)
		store = func(v lsl.Operand, pos diag.Pos) { f.th.assign(r, lsl.OpCopy, pos, v) }
		load = func(diag.Pos) lsl.Operand { return r }
	case start.kind == tIdent && f.params[start.text]:
		p.failf(start.pos, "cannot assign to parameter %s (write *%s = …)", start.text, start.text)
	case start.kind == tIdent && p.lx.peekAt(1).is("=") && !p.lx.peekAt(2).is("=") && !cTypeWords[start.text] && !isTypedefName(start.text):
		// herd's C: assigning an undeclared name declares it (r0 = …)
		p.lx.next()
		f.locals[start.text] = true
		r := f.th.reg(start.text)
		store = func(v lsl.Operand, pos diag.Pos) { f.th.assign(r, lsl.OpCopy, pos, v) }
		load = func(diag.Pos) lsl.Operand { return r }
	case start.kind == tIdent:
		p.failf(start.pos, "unknown variable %s (declare registers with int %s;)", start.text, start.text)
	default:
		p.failf(start.pos, "expected a statement, found %s", start.describe())
	}
	op := p.lx.next()
	switch {
	case op.is("="):
		store(p.cExpr(f), op.pos)
	case op.is("+") || op.is("-") || op.is("|") || op.is("&") || op.is("^"):
		if p.lx.peek().is("=") {
			p.lx.next()
			old := load(op.pos)
			v := p.cExpr(f)
			r := f.th.tmp()
			f.th.assign(r, cBinOps[op.text], op.pos, old, v)
			store(r, op.pos)
			return
		}
		if (op.is("+") || op.is("-")) && p.lx.peek().is(op.text) {
			p.lx.next() // x++ / x--
			old := load(op.pos)
			r := f.th.tmp()
			f.th.assign(r, cBinOps[op.text], op.pos, old, num(1))
			store(r, op.pos)
			return
		}
		p.failf(op.pos, "expected an assignment, found %s", op.describe())
	default:
		p.failf(op.pos, "expected an assignment, found %s", op.describe())
	}
}

// cAddress reads the operand of a dereference *e and returns the address
// and its text for traces.
func (p *parser) cAddress(f *cFunc) (lsl.Operand, string) {
	t := p.lx.peek()
	if t.kind == tIdent && f.params[t.text] {
		p.lx.next()
		return lsl.Const{V: lsl.Ptr(p.loc(t.text))}, t.text
	}
	if t.kind == tIdent && f.locals[t.text] && !p.isCall(t) {
		p.lx.next()
		return f.th.reg(t.text), "*" + t.text
	}
	return p.cUnary(f), "*(…)"
}

// isTailWord recognizes the words that start the part after the threads.
func isTailWord(s string) bool {
	return s == "exists" || s == "forall" || s == "locations" || s == "filter" || s == "final"
}

// fullExpr parses one full expression (C11 §6.8): the memory accesses
// made to evaluate its operands are unsequenced with respect to each
// other (herd does not order them in po), which a sequential translation
// cannot express, so two of them make the test unsupported.
func (p *parser) fullExpr(pos diag.Pos, parse func()) {
	p.operandAccesses = 0
	parse()
	p.checkSequenced(pos)
}

func (p *parser) checkSequenced(pos diag.Pos) {
	if p.operandAccesses > 1 {
		p.unsupported(pos, ReasonUnsequenced, "%d memory accesses in the operands of one expression are unsequenced", p.operandAccesses)
	}
	p.operandAccesses = 0
}

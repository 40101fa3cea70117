package cfront

import (
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// fn is the state of translating one function body (or, with constOnly, a
// constant initializer).
type fn struct {
	t   *translator
	u   *unit
	def *funcDef   // nil for constant initializers
	cur *lsl.Block // where statements are emitted
	pos diag.Pos   // the position emitted statements get

	regs   nameSet
	labels nameSet
	temps  map[lsl.Reg]bool

	locals  map[*cc.Declarator]*local
	statics map[*cc.Declarator]*globalVar // block-scope statics
	entry   []lsl.Stmt                    // allocations at procedure entry

	jumps     []*jumpCtx // enclosing loops and switches, innermost last
	lists     map[cc.Node]*stmtList
	gotoLabel map[*cc.LabeledStatement]string

	retLabel string
	result   lsl.Reg // "" for void functions

	constOnly bool                  // evaluating a static initializer: no code may be emitted
	addrOf    *cc.PostfixExpression // the index expression whose address & takes (bounds.go)
	outer     *fn                   // the function a block-scope static initializer is in
}

// local is a variable with automatic storage (or a parameter).
type local struct {
	cname string
	typ   cc.Type
	reg   lsl.Reg // a register variable
	addr  lsl.Reg // a variable in memory: the register holding its address
	bad   bool    // its type is not supported (reported); initializers are skipped
}

func (l *local) inMemory() bool { return l.addr != "" }

func newFn(t *translator, u *unit) *fn {
	return &fn{
		t:         t,
		u:         u,
		cur:       &lsl.Block{},
		regs:      nameSet{},
		labels:    nameSet{},
		temps:     map[lsl.Reg]bool{},
		locals:    map[*cc.Declarator]*local{},
		statics:   map[*cc.Declarator]*globalVar{},
		lists:     map[cc.Node]*stmtList{},
		gotoLabel: map[*cc.LabeledStatement]string{},
	}
}

// newConstFn returns a context for evaluating a static initializer.
func newConstFn(t *translator, u *unit, outer *fn) *fn {
	f := newFn(t, u)
	f.constOnly = true
	f.outer = outer
	return f
}

// emit appends a statement at the current position.
func (f *fn) emit(s lsl.Stmt) {
	lsl.SetPos(s, f.pos)
	f.cur.Stmts = append(f.cur.Stmts, s)
}

// at moves the current position to n (when n has one) and returns a
// function restoring the previous one: defer f.at(n)().
func (f *fn) at(n cc.Node) func() {
	saved, savedT := f.pos, f.t.curPos
	if p := nodePos(n); p.IsValid() {
		f.pos = p
		f.t.curPos = p
	}
	return func() { f.pos, f.t.curPos = saved, savedT }
}

// sub translates into a fresh block and returns it.
func (f *fn) sub(fill func()) *lsl.Block {
	saved := f.cur
	b := &lsl.Block{Pos: f.pos}
	f.cur = b
	fill()
	f.cur = saved
	return b
}

// temp returns a fresh temporary register %t.N.
func (f *fn) temp() lsl.Reg {
	for n := len(f.temps) + 1; ; n++ {
		name := "t." + strconv.Itoa(n)
		if !f.regs[name] {
			f.regs[name] = true
			r := lsl.Reg(regSigil + name)
			f.temps[r] = true
			return r
		}
	}
}

// label returns a fresh block label with the given prefix.
func (f *fn) label(prefix string) string {
	for n := 1; ; n++ {
		name := prefix + strconv.Itoa(n)
		if !f.labels[name] {
			f.labels[name] = true
			return name
		}
	}
}

// errorf reports an error at n (or the current position).
func (f *fn) errorf(n cc.Node, code diag.ErrorCode, format string, args ...any) {
	pos := nodePos(n)
	if !pos.IsValid() {
		pos = f.pos
	}
	f.t.errorAt(pos, code, format, args...)
}

// apply emits r := op(args) and returns r, or folds the operation when all
// arguments are constants and it succeeds (a failing one stays in the code,
// where it is a runtime error).
func (f *fn) apply(op lsl.Op, args ...lsl.Operand) lsl.Operand {
	if folded, ok := fold(op, nil, 0, args); ok {
		return folded
	}
	r := f.temp()
	f.emit(&lsl.Assign{Dst: r, Op: op, Args: args})
	return r
}

func fold(op lsl.Op, comp *lsl.Composite, field int, args []lsl.Operand) (lsl.Operand, bool) {
	if op == lsl.OpThreadID || op == lsl.OpNumThreads {
		return nil, false
	}
	vals := make([]lsl.Value, len(args))
	for i, a := range args {
		c, ok := a.(lsl.Const)
		if !ok {
			return nil, false
		}
		vals[i] = c.V
	}
	v, msg := lsl.EvalOp(op, comp, field, vals)
	if msg != "" {
		return nil, false
	}
	return lsl.Const{V: v}, true
}

// setReg assigns v to register r. When v is a temporary defined by the
// statement just emitted, that statement is made to define r instead (so
// x = a + b is one assignment, not two).
func (f *fn) setReg(r lsl.Reg, v lsl.Operand) {
	if tr, ok := v.(lsl.Reg); ok && f.temps[tr] && len(f.cur.Stmts) > 0 {
		switch s := f.cur.Stmts[len(f.cur.Stmts)-1].(type) {
		case *lsl.Assign:
			if s.Dst == tr {
				s.Dst = r
				return
			}
		case *lsl.Load:
			if s.Dst == tr {
				s.Dst = r
				return
			}
		case *lsl.Choose:
			if s.Dst == tr {
				s.Dst = r
				return
			}
		case *lsl.Alloc:
			if s.Dst == tr {
				s.Dst = r
				return
			}
		case *lsl.Call:
			if len(s.Results) == 1 && s.Results[0] == tr {
				s.Results[0] = r
				return
			}
		}
	}
	f.emit(&lsl.Assign{Dst: r, Op: lsl.OpCopy, Args: []lsl.Operand{v}})
}

func num(n int64) lsl.Operand { return lsl.Const{V: lsl.Num(n)} }

func constOf(o lsl.Operand) (lsl.Value, bool) {
	c, ok := o.(lsl.Const)
	return c.V, ok
}

// regSigil starts every register name: lsl.Sanity and the LSL parser and
// printer keep the % of the text syntax in lsl.Reg.
const regSigil = "%"

// newReg returns a fresh register named after base: %base, else %base.2, …
// (C identifiers have no dots, so these never clash with one another).
func (f *fn) newReg(base string) lsl.Reg {
	return lsl.Reg(regSigil + f.regs.unique(base, "."))
}

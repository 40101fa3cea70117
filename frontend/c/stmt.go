package cfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// jumpCtx is an enclosing loop or switch: where break and continue go.
type jumpCtx struct {
	brk      string // the block C's break leaves
	loop     bool   // a loop (continue applies), not a switch
	wrapBody bool   // continue must skip the rest of the body, not restart the loop
	body     string // the label of the wrapped body, once a continue needs it
	used     bool   // break or continue refers to brk
}

// stmt translates a C statement.
func (f *fn) stmt(s *cc.Statement) {
	f.t.checkCanceled()
	if s == nil {
		return
	}
	defer f.at(s)()
	switch s.Case {
	case cc.StatementLabeled:
		// A label that is not directly in a block (or a misplaced case);
		// prepareJumps reported whatever jumps to it.
		ls := s.LabeledStatement
		f.stmt(ls.Statement)
	case cc.StatementCompound:
		f.compound(s.CompoundStatement)
	case cc.StatementExpr:
		if e := s.ExpressionStatement.ExpressionList; e != nil {
			f.effect(e)
		}
	case cc.StatementSelection:
		sel := s.SelectionStatement
		if sel.Case == cc.SelectionStatementSwitch {
			f.switchStmt(sel)
		} else {
			f.ifStmt(sel)
		}
	case cc.StatementIteration:
		f.iteration(s.IterationStatement)
	case cc.StatementJump:
		f.jump(s.JumpStatement)
	case cc.StatementAsm:
		if !f.asmBarrier(s.AsmStatement) { // asmbarrier.go
			f.errorf(s, diag.CodeUnsupported, "inline assembly is not supported")
		}
	}
}

// compound translates a block.
func (f *fn) compound(cs *cc.CompoundStatement) {
	l := f.lists[cs]
	if l == nil {
		f.errorf(cs, diag.CodeInternal, "checkfence internal error: block not prepared")
		return
	}
	f.cur.Stmts = append(f.cur.Stmts, f.listStmts(l, nil)...)
}

func (f *fn) ifStmt(sel *cc.SelectionStatement) {
	c := f.rvalue(sel.ExpressionList)
	then := f.sub(func() { f.stmt(sel.Statement) })
	var els *lsl.Block
	if sel.Case == cc.SelectionStatementIfElse {
		els = f.sub(func() { f.stmt(sel.Statement2) })
	}
	if t, known := truthOf(c.op); known {
		live := then
		if !t {
			live = els
		}
		if live != nil {
			f.cur.Stmts = append(f.cur.Stmts, live.Stmts...)
		}
		return
	}
	f.emit(&lsl.If{Cond: c.op, Then: then, Else: els})
}

func (f *fn) jump(js *cc.JumpStatement) {
	switch js.Case {
	case cc.JumpStatementGoto:
		ls, _ := js.Label().(*cc.LabeledStatement)
		if label, ok := f.gotoLabel[ls]; ok {
			f.emit(&lsl.Break{Label: label})
		} // otherwise prepareJumps reported the problem
	case cc.JumpStatementGotoExpr:
		f.errorf(js, diag.CodeUnsupported, "computed goto is not supported")
	case cc.JumpStatementBreak:
		if len(f.jumps) == 0 {
			f.errorf(js, diag.CodeInvalidConstruct, "break outside of a loop or switch")
			return
		}
		j := f.jumps[len(f.jumps)-1]
		j.used = true
		f.emit(&lsl.Break{Label: j.brk})
	case cc.JumpStatementContinue:
		for i := len(f.jumps) - 1; i >= 0; i-- {
			j := f.jumps[i]
			if !j.loop {
				continue
			}
			j.used = true
			if j.wrapBody {
				if j.body == "" {
					j.body = f.label("body")
				}
				f.emit(&lsl.Break{Label: j.body})
			} else {
				f.emit(&lsl.Continue{Label: j.brk})
			}
			return
		}
		f.errorf(js, diag.CodeInvalidConstruct, "continue outside of a loop")
	case cc.JumpStatementReturn:
		if e := js.ExpressionList; e != nil {
			if f.result != "" {
				ft := f.def.def.Declarator.Type().(*cc.FunctionType)
				v := f.convert(f.rvalue(e), e.Type(), ft.Result())
				f.setReg(f.result, v.op)
			} else {
				f.effect(e)
			}
		}
		f.emit(&lsl.Break{Label: f.retLabel})
	}
}

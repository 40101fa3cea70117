package cfront

import (
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// Loops are labelled blocks that continue themselves (Fig. 4.4):
//
//	while (c) S         loopN: { c; if %c {} else { break loopN }; S; continue loopN }
//	do S while (c)      loopN: { S; c; if %c { continue loopN } }
//	for (i; c; n) S     i; loopN: { c; if %c {} else { break loopN }; S; n; continue loopN }
//
// In do and for loops, C's continue must still evaluate the condition or
// the increment, so the body is wrapped in "bodyN: { S }" and continue is
// "break bodyN". Side-effect-free spin loops become spin statements.

func (f *fn) iteration(it *cc.IterationStatement) {
	if cond, ok := spinCondition(it); ok {
		f.spin(cond)
		return
	}
	switch it.Case {
	case cc.IterationStatementWhile:
		f.loop(it.ExpressionList, nil, it.Statement, false)
	case cc.IterationStatementDo:
		f.doLoop(it)
	case cc.IterationStatementFor:
		f.effect(it.ExpressionList)
		f.loop(it.ExpressionList2, it.ExpressionList3, it.Statement, it.ExpressionList3 != nil)
	case cc.IterationStatementForDecl:
		f.declaration(it.Declaration)
		f.loop(it.ExpressionList, it.ExpressionList2, it.Statement, it.ExpressionList2 != nil)
	}
}

// loop translates while and for loops (cond nil: forever).
func (f *fn) loop(cond, inc cc.ExpressionNode, body *cc.Statement, wrapBody bool) {
	label := f.label("loop")
	j := &jumpCtx{brk: label, loop: true, wrapBody: wrapBody}
	never := false
	block := f.sub(func() {
		if cond != nil {
			c := f.rvalue(cond)
			t, known := truthOf(c.op)
			switch {
			case known && !t:
				never = true
			case !known:
				exit := &lsl.Block{Stmts: []lsl.Stmt{&lsl.Break{Label: label, Pos: f.pos}}, Pos: f.pos}
				f.emit(&lsl.If{Cond: c.op, Then: &lsl.Block{Pos: f.pos}, Else: exit})
			}
		}
		f.loopBody(j, body)
		if inc != nil {
			f.effect(inc)
		}
		f.emit(&lsl.Continue{Label: label})
	})
	if never {
		return // while (0) S: S is checked but never runs
	}
	block.Label = label
	f.emit(block)
}

// loopBody translates the body of a loop, wrapped when continue needs it.
func (f *fn) loopBody(j *jumpCtx, body *cc.Statement) {
	f.jumps = append(f.jumps, j)
	b := f.sub(func() { f.stmt(body) })
	f.jumps = f.jumps[:len(f.jumps)-1]
	if j.body != "" {
		b.Label = j.body
		f.cur.Stmts = append(f.cur.Stmts, b)
		return
	}
	f.cur.Stmts = append(f.cur.Stmts, b.Stmts...)
}

func (f *fn) doLoop(it *cc.IterationStatement) {
	label := f.label("loop")
	j := &jumpCtx{brk: label, loop: true, wrapBody: true}
	block := f.sub(func() {
		f.loopBody(j, it.Statement)
		c := f.rvalue(it.ExpressionList)
		t, known := truthOf(c.op)
		switch {
		case known && t:
			f.emit(&lsl.Continue{Label: label})
			j.used = true
		case !known:
			again := &lsl.Block{Stmts: []lsl.Stmt{&lsl.Continue{Label: label, Pos: f.pos}}, Pos: f.pos}
			f.emit(&lsl.If{Cond: c.op, Then: again})
			j.used = true
		}
	})
	if !j.used {
		// do { … } while (0) without break: just the body
		f.cur.Stmts = append(f.cur.Stmts, block.Stmts...)
		return
	}
	block.Label = label
	f.emit(block)
}

// spinCondition recognizes a spin loop: while (c); while (c) {},
// do {} while (c) and for (; c;) {} with a side-effect-free c.
func spinCondition(it *cc.IterationStatement) (cc.ExpressionNode, bool) {
	var cond cc.ExpressionNode
	switch it.Case {
	case cc.IterationStatementWhile, cc.IterationStatementDo:
		cond = it.ExpressionList
	case cc.IterationStatementFor:
		if it.ExpressionList != nil || it.ExpressionList3 != nil {
			return nil, false
		}
		cond = it.ExpressionList2
	default:
		return nil, false
	}
	if cond == nil || !emptyStmt(it.Statement) || !sideEffectFree(cond) {
		return nil, false
	}
	return cond, true
}

func emptyStmt(s *cc.Statement) bool {
	if s == nil {
		return true
	}
	switch s.Case {
	case cc.StatementExpr:
		return s.ExpressionStatement.ExpressionList == nil
	case cc.StatementCompound:
		return s.CompoundStatement.BlockItemList == nil
	}
	return false
}

// sideEffectFree reports whether evaluating e only loads and computes:
// no assignments, increments, or calls (other than packed-word accessors
// and the thread functions).
func sideEffectFree(e cc.ExpressionNode) bool {
	ok := true
	walkNodes(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				ok = false
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				ok = false
			}
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				ok = false
			case cc.PostfixExpressionCall:
				d := callee(x)
				if d == nil {
					ok = false
					break
				}
				switch name := d.Name(); {
				case name == "lsl_get_thread_id", name == "lsl_get_number_threads":
				case isPackedName(name):
				default:
					ok = false
				}
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionStmt {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// spin translates a side-effect-free spin loop (§7.2.3): only its last
// iteration, the one that leaves, is modelled.
func (f *fn) spin(cond cc.ExpressionNode) {
	label := f.label("spin")
	body := f.sub(func() {
		c := f.rvalue(cond)
		t, known := truthOf(c.op)
		switch {
		case known && t:
			f.emit(&lsl.Continue{Label: label})
		case !known:
			again := &lsl.Block{Stmts: []lsl.Stmt{&lsl.Continue{Label: label, Pos: f.pos}}, Pos: f.pos}
			f.emit(&lsl.If{Cond: c.op, Then: again})
		}
	})
	if len(body.Stmts) == 0 {
		return // while (0);
	}
	f.emit(&lsl.Spin{Label: label, Body: body})
}

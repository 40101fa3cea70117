package cfront

import (
	"sort"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// Forward gotos and switch cases are both jumps forward to an item of a
// statement list. Such a jump becomes "break L" out of a labelled block L
// that wraps the items from the jump's source up to the target item:
//
//	{ A; if (c) goto out; B; out: C }   →   { out: { A; if %c { break out }; B }; C }
//
// A switch is a list whose item 0 is the dispatch (comparisons of the
// value with the case constants), so each case target wraps items from 0.
// Blocks of different targets must nest; a block that would overlap
// another one partially is widened to start where the other starts.

// stmtList is a block's items (or a switch body) with its jump targets.
type stmtList struct {
	items   []listItem
	shift   int                    // 1 in a switch body: item 0 is the dispatch
	sw      *cc.SelectionStatement // the switch this list is the body of
	src     map[int]int            // target item → first item a jump comes from
	targets map[int][]*cc.LabeledStatement
	cases   []*cc.LabeledStatement // case and default labels, in order
	regions []*region
}

// listItem is one item of a list: a declaration or a statement, with the
// labels in front of it.
type listItem struct {
	bi     *cc.BlockItem // nil for the single statement of a switch without braces
	labels []*cc.LabeledStatement
	stmt   *cc.Statement // the statement under the labels (nil for declarations)
}

// region is a labelled block wrapping items [start, end): breaking out of
// it continues at item end.
type region struct {
	label      string
	start, end int
}

func compoundItems(cs *cc.CompoundStatement) []listItem {
	var out []listItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		if bi == nil {
			continue
		}
		it := listItem{bi: bi}
		if bi.Case == cc.BlockItemStmt {
			it.labels, it.stmt = peelLabels(bi.Statement)
		}
		out = append(out, it)
	}
	return out
}

// peelLabels splits "L1: case 2: s" into its labels and s.
func peelLabels(s *cc.Statement) ([]*cc.LabeledStatement, *cc.Statement) {
	var labels []*cc.LabeledStatement
	for s != nil && s.Case == cc.StatementLabeled && s.LabeledStatement != nil {
		labels = append(labels, s.LabeledStatement)
		s = s.LabeledStatement.Statement
	}
	return labels, s
}

type frame struct {
	list  *stmtList
	index int
}

type gotoSite struct {
	js    *cc.JumpStatement
	stack []frame
}

type labelSite struct {
	list  *stmtList
	index int
}

type jumpPass struct {
	f      *fn
	gotos  []gotoSite
	labels map[*cc.LabeledStatement]labelSite
	named  map[string]*cc.LabeledStatement
	lists  []*stmtList
}

// prepareJumps finds the lists, labels and gotos of a function body and
// decides the labelled blocks that implement the jumps.
func (f *fn) prepareJumps(body *cc.CompoundStatement) {
	p := &jumpPass{f: f, labels: map[*cc.LabeledStatement]labelSite{}, named: map[string]*cc.LabeledStatement{}}
	p.list(body, compoundItems(body), 0, nil, nil)
	for _, g := range p.gotos {
		p.resolve(g)
	}
	for _, l := range p.lists {
		f.layout(l)
	}
}

func (p *jumpPass) stmt(s *cc.Statement, stack []frame) {
	if s == nil {
		return
	}
	switch s.Case {
	case cc.StatementLabeled:
		ls := s.LabeledStatement
		switch ls.Case {
		case cc.LabeledStatementLabel:
			p.named[ls.Token.SrcStr()] = ls
		case cc.LabeledStatementRange:
			p.f.errorf(ls, diag.CodeUnsupported, "case ranges are not supported")
		default:
			p.f.errorf(ls, diag.CodeInvalidConstruct, "a case label must label a statement directly in the body of its switch")
		}
		p.stmt(ls.Statement, stack)
	case cc.StatementCompound:
		p.list(s.CompoundStatement, compoundItems(s.CompoundStatement), 0, nil, stack)
	case cc.StatementSelection:
		sel := s.SelectionStatement
		if sel.Case != cc.SelectionStatementSwitch {
			p.stmt(sel.Statement, stack)
			p.stmt(sel.Statement2, stack)
			return
		}
		body := sel.Statement
		if body != nil && body.Case == cc.StatementCompound {
			p.list(body.CompoundStatement, compoundItems(body.CompoundStatement), 1, sel, stack)
			return
		}
		labels, inner := peelLabels(body)
		p.list(sel, []listItem{{labels: labels, stmt: inner}}, 1, sel, stack)
	case cc.StatementIteration:
		p.stmt(s.IterationStatement.Statement, stack)
	case cc.StatementJump:
		if s.JumpStatement.Case == cc.JumpStatementGoto {
			p.gotos = append(p.gotos, gotoSite{js: s.JumpStatement, stack: append([]frame(nil), stack...)})
		}
	}
}

func (p *jumpPass) list(key cc.Node, items []listItem, shift int, sw *cc.SelectionStatement, stack []frame) {
	l := &stmtList{items: items, shift: shift, sw: sw, src: map[int]int{}, targets: map[int][]*cc.LabeledStatement{}}
	p.f.lists[key] = l
	p.lists = append(p.lists, l)
	for i, it := range items {
		idx := i + shift
		for _, ls := range it.labels {
			switch ls.Case {
			case cc.LabeledStatementLabel:
				p.labels[ls] = labelSite{l, idx}
				p.named[ls.Token.SrcStr()] = ls
			case cc.LabeledStatementCaseLabel, cc.LabeledStatementDefault:
				if sw == nil || ls.Switch() != sw {
					p.f.errorf(ls, diag.CodeInvalidConstruct, "a case label must label a statement directly in the body of its switch")
					continue
				}
				l.cases = append(l.cases, ls)
				l.addJump(idx, 0, ls)
			case cc.LabeledStatementRange:
				p.f.errorf(ls, diag.CodeUnsupported, "case ranges are not supported")
			}
		}
		if it.stmt != nil {
			p.stmt(it.stmt, append(append([]frame(nil), stack...), frame{l, idx}))
		}
	}
}

func (l *stmtList) addJump(target, from int, ls *cc.LabeledStatement) {
	if old, ok := l.src[target]; !ok || from < old {
		l.src[target] = from
	}
	l.targets[target] = append(l.targets[target], ls)
}

// resolve checks that a goto jumps forward to a label in its own or an
// enclosing list, and records the jump.
func (p *jumpPass) resolve(g gotoSite) {
	name := g.js.Token2.SrcStr()
	ls, _ := g.js.Label().(*cc.LabeledStatement)
	if ls == nil {
		ls = p.named[name]
	}
	if ls == nil {
		p.f.errorf(g.js, diag.CodeUndeclared, "goto %s: unknown label", name)
		return
	}
	site, ok := p.labels[ls]
	if !ok {
		p.f.errorf(g.js, diag.CodeInvalidConstruct, "goto %s: the label must label a statement directly in a block", name)
		return
	}
	for _, fr := range g.stack {
		if fr.list != site.list {
			continue
		}
		if fr.index >= site.index {
			p.f.errorf(g.js, diag.CodeUnsupported, "goto %s: backward jumps are not supported (only forward jumps to a label in the same or an enclosing block)", name)
			return
		}
		site.list.addJump(site.index, fr.index, ls)
		return
	}
	p.f.errorf(g.js, diag.CodeUnsupported, "goto %s: jumping into a block is not supported (only forward jumps to a label in the same or an enclosing block)", name)
}

// layout turns the jumps of a list into properly nested regions and names
// their blocks.
func (f *fn) layout(l *stmtList) {
	var regs []*region
	for target, from := range l.src {
		regs = append(regs, &region{start: from, end: target})
	}
	for changed := true; changed; {
		changed = false
		for _, a := range regs {
			for _, b := range regs {
				if a != b && a.start < b.start && b.start < a.end && a.end < b.end {
					b.start = a.start
					changed = true
				}
			}
		}
	}
	sort.Slice(regs, func(i, j int) bool { return regs[i].end < regs[j].end })
	for _, r := range regs {
		prefix := "case"
		for _, ls := range l.targets[r.end] {
			if ls.Case == cc.LabeledStatementLabel {
				prefix = "to_" + ls.Token.SrcStr()
				break
			}
		}
		if prefix == "case" {
			r.label = f.label(prefix)
		} else {
			r.label = f.labels.unique(prefix, "_")
		}
		for _, ls := range l.targets[r.end] {
			f.gotoLabel[ls] = r.label
		}
	}
	l.regions = regs
}

// nest builds items [lo, hi) with the regions inside that range as
// labelled blocks.
func nest(items [][]lsl.Stmt, regs []*region, lo, hi int) []lsl.Stmt {
	var out []lsl.Stmt
	for i := lo; i < hi; {
		var outer *region
		for _, r := range regs {
			if r.start == i && r.end <= hi && (r.start != lo || r.end != hi) && (outer == nil || r.end > outer.end) {
				outer = r
			}
		}
		if outer == nil {
			out = append(out, items[i]...)
			i++
			continue
		}
		out = append(out, &lsl.Block{Label: outer.label, Stmts: nest(items, regs, outer.start, outer.end), Pos: firstPos(items, outer.start, outer.end)})
		i = outer.end
	}
	return out
}

func firstPos(items [][]lsl.Stmt, lo, hi int) diag.Pos {
	for i := lo; i < hi; i++ {
		for _, s := range items[i] {
			if p := s.Position(); p.IsValid() {
				return p
			}
		}
	}
	return diag.Pos{}
}

// listStmts translates the items of a list (after lead, the dispatch of a
// switch) and nests them into the list's regions.
func (f *fn) listStmts(l *stmtList, lead []lsl.Stmt) []lsl.Stmt {
	var items [][]lsl.Stmt
	if l.shift > 0 {
		items = append(items, lead)
	}
	for _, it := range l.items {
		b := f.sub(func() { f.item(it) })
		items = append(items, b.Stmts)
	}
	return nest(items, l.regions, 0, len(items))
}

// item translates one item of a list; its labels are handled by the list.
func (f *fn) item(it listItem) {
	if it.bi == nil || it.bi.Case == cc.BlockItemStmt {
		f.stmt(it.stmt)
		return
	}
	bi := it.bi
	defer f.at(bi.Declaration)()
	switch bi.Case {
	case cc.BlockItemDecl:
		f.declaration(bi.Declaration)
	case cc.BlockItemFuncDef:
		f.errorf(bi.Declarator, diag.CodeUnsupported, "nested functions are not supported")
	case cc.BlockItemLabel:
		f.errorf(bi.LabelDeclaration, diag.CodeUnsupported, "local label declarations are not supported")
	}
}

// switchStmt translates a switch: the value, then the list whose item 0
// compares it with each case and breaks to the case's block.
func (f *fn) switchStmt(sel *cc.SelectionStatement) {
	var l *stmtList
	if body := sel.Statement; body != nil && body.Case == cc.StatementCompound {
		l = f.lists[body.CompoundStatement]
	} else {
		l = f.lists[sel]
	}
	if l == nil {
		f.errorf(sel, diag.CodeInternal, "checkfence internal error: switch body not prepared")
		return
	}
	v := f.rvalue(sel.ExpressionList)
	label := f.label("switch")
	dispatch := f.sub(func() {
		fallback := label
		// C forbids two cases of one value, and two defaults: the
		// dispatch would silently take the first
		seen := map[int64]*cc.LabeledStatement{}
		var deflt *cc.LabeledStatement
		for _, ls := range l.cases {
			target := f.gotoLabel[ls]
			if ls.Case == cc.LabeledStatementDefault {
				if deflt != nil {
					f.errorf(ls, diag.CodeDuplicateDecl, "a second default label in one switch (the first is at %s)", lslPos(deflt.Position()))
				}
				deflt = ls
				fallback = target
				continue
			}
			n, ok := f.intConst(ls.ConstantExpression)
			if !ok {
				f.errorf(ls, diag.CodeNotConstant, "case label is not an integer constant")
				continue
			}
			if prev := seen[n]; prev != nil {
				f.errorf(ls, diag.CodeDuplicateDecl, "duplicate case value %d (also at %s)", n, lslPos(prev.Position()))
				continue
			}
			seen[n] = ls
			c := f.apply(lsl.OpEq, v.op, num(n))
			if t, known := truthOf(c); known {
				if t {
					f.emit(&lsl.Break{Label: target})
					return
				}
				continue
			}
			f.emit(&lsl.If{Cond: c, Then: &lsl.Block{Stmts: []lsl.Stmt{&lsl.Break{Label: target, Pos: f.pos}}, Pos: f.pos}})
		}
		f.emit(&lsl.Break{Label: fallback})
	})
	f.jumps = append(f.jumps, &jumpCtx{brk: label})
	stmts := f.listStmts(l, dispatch.Stmts)
	f.jumps = f.jumps[:len(f.jumps)-1]
	f.emit(&lsl.Block{Label: label, Stmts: stmts})
}

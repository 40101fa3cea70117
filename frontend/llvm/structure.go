package llvmfront

import (
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// Structuring (doc.go, "Control flow"). LSL has no goto: a labelled block
// is left by "break L" and restarted by "continue L". We translate the CFG
// recursively over the dominator tree, as in N. Ramsey, "Beyond Relooper"
// (ICFP 2022): the code of block x is followed by the code of the blocks
// it dominates that have several forward in-edges (merge points), each
// after a labelled block the jumps to it break out of; a loop header's code
// is wrapped in a block that back edges continue; the code after a loop
// follows the loop's block. Other targets, reached by one edge only, are
// translated in place.

func (f *fn) structure() *lsl.Block {
	return f.sub(func() { f.tree(0) })
}

func (f *fn) loopLabel(x int) string  { return "loop" + strconv.Itoa(x) }
func (f *fn) blockLabel(y int) string { return "b" + strconv.Itoa(y) }

// tree emits block x and everything placed under it.
func (f *fn) tree(x int) {
	g := f.g
	var inside, after []int
	for _, y := range g.children(x) {
		if !g.blockTarget(y) {
			continue
		}
		if g.isHeader(x) && !g.inLoop(y, x) {
			after = append(after, y)
		} else {
			inside = append(inside, y)
		}
	}
	f.withBlocks(after, func() {
		if !g.isHeader(x) {
			f.withBlocks(inside, func() { f.code(x) })
			return
		}
		f.pos = f.blockPos(x)
		body := f.sub(func() { f.withBlocks(inside, func() { f.code(x) }) })
		if f.isSpin(x) {
			f.emit(&lsl.Spin{Label: f.loopLabel(x), Body: body})
			return
		}
		body.Label = f.loopLabel(x)
		f.emit(body)
	})
}

// withBlocks emits inner inside labelled blocks for the targets ys (in
// reverse postorder, the last outermost), each followed by its code.
func (f *fn) withBlocks(ys []int, inner func()) {
	if len(ys) == 0 {
		inner()
		return
	}
	y := ys[len(ys)-1]
	f.pos = f.blockPos(y)
	b := f.sub(func() { f.withBlocks(ys[:len(ys)-1], inner) })
	b.Label = f.blockLabel(y)
	f.emit(b)
	f.tree(y)
}

// blockPos is the position of a block's first instruction with one.
func (f *fn) blockPos(x int) diag.Pos {
	b := f.g.blocks[x]
	for _, in := range b.Insts {
		if p := locPos(dbgLoc(in)); p.IsValid() {
			return p
		}
	}
	if p := f.t.instPos(f.mod, b.Term); p.IsValid() {
		return p
	}
	return f.pos
}

// code emits the instructions of block x and its terminator.
func (f *fn) code(x int) {
	b := f.g.blocks[x]
	for _, in := range b.Insts {
		if p := f.t.instPos(f.mod, in); p.IsValid() {
			f.pos = p
		}
		f.t.lastPos = f.pos
		if f.skip[in] {
			continue
		}
		f.inst(in)
	}
	if p := f.t.instPos(f.mod, b.Term); p.IsValid() {
		f.pos = p
	}
	f.term(x, b.Term)
}

// branch emits the jump from block src to block dst.
func (f *fn) branch(src, dst int) {
	g := f.g
	f.phiCopies(src, dst)
	switch {
	case g.backEdge(src, dst):
		f.emit(&lsl.Continue{Label: f.loopLabel(dst)})
	case g.blockTarget(dst):
		f.emit(&lsl.Break{Label: f.blockLabel(dst)})
	default:
		f.tree(dst)
	}
}

// phiCopies assigns the phi registers of dst their values from src, as a
// parallel copy.
func (f *fn) phiCopies(src, dst int) {
	from := f.g.blocks[src]
	var phis []*ir.InstPhi
	for _, in := range f.g.blocks[dst].Insts {
		if p, ok := in.(*ir.InstPhi); ok {
			phis = append(phis, p)
		}
	}
	if len(phis) == 0 {
		return
	}
	vals := make([]lsl.Operand, len(phis))
	parallel := false
	for i, p := range phis {
		for _, inc := range p.Incs {
			if inc.Pred == from {
				vals[i] = f.val(inc.X)
				break
			}
		}
		if vals[i] == nil {
			f.fail(diag.CodeSyntax, "phi %s has no value for a predecessor", describe(p))
		}
		if r, ok := vals[i].(lsl.Reg); ok {
			for _, q := range phis {
				if f.regs[q] == r {
					parallel = true
				}
			}
		}
	}
	if parallel {
		for i := range vals {
			tmp := f.temp()
			f.emit(&lsl.Assign{Dst: tmp, Op: lsl.OpCopy, Args: []lsl.Operand{vals[i]}})
			vals[i] = tmp
		}
	}
	for i, p := range phis {
		f.emit(&lsl.Assign{Dst: f.reg(p), Op: lsl.OpCopy, Args: []lsl.Operand{vals[i]}})
	}
}

// term translates a terminator.
func (f *fn) term(x int, t ir.Terminator) {
	g := f.g
	switch t := t.(type) {
	case *ir.TermRet:
		if t.X != nil {
			f.emit(&lsl.Assign{Dst: "%result", Op: lsl.OpCopy, Args: []lsl.Operand{f.val(t.X)}})
		}
		f.retUsed = true
		f.emit(&lsl.Break{Label: "ret"})
	case *ir.TermBr:
		f.branch(x, g.index[t.Target.(*ir.Block)])
	case *ir.TermCondBr:
		c := f.cond(t.Cond)
		then := f.sub(func() { f.branch(x, g.index[t.TargetTrue.(*ir.Block)]) })
		els := f.sub(func() { f.branch(x, g.index[t.TargetFalse.(*ir.Block)]) })
		f.emit(&lsl.If{Cond: c, Then: then, Else: els})
	case *ir.TermSwitch:
		v := f.val(t.X)
		f.switchCases(x, v, t, 0)
	case *ir.TermUnreachable:
		if n := len(f.cur.Stmts); n > 0 {
			switch last := f.cur.Stmts[n-1].(type) {
			case *lsl.Abort, *lsl.Break: // after abort() or pthread_exit
				return
			case *lsl.Assume: // after exit(0)
				if k, ok := last.Cond.(lsl.Const); ok && k.V.Kind == lsl.KNum && k.V.Num == 0 {
					return
				}
			}
		}
		f.emit(&lsl.Abort{Msg: "unreachable code reached"})
	default:
		f.fail(diag.CodeUnsupported, "unsupported terminator %s", describe(t))
	}
}

// switchCases emits the comparisons of a switch from case i on.
func (f *fn) switchCases(x int, v lsl.Operand, t *ir.TermSwitch, i int) {
	g := f.g
	if i == len(t.Cases) {
		f.branch(x, g.index[t.TargetDefault.(*ir.Block)])
		return
	}
	c := t.Cases[i]
	eq := f.apply(lsl.OpEq, v, f.val(c.X))
	then := f.sub(func() { f.branch(x, g.index[c.Target.(*ir.Block)]) })
	els := f.sub(func() { f.switchCases(x, v, t, i+1) })
	f.emit(&lsl.If{Cond: eq, Then: then, Else: els})
}

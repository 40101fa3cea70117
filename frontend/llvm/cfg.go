package llvmfront

import (
	"slices"

	"github.com/checkfence/checkfence/diag"
	"github.com/llir/llvm/ir"
)

// cfg is the control flow graph of a function: its reachable blocks in
// reverse postorder (block i is f.g.blocks[i]), dominators and natural
// loops. Only reducible graphs are accepted (what structured C compiles
// to, forward gotos included).
type cfg struct {
	blocks []*ir.Block
	index  map[*ir.Block]int
	succs  [][]int // in terminator order, with multiplicity
	preds  [][]int // with multiplicity
	idom   []int
	body   map[int][]bool // loop header → blocks of its natural loop
	parent []int          // where a block's code is placed (see place)
}

func buildCFG(f *fn) *cfg {
	g := &cfg{index: map[*ir.Block]int{}, body: map[int][]bool{}}
	// reverse postorder by an iterative depth-first search that visits
	// successors in order
	type frame struct {
		b *ir.Block
		i int
	}
	seen := map[*ir.Block]bool{}
	var post []*ir.Block
	entry := f.f.Blocks[0]
	stack := []frame{{entry, 0}}
	seen[entry] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succ := successors(top.b)
		if top.i < len(succ) {
			s := succ[len(succ)-1-top.i] // reverse, so that RPO keeps the order
			top.i++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	for i := len(post) - 1; i >= 0; i-- {
		g.index[post[i]] = len(g.blocks)
		g.blocks = append(g.blocks, post[i])
	}
	n := len(g.blocks)
	g.succs = make([][]int, n)
	g.preds = make([][]int, n)
	for i, b := range g.blocks {
		for _, s := range successors(b) {
			j := g.index[s]
			g.succs[i] = append(g.succs[i], j)
			g.preds[j] = append(g.preds[j], i)
		}
	}
	g.dominators()
	g.loops(f)
	g.place()
	return g
}

// successors lists the targets of a block's terminator in order (the
// default of a switch first, as llir does).
func successors(b *ir.Block) []*ir.Block {
	if b.Term == nil {
		return nil
	}
	return b.Term.Succs()
}

// dominators computes immediate dominators (Cooper, Harvey, Kennedy).
func (g *cfg) dominators() {
	n := len(g.blocks)
	g.idom = make([]int, n)
	for i := range g.idom {
		g.idom[i] = -1
	}
	g.idom[0] = 0
	for changed := true; changed; {
		changed = false
		for b := 1; b < n; b++ {
			nd := -1
			for _, p := range g.preds[b] {
				if g.idom[p] == -1 {
					continue
				}
				if nd == -1 {
					nd = p
					continue
				}
				a, c := p, nd
				for a != c {
					for a > c {
						a = g.idom[a]
					}
					for c > a {
						c = g.idom[c]
					}
				}
				nd = a
			}
			if nd != g.idom[b] {
				g.idom[b] = nd
				changed = true
			}
		}
	}
	g.idom[0] = -1
}

// dominates reports whether block a dominates block b.
func (g *cfg) dominates(a, b int) bool {
	for b > a {
		b = g.idom[b]
	}
	return a == b
}

// backEdge reports whether u → v goes back to a loop header.
func (g *cfg) backEdge(u, v int) bool { return v <= u && g.dominates(v, u) }

// loops finds the natural loops and rejects irreducible control flow.
func (g *cfg) loops(f *fn) {
	for u := range g.blocks {
		for _, v := range g.succs[u] {
			if v > u {
				continue
			}
			if !g.dominates(v, u) {
				f.pos = f.t.instPos(f.mod, g.blocks[u].Term)
				f.fail(diag.CodeUnsupported, "irreducible control flow (a jump into the middle of a loop) is not supported")
			}
			body := g.body[v]
			if body == nil {
				body = make([]bool, len(g.blocks))
				body[v] = true
				g.body[v] = body
			}
			work := []int{u}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if body[x] {
					continue
				}
				body[x] = true
				work = append(work, g.preds[x]...)
			}
		}
	}
}

// inLoopAt reports whether instruction in lies in a loop of its function.
func (g *cfg) inLoopAt(in ir.Instruction) bool {
	for x, b := range g.blocks {
		if slices.Contains(b.Insts, in) {
			for h := range g.body {
				if g.inLoop(x, h) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// loopsAt returns the headers of the loops instruction in lies in.
func (g *cfg) loopsAt(in ir.Instruction) []int {
	for x, b := range g.blocks {
		if slices.Contains(b.Insts, in) {
			var hs []int
			for h := range g.body {
				if g.inLoop(x, h) {
					hs = append(hs, h)
				}
			}
			return hs
		}
	}
	return nil
}

// isHeader reports whether block h heads a loop.
func (g *cfg) isHeader(h int) bool { return g.body[h] != nil }

// inLoop reports whether block x belongs to the loop headed by h.
func (g *cfg) inLoop(x, h int) bool { b := g.body[h]; return b != nil && b[x] }

// forwardPreds counts the in-edges of b that are not back edges.
func (g *cfg) forwardPreds(b int) int {
	n := 0
	for _, p := range g.preds[b] {
		if !g.backEdge(p, b) {
			n++
		}
	}
	return n
}

// place decides where each block's code goes: under its immediate
// dominator, except that a block outside a loop its dominator is in is
// placed after the outermost such loop (as a child of that loop's header),
// so that the code after a loop is not nested inside it.
func (g *cfg) place() {
	n := len(g.blocks)
	g.parent = make([]int, n)
	g.parent[0] = -1
	for y := 1; y < n; y++ {
		x := g.idom[y]
		p := x
		size := -1
		for h, body := range g.body {
			if body[x] && !body[y] {
				if s := count(body); s > size {
					size, p = s, h
				}
			}
		}
		g.parent[y] = p
	}
}

func count(b []bool) int {
	n := 0
	for _, x := range b {
		if x {
			n++
		}
	}
	return n
}

// children lists the blocks placed under x, in reverse postorder.
func (g *cfg) children(x int) []int {
	var out []int
	for y, p := range g.parent {
		if p == x {
			out = append(out, y)
		}
	}
	return out
}

// blockTarget reports whether jumps to y are breaks out of a labelled
// block that ends right before y's code (rather than y's code inline): y
// has several forward in-edges, or it follows a loop.
func (g *cfg) blockTarget(y int) bool {
	if y == 0 {
		return false
	}
	p := g.parent[y]
	return g.forwardPreds(y) >= 2 || g.isHeader(p) && !g.inLoop(y, p)
}

package encode

import (
	"slices"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Program-order suffixes in acyclicity checks. The ordering rules of the
// hardware models end in program order: a barrier orders every access
// before it with every later one (riscv's [R]; po; [Fence.r.r]; po; [R],
// arm8's [R]; po; [load-barrier]; po), an address dependency orders the
// later stores (riscv's rule 13, arm8's addr; po; [W]). Flattened, such a
// term X; po; [B] is an edge from each source of X to each later B event:
// a biclique per barrier, and vertex elimination (catelim.go) pays for
// every pair of it. The graph of an acyclicity check instead gets, per
// thread and set B, a chain of auxiliary vertices c_1 → c_2 → … → c_k, one
// per B event b_i of the thread in program order, with c_i → b_i (when b_i
// is in B), and for each edge (a, m) of X an edge a → c_i to the first B
// event after m. A path a → c_i → … → c_j → b_j exists exactly when some
// X edge (a, m) holds with b_j after m, i.e. when (a, b_j) is in X; po;
// [B]; the chains have no other edges, so the graph has a cycle iff the
// flattened relation has (docs/semantics.md, "Program-order suffixes in
// acyclicity checks"; TestCatSuffixMatchesPlain compares the two).

// poSuffix is a union operand X; po; [B] (b nil: every event).
type poSuffix struct {
	x, b *cat.Node
}

// splitPoSuffix recognises X; po; [B] and X; po in a composition.
func splitPoSuffix(n *cat.Node) (poSuffix, bool) {
	if n.Op != cat.OpSeq {
		return poSuffix{}, false
	}
	list := seqList(n, nil)
	k := len(list)
	var b *cat.Node
	if list[k-1].Op == cat.OpIdOf {
		b = list[k-1].Kids[0]
		k--
	}
	if k < 2 || !isPO(list[k-1]) {
		return poSuffix{}, false
	}
	return poSuffix{x: foldSeq(list[:k-1]), b: b}, true
}

// seqList appends the operands of a composition, left to right.
func seqList(n *cat.Node, out []*cat.Node) []*cat.Node {
	if n.Op != cat.OpSeq {
		return append(out, n)
	}
	return seqList(n.Kids[1], seqList(n.Kids[0], out))
}

// foldSeq composes a list of relations (right-nested, like the parser).
func foldSeq(list []*cat.Node) *cat.Node {
	if len(list) == 1 {
		return list[0]
	}
	return &cat.Node{Op: cat.OpSeq, Kind: cat.KRel, Kids: []*cat.Node{list[0], foldSeq(list[1:])}}
}

// unionOperands lists the operands of a union DAG, each once.
func unionOperands(n *cat.Node) []*cat.Node {
	seen := map[*cat.Node]bool{}
	var out []*cat.Node
	var walk func(m *cat.Node)
	walk = func(m *cat.Node) {
		if seen[m] {
			return
		}
		seen[m] = true
		if m.Op == cat.OpUnion {
			walk(m.Kids[0])
			walk(m.Kids[1])
			return
		}
		out = append(out, m)
	}
	walk(n)
	return out
}

// suffixGraph is the graph of an acyclicity check with its program-order
// suffixes as chains: its first ci.n() vertices are the events, the rest
// chain vertices. ok is false when the check has no such operand.
func (ci *CatInstance) suffixGraph(n *cat.Node) (g *lrel, ok bool) {
	c := ci.c
	if ci.plainSuffixes || ci.hasParts {
		// parts: program order is not total on a thread's events
		return nil, false
	}
	rest := newLrel(ci.n())
	bySet := map[*cat.Node][]*lrel{} // B -> the X of each operand X; po; [B]
	var sets []*cat.Node
	for _, m := range unionOperands(n) {
		if s, isSuffix := splitPoSuffix(m); isSuffix {
			x := ci.rel(s.x, polUpper)
			if x.empty(c) {
				continue
			}
			if _, seen := bySet[s.b]; !seen {
				sets = append(sets, s.b)
			}
			bySet[s.b] = append(bySet[s.b], x)
			ok = true
			continue
		}
		rest = relUnion(c, rest, ci.rel(m, polUpper))
	}
	if !ok {
		return nil, false
	}
	acc := map[[2]int]z.Lit{} // edges into and along the chains
	var extra [][]lentry      // the chain vertices' rows
	add := func(a, v int, l z.Lit) {
		if l == c.F {
			return
		}
		if old, ok := acc[[2]int{a, v}]; ok {
			l = c.Or(old, l)
		}
		acc[[2]int{a, v}] = l
	}
	for _, bn := range sets {
		inB := ci.guards
		if bn != nil {
			inB = ci.set(bn, polUpper)
		}
		// chains[t]: thread t's events, in program order, and their vertices
		chains := map[int][]int{}
		var threads []int
		for v, ev := range ci.Events {
			if ev.Instr < 0 || inB[v] == c.F {
				continue
			}
			if _, seen := chains[ev.Thread]; !seen {
				threads = append(threads, ev.Thread)
			}
			chains[ev.Thread] = append(chains[ev.Thread], v)
		}
		for _, t := range threads {
			bs := chains[t]
			base := ci.n() + len(extra)
			for i, b := range bs {
				row := []lentry{{int32(b), c.And(inB[b], ci.guards[b])}}
				if i+1 < len(bs) {
					row = append(row, lentry{int32(base + i + 1), c.T})
				}
				extra = append(extra, row)
			}
			entry := map[int]int{} // m -> the index of the first b after it
			first := func(m int) int {
				if i, ok := entry[m]; ok {
					return i
				}
				i := 0
				for i < len(bs) && !ci.programOrder(m, bs[i]) {
					i++
				}
				for j := i; j < len(bs); j++ {
					if !ci.programOrder(m, bs[j]) {
						panic("encode: program order is not a suffix of a thread")
					}
				}
				entry[m] = i
				return i
			}
			for _, x := range bySet[bn] {
				for a, row := range x.rows {
					for _, e := range row {
						m := int(e.j)
						if ci.Events[m].Instr < 0 {
							continue // an initial write precedes nothing in po
						}
						if i := first(m); i < len(bs) {
							add(a, base+i, c.And(e.l, ci.guards[m]))
						}
					}
				}
			}
		}
	}
	ci.chainVertices += len(extra)
	g = newLrel(ci.n() + len(extra))
	copy(g.rows, rest.rows)
	copy(g.rows[ci.n():], extra)
	for k, l := range acc {
		g.rows[k[0]] = append(g.rows[k[0]], lentry{int32(k[1]), l})
	}
	for i := range g.rows {
		sortRow(g.rows[i])
	}
	return g, true
}

// sortRow sorts a row by its target event.
func sortRow(row []lentry) {
	slices.SortFunc(row, func(a, b lentry) int { return int(a.j) - int(b.j) })
}

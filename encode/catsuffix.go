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

// poSuffix is a union operand X; po; [B] (x nil: the identity, arm8's
// po; [L]; b nil: every event). A barrier's rule [A]; po; [F]; po; [B]
// (or po; [F]; po; [B]) also has fence set f, with a nil for every
// event: its X edges then go through a prefix chain of A events.
type poSuffix struct {
	node    *cat.Node // the operand
	x, b    *cat.Node
	a, f    *cat.Node
	barrier bool
}

// splitPoSuffix recognises X; po; [B], X; po and po; [B].
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
	if !isPO(list[k-1]) || k == 1 && b == nil {
		return poSuffix{}, false
	}
	if k == 1 {
		return poSuffix{node: n, b: b}, true // po; [B]: X is the identity
	}
	s := poSuffix{node: n, x: foldSeq(list[:k-1]), b: b}
	switch pre := list[:k-1]; {
	case len(pre) == 2 && isPO(pre[0]) && pre[1].Op == cat.OpIdOf:
		s.f, s.barrier = pre[1].Kids[0], true
	case len(pre) == 3 && pre[0].Op == cat.OpIdOf && isPO(pre[1]) && pre[2].Op == cat.OpIdOf:
		s.a, s.f, s.barrier = pre[0].Kids[0], pre[2].Kids[0], true
	}
	return s, true
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
	bySet := map[*cat.Node][]poSuffix{} // B -> the operands X; po; [B]
	var sets []*cat.Node
	for _, m := range cat.UnionTerms(n) {
		s, isSuffix := splitPoSuffix(m)
		if !isSuffix {
			rest = relUnion(c, rest, ci.rel(m, polUpper))
			continue
		}
		if s.x != nil && ci.rel(s.x, polUpper).empty(c) {
			continue
		}
		if _, seen := bySet[s.b]; !seen {
			sets = append(sets, s.b)
		}
		bySet[s.b] = append(bySet[s.b], s)
		ok = true
	}
	if !ok {
		return nil, false
	}
	sg := &suffixBuilder{ci: ci, acc: map[[2]int]z.Lit{}, prefix: map[*cat.Node]*chainSet{}}
	for _, bn := range sets {
		suffix := sg.chains(bn, false)
		for _, s := range bySet[bn] {
			if s.barrier {
				sg.barrier(s, suffix)
				continue
			}
			x := relIdentity(c, ci.guards)
			if s.x != nil {
				x = ci.rel(s.x, polUpper)
			}
			for a, row := range x.rows {
				for _, e := range row {
					m := int(e.j)
					for _, v := range suffix.after(m) {
						sg.add(a, v, c.And(e.l, ci.guards[m]))
					}
				}
			}
		}
	}
	// Chains add vertices, whose elimination costs clauses too: they are
	// used only where they save a quarter of the operands' edges (snark
	// Dq on riscv, 806 flattened against 646 through chains, grew from
	// 194 k to 199 k clauses with them; msn and lazylist save 60-90 %).
	flat, chain := 0, len(sg.acc)
	for _, s := range bySet {
		for _, o := range s {
			for _, row := range ci.rel(o.node, polUpper).rows {
				flat += len(row)
			}
		}
	}
	for _, row := range sg.extra {
		chain += len(row)
	}
	if chainsOnlyWhenSmaller && 4*chain > 3*flat {
		return nil, false
	}
	ci.chainVertices += len(sg.extra)
	g = newLrel(ci.n() + len(sg.extra))
	copy(g.rows, rest.rows)
	copy(g.rows[ci.n():], sg.extra)
	for k, l := range sg.acc {
		g.rows[k[0]] = append(g.rows[k[0]], lentry{int32(k[1]), l})
	}
	for i := range g.rows {
		sortRow(g.rows[i])
	}
	return g, true
}

// suffixBuilder collects the chains of one check's graph.
type suffixBuilder struct {
	ci     *CatInstance
	acc    map[[2]int]z.Lit // edges into, out of and along the chains
	extra  [][]lentry       // the chain vertices' rows
	prefix map[*cat.Node]*chainSet
}

// chainSet is the chains of one set of events, one per thread.
type chainSet struct {
	events [][]int // per chain, its events in program order
	base   []int   // per chain, the vertex of its first event
	// entry[m][k]: the first event of chain k after m (suffix chains) or
	// the last one before m (prefix chains); -1: none
	entry map[int][]int
	ci    *CatInstance
	pre   bool
}

func (sg *suffixBuilder) add(a, v int, l z.Lit) {
	c := sg.ci.c
	if l == c.F {
		return
	}
	if old, ok := sg.acc[[2]int{a, v}]; ok {
		l = c.Or(old, l)
	}
	sg.acc[[2]int{a, v}] = l
}

// chains builds the chains of the events in set sn (nil: every event):
// suffix chains run c_i → c_{i+1} and c_i → b_i, prefix chains (pre)
// a_i → p_i and p_i → p_{i+1}.
func (sg *suffixBuilder) chains(sn *cat.Node, pre bool) *chainSet {
	ci, c := sg.ci, sg.ci.c
	in := ci.guards
	if sn != nil {
		in = ci.set(sn, polUpper)
	}
	byThread := map[int]int{}
	cs := &chainSet{entry: map[int][]int{}, ci: ci, pre: pre}
	for v, ev := range ci.Events {
		if ev.Instr < 0 || in[v] == c.F {
			continue
		}
		k, seen := byThread[ev.Thread]
		if !seen {
			k = len(cs.events)
			byThread[ev.Thread] = k
			cs.events = append(cs.events, nil)
		}
		cs.events[k] = append(cs.events[k], v)
	}
	for _, evs := range cs.events {
		base := ci.n() + len(sg.extra)
		cs.base = append(cs.base, base)
		for i, e := range evs {
			lit := c.And(in[e], ci.guards[e])
			var row []lentry
			if !pre {
				row = append(row, lentry{int32(e), lit})
			} else {
				sg.add(e, base+i, lit)
			}
			if i+1 < len(evs) {
				row = append(row, lentry{int32(base + i + 1), c.T})
			}
			sg.extra = append(sg.extra, row)
		}
	}
	return cs
}

// after lists, per suffix chain, the vertex of the first event after m
// in program order (prefix chains: of the last event before m).
func (cs *chainSet) after(m int) []int {
	if cs.ci.Events[m].Instr < 0 {
		return nil // an initial write is in no program order
	}
	idx, ok := cs.entry[m]
	if !ok {
		idx = make([]int, len(cs.events))
		for k, evs := range cs.events {
			idx[k] = cs.find(m, evs)
		}
		cs.entry[m] = idx
	}
	var out []int
	for k, i := range idx {
		if i >= 0 {
			out = append(out, cs.base[k]+i)
		}
	}
	return out
}

// find is the index in evs of the first event after m (suffix chains)
// or the last before m (prefix chains), -1 if none. Program order on a
// thread's events is total, so the events after m are a suffix of evs
// and those before a prefix; find checks it.
func (cs *chainSet) find(m int, evs []int) int {
	ordered := func(i int) bool {
		if cs.pre {
			return cs.ci.programOrder(evs[i], m)
		}
		return cs.ci.programOrder(m, evs[i])
	}
	n := 0 // the events ordered with m
	for j := range evs {
		if ordered(j) {
			n++
		}
	}
	lo, hi := len(evs)-n, len(evs) // suffix chains: evs[lo:]
	if cs.pre {
		lo, hi = 0, n // prefix chains: evs[:n]
	}
	for j := lo; j < hi; j++ {
		if !ordered(j) {
			panic("encode: program order is not a prefix or suffix of a thread")
		}
	}
	switch {
	case n == 0:
		return -1
	case cs.pre:
		return n - 1
	}
	return lo
}

// barrier adds the rule [A]; po; [F]; po; [B]: each event of A enters
// its thread's prefix chain of A events, and the chain vertex of the
// last A event before fence f leads to the suffix chain vertex of the
// first B event after it, when f executes.
func (sg *suffixBuilder) barrier(s poSuffix, suffix *chainSet) {
	ci, c := sg.ci, sg.ci.c
	prefix, ok := sg.prefix[s.a]
	if !ok {
		prefix = sg.chains(s.a, true)
		sg.prefix[s.a] = prefix
	}
	fs := ci.set(s.f, polUpper)
	for f := range ci.Events {
		if fs[f] == c.F {
			continue
		}
		l := c.And(fs[f], ci.guards[f])
		for _, p := range prefix.after(f) {
			for _, v := range suffix.after(f) {
				sg.add(p, v, l)
			}
		}
	}
}

// chainsOnlyWhenSmaller is the size guard of suffixGraph; the
// differential test turns it off to use chains on small programs.
var chainsOnlyWhenSmaller = true

// sortRow sorts a row by its target event.
func sortRow(row []lentry) {
	slices.SortFunc(row, func(a, b lentry) int { return int(a.j) - int(b.j) })
}

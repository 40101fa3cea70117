package lsl

import "math/bits"

// Depth limits from the dependency cones (docs/semantics.md, "Range
// analysis: derivation depth per statement"). The fixpoint drops a value
// derived through more value-creating (growing) operations than the
// program has: in an execution each statement of the loop-free unrolled
// program runs at most once, so a chain of derivations passes each one at
// most once. The chain that ends at statement s passes only statements
// whose values can flow into s — through registers (reaching definitions)
// or through memory (a store into a cell a load may read) — so its length
// is at most the number of growing statements in s's backward cone. A
// counter that every thread increments through memory (a node counter
// taken with fetch_add) reaches the 256 numbers that make a set unbounded
// under the program-wide limit, and the width falls back to the program's
// integer width (64 bits for a pthread program); under the cone's limit
// it holds the numbers up to its increments.

// coneLimits returns, per statement of a's fixpoint numbering, the number
// of growing statements in its backward dependency cone (0 for a
// statement that does not grow: the program-wide limit applies). The
// memory edges come from a's addresses, a sound over-approximation once
// a's fixpoint is done.
func (a *analysis) coneLimits() []int {
	n := len(a.stmts)
	cellIdx := map[string]int{}
	cell := func(k string) int {
		c, ok := cellIdx[k]
		if !ok {
			c = n + 1 + len(cellIdx)
			cellIdx[k] = c
		}
		return c
	}
	anyCell := n // stores through unknown addresses
	preds := make([][]int, n+1)
	addPred := func(to, from int) {
		for len(preds) <= max(to, from) {
			preds = append(preds, nil)
		}
		preds[to] = append(preds[to], from)
	}
	var ptrTopLoads []int
	for i, s := range a.stmts {
		for _, ds := range a.uses[i] {
			for _, d := range ds {
				if d != unassigned {
					addPred(i, d)
				}
			}
		}
		switch s := s.(type) {
		case *Load:
			ad := a.addr[s.ID]
			addPred(i, anyCell)
			if ad == nil {
				continue
			}
			if ad.PtrTop {
				ptrTopLoads = append(ptrTopLoads, i)
			}
			for k := range ad.Ptrs {
				addPred(i, cell(k))
			}
		case *Store:
			ad := a.addr[s.ID]
			if ad == nil {
				continue
			}
			if ad.PtrTop {
				addPred(anyCell, i)
			}
			for k := range ad.Ptrs {
				addPred(cell(k), i)
			}
		}
	}
	for _, i := range ptrTopLoads {
		for _, c := range cellIdx {
			addPred(i, c)
		}
	}
	for len(preds) < n+1+len(cellIdx) {
		preds = append(preds, nil)
	}
	growing := make([]int, n) // index among the growing statements, or -1
	g := 0
	for i, s := range a.stmts {
		growing[i] = -1
		if as, ok := s.(*Assign); ok && grows(as.Op) {
			growing[i] = g
			g++
		}
	}
	if g == 0 {
		return nil
	}
	words := (g + 63) / 64
	comps, compOf := sccs(preds)
	cone := make([][]uint64, len(comps))
	for ci, members := range comps { // sources of the data flow first
		b := make([]uint64, words)
		for _, v := range members {
			if v < n && growing[v] >= 0 {
				b[growing[v]/64] |= 1 << (growing[v] % 64)
			}
			for _, p := range preds[v] {
				if pc := compOf[p]; pc != ci {
					for w, x := range cone[pc] {
						b[w] |= x
					}
				}
			}
		}
		cone[ci] = b
	}
	limits := make([]int, n)
	for i := range n {
		if growing[i] >= 0 {
			for _, x := range cone[compOf[i]] {
				limits[i] += bits.OnesCount64(x)
			}
		}
	}
	return limits
}

// sccs returns the strongly connected components of the graph whose edges
// go from each vertex to its preds, each component after every component
// it has an edge into (Tarjan's order), and each vertex's component.
func sccs(preds [][]int) ([][]int, []int) {
	n := len(preds)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	compOf := make([]int, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var comps [][]int
	next := 0
	type frame struct{ v, e int }
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		call := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.e < len(preds[f.v]) {
				w := preds[f.v][f.e]
				f.e++
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, 0})
				} else if onStack[w] {
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				var members []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					compOf[w] = len(comps)
					members = append(members, w)
					if w == v {
						break
					}
				}
				comps = append(comps, members)
			}
		}
	}
	return comps, compOf
}

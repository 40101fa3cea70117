package encode

import (
	"slices"
	"strings"

	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Symmetry breaking for identical threads (docs/semantics.md, "Symmetric
// threads").
//
// Concurrent threads whose unrolled code is the same up to the names of
// registers and labels, the loop keys, and a one-to-one renaming of the
// memory blocks only they use are interchangeable: swapping two of them
// (and their private blocks) maps every execution to an execution with
// the swapped observation, errors, deadlocks and pruned loops. A query
// whose answer does not change under such swaps may therefore be restricted
// to executions in which the identical threads are sorted, here by the
// memory-order position of an anchor access (symmetryOrder): the solver
// then explores one representative per permutation.

// symClass is a class of ≥ 2 identical concurrent threads.
type symClass struct {
	threads []int // indices into Encoding.Threads, ascending
	// order holds for executions whose threads are sorted: for consecutive
	// threads a, b of the class, if b's anchor (symmetryOrder) executes so
	// does a's, and if both do, a's comes first in memory order (on a cat
	// model, catsymmetry.go).
	order z.Lit
}

// SymmetricThreads lists the classes of identical concurrent threads the
// encoding found (indices into Threads), or nil. NoSymmetry disables the
// search.
func (e *Encoding) SymmetricThreads() [][]int {
	var out [][]int
	for _, cl := range e.sym {
		out = append(out, slices.Clone(cl.threads))
	}
	return out
}

// SymmetryBreaking returns a constraint that keeps, of every set of
// executions that differ only by a permutation of identical threads and a
// renaming of pool blocks (poolsymmetry.go), at least one. Assume it only
// in queries whose answer is invariant under those permutations — "is
// there an execution that fails, deadlocks, is pruned, or completes with
// an observation not in mined?" — and only when mined (the serial
// observations the query excludes) is closed under them: a class whose
// swaps take some mined observation outside mined is left out. With
// neither it is the constant true.
func (e *Encoding) SymmetryBreaking(mined []trace.Observation) z.Lit {
	c := e.C
	res := c.T
	if e.PoolSymmetric() {
		res = e.poolSym // observations hold no pointers: mined is closed under renaming blocks
	}
	if len(e.sym) == 0 {
		return res
	}
	set := make(map[string]bool, len(mined))
	for _, o := range mined {
		set[o.Canon()] = true
	}
	for _, cl := range e.sym {
		closed := true
		for k := 0; k+1 < len(cl.threads) && closed; k++ {
			for _, o := range mined {
				if !set[swapThreads(o, cl.threads[k], cl.threads[k+1]).Canon()] {
					closed = false
					break
				}
			}
		}
		if closed {
			res = c.And(res, cl.order)
		}
	}
	return res
}

// swapThreads exchanges the observations of threads a and b.
func swapThreads(o trace.Observation, a, b int) trace.Observation {
	out := trace.Observation{Items: make([]trace.ObsItem, len(o.Items))}
	for i, it := range o.Items {
		switch it.Key.Thread {
		case a:
			it.Key.Thread = b
		case b:
			it.Key.Thread = a
		}
		out.Items[i] = it
	}
	slices.SortFunc(out.Items, func(x, y trace.ObsItem) int {
		switch {
		case x.Key.Less(y.Key):
			return -1
		case y.Key.Less(x.Key):
			return 1
		}
		return 0
	})
	return out
}

// findSymmetry groups the identical concurrent threads and builds the
// ordering constraint of each group. It must run before the memory model
// is finalized (it requests memory-order literals).
func (e *Encoding) findSymmetry() {
	if e.U.Serial || !e.enc.ordersThreads() {
		return
	}
	owner := e.blockOwners()
	hidden := e.forgesPointers() || e.observesPointers()
	isoOf := map[int]*threadIso{} // maps its class's first thread to it
	classes := classify(e.U, func(rep, ti int) bool {
		iso, ok := e.isomorphic(rep, ti, owner)
		if ok && (!iso.renamesBlocks() || !hidden) {
			isoOf[ti] = iso
			return true
		}
		return false
	})
	for _, cl := range classes {
		if len(cl) < 2 {
			continue
		}
		if order, ok := e.enc.symmetryOrder(cl); ok {
			var isos []*threadIso
			for _, ti := range cl[1:] {
				isos = append(isos, isoOf[ti])
			}
			e.recordSymmetricLoops(isos)
			e.sym = append(e.sym, symClass{threads: cl, order: order})
		}
	}
}

// classify puts each concurrent thread of u into the first class whose
// first thread it is the same as (same), or starts a class.
func classify(u *lsl.Unrolled, same func(rep, ti int) bool) [][]int {
	var classes [][]int
	for ti, th := range u.Threads {
		if th.Kind != lsl.ThreadConcurrent {
			continue
		}
		placed := false
		for k, cl := range classes {
			if same(cl[0], ti) {
				classes[k] = append(classes[k], ti)
				placed = true
				break
			}
		}
		if !placed {
			classes = append(classes, []int{ti})
		}
	}
	return classes
}

// symmetryOrder orders a class of identical threads on a .mm model by the
// memory order of their anchor store (symmetryAnchor, catsymmetry.go: a
// store to one global cell, such as an allocation counter's fetch_add)
// or, without one, of their first shared access. (A cat model sorts them
// by coherence on the anchor store and by what they do, catsymmetry.go.)
// Any access at one position of the threads' instruction lists would do;
// a store propagates best: ordering a fetch_add's store orders the values
// the next fetch_adds read, where ordering its load (the first shared
// access) leaves the stores free until the atomicity clauses fire
// (docs/performance.md, "Symmetry anchored on a store").
func (m mmEncoding) symmetryOrder(cl []int) (z.Lit, bool) {
	e := m.e
	c := e.C
	first := e.symmetryAnchor(cl)
	if first < 0 {
		first = e.firstAccess(cl[0])
	}
	if first < 0 {
		return c.F, false
	}
	order := c.T
	for k := 0; k+1 < len(cl); k++ {
		a := e.Instrs[e.Threads[cl[k]].Instrs[first]]
		b := e.Instrs[e.Threads[cl[k+1]].Instrs[first]]
		mo := m.Rel("memory_order", a.Index, b.Index)
		order = c.Ands(order, c.Implies(b.Guard, a.Guard), c.Implies(c.And(a.Guard, b.Guard), mo))
	}
	return order, true
}

// recordSymmetricLoops groups the loop instances that the isomorphisms of
// one class map onto each other (SymmetricLoops).
func (e *Encoding) recordSymmetricLoops(isos []*threadIso) {
	if e.symLoops == nil {
		e.symLoops = map[lsl.LoopKey][]lsl.LoopKey{}
	}
	groups := map[lsl.LoopKey][]lsl.LoopKey{}
	var firsts []lsl.LoopKey
	for _, iso := range isos {
		for x, y := range iso.loops {
			if _, ok := groups[x]; !ok {
				groups[x] = []lsl.LoopKey{x}
				firsts = append(firsts, x)
			}
			groups[x] = append(groups[x], y)
		}
	}
	for _, x := range firsts {
		g := groups[x]
		slices.Sort(g)
		for _, key := range g {
			e.symLoops[key] = g
		}
	}
}

// SymmetricLoops returns the instances of loop instance key in the threads
// identical to its own (key among them; nil when its thread has none).
// Swapping the threads maps an execution cut off at one of them to one cut
// off at another, so lazy unrolling raises their bounds together, which
// keeps the threads identical.
func (e *Encoding) SymmetricLoops(key lsl.LoopKey) []lsl.LoopKey { return e.symLoops[key] }

// firstAccess returns the position in thread ti's instruction list of its
// first access that may touch the same cell as an access of another
// concurrent thread (its first access if there is none), or -1. An access
// to private memory would be a poor anchor: its place in the memory order
// is almost free, so ordering it excludes few executions.
func (e *Encoding) firstAccess(ti int) int {
	first := -1
	for k, ii := range e.Threads[ti].Instrs {
		in := e.Instrs[ii]
		if !in.IsAccess() {
			continue
		}
		if first < 0 {
			first = k
		}
		for _, other := range e.Instrs {
			if other.Thread != ti && other.IsAccess() && e.threadKinds[other.Thread] == lsl.ThreadConcurrent && e.Ranges.MayAlias(in.ID, other.ID) {
				return k
			}
		}
	}
	return first
}

// blockOwners maps each block whose address occurs as a constant in the
// code of exactly one thread to that thread (-1 if several threads name
// it).
func (e *Encoding) blockOwners() map[int64]int { return lsl.BlockNamers(e.U) }

// forgesPointers reports whether the program converts between pointers and
// numbers other than in the pool's own allocation code: then block numbers
// are observable and renaming blocks is not a symmetry.
func (e *Encoding) forgesPointers() bool {
	forges := false
	for _, th := range e.U.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if a, ok := s.(*lsl.Assign); ok && (a.Op == lsl.OpBaseOf || a.Op == lsl.OpPointer) {
				if e.U.Pool == nil || !e.U.Pool.Conversions[a] {
					forges = true
				}
			}
			return !forges
		})
	}
	return forges
}

// observesPointers reports whether some observed value may be a pointer or
// a composite (which may hold one).
func (e *Encoding) observesPointers() bool {
	c := e.C
	for _, th := range e.Threads {
		for _, ev := range th.obs {
			if ev.val.P != c.F || ev.val.C != c.F {
				return true
			}
		}
	}
	return false
}

// threadIso is a correspondence between two threads' code, built while
// comparing them: one-to-one maps of registers, labels and private blocks.
type threadIso struct {
	e          *Encoding
	a, b       int // thread indices
	owner      map[int64]int
	regs, regB map[lsl.Reg]lsl.Reg
	labs, labB map[string]string
	blks, blkB map[int64]int64
	// loop keys: a pthread program's threads run procs of their own names
	// (main_thread3, main_thread4), which the keys contain
	loops, loopB map[lsl.LoopKey]lsl.LoopKey
	// copies (codeIsomorphic, paramsym.go): copies of integer constants
	// into registers match whatever the constants, and are listed here
	copies *[][2]*lsl.Assign
}

func (m *threadIso) renamesBlocks() bool {
	for x, y := range m.blks {
		if x != y {
			return true
		}
	}
	return false
}

// isomorphic compares the unrolled code of threads a and b and, when they
// are the same up to renaming, also their instruction lists.
func (e *Encoding) isomorphic(a, b int, owner map[int64]int) (*threadIso, bool) {
	// threads of one class that keep their rows differ in the constants
	// that choose them (rowsym.go)
	var copies *[][2]*lsl.Assign
	if ka, ok := e.rowClassOf[a]; ok {
		if kb, ok := e.rowClassOf[b]; ok && ka == kb {
			copies = &[][2]*lsl.Assign{}
		}
	}
	m, ok := e.codeIsomorphic(a, b, owner, copies)
	if !ok {
		return nil, false
	}
	ia, ib := e.Threads[a].Instrs, e.Threads[b].Instrs
	if len(ia) != len(ib) || len(e.Threads[a].obs) != len(e.Threads[b].obs) {
		return nil, false
	}
	for k := range ia {
		x, y := e.Instrs[ia[k]], e.Instrs[ib[k]]
		if x.Kind != y.Kind || x.Fence != y.Fence || x.Op != y.Op || (x.Atomic == 0) != (y.Atomic == 0) {
			return nil, false
		}
	}
	return m, true
}

// bijective records x ↦ y in a one-to-one map pair, failing on a clash.
func bijective[K comparable](fwd, back map[K]K, x, y K) bool {
	if z, ok := fwd[x]; ok {
		return z == y
	}
	if z, ok := back[y]; ok {
		return z == x
	}
	fwd[x], back[y] = y, x
	return true
}

func (m *threadIso) reg(x, y lsl.Reg) bool { return bijective(m.regs, m.regB, x, y) }

func (m *threadIso) label(x, y string) bool { return bijective(m.labs, m.labB, x, y) }

// loop matches the loop keys of the two threads: one to one, each of its
// own thread, with the same bound.
func (m *threadIso) loop(x, y lsl.LoopKey) bool {
	na, nb := m.e.U.Threads[m.a].Name+".", m.e.U.Threads[m.b].Name+"."
	if !strings.HasPrefix(x.String(), na) || !strings.HasPrefix(y.String(), nb) {
		return false
	}
	lx, ly := m.e.U.Loops[x], m.e.U.Loops[y]
	return lx != nil && ly != nil && lx.Bound == ly.Bound && bijective(m.loops, m.loopB, x, y)
}

// value matches constants: equal, or pointers into blocks private to the
// respective threads (of the same kind and type) that correspond one to
// one, with equal offsets.
func (m *threadIso) value(x, y lsl.Value) bool {
	if x.Kind != lsl.KPtr || y.Kind != lsl.KPtr {
		return x.Equal(y)
	}
	if len(x.Ptr) != len(y.Ptr) || !slices.Equal(x.Ptr[1:], y.Ptr[1:]) {
		return false
	}
	bx, by := x.Ptr[0], y.Ptr[0]
	ox, oy := m.owner[bx], m.owner[by]
	privX := ox == m.a && m.private(bx)
	privY := oy == m.b && m.private(by)
	if !privX || !privY {
		return bx == by && !privX && !privY
	}
	kx, ky := m.e.U.Block(bx), m.e.U.Block(by)
	if kx.Kind != ky.Kind || kx.Type.String() != ky.Type.String() {
		return false
	}
	return bijective(m.blks, m.blkB, bx, by)
}

// private reports whether a block may be renamed: a fresh or local block
// (pool blocks are shared by every thread's allocations).
func (m *threadIso) private(base int64) bool {
	b := m.e.U.Block(base)
	return b != nil && (b.Kind == lsl.BlockFresh || b.Kind == lsl.BlockLocal)
}

func (m *threadIso) operand(x, y lsl.Operand) bool {
	switch x := x.(type) {
	case lsl.Reg:
		ry, ok := y.(lsl.Reg)
		return ok && m.reg(x, ry)
	case lsl.Const:
		cy, ok := y.(lsl.Const)
		return ok && m.value(x.V, cy.V)
	}
	return false
}

func (m *threadIso) operandList(xs, ys []lsl.Operand) bool {
	if len(xs) != len(ys) {
		return false
	}
	for i := range xs {
		if !m.operand(xs[i], ys[i]) {
			return false
		}
	}
	return true
}

func (m *threadIso) block(x, y *lsl.Block) bool {
	if x == nil || y == nil {
		return x == y
	}
	if (x.Label == "") != (y.Label == "") || len(x.Stmts) != len(y.Stmts) {
		return false
	}
	if x.Label != "" && !m.label(x.Label, y.Label) {
		return false
	}
	if (x.Loop == "") != (y.Loop == "") || x.Iter != y.Iter || (x.Loop != "" && !m.loop(x.Loop, y.Loop)) {
		return false
	}
	for i := range x.Stmts {
		if !m.stmt(x.Stmts[i], y.Stmts[i]) {
			return false
		}
	}
	return true
}

// stmt compares two statements; anything it does not know is different.
func (m *threadIso) stmt(x, y lsl.Stmt) bool {
	switch x := x.(type) {
	case *lsl.Block:
		y, ok := y.(*lsl.Block)
		return ok && m.block(x, y)
	case *lsl.Assign:
		y, ok := y.(*lsl.Assign)
		if ok && m.copies != nil && paramCopy(x) && paramCopy(y) {
			*m.copies = append(*m.copies, [2]*lsl.Assign{x, y})
			return m.reg(x.Dst, y.Dst)
		}
		return ok && x.Op == y.Op && x.Comp == y.Comp && x.Field == y.Field && m.reg(x.Dst, y.Dst) && m.operandList(x.Args, y.Args)
	case *lsl.Load:
		y, ok := y.(*lsl.Load)
		return ok && x.Expr == y.Expr && m.reg(x.Dst, y.Dst) && m.operand(x.Addr, y.Addr)
	case *lsl.Store:
		y, ok := y.(*lsl.Store)
		return ok && x.Expr == y.Expr && m.operand(x.Addr, y.Addr) && m.operand(x.Val, y.Val)
	case *lsl.Fence:
		y, ok := y.(*lsl.Fence)
		return ok && x.Kind == y.Kind
	case *lsl.If:
		y, ok := y.(*lsl.If)
		return ok && m.operand(x.Cond, y.Cond) && m.block(x.Then, y.Then) && m.block(x.Else, y.Else)
	case *lsl.Break:
		y, ok := y.(*lsl.Break)
		return ok && m.label(x.Label, y.Label)
	case *lsl.Continue:
		y, ok := y.(*lsl.Continue)
		return ok && m.label(x.Label, y.Label)
	case *lsl.Abort:
		y, ok := y.(*lsl.Abort)
		return ok && x.Msg == y.Msg
	case *lsl.Pruned:
		y, ok := y.(*lsl.Pruned)
		return ok && m.loop(x.Loop, y.Loop)
	case *lsl.Choose:
		y, ok := y.(*lsl.Choose)
		return ok && x.Lo == y.Lo && x.Hi == y.Hi && m.reg(x.Dst, y.Dst)
	case *lsl.Atomic:
		y, ok := y.(*lsl.Atomic)
		return ok && m.block(x.Body, y.Body)
	case *lsl.Spin:
		y, ok := y.(*lsl.Spin)
		return ok && m.label(x.Label, y.Label) && m.block(x.Body, y.Body)
	case *lsl.Assert:
		y, ok := y.(*lsl.Assert)
		return ok && x.Msg == y.Msg && m.operand(x.Cond, y.Cond)
	case *lsl.Assume:
		y, ok := y.(*lsl.Assume)
		return ok && m.operand(x.Cond, y.Cond)
	case *lsl.Observe:
		y, ok := y.(*lsl.Observe)
		if !ok || x.Kind != y.Kind || x.Name != y.Name || (x.Val == nil) != (y.Val == nil) {
			return false
		}
		return x.Val == nil || m.operand(x.Val, y.Val)
	case *lsl.Free:
		y, ok := y.(*lsl.Free)
		return ok && x.Kind == y.Kind && m.operand(x.Ptr, y.Ptr)
	}
	return false // Call, Alloc: not in unrolled code
}

package encode

import (
	"fmt"
	"slices"

	"github.com/checkfence/checkfence/lsl"
)

// Threads whose arguments only choose the row they write. A harness
// starts its consumers as popper(0), popper(1), … and each records what
// it took in its own row of a global array, taken[c], which the final
// thread (main after the joins) checks. The threads differ only in the
// cells their stores write, and no other thread reads those cells, so
// two of them swapped give the same execution but for the rows' contents,
// swapped. Instead of making the argument symbolic (paramsym.go: the
// rows become symbolic addresses, which costs the concurrent part of the
// encoding), the threads keep their constants and the final thread
// starts by permuting the rows: row i takes the contents of row σ(i) for
// a permutation σ it chooses. The threads are then interchangeable
// (symmetry.go orders them) and every execution of the program as written
// is, up to which thread is which, one of the rewritten program with σ
// the inverse renaming: docs/semantics.md, "Threads whose arguments only
// choose their rows".
//
// The class qualifies when, in each of its threads, the registers the
// differing constants flow into (forward through assignments) are used
// only to compute the addresses of stores; each such store that can
// execute (a row store) has one address, an in-bounds cell of a global
// variable, fixed by constants (constAddrs: a loop's counter is a
// constant in each unrolled iteration); the threads' row cells are
// pairwise disjoint and laid out alike (two row stores of one thread
// write one cell exactly when the corresponding stores of another do;
// corresponding cells are of one variable), and start with the same
// initial values; and no
// thread but the final one can reach those variables otherwise: their
// addresses appear, outside the final thread, only in the address
// computations of row stores, no global's initializer holds one, and no
// program converts numbers to pointers.

// rowClass is a class of threads rewritten this way: cells[i] are the
// row cells of the class's i-th thread, in the order of its row stores
// (first occurrences), and choice the final thread's permutation (a
// paramClass: pairwise distinct, the identity in queries that do not
// break symmetry).
type rowClass struct {
	threads []int
	cells   [][]lsl.Value
	choice  *paramClass
}

// RowClasses lists the classes of threads that keep their rows, the
// final thread permuting them (indices into Threads), or nil.
func (e *Encoding) RowClasses() [][]int {
	var out [][]int
	for _, rc := range e.rows {
		out = append(out, slices.Clone(rc.threads))
	}
	return out
}

// rowCells checks the conditions above for the class threads whose
// differing copies are at[i] in thread threads[i], and returns each
// thread's row cells.
func rowCells(u *lsl.Unrolled, threads []int, at [][]*lsl.Assign) ([][]lsl.Value, bool) {
	cells := make([][]lsl.Value, len(threads))
	stores := make([][]lsl.Value, len(threads)) // every row store's cell, in Walk order
	tainted := make([]map[lsl.Reg]bool, len(threads))
	for i, ti := range threads {
		th := u.Threads[ti]
		if th.Detached {
			// the final thread need not wait for it: its row stores
			// could come after the permutation
			return nil, false
		}
		t := map[lsl.Reg]bool{}
		for _, a := range at[i] {
			t[a.Dst] = true
		}
		taintAssigns(th.Body, t)
		var addrs []lsl.Value
		addrOf, dead, ok := constAddrs(th.Body, t)
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if !ok {
				return false
			}
			if _, isAssign := s.(*lsl.Assign); isAssign {
				return true
			}
			st, isStore := s.(*lsl.Store)
			for k, o := range lsl.Operands(s) {
				r, isReg := o.(lsl.Reg)
				if !isReg || !t[r] {
					continue
				}
				if !isStore || k != 0 {
					ok = false // a tainted value used other than as a store's address
					return false
				}
			}
			if isStore && !dead[st] {
				if r, isReg := st.Addr.(lsl.Reg); isReg && t[r] {
					v, known := addrOf[st]
					if !known || v.Kind != lsl.KPtr || u.Block(v.Ptr[0]) == nil || u.Block(v.Ptr[0]).Kind != lsl.BlockGlobal || u.OutOfBounds(v.Ptr) != "" {
						ok = false
						return false
					}
					addrs = append(addrs, v)
				}
			}
			return true
		})
		if !ok || len(addrs) == 0 {
			return nil, false
		}
		tainted[i], stores[i] = t, addrs
		for _, v := range addrs {
			if !slices.ContainsFunc(cells[i], v.Equal) {
				cells[i] = append(cells[i], v)
			}
		}
	}
	// laid out alike, disjoint, the same initial values
	for i := 1; i < len(threads); i++ {
		if len(stores[i]) != len(stores[0]) || len(cells[i]) != len(cells[0]) {
			return nil, false
		}
		for k := range stores[0] {
			if slices.IndexFunc(cells[i], stores[i][k].Equal) != slices.IndexFunc(cells[0], stores[0][k].Equal) {
				return nil, false
			}
		}
		for k := range cells[0] {
			// corresponding cells: one variable (its tags), one start
			if cells[i][k].Ptr[0] != cells[0][k].Ptr[0] || !initialValue(u, cells[i][k]).Equal(initialValue(u, cells[0][k])) {
				return nil, false
			}
		}
	}
	bases := map[int64]bool{}
	for i := range cells {
		for _, v := range cells[i] {
			bases[v.Ptr[0]] = true
			for j := range i {
				if slices.ContainsFunc(cells[j], v.Equal) {
					return nil, false
				}
			}
		}
	}
	if rowBlocksReachable(u, threads, tainted, bases) {
		return nil, false
	}
	return cells, true
}

// taintAssigns adds to t every register an assignment in b computes
// from a register of t (flow-insensitively, to a fixpoint).
func taintAssigns(b *lsl.Block, t map[lsl.Reg]bool) {
	for changed := true; changed; {
		changed = false
		lsl.Walk(b, func(s lsl.Stmt) bool {
			a, ok := s.(*lsl.Assign)
			if !ok || t[a.Dst] {
				return true
			}
			for _, o := range a.Args {
				if r, isReg := o.(lsl.Reg); isReg && t[r] {
					t[a.Dst], changed = true, true
					break
				}
			}
			return true
		})
	}
}

// rowBlocksReachable reports whether a thread other than the final one
// can reach a cell of the blocks bases other than by the class's row
// stores: a constant pointer into them anywhere but in an assignment of
// a class thread that computes a tainted register (an address of a row
// store), a global initialized with such a pointer, or a conversion from
// numbers to pointers.
func rowBlocksReachable(u *lsl.Unrolled, threads []int, tainted []map[lsl.Reg]bool, bases map[int64]bool) bool {
	if (&Encoding{U: u}).forgesPointers() {
		return true
	}
	into := func(o lsl.Operand) bool {
		k, ok := o.(lsl.Const)
		return ok && k.V.Kind == lsl.KPtr && bases[k.V.Ptr[0]]
	}
	for _, g := range u.Prog.Globals {
		for _, c := range g.Init {
			if c.Val.Kind == lsl.KPtr && bases[c.Val.Ptr[0]] {
				return true
			}
		}
	}
	for ti, th := range u.Threads {
		if th.Kind == lsl.ThreadFinal {
			continue
		}
		var t map[lsl.Reg]bool
		if i := slices.Index(threads, ti); i >= 0 {
			t = tainted[i]
		}
		reach := false
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if a, ok := s.(*lsl.Assign); ok && t[a.Dst] {
				return true // an address of a row store
			}
			for _, o := range lsl.Operands(s) {
				if into(o) {
					reach = true
				}
			}
			return !reach
		})
		if reach {
			return true
		}
	}
	return false
}

// initialValue is the value a never-written cell of a global holds.
func initialValue(u *lsl.Unrolled, p lsl.Value) lsl.Value {
	base := p.Ptr[0]
	if base >= 1 && int(base) <= len(u.Prog.Globals) {
		for _, c := range u.Prog.Globals[base-1].Init {
			if slices.Equal(c.Path, p.Ptr[1:]) {
				return c.Val
			}
		}
	}
	return lsl.Num(0)
}

// constAddrs evaluates, flow-sensitively, the address of each store of
// body whose address register is in t: per program point the registers
// whose value is a constant on every path reaching it (assignments of
// copies, offsets and arithmetic on such registers and constants; the
// paths of an if and the breaks out of a labelled block join where they
// meet, keeping the registers equal on all). A store whose address is
// not such a constant, or one inside a spin loop, fails the walk.
//
// A store at a point no path reaches — after a break, or in the branch of
// an if whose condition is a constant there (the iteration of an unrolled
// loop past its exit) — never executes: it is in dead, not in the map.
func constAddrs(body *lsl.Block, t map[lsl.Reg]bool) (addrs map[*lsl.Store]lsl.Value, dead map[*lsl.Store]bool, ok bool) {
	w := &constWalker{t: t, exits: map[string][]constEnv{}, live: true, addrs: map[*lsl.Store]lsl.Value{}, dead: map[*lsl.Store]bool{}, ok: true}
	w.block(body, constEnv{})
	return w.addrs, w.dead, w.ok
}

// constEnv maps registers to the constants they hold at a point.
type constEnv map[lsl.Reg]lsl.Value

func (env constEnv) clone() constEnv {
	out := make(constEnv, len(env))
	for r, v := range env {
		out[r] = v
	}
	return out
}

// meet keeps the registers o holds equal.
func (env constEnv) meet(o constEnv) {
	for r, v := range env {
		if w, ok := o[r]; !ok || !w.Equal(v) {
			delete(env, r)
		}
	}
}

type constWalker struct {
	t     map[lsl.Reg]bool
	exits map[string][]constEnv // the states of the breaks to each open labelled block
	live  bool                  // the current point is reachable
	addrs map[*lsl.Store]lsl.Value
	dead  map[*lsl.Store]bool
	spin  int // depth of spin loops around the current point
	ok    bool
}

func (w *constWalker) block(b *lsl.Block, env constEnv) constEnv {
	if b.Label == "" {
		for _, s := range b.Stmts {
			env = w.stmt(s, env)
		}
		return env
	}
	l := b.Label
	saved := w.exits[l]
	defer func() { w.exits[l] = saved }()
	w.exits[l] = nil
	for _, s := range b.Stmts {
		env = w.stmt(s, env)
	}
	exits := w.exits[l]
	if !w.live {
		if len(exits) == 0 {
			return env // the end is unreachable
		}
		env = exits[0]
		exits = exits[1:]
		w.live = true
	}
	for _, e := range exits {
		env.meet(e)
	}
	return env
}

func (w *constWalker) stmt(s lsl.Stmt, env constEnv) constEnv {
	switch s := s.(type) {
	case *lsl.Block:
		return w.block(s, env)
	case *lsl.If:
		live := w.live
		taken, known := constCond(s.Cond, env)
		thenEnv := env.clone()
		if s.Then != nil {
			w.live = live && (!known || taken)
			thenEnv = w.block(s.Then, thenEnv)
		}
		thenLive := w.live && (!known || taken)
		w.live = live && (!known || !taken)
		elseEnv := env
		if s.Else != nil {
			elseEnv = w.block(s.Else, env)
		}
		switch elseLive := w.live && (!known || !taken); {
		case thenLive && elseLive:
			elseEnv.meet(thenEnv)
			return elseEnv
		case thenLive:
			w.live = true
			return thenEnv
		}
		return elseEnv
	case *lsl.Break:
		if w.live {
			w.exits[s.Label] = append(w.exits[s.Label], env.clone())
		}
		w.live = false
		return env
	case *lsl.Continue, *lsl.Abort, *lsl.Pruned:
		w.live = false
		return env
	case *lsl.Atomic:
		return w.block(s.Body, env)
	case *lsl.Spin:
		// a retried body: nothing it assigns is known inside or after it
		lsl.Walk(s.Body, func(x lsl.Stmt) bool {
			for _, r := range lsl.Assigned(x) {
				delete(env, r)
			}
			return true
		})
		w.spin++
		env = w.block(&lsl.Block{Label: s.Label, Stmts: s.Body.Stmts, Pos: s.Pos}, env)
		w.spin--
		lsl.Walk(s.Body, func(x lsl.Stmt) bool {
			for _, r := range lsl.Assigned(x) {
				delete(env, r)
			}
			return true
		})
		return env
	case *lsl.Store:
		if r, isReg := s.Addr.(lsl.Reg); isReg && w.t[r] {
			if !w.live {
				w.dead[s] = true
				break
			}
			v, known := env[r]
			if !known || w.spin > 0 {
				w.ok = false
			} else {
				w.addrs[s] = v
			}
		}
	case *lsl.Assign:
		if v, ok := evalConst(s, env); ok {
			env[s.Dst] = v
			return env
		}
	}
	for _, r := range lsl.Assigned(s) {
		delete(env, r)
	}
	return env
}

// constCond says whether an if's condition is true, when it is a
// constant number at the point (env).
func constCond(o lsl.Operand, env constEnv) (taken, known bool) {
	var v lsl.Value
	switch o := o.(type) {
	case lsl.Const:
		v = o.V
	case lsl.Reg:
		if v, known = env[o]; !known {
			return false, false
		}
	default:
		return false, false
	}
	if v.Kind != lsl.KNum {
		return false, false
	}
	return v.Num != 0, true
}

// evalConst is the value an assignment of copy, offset or arithmetic on
// constants and registers of env computes.
func evalConst(a *lsl.Assign, env constEnv) (lsl.Value, bool) {
	if a.Op == lsl.OpMake || a.Op == lsl.OpGet || a.Op == lsl.OpSet || a.Op == lsl.OpThreadID || a.Op == lsl.OpNumThreads {
		return lsl.Value{}, false
	}
	args := make([]lsl.Value, len(a.Args))
	for i, o := range a.Args {
		switch o := o.(type) {
		case lsl.Const:
			args[i] = o.V
		case lsl.Reg:
			v, ok := env[o]
			if !ok {
				return lsl.Value{}, false
			}
			args[i] = v
		default:
			return lsl.Value{}, false
		}
	}
	v, msg := lsl.EvalOp(a.Op, nil, -1, args)
	return v, msg == ""
}

// rewriteRows makes the final thread of u start by permuting the rows of
// class cl (number k among the rewritten classes): it chooses σ(i) for
// each row i (pairwise distinct: paramConstraint), loads every row cell
// and stores into row i's k-th cell what row σ(i)'s k-th cell held. The
// new loads and stores get fresh instruction ids.
func rewriteRows(u *lsl.Unrolled, cl *rowClass, k int) {
	var final *lsl.Thread
	for _, th := range u.Threads {
		if th.Kind == lsl.ThreadFinal {
			final = th
		}
	}
	n := len(cl.threads)
	if final == nil {
		return // nothing reads the rows: the threads are interchangeable as they stand
	}
	var op *lsl.Block
	for _, s := range final.Body.Stmts {
		if b, ok := s.(*lsl.Block); ok {
			op = b
			break
		}
	}
	if op == nil {
		return
	}
	pos := op.Pos
	cl.choice = &paramClass{threads: cl.threads, vals: make([]*Val, n)}
	var pre []lsl.Stmt
	sigma := make([]lsl.Reg, n)
	for i := range n {
		sigma[i] = lsl.Reg(fmt.Sprintf("%%rows.%d.sigma.%d", k, i))
		ch := &lsl.Choose{Dst: sigma[i], Lo: 0, Hi: int64(n - 1), Pos: pos}
		cl.choice.chooses = append(cl.choice.chooses, ch)
		pre = append(pre, ch)
	}
	old := func(i, c int) lsl.Reg { return lsl.Reg(fmt.Sprintf("%%rows.%d.old.%d.%d", k, i, c)) }
	for i := range n {
		for c, cell := range cl.cells[i] {
			u.NumIDs++
			pre = append(pre, &lsl.Load{Dst: old(i, c), Addr: lsl.Const{V: cell}, Expr: lsl.RowPermutationExpr, ID: u.NumIDs, Pos: pos})
		}
	}
	for i := range n {
		for c, cell := range cl.cells[i] {
			nv := lsl.Reg(fmt.Sprintf("%%rows.%d.new.%d.%d", k, i, c))
			pre = append(pre, &lsl.Assign{Dst: nv, Op: lsl.OpCopy, Args: []lsl.Operand{old(0, c)}, Pos: pos})
			for j := 1; j < n; j++ {
				is := lsl.Reg(fmt.Sprintf("%%rows.%d.is.%d.%d", k, i, j))
				pre = append(pre,
					&lsl.Assign{Dst: is, Op: lsl.OpEq, Args: []lsl.Operand{sigma[i], lsl.Const{V: lsl.Num(int64(j))}}, Pos: pos},
					&lsl.Assign{Dst: nv, Op: lsl.OpSelect, Args: []lsl.Operand{is, old(j, c), nv}, Pos: pos})
			}
			u.NumIDs++
			pre = append(pre, &lsl.Store{Addr: lsl.Const{V: cell}, Val: nv, Expr: lsl.RowPermutationExpr, ID: u.NumIDs, Pos: pos})
		}
	}
	op.Stmts = append(pre, op.Stmts...)
}

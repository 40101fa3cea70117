package encode

import (
	"fmt"

	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Threads that differ in their arguments. A pthread program starts its
// threads on one function with different arguments — pusher(1),
// pusher(2), popper(0), popper(1) — and the unrolled threads then differ
// in the constants their parameters are copied from, so they are not
// identical and symmetry breaking (symmetry.go) leaves them alone. With
// Options.ParamSymmetry, Build rewrites each class of concurrent threads
// whose code is the same up to the constants of such copies (and the
// renamings of symmetry.go): every thread of the class chooses an index
// i of the class (a choice 0 … k-1, the choices of the class pairwise
// distinct) and copies the constants of the class's i-th thread. The
// threads are then identical, and the program is the same up to which
// thread runs with which arguments: docs/semantics.md, "Threads that
// differ in their arguments".

// paramClass is a class of rewritten threads: their choices, in the
// order of the threads (the i-th thread's own constants are the class's
// i-th tuple), and, once encoded, the chosen values.
type paramClass struct {
	threads []int
	chooses []*lsl.Choose
	vals    []*Val
}

// paramCandidate is a class that may choose its arguments: its threads,
// their differing copies and constants.
type paramCandidate struct {
	threads []int
	at      [][]*lsl.Assign
	tuples  [][]lsl.Value
}

// paramAt is a rewritten thread's choice: its class and place there.
type paramAt struct {
	cl *paramClass
	i  int
}

// paramMinThreads is the least class that is rewritten. The choices make
// what depended on a thread's arguments symbolic (the row it writes, the
// value it pushes), which costs more than ordering two threads gains: on
// the C11 queue and stack at 2+2 the rewriting took 5-20 % more CPU, at
// 3+3 and 4+4 less (docs/performance.md, "Threads that differ in their
// arguments"). It is the least class that keeps its rows too
// (rowsym.go): the final thread's permutation of two rows cost the C11
// queue 2+2 10-20 % more CPU than it saved (same file, "Threads whose
// arguments only choose their rows").
const paramMinThreads = 3

// symmetrizeParams finds the classes and rewrites their threads in u. A
// program that frees memory is left alone: where a thread's argument
// chooses the row that records a node for main to free, main's frees
// and the use-after-free checks become symbolic too, and the C11 queue
// and stack with frees took up to 2.4 times the CPU (same section).
func symmetrizeParams(u *lsl.Unrolled) ([]*paramClass, []*rowClass) {
	// a thread's observations are its own record: renaming threads
	// would permute them (whole programs have none)
	if observes(u) {
		return nil, nil
	}
	freeing := frees(u)
	e := &Encoding{U: u}
	owner := lsl.BlockNamers(u)
	hidden := e.forgesPointers()
	// per thread but its class's first: the copies of the two, aligned
	sites := map[int][][2]*lsl.Assign{}
	groups := classify(u, func(rep, ti int) bool {
		var copies [][2]*lsl.Assign
		m, ok := e.codeIsomorphic(rep, ti, owner, &copies)
		if ok && (!m.renamesBlocks() || !hidden) {
			sites[ti] = copies
			return true
		}
		return false
	})
	var classes []*paramClass
	var rows []*rowClass
	var params []paramCandidate
	for _, threads := range groups {
		if len(threads) < 2 {
			continue
		}
		// the copies whose constant differs in some thread of the class
		var diff []int
		for p := range sites[threads[1]] {
			for _, ti := range threads[1:] {
				if !constOf(sites[ti][p][0]).Equal(constOf(sites[ti][p][1])) {
					diff = append(diff, p)
					break
				}
			}
		}
		if len(diff) == 0 {
			continue // identical already
		}
		// tuples[i][d]: thread i's constant at differing copy d; at[i][d]
		// its copy statement
		tuples := make([][]lsl.Value, len(threads))
		at := make([][]*lsl.Assign, len(threads))
		for i, ti := range threads {
			for _, p := range diff {
				a := sites[threads[1]][p][0] // the first thread's
				if i > 0 {
					a = sites[ti][p][1]
				}
				at[i] = append(at[i], a)
				tuples[i] = append(tuples[i], constOf(a))
			}
		}
		// threads whose arguments only choose their rows keep them
		// (rowsym.go); the others choose their arguments if the class is
		// large enough and nothing is freed
		if len(threads) < paramMinThreads {
			continue
		}
		if cells, ok := rowCells(u, threads, at); ok {
			rows = append(rows, &rowClass{threads: threads, cells: cells})
			continue
		}
		if !freeing {
			params = append(params, paramCandidate{threads, at, tuples})
		}
	}
	// Where some class keeps its rows, the others keep their arguments:
	// their choices made the values they pass on symbolic and cost more
	// than ordering them gained (docs/performance.md, "Threads whose
	// arguments only choose their rows").
	if len(rows) > 0 {
		params = nil
	}
	for _, pc := range params {
		threads, at, tuples := pc.threads, pc.at, pc.tuples
		cl := &paramClass{threads: threads, vals: make([]*Val, len(threads))}
		for i, ti := range threads {
			cl.chooses = append(cl.chooses, rewriteParams(u.Threads[ti], len(classes), at[i], tuples))
		}
		classes = append(classes, cl)
	}
	for k, rc := range rows {
		if rewriteRows(u, rc, k); rc.choice != nil {
			classes = append(classes, rc.choice)
		}
	}
	return classes, rows
}

// codeIsomorphic compares the unrolled code of threads a and b (and
// whether they are detached) up to the renamings of threadIso. With
// copies not nil, a copy of an integer constant into a register matches
// any other such copy, and copies lists the pairs in the order of a's
// code; isomorphic passes nil.
func (e *Encoding) codeIsomorphic(a, b int, owner map[int64]int, copies *[][2]*lsl.Assign) (*threadIso, bool) {
	ta, tb := e.U.Threads[a], e.U.Threads[b]
	m := &threadIso{e: e, a: a, b: b, owner: owner, copies: copies,
		regs: map[lsl.Reg]lsl.Reg{}, regB: map[lsl.Reg]lsl.Reg{},
		labs: map[string]string{}, labB: map[string]string{},
		blks: map[int64]int64{}, blkB: map[int64]int64{},
		loops: map[lsl.LoopKey]lsl.LoopKey{}, loopB: map[lsl.LoopKey]lsl.LoopKey{}}
	if ta.Kind != tb.Kind || ta.Detached != tb.Detached || !m.block(ta.Body, tb.Body) {
		return nil, false
	}
	return m, true
}

// paramCopy reports whether s copies an integer constant into a register.
func paramCopy(s *lsl.Assign) bool {
	if s.Op != lsl.OpCopy || len(s.Args) != 1 {
		return false
	}
	k, ok := s.Args[0].(lsl.Const)
	return ok && k.V.Kind == lsl.KNum
}

func constOf(a *lsl.Assign) lsl.Value { return a.Args[0].(lsl.Const).V }

// rewriteParams makes thread th (class number cls) choose its index and
// copy the chosen tuple's constants at its differing copies at; it
// returns the choice. Every thread of the class gets the same code: the
// first tuple's constant, then for each later tuple i a select on the
// choice being i.
func rewriteParams(th *lsl.Thread, cls int, at []*lsl.Assign, tuples [][]lsl.Value) *lsl.Choose {
	// the unroller gives every register of the program an activation
	// suffix ($k), so these names are the rewriting's own
	idx := lsl.Reg(fmt.Sprintf("%%param.%d", cls))
	ch := &lsl.Choose{Dst: idx, Lo: 0, Hi: int64(len(tuples) - 1), Pos: th.Body.Pos}
	repl := map[*lsl.Assign][]lsl.Stmt{}
	for d, a := range at {
		out := []lsl.Stmt{&lsl.Assign{Dst: a.Dst, Op: lsl.OpCopy, Args: []lsl.Operand{lsl.Const{V: tuples[0][d]}}, Pos: a.Pos}}
		for i := 1; i < len(tuples); i++ {
			is := lsl.Reg(fmt.Sprintf("%%param.%d.%d.%d", cls, d, i))
			out = append(out,
				&lsl.Assign{Dst: is, Op: lsl.OpEq, Args: []lsl.Operand{idx, lsl.Const{V: lsl.Value{Kind: lsl.KNum, Num: int64(i)}}}, Pos: a.Pos},
				&lsl.Assign{Dst: a.Dst, Op: lsl.OpSelect, Args: []lsl.Operand{is, lsl.Const{V: tuples[i][d]}, a.Dst}, Pos: a.Pos})
		}
		repl[a] = out
	}
	lsl.Walk(th.Body, func(s lsl.Stmt) bool {
		b, ok := s.(*lsl.Block)
		if !ok {
			return true
		}
		var out []lsl.Stmt
		for i, st := range b.Stmts {
			if a, ok := st.(*lsl.Assign); ok && repl[a] != nil {
				if out == nil {
					out = append([]lsl.Stmt(nil), b.Stmts[:i]...)
				}
				out = append(out, repl[a]...)
				continue
			}
			if out != nil {
				out = append(out, st)
			}
		}
		if out != nil {
			b.Stmts = out
		}
		return true
	})
	// Each statement of a thread's body is an operation (execThread): the
	// choice goes into the first one, which a differing copy follows.
	first := th.Body.Stmts[0]
	th.Body.Stmts[0] = &lsl.Block{Stmts: []lsl.Stmt{ch, first}, Pos: th.Body.Pos}
	return ch
}

// paramConstraint says that the choices of each class are pairwise
// distinct: a permutation of the class's tuples.
func (e *Encoding) paramConstraint() z.Lit {
	c := e.C
	var parts []z.Lit
	for _, cl := range e.params {
		for i := range cl.vals {
			for j := i + 1; j < len(cl.vals); j++ {
				// a choice the encoding never reached (its code cannot
				// run at these bounds) constrains nothing
				if cl.vals[i] != nil && cl.vals[j] != nil {
					parts = append(parts, bv.Eq(c, cl.vals[i].Num, cl.vals[j].Num).Not())
				}
			}
		}
	}
	return c.Ands(parts...)
}

// ParamIdentity holds when every rewritten thread chose its own
// arguments: the executions of the program as written, thread by thread.
// Queries that do not break symmetry assume it, so that a counterexample
// shows each thread with its own arguments (every execution of the
// rewritten program is one of the written program with its threads
// renamed, so nothing is lost). True when no thread was rewritten.
func (e *Encoding) ParamIdentity() z.Lit {
	c := e.C
	var parts []z.Lit
	for _, cl := range e.params {
		for i, v := range cl.vals {
			if v != nil {
				parts = append(parts, bv.Eq(c, v.Num, bv.Const(c, int64(i), len(v.Num))))
			}
		}
	}
	return c.Ands(parts...)
}

// ParamClasses reports how many classes of threads were rewritten and
// how many threads they hold.
func (e *Encoding) ParamClasses() (classes, threads int) {
	for _, cl := range e.params {
		threads += len(cl.threads)
	}
	return len(e.params), threads
}

// ParamChoice is what a rewritten thread chose in an execution: the
// index of the tuple of arguments it ran with, and its own.
type ParamChoice struct {
	Thread      string
	Chosen, Own int
}

// ParamChoices decodes the choices of the rewritten threads from a model.
func (e *Encoding) ParamChoices(val func(z.Lit) bool) []ParamChoice {
	var out []ParamChoice
	for _, cl := range e.params {
		for i, v := range cl.vals {
			if v == nil {
				continue
			}
			out = append(out, ParamChoice{Thread: e.U.Threads[cl.threads[i]].Name, Chosen: int(e.vx.decode(v, val).Num), Own: i})
		}
	}
	return out
}

// observes reports whether some thread of u records an observation.
func observes(u *lsl.Unrolled) bool {
	return anyStmt(u, func(s lsl.Stmt) bool { _, ok := s.(*lsl.Observe); return ok })
}

// frees reports whether some thread of u frees memory: a free of the
// pool (unrolled into a store to the block's flag) or any other.
func frees(u *lsl.Unrolled) bool {
	if u.Pool != nil {
		for _, malloc := range u.Pool.FlagStores {
			if !malloc {
				return true
			}
		}
	}
	return anyStmt(u, func(s lsl.Stmt) bool { _, ok := s.(*lsl.Free); return ok })
}

// anyStmt reports whether some statement of a thread of u satisfies f.
func anyStmt(u *lsl.Unrolled, f func(lsl.Stmt) bool) bool {
	found := false
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			found = found || f(s)
			return !found
		})
	}
	return found
}

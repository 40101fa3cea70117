package lsl

import (
	"sort"

	"github.com/checkfence/checkfence/internal/limits"
)

// The range analysis follows registers through each thread's code in
// program order (reaching definitions): a use of a register sees the values
// of the assignments that may reach it, not of every assignment of the
// register. An unrolled loop assigns its counter once per iteration
// (%i := add(%i, 1)); a flow-insensitive analysis fed each iteration's
// result back into the next until the derivation-depth bound (the number
// of value-creating statements of the whole program) stopped it, so every
// loop counter ranged up to that bound — a few hundred values where the
// loop runs three times, which widened every number of the encoding and
// made two-dimensional indexing (a[p][k]) enumerate the product of two such
// ranges. Memory stays flow-insensitive: a load sees every value any store
// to its cells may write.

// defSet lists the analysis statements (indices into fixpoint's list)
// whose assignment of a register may reach a use, in increasing order;
// unassigned (-1) means that some path reaches the use without assigning
// the register. defSets are never modified once built.
type defSet []int

const unassigned = -1

func (d defSet) union(e defSet) defSet {
	out := make(defSet, 0, len(d)+len(e))
	i, j := 0, 0
	for i < len(d) || j < len(e) {
		switch {
		case j == len(e) || (i < len(d) && d[i] < e[j]):
			out = append(out, d[i])
			i++
		case i == len(d) || e[j] < d[i]:
			out = append(out, e[j])
			j++
		default:
			out = append(out, d[i])
			i++
			j++
		}
	}
	return out
}

// rdState maps each register assigned on some path to the point to the
// assignments that may reach it; a register missing is unassigned.
type rdState map[Reg]defSet

func (st rdState) get(x Reg) defSet {
	if d, ok := st[x]; ok {
		return d
	}
	return defSet{unassigned}
}

func (st rdState) clone() rdState {
	n := make(rdState, len(st))
	for k, v := range st {
		n[k] = v
	}
	return n
}

// join adds o's definitions to st and reports whether st changed.
func (st rdState) join(o rdState) bool {
	changed := false
	for x, d := range st {
		if _, ok := o[x]; !ok && d[0] != unassigned {
			st[x] = defSet{unassigned}.union(d)
			changed = true
		}
	}
	for x, e := range o {
		d := st.get(x)
		u := d.union(e)
		if len(u) != len(d) {
			st[x] = u
			changed = true
		}
	}
	return changed
}

// rdPlain keeps every register in the walker's states (dead drops
// none), for the differential test against the plain walk.
var rdPlain bool

// assigned is the register an analysis statement assigns ("" if none).
func assigned(s Stmt) Reg {
	switch s := s.(type) {
	case *Assign:
		return s.Dst
	case *Load:
		return s.Dst
	case *Choose:
		return s.Dst
	case *Store:
		return s.Status
	}
	return ""
}

// reachingDefs computes, for every statement of stmts (the analysis'
// statements of the threads, in Walk order) and each of its operands that
// is a register, the statements whose assignment may reach it.
func reachingDefs(threads []*Thread, stmts []Stmt, poll *limits.Poller) ([][]defSet, error) {
	w := &rdWalker{
		poll:  poll,
		index: make(map[Stmt]int, len(stmts)),
		uses:  make([][]defSet, len(stmts)),
		exits: map[string][]rdState{},
		conts: map[string][]rdState{},
	}
	for i, s := range stmts {
		w.index[s] = i
	}
	for _, th := range threads {
		w.live = true
		w.countReads(th.Body)
		w.block(th.Body, rdState{})
	}
	return w.uses, w.err
}

// countReads prepares the walk of one thread: the labels continued (their
// blocks may be walked more than once) and, per register, the reads of it
// by the analysis' statements.
func (w *rdWalker) countReads(body *Block) {
	w.looped, w.left = map[string]bool{}, map[Reg]int{}
	Walk(body, func(s Stmt) bool {
		if c, ok := s.(*Continue); ok {
			w.looped[c.Label] = true
		}
		if _, ok := w.index[s]; ok {
			for _, o := range Operands(s) {
				if x, ok := o.(Reg); ok {
					w.left[x]++
				}
			}
		}
		return true
	})
}

// dead reports whether no statement still to be walked reads x. Reads
// are counted off only outside the blocks a continue walks again, where
// each statement is walked once; a register read inside such a block is
// never dead. The state need not keep a dead register: a nested if or a
// switch's chain of comparisons then carries the registers still to be
// read, not every register assigned before (10,000 nested ifs cloned
// 10,000 states of up to 10,000 registers each: gigabytes).
func (w *rdWalker) dead(x Reg) bool {
	return !rdPlain && w.left[x] <= 0
}

type rdWalker struct {
	index map[Stmt]int
	uses  [][]defSet
	// the states of the breaks to and continues of each open labelled block
	exits, conts map[string][]rdState
	// live: the current point is reachable. Dead code (after a break,
	// an abort or a cut-off) is still walked, with the state of the
	// point that ended the path, so that its statements get uses; its
	// breaks and continues are not followed.
	live bool
	// poll stops the walk: err is set and every statement after is
	// skipped.
	poll *limits.Poller
	err  error
	// looped are the labels continued in the thread, loopDepth the
	// blocks with such a label the walk is in; left counts the reads of
	// each register not counted off yet (countReads, dead).
	looped    map[string]bool
	loopDepth int
	left      map[Reg]int
}

// block walks b from st (which it may change) and returns the state after
// b. A labelled block joins the states of the breaks to it; a block that
// something continues (a spin loop) is walked again from its entry joined
// with the continues' states until that entry no longer grows.
func (w *rdWalker) block(b *Block, st rdState) rdState {
	if b.Label == "" {
		for _, s := range b.Stmts {
			st = w.stmt(s, st)
		}
		return st
	}
	l := b.Label
	savedExits, savedConts := w.exits[l], w.conts[l]
	defer func() { w.exits[l], w.conts[l] = savedExits, savedConts }()
	if w.looped[l] {
		w.loopDepth++
		defer func() { w.loopDepth-- }()
	}
	entry, live := st, w.live
	for {
		w.exits[l], w.conts[l] = nil, nil
		w.live = live
		cur := entry.clone()
		for _, s := range b.Stmts {
			cur = w.stmt(s, cur)
		}
		if conts := w.conts[l]; len(conts) > 0 {
			next := entry.clone()
			changed := false
			for _, c := range conts {
				changed = next.join(c) || changed
			}
			if changed {
				entry = next
				continue
			}
		}
		exits := w.exits[l]
		if w.live {
			for _, e := range exits {
				cur.join(e)
			}
			return cur
		}
		if len(exits) == 0 {
			return cur // the end is unreachable
		}
		out := exits[0].clone()
		for _, e := range exits[1:] {
			out.join(e)
		}
		w.live = true
		return out
	}
}

func (w *rdWalker) stmt(s Stmt, st rdState) rdState {
	if w.err == nil {
		w.err = w.poll.Check()
	}
	if w.err != nil {
		w.live = false
		return st
	}
	if i, ok := w.index[s]; ok {
		ops := Operands(s)
		u := make([]defSet, len(ops))
		for k, o := range ops {
			if x, ok := o.(Reg); ok {
				u[k] = st.get(x)
			}
		}
		// In a spin loop walked again, the last walk has the largest sets.
		w.uses[i] = u
		if w.loopDepth == 0 {
			for _, o := range ops {
				if x, ok := o.(Reg); ok {
					if w.left[x]--; w.dead(x) {
						delete(st, x)
					}
				}
			}
		}
		if x := assigned(s); x != "" {
			if w.dead(x) {
				delete(st, x) // nothing reads this assignment or an earlier one
			} else {
				st[x] = defSet{i}
			}
		}
		return st
	}
	switch s := s.(type) {
	case *Block:
		return w.block(s, st)
	case *If:
		live := w.live
		thenSt := st.clone()
		if s.Then != nil {
			thenSt = w.block(s.Then, thenSt)
		}
		thenLive := w.live
		w.live = live
		elseSt := st
		if s.Else != nil {
			elseSt = w.block(s.Else, st)
		}
		switch elseLive := w.live; {
		case thenLive && elseLive:
			elseSt.join(thenSt)
			return elseSt
		case thenLive:
			w.live = true
			return thenSt
		default:
			return elseSt
		}
	case *Break:
		if w.live {
			w.exits[s.Label] = append(w.exits[s.Label], st.clone())
		}
		w.live = false
	case *Continue:
		if w.live {
			w.conts[s.Label] = append(w.conts[s.Label], st.clone())
		}
		w.live = false
	case *Abort, *Pruned:
		w.live = false
	case *Atomic:
		return w.block(s.Body, st)
	case *Spin:
		return w.block(&Block{Label: s.Label, Stmts: s.Body.Stmts, Pos: s.Pos}, st)
	}
	return st
}

// readersOf inverts uses: for every statement, the statements that may
// read the register it assigns.
func readersOf(uses [][]defSet, n int) [][]int {
	readers := make([][]int, n)
	for i, u := range uses {
		for _, d := range u {
			for _, def := range d {
				if def == unassigned {
					continue
				}
				if rs := readers[def]; len(rs) == 0 || rs[len(rs)-1] != i {
					readers[def] = append(rs, i)
				}
			}
		}
	}
	for _, rs := range readers {
		sort.Ints(rs)
	}
	return readers
}

package lsl

import (
	"sort"

	"github.com/checkfence/checkfence/diag"
)

// Fence synthesis ("checkfence fences --insert") places candidate fences at
// source-level program points. A point is a gap in a statement list of a
// procedure, between groups of statements that come from one source line,
// such that a fence written on a line of its own in the source lands
// exactly there: before the first statement of a line, or after the last
// statement of a line when nothing follows it in the list (the end of a
// loop body or a branch). Every statement the point lies between is
// inlined and unrolled like any other, so every unrolled instance and
// inlined copy of a point shares the point's candidates.

// InsertSide says where a fence goes relative to its source line.
type InsertSide uint8

const (
	InsertBefore InsertSide = iota + 1 // on a line of its own before Line
	InsertAfter                        // on a line of its own after Line
)

func (s InsertSide) String() string {
	switch s {
	case InsertAfter:
		return "after"
	case OrderSide:
		return "at"
	}
	return "before"
}

// FencePoint is one program point that candidate fences may occupy.
type FencePoint struct {
	Proc string
	File string
	Line int
	Side InsertSide
	// Pos is the position of the statement the point is next to (before it
	// for InsertBefore, after it for InsertAfter).
	Pos diag.Pos
}

// Key identifies the point's source location.
func (p *FencePoint) Key() string {
	return p.File + ":" + itoa(p.Line) + ":" + p.Side.String()
}

// Candidate is one candidate fence: a barrier at a point. ID ≥ 1 is the
// Fence.Cand value of every copy of every fence of the barrier.
type Candidate struct {
	ID      int
	Point   *FencePoint
	Barrier *Barrier
	// Kind is the fence kind of a barrier that is one LSL fence kind
	// (KindBarrier), 0 otherwise.
	Kind FenceKind
	// Order, for a memory-order candidate (candidates_orders.go, Barrier
	// nil): the order (ACQ, …) that the C11 atomic access of kind Access
	// (R, W, RMW) at the point gets instead of its order From.
	Order, From, Access string
}

// Name is the barrier's name, or the C name of a candidate's order.
func (c *Candidate) Name() string {
	if c.Barrier == nil {
		return C11OrderName(c.Order)
	}
	return c.Barrier.Name
}

// PointFilter decides whether a point can be used (for example, whether a
// line can be inserted in the source file there). Nil accepts every point.
type PointFilter func(*FencePoint) bool

// InsertCandidates returns a copy of p with a candidate fence of each kind
// at every program point between two memory accesses of a procedure (an
// access may precede the point on some path through the procedure, or the
// point lies in a loop with an access, and an access follows it), and the
// candidates. Statements of p are shared with the copy, except the lists
// that receive candidates. Existing fences stay as they are.
func InsertCandidates(p *Program, kinds []FenceKind, ok PointFilter) (*Program, []*Candidate) {
	var bs []*Barrier
	for _, k := range kinds {
		bs = append(bs, KindBarrier(k))
	}
	return InsertBarriers(p, bs, ok)
}

// InsertBarriers is InsertCandidates with a candidate of each barrier at
// every point.
func InsertBarriers(p *Program, barriers []*Barrier, ok PointFilter) (*Program, []*Candidate) {
	ins := &candInserter{byKey: map[string][]*Candidate{}, barriers: barriers, ok: ok, p: p}
	q := *p
	q.Procs = nil
	for _, proc := range p.Procs {
		c := *proc
		ins.proc = proc
		ins.seen = false
		c.Body = ins.block(proc.Body, proc.Pos, false)
		q.Procs = append(q.Procs, &c)
	}
	return &q, ins.cands
}

type candInserter struct {
	p        *Program
	barriers []*Barrier
	ok       PointFilter
	proc     *Proc
	seen     bool // an access precedes the current point in the procedure text
	byKey    map[string][]*Candidate
	cands    []*Candidate
}

// group is a run of statements of one list that come from one source line.
type group struct {
	lo, hi int // Stmts[lo:hi]
	line   int
	access bool
}

func (ins *candInserter) groups(b *Block, parent diag.Pos) []group {
	var out []group
	prevLine := parent.Line
	for i, s := range b.Stmts {
		line := s.Position().Line
		if len(out) == 0 || line != prevLine || line == 0 {
			out = append(out, group{lo: i, hi: i + 1, line: line})
		} else {
			out[len(out)-1].hi = i + 1
		}
		if ins.hasAccess(s) {
			out[len(out)-1].access = true
		}
		prevLine = line
	}
	// The first group continues the parent's line (a loop condition on the
	// loop's line): no line of its own can go before it.
	return out
}

// block copies b, inserting candidates in its list and the nested lists.
// parent is the position of the enclosing statement; inLoop says whether
// an enclosing loop of the procedure contains an access (its back edge
// makes an access precede every point in it).
func (ins *candInserter) block(b *Block, parent diag.Pos, inLoop bool) *Block {
	if b == nil {
		return nil
	}
	out := &Block{Label: b.Label, Pos: b.Pos, Iter: b.Iter, Loop: b.Loop}
	if b.IsLoop() && ins.hasAccess(b) {
		inLoop = true
	}
	gs := ins.groups(b, parent)
	lastAccess := -1
	for gi, g := range gs {
		if g.access {
			lastAccess = gi
		}
	}
	for gi, g := range gs {
		first := b.Stmts[g.lo]
		startsLine := g.line > 0 && (gi > 0 || g.line != parent.Line)
		if g.access && startsLine && (ins.seen || inLoop) {
			ins.place(&out.Stmts, &FencePoint{Proc: ins.proc.Name, File: first.Position().File, Line: g.line, Side: InsertBefore, Pos: first.Position()})
		}
		for _, s := range b.Stmts[g.lo:g.hi] {
			out.Stmts = append(out.Stmts, ins.stmt(s, inLoop))
		}
		// After the last group with an access of the list: the end of a
		// loop body or a branch, where no later line of the list can take
		// the fence. Code after the list (the rest of the procedure, the
		// next iteration, the next operation) may access memory.
		last := b.Stmts[g.hi-1]
		if gi == lastAccess && g.line > 0 && simpleStmt(last) {
			ins.place(&out.Stmts, &FencePoint{Proc: ins.proc.Name, File: last.Position().File, Line: g.line, Side: InsertAfter, Pos: last.Position()})
		}
	}
	return out
}

func (ins *candInserter) place(stmts *[]Stmt, pt *FencePoint) {
	key := pt.Key()
	cands, ok := ins.byKey[key]
	if !ok {
		if ins.ok != nil && !ins.ok(pt) {
			ins.byKey[key] = nil
			return
		}
		for _, b := range ins.barriers {
			c := &Candidate{ID: len(ins.cands) + 1, Point: pt, Barrier: b}
			if len(b.Kinds) == 1 && len(b.Tags) == 0 {
				c.Kind = b.Kinds[0]
			}
			ins.cands = append(ins.cands, c)
			cands = append(cands, c)
		}
		ins.byKey[key] = cands
	}
	for _, c := range cands {
		for _, f := range c.Barrier.Fences(pt.Pos, c.ID) {
			*stmts = append(*stmts, f)
		}
	}
}

func (ins *candInserter) stmt(s Stmt, inLoop bool) Stmt {
	switch s := s.(type) {
	case *Block:
		return ins.block(s, s.Pos, inLoop)
	case *If:
		c := *s
		seen := ins.seen
		c.Then = ins.block(s.Then, s.Pos, inLoop)
		afterThen := ins.seen
		ins.seen = seen
		c.Else = ins.block(s.Else, s.Pos, inLoop)
		ins.seen = ins.seen || afterThen
		return &c
	case *Spin:
		c := *s
		c.Body = ins.block(s.Body, s.Pos, inLoop || ins.hasAccess(s.Body))
		return &c
	case *Atomic:
		// no fences inside atomic blocks
		if ins.hasAccess(s) {
			ins.seen = true
		}
		return s
	case *Load, *Store:
		ins.seen = true
		return s
	case *Call:
		if ins.hasAccess(s) {
			ins.seen = true
		}
		return s
	}
	return s
}

// hasAccess reports whether s contains a load or store, or calls a
// procedure that does.
func (ins *candInserter) hasAccess(s Stmt) bool {
	found := false
	visiting := map[string]bool{}
	var walk func(Stmt)
	walk = func(s Stmt) {
		Walk(s, func(t Stmt) bool {
			if found {
				return false
			}
			switch t := t.(type) {
			case *Load, *Store:
				found = true
			case *Alloc, *Free:
				// allocators access the pool (lsl_malloc) or nothing
			case *Call:
				if q := ins.p.Proc(t.Proc); q != nil && !visiting[t.Proc] {
					visiting[t.Proc] = true
					walk(q.Body)
				}
			}
			return !found
		})
	}
	walk(s)
	return found
}

// simpleStmt reports whether s ends on its own line: a statement without a
// nested list.
func simpleStmt(s Stmt) bool {
	switch s.(type) {
	case *Block, *If, *Spin:
		return false
	}
	return true
}

// SortCandidates orders candidates by file, line, side and kind.
func SortCandidates(cs []*Candidate) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i].Point, cs[j].Point
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Side != b.Side {
			return a.Side < b.Side
		}
		if cs[i].Kind != 0 && cs[j].Kind != 0 {
			return cs[i].Kind < cs[j].Kind
		}
		return cs[i].ID < cs[j].ID
	})
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

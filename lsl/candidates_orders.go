package lsl

import "github.com/checkfence/checkfence/diag"

// Memory-order synthesis: a candidate may also be a stronger memory order
// for one C11 atomic access of the program (a load, a store, or the
// atomic block of a read-modify-write, as the C11 front ends tag them:
// lsl/c11.go). Selecting it must make the access behave as if written
// with that order, on every model:
//
//   - cat models read the order from the access's tags: the access gets
//     the conditional tag of the order (candidates_tags.go), which the
//     encoder counts as the order's tag when the candidate is selected
//     (rc11 reads it; a hardware model compiles it with its C11 mapping,
//     encode/catc11.go);
//   - the .mm models, and the hardware mappings that put barriers beside
//     an access (riscv, power), see the fences of the order beside the
//     access: the candidate's fences, with the order's role tags
//     (C11Role), exactly those frontend/llvm emits for that order.
//
// Every copy of the access (unrolled, inlined) shares the candidate.

// OrderSide is the Side of a memory-order candidate's point: at the
// access's line.
const OrderSide InsertSide = 3

// orderStrength ranks the orders for "stronger than" (ACQ and REL are
// incomparable).
func orderStronger(to, from string) bool {
	rank := map[string]int{"RLX": 0, "CON": 1, "ACQ": 1, "REL": 1, "ACQ_REL": 2, "SC": 3}
	if rank[to] <= rank[from] {
		return false
	}
	// acquire does not strengthen a release, nor release an acquire
	return !(rank[to] == 1 && rank[from] == 1)
}

// orderTargets are the orders an access of kind ("R", "W", "RMW") may be
// given.
func orderTargets(kind string) []string {
	switch kind {
	case "R":
		return []string{"ACQ", "SC"}
	case "W":
		return []string{"REL", "SC"}
	}
	return []string{"ACQ", "REL", "ACQ_REL", "SC"}
}

// C11FencesBefore and C11FencesAfter are the .mm fences of the mapping
// beside an access of order ord (frontend/llvm/atomics.go).
func C11FencesBefore(ord string) []FenceKind {
	switch ord {
	case "REL", "ACQ_REL":
		return relKinds
	case "SC":
		return fullKinds
	}
	return nil
}

// C11FencesAfter: see C11FencesBefore.
func C11FencesAfter(ord string) []FenceKind {
	switch ord {
	case "ACQ", "ACQ_REL", "CON":
		return acqKinds
	case "SC":
		return fullKinds
	}
	return nil
}

// OrderFilter decides whether an access may get candidates (nil: all).
type OrderFilter func(pt *FencePoint) bool

// InsertOrders returns a copy of p in which every C11 atomic access
// whose order can be strengthened has a candidate for each stronger order
// (IDs from firstID on), and the candidates. Statements without
// candidates are shared with p.
func InsertOrders(p *Program, firstID int, ok OrderFilter) (*Program, []*Candidate) {
	ins := &orderInserter{next: firstID, ok: ok, bySite: map[string][]*Candidate{}}
	q := *p
	q.Procs = nil
	for _, proc := range p.Procs {
		c := *proc
		ins.proc = proc.Name
		c.Body = ins.block(proc.Body)
		q.Procs = append(q.Procs, &c)
	}
	return &q, ins.cands
}

type orderInserter struct {
	next   int
	ok     OrderFilter
	proc   string
	cands  []*Candidate
	bySite map[string][]*Candidate
}

func (ins *orderInserter) block(b *Block) *Block {
	if b == nil {
		return nil
	}
	out := *b
	out.Stmts = nil
	for _, s := range b.Stmts {
		out.Stmts = append(out.Stmts, ins.stmt(s)...)
	}
	return &out
}

// atomicAccess reports a C11 atomic access and its order.
func atomicAccess(s Stmt) (order string, ok bool) {
	tags := Tags(s)
	if !HasTag(tags, "A") {
		return "", false
	}
	o := C11Order(tags)
	return o, o != ""
}

func (ins *orderInserter) stmt(s Stmt) []Stmt {
	switch s := s.(type) {
	case *Load:
		if ord, ok := atomicAccess(s); ok {
			return ins.access(s, "R", ord, s.Pos)
		}
	case *Store:
		if ord, ok := atomicAccess(s); ok {
			return ins.access(s, "W", ord, s.Pos)
		}
	case *Atomic:
		var ord string
		var at diag.Pos
		Walk(s.Body, func(t Stmt) bool {
			if o, ok := atomicAccess(t); ok && ord == "" {
				ord, at = o, t.Position()
			}
			return true
		})
		if ord != "" {
			return ins.access(s, "RMW", ord, at)
		}
	case *Block:
		return []Stmt{ins.block(s)}
	case *If:
		c := *s
		c.Then = ins.block(s.Then)
		c.Else = ins.block(s.Else)
		return []Stmt{&c}
	case *Spin:
		c := *s
		c.Body = ins.block(s.Body)
		return []Stmt{&c}
	}
	return []Stmt{s}
}

// access puts the candidates of one access around it: the fences of each
// stronger order before and after it, and its conditional tags.
func (ins *orderInserter) access(s Stmt, kind, ord string, pos diag.Pos) []Stmt {
	pt := &FencePoint{Proc: ins.proc, File: pos.File, Line: pos.Line, Side: OrderSide, Pos: pos}
	if pos.Line == 0 || ins.ok != nil && !ins.ok(pt) {
		return []Stmt{s}
	}
	key := pos.String()
	cands, seen := ins.bySite[key]
	if !seen {
		for _, to := range orderTargets(kind) {
			if !orderStronger(to, ord) {
				continue
			}
			c := &Candidate{ID: ins.next, Point: pt, Order: to, From: ord, Access: kind}
			ins.next++
			ins.cands = append(ins.cands, c)
			cands = append(cands, c)
		}
		ins.bySite[key] = cands
	}
	if len(cands) == 0 {
		return []Stmt{s}
	}
	var before, after []Stmt
	var cond []string
	for _, c := range cands {
		cond = append(cond, CondTag(c.ID, c.Order))
		for _, k := range C11FencesBefore(c.Order) {
			before = append(before, &Fence{Kind: k, Tags: []string{TagMMOnly, C11Role{Kind: kind, Order: c.Order}.Tag()}, Pos: pos, Cand: c.ID})
		}
		for _, k := range C11FencesAfter(c.Order) {
			after = append(after, &Fence{Kind: k, Tags: []string{TagMMOnly, C11Role{After: true, Kind: kind, Order: c.Order}.Tag()}, Pos: pos, Cand: c.ID})
		}
	}
	out := append(before, withCondTags(s, cond))
	return append(out, after...)
}

// withCondTags copies an atomic access (or the accesses of an atomic
// block) with the conditional tags added.
func withCondTags(s Stmt, cond []string) Stmt {
	switch s := s.(type) {
	case *Load:
		c := *s
		c.Tags = append(append([]string(nil), s.Tags...), cond...)
		return &c
	case *Store:
		c := *s
		c.Tags = append(append([]string(nil), s.Tags...), cond...)
		return &c
	case *Atomic:
		c := *s
		c.Body = withCondTagsBlock(s.Body, cond)
		return &c
	}
	return s
}

func withCondTagsBlock(b *Block, cond []string) *Block {
	if b == nil {
		return nil
	}
	out := *b
	out.Stmts = nil
	for _, s := range b.Stmts {
		switch t := s.(type) {
		case *Load, *Store:
			if _, ok := atomicAccess(t); ok {
				s = withCondTags(t, cond)
			}
		case *If:
			c := *t
			c.Then = withCondTagsBlock(t.Then, cond)
			c.Else = withCondTagsBlock(t.Else, cond)
			s = &c
		case *Block:
			s = withCondTagsBlock(t, cond)
		}
		out.Stmts = append(out.Stmts, s)
	}
	return &out
}

package report

import (
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// Which reorderings does a failure depend on? A trace of a relaxed model
// lists many reordered pairs, most of them harmless (a harness local
// written late, two loads of the same value swapped). The ones worth
// reading first are those on the path to the failure:
//
//   - the path starts at the failing statement (its operands and the
//     conditions of the branches around it), at the observed values that
//     differ from the closest serial observation, or at the loads of a
//     blocked spin loop;
//   - a statement the path starts at depends on the branches that decide
//     whether its thread gets there: those around it, and those before
//     it that leave the code in between (a spin loop's exit condition, a
//     loop's break: the loads of Peterson's wait loop decide whether the
//     thread enters its critical section);
//   - it follows registers back to the statements that computed them
//     (and to the conditions that chose among several of them)
//     (data and address dependencies), from a load to the store it read
//     (its seed) and on into that store's thread;
//   - the stores a path load did not read (other threads' stores to the
//     same location) are what it missed: a reordering that makes one of
//     them late matters too.
//
// A reordered pair is on the path when its earlier-in-memory access is on
// the path, or the access it overtakes is a store a path load missed, and
// both locations are shared (accessed by more than one thread in this
// execution): an access to a location only its own thread touches cannot
// be observed in another order.

// relevance marks the accesses of a trace on the failure's path; nil when
// it cannot be computed (no failure or observation to start from, or no
// unrolled program, as for saved results).
type relevance struct {
	path   map[*eventView]bool // on the path to the failure
	missed map[*eventView]bool // stores a path load did not read
	shared map[string]bool     // locations accessed by more than one thread
}

// threadCode indexes one unrolled thread for the backward walk.
type threadCode struct {
	defs  map[lsl.Reg][]lsl.Stmt
	conds map[lsl.Stmt][]lsl.Operand // conditions of the branches around a statement
	stmts []lsl.Stmt                 // every statement, in program order
}

func indexThread(body *lsl.Block) *threadCode {
	c := &threadCode{defs: map[lsl.Reg][]lsl.Stmt{}, conds: map[lsl.Stmt][]lsl.Operand{}}
	var walk func(s lsl.Stmt, around []lsl.Operand)
	walk = func(s lsl.Stmt, around []lsl.Operand) {
		if s == nil {
			return
		}
		c.stmts = append(c.stmts, s)
		c.conds[s] = around
		switch s := s.(type) {
		case *lsl.Assign:
			c.defs[s.Dst] = append(c.defs[s.Dst], s)
		case *lsl.Load:
			c.defs[s.Dst] = append(c.defs[s.Dst], s)
		case *lsl.Choose:
			c.defs[s.Dst] = append(c.defs[s.Dst], s)
		case *lsl.Block:
			for _, t := range s.Stmts {
				walk(t, around)
			}
		case *lsl.If:
			inner := append(append([]lsl.Operand(nil), around...), s.Cond)
			if s.Then != nil {
				walk(s.Then, inner)
			}
			if s.Else != nil {
				walk(s.Else, inner)
			}
		case *lsl.Atomic:
			walk(s.Body, around)
		case *lsl.Spin:
			walk(s.Body, around)
		}
	}
	walk(body, nil)
	return c
}

// newRelevance computes the path of a FAIL's trace.
func newRelevance(t *traceView) *relevance {
	r := t.res
	u := r.Trace.Program
	if r.Verdict != mining.Fail || u == nil || len(u.Threads) != len(t.threads) {
		return nil
	}
	code := make([]*threadCode, len(u.Threads))
	for i, th := range u.Threads {
		code[i] = indexThread(th.Body)
	}
	byID := map[int]*eventView{}
	for _, ev := range t.events {
		byID[ev.ID] = ev
	}
	accessStmt := map[*eventView]lsl.Stmt{}
	for i, c := range code {
		for _, s := range c.stmts {
			var id int
			switch s := s.(type) {
			case *lsl.Load:
				id = s.ID
			case *lsl.Store:
				id = s.ID
			default:
				continue
			}
			if ev := byID[id]; ev != nil && ev.Thread.Index == i {
				accessStmt[ev] = s
			}
		}
	}

	rel := &relevance{path: map[*eventView]bool{}, missed: map[*eventView]bool{}, shared: map[string]bool{}}
	type regKey struct {
		thread int
		reg    lsl.Reg
	}
	seenReg := map[regKey]bool{}
	seenStmt := map[lsl.Stmt]bool{}
	var regs []regKey
	addOperands := func(thread int, ops ...lsl.Operand) {
		for _, o := range ops {
			if reg, ok := o.(lsl.Reg); ok && !seenReg[regKey{thread, reg}] {
				seenReg[regKey{thread, reg}] = true
				regs = append(regs, regKey{thread, reg})
			}
		}
	}
	var addEvent func(ev *eventView)
	addStmt := func(thread int, s lsl.Stmt, withConds bool) {
		if seenStmt[s] {
			return
		}
		seenStmt[s] = true
		switch s := s.(type) {
		case *lsl.Load:
			addOperands(thread, s.Addr)
			if ev := byID[s.ID]; ev != nil {
				addEvent(ev)
			}
		case *lsl.Store:
			addOperands(thread, s.Addr, s.Val)
		default:
			addOperands(thread, lsl.Operands(s)...)
		}
		if withConds {
			addOperands(thread, code[thread].conds[s]...)
			addOperands(thread, code[thread].exitsBefore(s)...)
		}
	}
	addEvent = func(ev *eventView) {
		if rel.path[ev] {
			return
		}
		rel.path[ev] = true
		if s := accessStmt[ev]; s != nil {
			addStmt(ev.Thread.Index, s, false)
		}
		if ev.IsLoad() && ev.Source != nil {
			addEvent(ev.Source)
		}
	}

	// seeds
	switch {
	case t.failure != nil && r.Reason == mining.ReasonDeadlock:
		th := t.failure.Thread.Index
		for _, s := range code[th].stmts {
			if sp, ok := s.(*lsl.Spin); ok && sp.Pos == t.failure.Pos {
				lsl.Walk(sp, func(x lsl.Stmt) bool {
					if l, ok := x.(*lsl.Load); ok {
						addStmt(th, l, false)
					}
					return true
				})
			}
		}
	case t.failure != nil:
		th := t.failure.Thread.Index
		for _, s := range code[th].stmts {
			if s.Position() != t.failure.Pos {
				continue
			}
			switch s.(type) {
			case *lsl.Assign, *lsl.Load, *lsl.Store, *lsl.If, *lsl.Assert, *lsl.Assume, *lsl.Free, *lsl.Abort, *lsl.Observe:
				addStmt(th, s, true)
			}
		}
		// a use after free also depends on why the free happened: the
		// branches of its thread up to it (a hazard pointer scan)
		if x := r.Trace; x != nil && x.Failure != nil {
			for _, ii := range x.Failure.Related {
				ev := t.events[ii]
				if ev == nil || accessStmt[ev] == nil {
					continue
				}
				addEvent(ev)
				ft := ev.Thread.Index
				for _, s := range code[ft].stmts {
					if s == accessStmt[ev] {
						break
					}
					if b, ok := s.(*lsl.If); ok {
						addOperands(ft, b.Cond)
					}
				}
			}
		}
	case t.obs != nil && t.obs.Failing:
		names := map[int]map[string]bool{} // thread → observed names that differ
		for k := range diffKeysOf(t.obs) {
			if names[k.Thread] == nil {
				names[k.Thread] = map[string]bool{}
			}
			names[k.Thread][k.Name] = true
		}
		for th, c := range code {
			for _, s := range c.stmts {
				o, ok := s.(*lsl.Observe)
				if !ok || o.Kind == lsl.ObsLabel {
					continue
				}
				if len(names) == 0 || names[th][o.Name] {
					addStmt(th, o, true)
				}
			}
		}
	default:
		return nil
	}

	// backward walk over the registers
	for len(regs) > 0 {
		k := regs[len(regs)-1]
		regs = regs[:len(regs)-1]
		// a register set in several branches (x = c ? a : b, the
		// result of &&) also depends on the branches' conditions
		defs := code[k.thread].defs[k.reg]
		for _, d := range defs {
			addStmt(k.thread, d, len(defs) > 1)
		}
	}

	// what the path loads missed, and which locations are shared
	threadsAt := map[string]map[int]bool{}
	for _, ev := range t.events {
		if ev.Kind == "fence" {
			continue
		}
		if threadsAt[ev.Addr] == nil {
			threadsAt[ev.Addr] = map[int]bool{}
		}
		threadsAt[ev.Addr][ev.Thread.Index] = true
	}
	for addr, ths := range threadsAt {
		rel.shared[addr] = len(ths) > 1
	}
	for ev := range rel.path {
		if !ev.IsLoad() {
			continue
		}
		for _, st := range t.events {
			if st.IsStore() && st.Addr == ev.Addr && st.Thread != ev.Thread && st != ev.Source {
				rel.missed[st] = true
			}
		}
	}
	return rel
}

// matters reports whether the failure depends on a reordered pair.
func (rel *relevance) matters(ro reorder) bool {
	if rel == nil {
		return true
	}
	if !rel.shared[ro.First.Addr] || !rel.shared[ro.Overtaken.Addr] {
		return false
	}
	return rel.path[ro.First] || rel.missed[ro.Overtaken]
}

// diffKeysOf are the observed keys in which the closest serial
// observations differ from the observed one (all observed keys when there
// are no serial observations).
func diffKeysOf(o *obsTable) map[trace.ObsKey]bool {
	out := map[trace.ObsKey]bool{}
	for _, r := range o.closestRows(3) {
		for c, cell := range r.Cells {
			if cell.Diff && o.Observed.Cells[c].Present {
				out[o.Keys[c]] = true
			}
		}
	}
	return out
}

// exitsBefore are the conditions of the branches before s in its thread
// that jump (break, continue) or stop the thread (abort): whether control
// reaches s depends on them.
func (c *threadCode) exitsBefore(s lsl.Stmt) []lsl.Operand {
	var out []lsl.Operand
	for _, p := range c.stmts {
		if p == s {
			break
		}
		if b, ok := p.(*lsl.If); ok && (jumps(b.Then) || jumps(b.Else)) {
			out = append(out, b.Cond)
		}
	}
	return out
}

// jumps reports whether a branch leaves the code around it: a break, a
// continue or an abort in it.
func jumps(b *lsl.Block) bool {
	found := false
	if b == nil {
		return false
	}
	lsl.Walk(b, func(x lsl.Stmt) bool {
		switch x.(type) {
		case *lsl.Break, *lsl.Continue, *lsl.Abort:
			found = true
		}
		return !found
	})
	return found
}

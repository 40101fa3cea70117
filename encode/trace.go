package encode

import (
	"fmt"
	"sort"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Decode reads the execution of a satisfying assignment.
func (e *Encoding) Decode(val func(z.Lit) bool) *trace.Execution {
	x := &trace.Execution{Events: map[int]*trace.Event{}}
	u := e.U
	for ti, te := range e.Threads {
		tt := &trace.ThreadTrace{Name: te.T.Name, Kind: te.T.Kind, Status: "done"}
		if !val(te.Start) {
			// the threads it waits for (init, or the joined ones) did
			// not complete
			tt.Status = "not-started"
		}
		for k, name := range te.T.Ops {
			tt.Ops = append(tt.Ops, &trace.OpTrace{Name: name, Index: k})
		}
		for _, ii := range te.Instrs {
			in := e.Instrs[ii]
			if !val(in.Guard) {
				continue
			}
			barrier, shown := e.catBarrier(in)
			if !shown {
				continue // a fence the cat model does not see
			}
			ev := &trace.Event{Instr: ii, ID: in.ID, Thread: ti, Kind: in.Kind.String(), Pos: in.Pos(), Expr: in.Expr(), Source: -1, Fence: in.Fence, Barrier: barrier, Atomic: in.Atomic, Order: -1}
			ev.C11 = c11Tags(in.Stmt)
			if in.Kind == axioms.Load { // a compare-exchange's read (catfailtag.go)
				ev.C11 = lsl.OutcomeTags(ev.C11, e.failedRead(in, executedIn(val)))
			}
			if in.IsAccess() {
				ev.Addr = e.vx.decode(in.Addr, val)
				ev.AddrName = u.AddrName(ev.Addr)
				ev.Value = e.vx.decode(in.Data, val)
			}
			if in.Kind == axioms.Load {
				for _, sv := range e.seeds[ii] {
					if val(sv.lit) {
						ev.Source = sv.store
					}
				}
			}
			x.Events[ii] = ev
			if in.Op >= 0 && in.Op < len(tt.Ops) {
				tt.Ops[in.Op].Events = append(tt.Ops[in.Op].Events, ev)
			} else {
				tt.Edge = append(tt.Edge, ev)
			}
		}
		for _, cs := range te.Choices {
			if val(cs.Guard) && cs.Op >= 0 && cs.Op < len(tt.Ops) {
				op := tt.Ops[cs.Op]
				op.Choices = append(op.Choices, &trace.Choice{Expr: cs.Stmt.Expr, Pos: cs.Stmt.Pos, Value: e.vx.decode(cs.Value, val), Next: cs.Next})
			}
		}
		for _, es := range te.Errors {
			if val(es.Guard) {
				tt.Status = "failed"
				if x.Failure == nil {
					x.Failure = e.explain(es, val)
				}
			}
		}
		for _, p := range te.Pruned {
			if val(p.Guard) {
				tt.Status = "pruned"
				if tt.Loop == "" {
					tt.Loop = p.Loop
				}
			}
		}
		for _, ls := range te.Livelocks {
			if val(ls.Guard) {
				tt.Status = "livelock"
				msg := "thread " + te.T.Name + " retries the loop forever: it starts each round in the same state, reads values no other thread will change, and its stores go unread or write back the value already there"
				if !val(ls.Alone) {
					msg = "thread " + te.T.Name + " retries the loop forever, in turn with other threads that do: it starts each round in the same state, reads values only their rounds change, and each round writes back what it read"
				}
				tt.Blocked = &trace.Failure{Reason: trace.ReasonLivelock, Thread: ti, Op: ls.Op, Pos: ls.Pos, Msg: msg}
			}
		}
		for _, sp := range te.Spins {
			if val(sp.Blocked) {
				tt.Status = "blocked"
				tt.Blocked = &trace.Failure{Reason: trace.ReasonDeadlock, Thread: ti, Op: sp.Op, Pos: sp.Stmt.Pos,
					Msg: "thread " + te.T.Name + " waits forever in the spin loop"}
			}
		}
		x.Threads = append(x.Threads, tt)
	}
	// A failing thread explains an execution better than a blocked one
	// (a deadlock needs every other thread to complete or block).
	// A livelocked thread comes first: mining asks for an execution with
	// only blocked threads before one with a livelock, so the reason does
	// not depend on which execution the solver picks.
	if x.Failure == nil {
		for _, tt := range x.Threads {
			if tt.Blocked != nil && (x.Failure == nil || tt.Blocked.Reason == trace.ReasonLivelock && x.Failure.Reason != trace.ReasonLivelock) {
				x.Failure = tt.Blocked
			}
		}
	}
	x.Obs = e.DecodeObs(val)
	e.attachObs(x, val)
	e.enc.decode(x, val)
	props := e.Memory.Props()
	x.C11AsEvents = !props.C11Fences
	x.MemoryOrder, x.RMWWrites = props.MemoryOrder, props.RMWWrites
	x.SilentRMWs = e.silentRMWs()
	if x.SilentRMWs && e.silentOrder != nil {
		x.SilentOrderHint = e.silentOrder.Hint
	}
	x.Program = u
	if e.Model.HasRel("memory_order") {
		x.Order = e.memoryOrder(x, val)
		for k, ii := range x.Order {
			x.Events[ii].Order = k
		}
	}
	return x
}

// memoryOrder lists the executed accesses in memory order. A total order
// whose transitivity is encoded sparsely has literals only for some pairs:
// Linearize extends them to a total order (a valid memory order, see
// docs/semantics.md). Other encodings (generic) have a literal for every
// pair.
func (e *Encoding) memoryOrder(x *trace.Execution, val func(z.Lit) bool) []int {
	var order []int
	if linear, ok := e.enc.linearOrder(val); ok {
		for _, ii := range linear {
			if ev := x.Events[ii]; ev != nil && ev.Kind != "fence" {
				order = append(order, ii)
			}
		}
		return order
	}
	for ii, ev := range x.Events {
		if ev.Kind != "fence" {
			order = append(order, ii)
		}
	}
	sort.Slice(order, func(a, b int) bool {
		return val(e.Model.Rel("memory_order", order[a], order[b]))
	})
	return order
}

// attachObs assigns every observed item to the operation whose code
// produced it.
func (e *Encoding) attachObs(x *trace.Execution, val func(z.Lit) bool) {
	for ti, te := range e.Threads {
		// find, for each record, the op of the executed label event
		recOp := map[int]int{}
		for _, ev := range te.obs {
			if ev.key.Kind == lsl.ObsLabel && val(ev.guard) {
				recOp[ev.key.Record] = ev.op
			}
		}
		for _, it := range x.Obs.Items {
			if it.Key.Thread != ti {
				continue
			}
			op, ok := recOp[it.Key.Record]
			if !ok || op < 0 || op >= len(x.Threads[ti].Ops) {
				continue
			}
			x.Threads[ti].Ops[op].Obs = append(x.Threads[ti].Ops[op].Obs, it)
		}
	}
}

// explain turns an error site of a model into a failure with a concrete
// message in C terms (explain.go), re-evaluating the failing operation on
// the decoded operands.
func (e *Encoding) explain(es *ErrorSite, val func(z.Lit) bool) *trace.Failure {
	f := &trace.Failure{Reason: es.Reason, Thread: es.Thread, Op: es.Op, Pos: es.Stmt.Position(), Msg: es.Msg}
	if es.Access != nil {
		f.Msg, f.Related = e.useAfterFreeMessage(es.Access, val)
		return f
	}
	if es.Bounds {
		f.Msg = e.boundsMessage(es, e.vx.decode(es.Args[0], val))
		return f
	}
	if f.Msg != "" && es.Reason == trace.ReasonAssertion {
		return f
	}
	args := make([]lsl.Value, len(es.Args))
	for i, a := range es.Args {
		args[i] = e.vx.decode(a, val)
	}
	if f.Msg != "" && len(args) == 0 {
		return f
	}
	n := newNamer(e.Threads[es.Thread].T, e.U.BaseName)
	switch s := es.Stmt.(type) {
	case *lsl.Assign:
		if p := e.U.Pool; p != nil && p.Conversions[s] && s.Op == lsl.OpBaseOf && len(args) == 1 {
			f.Msg = n.freeMessage(s.Args[0], args[0]) // lsl_free's check of its argument
			break
		}
		f.Msg = n.assignMessage(s, args)
		if f.Msg == "" {
			var comp *lsl.Composite
			field := -1
			if s.Comp != "" {
				comp = e.U.Prog.Composite(s.Comp)
				if comp != nil {
					field = comp.FieldIndex(s.Field)
				}
			}
			_, msg := lsl.EvalOp(s.Op, comp, field, args)
			if msg == "" {
				msg = s.Op.Name() + " failed"
			}
			f.Msg = fmt.Sprintf("%s (operands %s)", msg, formatValues(args, e.U))
		}
	case *lsl.Load:
		f.Msg = n.deref(s.Addr, args[0], s.Expr)
	case *lsl.Store:
		f.Msg = n.deref(s.Addr, args[0], s.Expr)
	case *lsl.If:
		f.Msg = n.truthMessage(s, s.Cond, args[0])
	case *lsl.Assert:
		f.Msg = n.truthMessage(s, s.Cond, args[0])
	case *lsl.Assume:
		f.Msg = n.truthMessage(s, s.Cond, args[0])
	case *lsl.Free:
		f.Msg = n.freeMessage(s.Ptr, args[0])
	case *lsl.Observe:
		f.Msg = n.observeMessage(s)
	}
	return f
}

func formatValues(vs []lsl.Value, u *lsl.Unrolled) string {
	s := ""
	for i, v := range vs {
		if i > 0 {
			s += ", "
		}
		s += v.Format(u.BaseName)
	}
	return s
}

// c11Tags are the C11 tags of an instruction's statement (Event.C11).
func c11Tags(s lsl.Stmt) []string {
	var tags, out []string
	switch s := s.(type) {
	case *lsl.Load:
		tags = s.Tags
	case *lsl.Store:
		tags = s.Tags
	case *lsl.Fence:
		tags = s.Tags
	}
	for _, t := range tags {
		if lsl.IsC11Tag(t) {
			out = append(out, t)
		}
	}
	return out
}

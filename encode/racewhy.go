package encode

import (
	"fmt"
	"sort"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// RaceFailure explains the race of the execution x decoded from val
// (which satisfies Race.Lit): the failure at the first access, the
// second as its related instruction. It also sets x.Race. Nil when no
// pair is found (not a race execution).
func (e *Encoding) RaceFailure(val func(z.Lit) bool, x *trace.Execution) *trace.Failure {
	if e.Race == nil {
		return nil
	}
	a, b, ok := e.Race.RacePair(val)
	if !ok || x.Events[a] == nil || x.Events[b] == nil {
		return nil
	}
	ia, ib := e.Instrs[a], e.Instrs[b]
	ea, eb := x.Events[a], x.Events[b]
	why := e.raceWhy(x, a, b)
	x.Race = &trace.Race{First: a, Second: b, Why: why}
	other := e.Threads[ib.Thread].T.Name
	msg := fmt.Sprintf("this %s and the %s by %s at %s are not ordered by happens-before: %s",
		accessPhrase(ea), accessPhrase(eb), other, eb.Pos, why)
	return &trace.Failure{Reason: trace.ReasonDataRace, Thread: ia.Thread, Op: ia.Op, Pos: ia.Pos(), Msg: msg, Related: []int{b}}
}

// accessPhrase is "store to counter", "load of q->head (queue.head)".
func accessPhrase(ev *trace.Event) string {
	what := ev.Kind + " of "
	if ev.Kind == "store" {
		what = "store to "
	}
	loc := ev.AddrName
	if loc == "" {
		loc = ev.Expr
	}
	s := what + loc
	if ev.Expr != "" && ev.Expr != loc {
		s += " (" + ev.Expr + ")"
	}
	return s
}

// c11Kind classifies an instruction as rc11 reads its tags in execution
// x (a compare-exchange's read by its outcome): whether it is atomic, and its memory order ("" for a non-atomic access, or a
// fence that orders nothing). An access of an atomic block without an
// order is seq_cst; a fence without C11 tags is one of its kind (a
// store-store fence releases, load-load and load-store acquire, full and
// store-load are seq_cst).
func (e *Encoding) c11Kind(x *trace.Execution, in *Instr) (atomic bool, order string) {
	tags := lsl.Tags(in.Stmt)
	if in.Kind == axioms.Load { // a compare-exchange's read (catfailtag.go)
		tags = lsl.OutcomeTags(tags, e.failedRead(in, func(st *Instr) bool { return x.Events[st.Index] != nil }))
	}
	ord := lsl.C11Order(tags)
	if in.Kind == axioms.Fence {
		if ord != "" {
			return false, ord
		}
		switch in.Fence {
		case lsl.FenceFull, lsl.FenceStoreLoad:
			return false, "SC"
		case lsl.FenceStoreStore:
			return false, "REL"
		case lsl.FenceLoadLoad, lsl.FenceLoadStore:
			return false, "ACQ"
		}
		return false, ""
	}
	switch {
	case lsl.HasTag(tags, "NA"):
		return false, ""
	case lsl.HasTag(tags, "A"):
		if ord == "" {
			ord = "RLX"
		}
		return true, ord
	case in.Atomic != 0:
		if ord == "" {
			ord = "SC"
		}
		return true, ord
	}
	return false, ""
}

func releases(ord string) bool { return ord == "REL" || ord == "ACQ_REL" || ord == "SC" }
func acquires(ord string) bool {
	return ord == "ACQ" || ord == "CON" || ord == "ACQ_REL" || ord == "SC"
}

// orderWord names a memory order as C does.
func orderWord(ord string) string {
	switch ord {
	case "RLX":
		return "relaxed"
	case "CON":
		return "consume"
	case "ACQ":
		return "acquire"
	case "REL":
		return "release"
	case "ACQ_REL":
		return "acq_rel"
	case "SC":
		return "seq_cst"
	}
	return "non-atomic"
}

// raceWhy says why accesses a and b (instruction indices) are unordered:
// a load of one thread that reads a store of the other between the two
// accesses (the only way the pair could synchronise directly), and what
// it lacks; or that there is none.
func (e *Encoding) raceWhy(x *trace.Execution, a, b int) string {
	ta, tb := e.Instrs[a].Thread, e.Instrs[b].Thread
	// the loads of one access's thread, at or before it, that read a
	// store of the other's made at or after the other access; the atomic
	// ones first (those that could synchronise), then by position
	type edge struct{ from, w, r, to, plain int }
	var edges []edge
	for r := range e.Instrs {
		ev := x.Events[r]
		if ev == nil || ev.Kind != "load" || ev.Source < 0 {
			continue
		}
		w := ev.Source
		for _, dir := range [][2]int{{a, b}, {b, a}} {
			from, to := dir[0], dir[1]
			if e.Instrs[r].Thread != e.Instrs[to].Thread || r > to || e.Instrs[w].Thread != e.Instrs[from].Thread || w < from {
				continue
			}
			plain := 0
			for _, i := range []int{w, r} {
				if atomic, _ := e.c11Kind(x, e.Instrs[i]); !atomic {
					plain++
				}
			}
			edges = append(edges, edge{from, w, r, to, plain})
		}
	}
	sort.SliceStable(edges, func(i, j int) bool { return edges[i].plain < edges[j].plain })
	for _, ed := range edges {
		if s := e.syncLacks(x, ed.from, ed.w, ed.r, ed.to); s != "" {
			return s
		}
	}
	return fmt.Sprintf("nothing synchronises %s and %s between them (no load of either reads a store the other made after its access: no release/acquire pair, lock, or thread start or join)",
		e.Threads[ta].T.Name, e.Threads[tb].T.Name)
}

// syncLacks explains why the load r reading the store w does not make
// access from (before w in its thread) happen before access to (after r):
// "" when it would synchronise (the accesses are then ordered some other
// way this explanation does not follow).
func (e *Encoding) syncLacks(x *trace.Execution, from, w, r, to int) string {
	win, rin := e.Instrs[w], e.Instrs[r]
	watomic, word := e.c11Kind(x, win)
	ratomic, rord := e.c11Kind(x, rin)
	relFence := e.fenceBetween(x, from, w, releases)
	acqFence := e.fenceBetween(x, r, to+1, acquires)
	reads := fmt.Sprintf("%s's load at %s reads %s's store at %s", e.Threads[rin.Thread].T.Name, rin.Pos(),
		e.Threads[win.Thread].T.Name, win.Pos())
	var lacks []string
	switch {
	case !watomic:
		lacks = append(lacks, "the store is not atomic")
	case !releases(word) && !relFence:
		lacks = append(lacks, "the store is "+orderWord(word)+", not a release (nor after a release fence)")
	}
	switch {
	case !ratomic:
		lacks = append(lacks, "the load is not atomic")
	case !acquires(rord) && !acqFence:
		lacks = append(lacks, "the load is "+orderWord(rord)+", not an acquire (nor before an acquire fence)")
	}
	switch len(lacks) {
	case 0:
		return ""
	case 1:
		return reads + ", but " + lacks[0]
	}
	return reads + ", but " + lacks[0] + " and " + lacks[1]
}

// fenceBetween reports an executed fence of lo's thread in [lo, hi) whose
// order satisfies ok (mm-only fences, which the race relation does not
// see, do not count).
func (e *Encoding) fenceBetween(x *trace.Execution, lo, hi int, ok func(string) bool) bool {
	t := e.Instrs[lo].Thread
	for i := lo; i < hi && i < len(e.Instrs); i++ {
		in := e.Instrs[i]
		if in.Thread != t || in.Kind != axioms.Fence || x.Events[i] == nil {
			continue
		}
		if lsl.HasTag(lsl.Tags(in.Stmt), lsl.TagMMOnly) {
			continue
		}
		if _, ord := e.c11Kind(x, in); ok(ord) {
			return true
		}
	}
	return false
}

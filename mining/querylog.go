package mining

import (
	"maps"
	"slices"
	"time"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/lsl"
)

// The query log (Options.OnQuery; checkfence run --log-queries) shows
// what a check spends its time on: each unrolling it encodes, and each
// question it asks the SAT solver, with the size of the formula, the
// answer, the conflicts and the CPU seconds. A slow PASS is usually one
// hard unsatisfiable query; a check of many rounds spends its time in
// the queries that find cut-off executions (phase "check" or "size",
// answer sat) and in those that look for more of them ("raise").

// QueryEventKind says what a QueryEvent reports.
type QueryEventKind string

const (
	// EventEncode: an unrolling was encoded and loaded into a solver.
	EventEncode QueryEventKind = "encode"
	// EventQuery: the solver answered one query.
	EventQuery QueryEventKind = "query"
)

// QueryEvent is one entry of the query log.
type QueryEvent struct {
	Kind  QueryEventKind
	Test  string
	Round int // unrolling round of the check (serial mining counts its own)
	// Phase is the check's phase (Progress.Phase: "size", "check",
	// "errors", "mine", …), or "raise" for the queries that look for
	// further cut-off executions before the bounds are raised.
	Phase  string
	Serial bool // the serial executions (mining), not the concurrent ones
	// The encoding: unrolled instructions, and the variables and clauses
	// sent to the solver so far (an encode event: those of Φ).
	Instrs, Vars, Clauses int
	// Raised (encode) lists the loop instances whose bound is above one
	// and differs from the previous round's, with their new bounds.
	Raised []LoopBound
	// Query only: the conflict budget (0: none), the answer, the
	// conflicts it took and the backend that gave it.
	Budget    int64
	Result    sat.Result
	Conflicts int64
	Backend   string
	// Wall and CPU (user+sys of the whole process) time of the encoding
	// or the query; CPU is 0 where the system does not report it.
	Wall, CPU time.Duration
}

// LoopBound is a loop instance and its bound.
type LoopBound struct {
	Loop  lsl.LoopKey
	Bound int
}

// queryClock measures one logged step; it costs nothing without a log.
type queryClock struct {
	on        bool
	wall      time.Time
	cpu       time.Duration
	conflicts int64
}

func (k *checker) startClock(p *problem) queryClock {
	if k.opt.OnQuery == nil {
		return queryClock{}
	}
	c := queryClock{on: true, wall: time.Now(), cpu: processCPU()}
	if p != nil {
		c.conflicts = p.s.Stats().Conflicts
	}
	return c
}

// logQuery reports a query on p that started at clock c.
func (k *checker) logQuery(c queryClock, p *problem, phase string, budget int64, r sat.Result) {
	if !c.on {
		return
	}
	st := p.s.Stats()
	k.opt.OnQuery(QueryEvent{
		Kind: EventQuery, Test: k.test.Name, Round: k.round, Phase: phase, Serial: p.serial,
		Instrs: unrolledInstrs(p.enc.U), Vars: st.Vars, Clauses: st.Clauses,
		Budget: budget, Result: r, Conflicts: st.Conflicts - c.conflicts, Backend: st.Backend,
		Wall: time.Since(c.wall), CPU: processCPU() - c.cpu,
	})
}

// logEncode reports the encoding of p at round, which started at clock c.
func (k *checker) logEncode(c queryClock, p *problem, round int) {
	k.round = round
	if !c.on {
		return
	}
	var raised []LoopBound
	prev := k.loggedBounds[p.serial]
	for _, key := range slices.Sorted(maps.Keys(p.bounds)) {
		if b := p.bounds[key]; b > 1 && b != prev[key] {
			raised = append(raised, LoopBound{key, b})
		}
	}
	if k.loggedBounds == nil {
		k.loggedBounds = map[bool]lsl.Bounds{}
	}
	k.loggedBounds[p.serial] = p.bounds
	st := p.s.Stats()
	ev := QueryEvent{
		Kind: EventEncode, Test: k.test.Name, Round: round, Phase: "unroll", Serial: p.serial,
		Instrs: unrolledInstrs(p.enc.U), Vars: st.Vars, Clauses: st.Clauses, Raised: raised,
		Wall: time.Since(c.wall), CPU: processCPU() - c.cpu,
	}
	k.opt.OnQuery(ev)
}

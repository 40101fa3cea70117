package report

import (
	"sort"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// traceView is the presentation model of one execution (the counterexample of a
// FAIL or the witness of a PASS), built once and rendered as text, HTML and
// JSON so the three forms always agree.
type traceView struct {
	res      *mining.Result
	kind     traceKind
	threads  []*threadView
	events   map[int]*eventView // by instruction index
	order    []*eventView       // accesses in memory order
	failure  *failureView
	reorders []reorder
	obs      *obsTable  // nil when nothing was observed
	rel      *relevance // nil when not computed (not a FAIL, or a saved result)
	src      *sources
	race     *raceView // the racing pair of a data race
}

type threadView struct {
	Index  int
	Name   string
	Kind   lsl.ThreadKind
	Status string        // done, failed, blocked, pruned
	Loop   *lsl.LoopInfo // the loop a pruned thread stopped at (nil if unknown)
	Ops    []*opView
}

type opView struct {
	Thread  *threadView
	Index   int
	Name    string // the procedure the test calls, as the user knows it (lsl.Proc.Display)
	Proc    string // its name in the program (main_thread1 for a pthread thread)
	Label   string // its observe label ("" if none)
	Inputs  []field
	Outputs []field
	Events  []*eventView
	Choices []*choiceView // the nondeterministic choices it made, in program order
	Failure *failureView  // set on the operation that failed
}

// opRow is one line of an operation: an event or a choice.
type opRow struct {
	ev *eventView
	ch *choiceView
}

// rows lists the operation's events and choices in program order: a
// choice comes before the first event at or after its Next.
func (op *opView) rows() []opRow {
	out := make([]opRow, 0, len(op.Events)+len(op.Choices))
	k := 0
	for _, ev := range op.Events {
		for ; k < len(op.Choices) && op.Choices[k].Next <= ev.Instr; k++ {
			out = append(out, opRow{ch: op.Choices[k]})
		}
		out = append(out, opRow{ev: ev})
	}
	for ; k < len(op.Choices); k++ {
		out = append(out, opRow{ch: op.Choices[k]})
	}
	return out
}

// choiceView is a nondeterministic choice (__VERIFIER_nondet_int(),
// lsl_nondet(0, 3)) and the value it took; it comes before the
// operation's events whose Instr is Next or more.
type choiceView struct {
	Expr  string
	Value string
	Pos   diag.Pos
	Where string
	Next  int
}

type field struct {
	Name, Value string
	Key         trace.ObsKey
}

type eventView struct {
	Instr   int
	ID      int // the lsl instruction id
	Thread  *threadView
	Kind    string // load, store or fence
	Pos     diag.Pos
	Where   string // short position: file:line[:col]
	Addr    string // C-level location (queue.tail, node#2.next)
	Expr    string // the C expression that accessed it (queue->tail)
	Value   string
	Fence   string
	Atomic  int // atomic block id, 0 outside atomic blocks
	Order   int // 1-based position in memory order; 0 for fences
	Source  *eventView
	Initial bool // a load that read the initial value
	// Overtakes is an access before this one in program order that takes
	// effect after it (of the same kind when there is one): the memory
	// model reordered the two.
	Overtakes *eventView
	Snippet   string
	// Race is 1 or 2 for the first and second access of a data race, 0
	// for other events; AfterRace marks the events the race does not
	// depend on (race.go), which the trace folds away.
	Race      int
	AfterRace bool
	// C11 is the memory order of an atomic access or fence of a C11
	// program on a .mm model ("release"; c11fold.go), MapFence marks the
	// fences the front end added around an atomic access for that model
	// (mm-only), which text traces fold into the access unless -v.
	C11      string
	MapFence bool
}

// IsLoad and IsStore simplify templates.
func (e *eventView) IsLoad() bool  { return e.Kind == "load" }
func (e *eventView) IsStore() bool { return e.Kind == "store" }

type failureView struct {
	Reason  string
	Msg     string
	Thread  *threadView
	Op      *opView // nil if the failure is outside any operation
	Pos     diag.Pos
	Where   string
	Snippet string
}

// reorder is a pair of accesses of one thread whose memory order is the
// opposite of their program order.
type reorder struct {
	First     *eventView // later in program order, earlier in memory order
	Overtaken *eventView
	// OnPath: the failure depends on this pair (relevance.go); true for
	// every pair when that is not known.
	OnPath bool
}

// newTrace builds the presentation model, or returns nil when the result
// carries no execution.
func newTrace(r *mining.Result) *traceView {
	x := r.Trace
	if x == nil || x.Program == nil {
		return nil
	}
	u := x.Program
	t := &traceView{res: r, kind: kindOf(r.Verdict), events: map[int]*eventView{}}
	var positions []diag.Pos
	for _, ev := range x.Events {
		positions = append(positions, ev.Pos)
	}
	if f := x.Failure; f != nil {
		positions = append(positions, f.Pos)
	}
	t.src = newSources(u.Prog, positions)

	for ti, th := range x.Threads {
		tv := &threadView{Index: ti, Name: th.Name, Kind: th.Kind, Status: th.Status, Loop: stoppedLoop(u, th.Loop)}
		for _, op := range th.Ops {
			ov := &opView{Thread: tv, Index: op.Index, Name: op.Name, Proc: op.Name}
			if pr := u.Prog.Proc(op.Name); pr != nil && pr.Display != "" {
				ov.Name = pr.Display
			}
			for _, it := range op.Obs {
				f := field{Name: it.Key.Name, Value: it.Value.Format(u.BaseName), Key: it.Key}
				switch it.Key.Kind {
				case lsl.ObsLabel:
					ov.Label = it.Key.Name
				case lsl.ObsInput:
					ov.Inputs = append(ov.Inputs, f)
				default:
					ov.Outputs = append(ov.Outputs, f)
				}
			}
			for _, ch := range op.Choices {
				if len(ov.Inputs) > 0 {
					// a test's operation records its choices as
					// inputs, which its title shows
					break
				}
				ov.Choices = append(ov.Choices, &choiceView{Expr: ch.Expr, Value: ch.Value.Format(u.BaseName), Pos: ch.Pos, Where: t.src.where(ch.Pos), Next: ch.Next})
			}
			for _, ev := range op.Events {
				if hiddenAccess(ev) {
					continue
				}
				v := &eventView{Instr: ev.Instr, ID: ev.ID, Thread: tv, Kind: ev.Kind, Pos: ev.Pos,
					Where: t.src.where(ev.Pos), Expr: ev.Expr, Atomic: ev.Atomic, Snippet: t.src.snippet(ev.Pos)}
				if ev.Kind == "fence" {
					v.Fence = ev.Fence.String()
					if ev.Barrier != "" {
						v.Fence = ev.Barrier
					}
				} else {
					v.Addr = ev.AddrName
					v.Value = ev.Value.Format(u.BaseName)
				}
				if !x.C11AsEvents {
					v.C11, v.MapFence = c11Mark(ev)
				}
				if ev.Order >= 0 && ev.Kind != "fence" && len(x.Order) > 0 {
					v.Order = ev.Order + 1
				}
				ov.Events = append(ov.Events, v)
				t.events[ev.Instr] = v
			}
			tv.Ops = append(tv.Ops, ov)
		}
		t.threads = append(t.threads, tv)
	}
	// value flow: the store each load read
	for _, th := range x.Threads {
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				if ev.Kind != "load" {
					continue
				}
				v := t.events[ev.Instr]
				if v == nil {
					continue // hidden
				}
				src := throughRowPermutation(x, ev.Source)
				if src < 0 {
					v.Initial = true
				} else if s := t.events[src]; s != nil {
					v.Source = s
				}
			}
		}
	}
	for _, ii := range x.Order {
		if v := t.events[ii]; v != nil {
			t.order = append(t.order, v)
			v.Order = len(t.order) // without the hidden accesses
		}
	}
	if f := x.Failure; f != nil && r.Verdict == mining.Fail && f.Thread >= 0 && f.Thread < len(t.threads) {
		fv := &failureView{Reason: f.Reason, Msg: f.Msg, Thread: t.threads[f.Thread], Pos: f.Pos,
			Where: t.src.where(f.Pos), Snippet: t.src.snippet(f.Pos)}
		for _, op := range fv.Thread.Ops {
			if op.Index == f.Op {
				fv.Op = op
				op.Failure = fv
			}
		}
		t.failure = fv
		t.raceAccesses(x)
	}
	observed := x.Obs
	if r.Observation != nil {
		observed = *r.Observation
	}
	t.obs = newObsTable(observed, r.Mined, t.threadName, u.BaseName, r.Observation != nil)
	t.rel = newRelevance(t)
	t.findReorders()
	for i := range t.reorders {
		t.reorders[i].OnPath = t.rel.matters(t.reorders[i])
	}
	// the pairs the failure depends on first, each group in memory order
	sort.SliceStable(t.reorders, func(i, j int) bool { return t.reorders[i].OnPath && !t.reorders[j].OnPath })
	return t
}

// findReorders records, for each access of a concurrent thread, an access
// before it in program order that takes effect after it. These
// pairs are what a relaxed memory model adds to sequential consistency.
func (t *traceView) findReorders() {
	for _, th := range t.threads {
		if th.Kind != lsl.ThreadConcurrent {
			continue
		}
		var prior []*eventView
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				if ev.Order == 0 || ev.AfterRace {
					continue
				}
				// prefer a store the failure's path missed (the pair
				// the failure depends on), then an access of the same
				// kind: store-store and load-load pairs are what the
				// fences of the model name
				var any, same, missed *eventView
				for _, p := range prior {
					if p.Order > ev.Order {
						if any == nil {
							any = p
						}
						if same == nil && p.Kind == ev.Kind {
							same = p
						}
						if missed == nil && t.rel != nil && t.rel.missed[p] && t.rel.shared[p.Addr] {
							missed = p
						}
					}
				}
				if same == nil {
					same = any
				}
				if missed != nil && t.rel.path[ev] {
					same = missed
				}
				if same != nil {
					ev.Overtakes = same
					t.reorders = append(t.reorders, reorder{First: ev, Overtaken: same})
				}
				prior = append(prior, ev)
			}
		}
	}
	sort.SliceStable(t.reorders, func(i, j int) bool {
		return t.reorders[i].First.Order < t.reorders[j].First.Order
	})
}

// threadName names thread i of the execution.
func (t *traceView) threadName(i int) string {
	if i >= 0 && i < len(t.threads) {
		return t.threads[i].Name
	}
	return "?"
}

// reasonText explains a failure reason in words.
func reasonText(reason string) string {
	switch reason {
	case mining.ReasonConsistency:
		return "not sequentially consistent"
	case mining.ReasonAssertion:
		return "assertion failed"
	case mining.ReasonRuntimeError:
		return "runtime error"
	case mining.ReasonDeadlock:
		return "deadlock"
	case mining.ReasonDataRace:
		return "data race"
	case mining.ReasonLivelock:
		return "livelock"
	case mining.ReasonNoSerial:
		return "no serial execution completes"
	case mining.ReasonSpecError:
		return "the reference implementation fails"
	case mining.ReasonTimeout:
		return "time limit reached"
	case mining.ReasonUnrollLimit:
		return "unrolling limit reached"
	case mining.ReasonMemory:
		return "memory limit reached"
	case mining.ReasonInterrupted:
		return "interrupted"
	}
	return reason
}

// carriesMainRegister reports whether an access only carries a register of
// a pthread main from one of its parts to a later one (lsl.IsCarrier): an
// artifact of the translation, not an access of the program, which traces
// leave out.
func carriesMainRegister(ev *trace.Event) bool {
	return ev.Kind != "fence" && lsl.IsCarrier(ev.Expr, ev.AddrName)
}

// hiddenAccess reports whether a trace leaves an access out: a carrier
// of main's registers, or the final thread's permutation of rows
// (lsl.RowPermutationExpr), which in a reported execution stores back
// what it loaded.
func hiddenAccess(ev *trace.Event) bool {
	return carriesMainRegister(ev) || ev.Kind != "fence" && ev.Expr == lsl.RowPermutationExpr
}

// throughRowPermutation is the store a load reading store src read in
// effect: src itself, or, if src is a store of the rows' permutation, the
// store the permutation's load of the same cell and value read (-1: the
// initial value).
func throughRowPermutation(x *trace.Execution, src int) int {
	s := x.Events[src]
	if s == nil || s.Kind != "store" || s.Expr != lsl.RowPermutationExpr {
		return src
	}
	for _, ev := range x.Events {
		if ev.Thread == s.Thread && ev.Kind == "load" && ev.Expr == lsl.RowPermutationExpr && ev.Addr.Equal(s.Addr) && ev.Value.Equal(s.Value) {
			return ev.Source
		}
	}
	return src
}

// waitedFor says why a thread did not start: which thread it waits for
// (init for a concurrent thread, every other one for the final thread)
// did not complete, and how it ended.
func (t *traceView) waitedFor(th *threadView) string {
	for _, o := range t.threads {
		if o == th || !th.Kind.WaitsFor(o.Kind) || o.Status == "done" {
			continue
		}
		how := map[string]string{
			"failed":      "failed",
			"blocked":     "is blocked in a spin loop",
			"pruned":      "stopped at a loop bound",
			"livelock":    "retries a loop forever",
			"not-started": "did not start",
		}[o.Status]
		if how == "" {
			how = "did not complete"
		}
		return "thread " + o.Name + " " + how
	}
	return "a thread it waits for did not complete"
}

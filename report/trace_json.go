package report

import (
	"strconv"

	"github.com/checkfence/checkfence/mining"
)

// JSONTrace is an execution under "trace" in --json: the counterexample of
// a FAIL or the witness of a PASS. Event ids are instruction indices of the
// encoding; "source", "memory_order", "first"/"overtaken" refer to them.
type JSONTrace struct {
	Kind        string           `json:"kind"`            // counterexample (FAIL), witness (PASS) or bound (INCONCLUSIVE: stopped at a loop bound)
	Bound       string           `json:"bound,omitempty"` // where a "bound" execution stopped, in words
	Failure     *JSONFailure     `json:"failure,omitempty"`
	Observation string           `json:"observation,omitempty"`
	Observed    []JSONObsItem    `json:"observed_items,omitempty"`
	Threads     []JSONThread     `json:"threads"`
	MemoryOrder []int            `json:"memory_order,omitempty"` // event ids
	Reorderings []JSONReordering `json:"reorderings,omitempty"`
	Mined       []string         `json:"mined,omitempty"`
	// Closest are the serial observations nearest to a non-serializable
	// one, with the keys in which they differ.
	Closest []JSONClosest `json:"closest,omitempty"`
	// MatchesMined is the index in Mined of the serial observation equal to
	// a witness's observation.
	MatchesMined *int `json:"matches_mined,omitempty"`
}

// JSONFailure locates the failure.
type JSONFailure struct {
	Reason  string `json:"reason"`
	Thread  string `json:"thread"`
	Op      string `json:"op,omitempty"`
	Pos     string `json:"pos"`
	Message string `json:"message"`
	Source  string `json:"source_line,omitempty"` // the failing statement's source text
	// Race names both accesses of a data race (reason data-race); Pos
	// is the first's.
	Race *JSONRace `json:"race,omitempty"`
}

// JSONThread is one thread of a trace.
type JSONThread struct {
	Name   string   `json:"name"`
	Kind   string   `json:"kind"` // init, concurrent or final
	Status string   `json:"status"`
	Ops    []JSONOp `json:"ops"`
	// StoppedAt is the loop a "pruned" thread stopped at.
	StoppedAt *JSONLoop `json:"stopped_at,omitempty"`
}

// JSONLoop is a loop (or recursive call) and the bound it was unrolled to.
type JSONLoop struct {
	Proc      string `json:"proc"`
	Pos       string `json:"pos"`
	Bound     int    `json:"bound"` // iterations (or recursion depth)
	Recursion bool   `json:"recursion,omitempty"`
}

// JSONOp is one operation with its observations and events.
type JSONOp struct {
	Name    string            `json:"name"`
	Proc    string            `json:"proc,omitempty"`     // the procedure's name in the program, when name differs (pthread threads)
	Obs     map[string]string `json:"observed,omitempty"` // inputs and outputs
	Label   string            `json:"label,omitempty"`
	Inputs  []JSONField       `json:"inputs,omitempty"`
	Outputs []JSONField       `json:"outputs,omitempty"`
	Failed  bool              `json:"failed,omitempty"`
	Events  []JSONEvent       `json:"events"`
	// Choices are the nondeterministic choices the operation made, in
	// program order; each comes before the events whose id is before
	// or more.
	Choices []JSONChoice `json:"choices,omitempty"`
}

// JSONChoice is one nondeterministic choice: what it stands for in the
// source, the value it took, and where.
type JSONChoice struct {
	Expr   string `json:"expr"`
	Value  string `json:"value"`
	Pos    string `json:"pos"`
	Before int    `json:"before"`
}

// JSONField is one observed input or output.
type JSONField struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// JSONEvent is one executed load, store or fence.
type JSONEvent struct {
	ID           int    `json:"id"`
	Kind         string `json:"kind"`
	Thread       string `json:"thread"`
	Pos          string `json:"pos"`
	Expr         string `json:"expr,omitempty"`
	Address      string `json:"address,omitempty"`
	Value        string `json:"value,omitempty"`
	Fence        string `json:"fence,omitempty"`
	Source       *int   `json:"source,omitempty"` // id of the store read; absent: initial value
	SourceThread string `json:"source_thread,omitempty"`
	Initial      bool   `json:"initial,omitempty"`
	Order        int    `json:"order"` // 0-based position in memory_order; -1 for fences
	Atomic       int    `json:"atomic,omitempty"`
	Overtakes    *int   `json:"overtakes,omitempty"` // id of an earlier access of the thread that takes effect later
	Snippet      string `json:"snippet,omitempty"`
	// AfterRace: in a data-race counterexample, an event the racing
	// accesses do not depend on (the text and HTML traces fold these).
	AfterRace bool `json:"after_race,omitempty"`
}

// JSONObsItem is one observed quantity.
type JSONObsItem struct {
	Thread string `json:"thread"`
	Record int    `json:"record"`
	Kind   string `json:"kind"` // label, input or output
	Name   string `json:"name"`
	Value  string `json:"value,omitempty"`
}

// JSONReordering is a pair of accesses of one thread whose memory order is
// the opposite of their program order.
type JSONReordering struct {
	Thread    string `json:"thread"`
	First     int    `json:"first"`     // later in program order, earlier in memory order
	Overtaken int    `json:"overtaken"` // earlier in program order, later in memory order
	// OnPath says whether the failure depends on the pair (the accesses
	// feeding the failing check or the differing observation); absent
	// when not known. Pairs on the path come first.
	OnPath *bool `json:"on_path,omitempty"`
}

// JSONClosest is a serial observation close to the observed one.
type JSONClosest struct {
	Mined   int      `json:"mined"` // index in "mined"
	Differs []string `json:"differs"`
}

// TraceJSON converts a result's trace (nil if it has none).
func TraceJSON(r *mining.Result) *JSONTrace {
	t := newTrace(r)
	if t == nil {
		return nil
	}
	x, u := r.Trace, r.Trace.Program
	jt := &JSONTrace{Kind: "counterexample", Threads: []JSONThread{}, MemoryOrder: x.Order}
	switch t.kind {
	case kindWitness:
		jt.Kind = "witness"
	case kindBound:
		jt.Kind = "bound"
		jt.Bound = t.boundSummary()
	}
	if f := t.failure; f != nil {
		jf := &JSONFailure{Reason: f.Reason, Thread: f.Thread.Name, Pos: f.Pos.String(), Message: f.Msg, Source: f.Snippet}
		if f.Op != nil {
			jf.Op = f.Op.Name
		}
		jf.Race = t.jsonRace()
		jt.Failure = jf
	}
	if r.Observation != nil {
		jt.Observation = r.Observation.Format(t.threadName, u.BaseName)
		for _, it := range r.Observation.Items {
			item := JSONObsItem{Thread: t.threadName(it.Key.Thread), Record: it.Key.Record, Kind: it.Key.Kind.String(), Name: it.Key.Name}
			if it.Key.Kind.String() != "label" {
				item.Value = it.Value.Format(u.BaseName)
			}
			jt.Observed = append(jt.Observed, item)
		}
		for _, o := range r.Mined {
			jt.Mined = append(jt.Mined, o.Format(t.threadName, u.BaseName))
		}
	}
	if o := t.obs; o != nil {
		if o.Failing {
			for _, row := range o.closestRows(3) {
				c := JSONClosest{Mined: row.Index - 1, Differs: []string{}}
				for i, cell := range row.Cells {
					if cell.Diff {
						k := o.Keys[i]
						name := t.threadName(k.Thread) + "." + recordName(o, i)
						if !isLabel(k) {
							name += "." + k.Name
						}
						c.Differs = append(c.Differs, name)
					}
				}
				jt.Closest = append(jt.Closest, c)
			}
		} else if o.Match != nil {
			m := o.Match.Index - 1
			jt.MatchesMined = &m
		}
	}
	for _, th := range t.threads {
		jth := JSONThread{Name: th.Name, Kind: th.Kind.String(), Status: th.Status, Ops: []JSONOp{}}
		if li := th.Loop; li != nil {
			jth.StoppedAt = &JSONLoop{Proc: li.Proc, Pos: li.Pos.String(), Bound: li.Bound, Recursion: li.Recursion}
		}
		for _, op := range th.Ops {
			jo := JSONOp{Name: op.Name, Label: op.Label, Failed: op.Failure != nil, Events: []JSONEvent{}}
			if op.Proc != op.Name {
				jo.Proc = op.Proc
			}
			for _, f := range op.Inputs {
				jo.Inputs = append(jo.Inputs, f.jsonField())
			}
			for _, f := range op.Outputs {
				jo.Outputs = append(jo.Outputs, f.jsonField())
			}
			for _, f := range append(append([]field{}, op.Inputs...), op.Outputs...) {
				if jo.Obs == nil {
					jo.Obs = map[string]string{}
				}
				jo.Obs[f.Name] = f.Value
			}
			for _, ev := range op.Events {
				jo.Events = append(jo.Events, jsonEvent(ev, x.Events[ev.Instr].Order))
			}
			for _, ch := range op.Choices {
				jo.Choices = append(jo.Choices, JSONChoice{Expr: ch.Expr, Value: ch.Value, Pos: ch.Pos.String(), Before: ch.Next})
			}
			jth.Ops = append(jth.Ops, jo)
		}
		jt.Threads = append(jt.Threads, jth)
	}
	for _, ro := range t.reorders {
		jr := JSONReordering{Thread: ro.First.Thread.Name, First: ro.First.Instr, Overtaken: ro.Overtaken.Instr}
		if t.rel != nil {
			on := ro.OnPath
			jr.OnPath = &on
		}
		jt.Reorderings = append(jt.Reorderings, jr)
	}
	return jt
}

func (f field) jsonField() JSONField { return JSONField{Name: f.Name, Value: f.Value} }

func jsonEvent(ev *eventView, order int) JSONEvent {
	je := JSONEvent{ID: ev.Instr, Kind: ev.Kind, Thread: ev.Thread.Name, Pos: ev.Pos.String(), Expr: ev.Expr,
		Order: order, Atomic: ev.Atomic, Snippet: ev.Snippet, AfterRace: ev.AfterRace}
	if ev.Kind == "fence" {
		je.Fence = ev.Fence
		je.Order = -1
	} else {
		je.Address = ev.Addr
		je.Value = ev.Value
	}
	if ev.IsLoad() {
		if ev.Source != nil {
			s := ev.Source.Instr
			je.Source = &s
			je.SourceThread = ev.Source.Thread.Name
		} else {
			je.Initial = ev.Initial
		}
	}
	if ev.Overtakes != nil {
		o := ev.Overtakes.Instr
		je.Overtakes = &o
	}
	return je
}

// recordName is the label of the record key i belongs to (its number if
// it has none).
func recordName(o *obsTable, i int) string {
	k := o.Keys[i]
	for _, l := range o.Keys {
		if l.Thread == k.Thread && l.Record == k.Record && isLabel(l) {
			return l.Name
		}
	}
	return "#" + strconv.Itoa(k.Record)
}

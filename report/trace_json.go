package report

import (
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// JSONTrace is an execution under "trace" in --json.
type JSONTrace struct {
	Kind        string       `json:"kind"` // counterexample or witness
	Failure     *JSONFailure `json:"failure,omitempty"`
	Observation string       `json:"observation,omitempty"`
	Threads     []JSONThread `json:"threads"`
	MemoryOrder []int        `json:"memory_order,omitempty"` // event ids
	Mined       []string     `json:"mined,omitempty"`
}

// JSONFailure locates the failure.
type JSONFailure struct {
	Reason  string `json:"reason"`
	Thread  string `json:"thread"`
	Op      string `json:"op,omitempty"`
	Pos     string `json:"pos"`
	Message string `json:"message"`
}

// JSONThread is one thread of a trace.
type JSONThread struct {
	Name   string   `json:"name"`
	Status string   `json:"status"`
	Ops    []JSONOp `json:"ops"`
}

// JSONOp is one operation with its observations and events.
type JSONOp struct {
	Name   string            `json:"name"`
	Obs    map[string]string `json:"observed,omitempty"`
	Events []JSONEvent       `json:"events"`
}

// JSONEvent is one executed load, store or fence.
type JSONEvent struct {
	ID      int    `json:"id"`
	Kind    string `json:"kind"`
	Pos     string `json:"pos"`
	Expr    string `json:"expr,omitempty"`
	Address string `json:"address,omitempty"`
	Value   string `json:"value,omitempty"`
	Fence   string `json:"fence,omitempty"`
	Source  *int   `json:"source,omitempty"` // id of the store read; absent: initial value
	Initial bool   `json:"initial,omitempty"`
	Order   int    `json:"order"`
}

// TraceJSON converts a result's trace.
func TraceJSON(r *mining.Result) *JSONTrace {
	x, e := r.Trace, r.Enc
	t := &JSONTrace{Kind: "witness", Threads: []JSONThread{}}
	if r.Verdict == mining.Fail {
		t.Kind = "counterexample"
	}
	if f := x.Failure; f != nil && r.Verdict == mining.Fail {
		jf := &JSONFailure{Reason: f.Reason, Thread: x.Threads[f.Thread].Name, Pos: f.Pos.String(), Message: f.Msg}
		if f.Op >= 0 && f.Op < len(x.Threads[f.Thread].Ops) {
			jf.Op = x.Threads[f.Thread].Ops[f.Op].Name
		}
		t.Failure = jf
	}
	if r.Observation != nil {
		t.Observation = r.Observation.Format(func(i int) string { return e.U.Threads[i].Name }, e.U.BaseName)
		for _, o := range r.Mined {
			t.Mined = append(t.Mined, o.Format(func(i int) string { return e.U.Threads[i].Name }, e.U.BaseName))
		}
	}
	for _, th := range x.Threads {
		jt := JSONThread{Name: th.Name, Status: th.Status, Ops: []JSONOp{}}
		for _, op := range th.Ops {
			jo := JSONOp{Name: op.Name, Events: []JSONEvent{}}
			for _, it := range op.Obs {
				if jo.Obs == nil {
					jo.Obs = map[string]string{}
				}
				if it.Key.Kind != lsl.ObsLabel {
					jo.Obs[it.Key.Name] = it.Value.Format(e.U.BaseName)
				}
			}
			for _, ev := range op.Events {
				je := JSONEvent{ID: ev.Instr, Kind: ev.Kind, Pos: ev.Pos.String(), Expr: ev.Expr, Order: ev.Order}
				if ev.Kind == "fence" {
					je.Fence = ev.Fence.String()
				} else {
					je.Address = ev.AddrName
					je.Value = ev.Value.Format(e.U.BaseName)
				}
				if ev.Kind == "load" {
					if ev.Source >= 0 {
						s := ev.Source
						je.Source = &s
					} else {
						je.Initial = true
					}
				}
				jo.Events = append(jo.Events, je)
			}
			jt.Ops = append(jt.Ops, jo)
		}
		t.Threads = append(t.Threads, jt)
	}
	t.MemoryOrder = x.Order
	return t
}

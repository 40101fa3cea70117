package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// The --json schema of SPEC §2 is a contract: these names must not change.
func TestWriteJSONSchema(t *testing.T) {
	rs := check(t, "mp.lsl", "mp.tst", "relaxed")
	rs = append(rs, &mining.Result{Test: "Slow", Verdict: mining.Inconclusive, Reason: mining.ReasonTimeout, Message: "no answer within 1s"})
	var b bytes.Buffer
	if err := WriteJSON(&b, "relaxed", rs); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, b.String())
	}
	if doc["model"] != "relaxed" {
		t.Errorf("model = %v", doc["model"])
	}
	tests, _ := doc["tests"].([]any)
	if len(tests) != len(rs) {
		t.Fatalf("%d tests, want %d", len(tests), len(rs))
	}
	for _, x := range tests {
		tt := x.(map[string]any)
		for _, k := range []string{"name", "verdict", "stats"} {
			if _, ok := tt[k]; !ok {
				t.Errorf("test %v lacks %q", tt["name"], k)
			}
		}
		st := tt["stats"].(map[string]any)
		for _, k := range []string{"instrs", "loads", "stores", "vars", "clauses", "observations", "seconds"} {
			if _, ok := st[k].(float64); !ok {
				t.Errorf("test %v: stats.%s missing or not a number", tt["name"], k)
			}
		}
	}
	mp := tests[0].(map[string]any)
	if mp["verdict"] != "FAIL" || mp["reason"] != "consistency" || mp["message"] == "" {
		t.Errorf("MP: verdict %v reason %v message %v", mp["verdict"], mp["reason"], mp["message"])
	}
	if _, ok := mp["trace"].(map[string]any); !ok {
		t.Error("MP has no trace")
	}
	if _, ok := tests[len(rs)-1].(map[string]any)["trace"]; ok {
		t.Error("a result without an execution has a trace")
	}
}

// The trace in --json is the same execution the text shows: every load's
// source is a store of the same address and value, the memory order lists
// every access once, and the closest serial observations name what differs.
func TestTraceJSONConsistency(t *testing.T) {
	r := result(t, check(t, "mp.lsl", "mp.tst", "relaxed"), "MP")
	tr := TraceJSON(r)
	if tr.Kind != "counterexample" || tr.Observation != "t1: w() | t2: r(x=0, y=1)" {
		t.Fatalf("kind %q observation %q", tr.Kind, tr.Observation)
	}
	byID := map[int]JSONEvent{}
	accesses := 0
	for _, th := range tr.Threads {
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				byID[ev.ID] = ev
				if ev.Kind != "fence" {
					accesses++
				}
			}
		}
	}
	if len(tr.MemoryOrder) != accesses {
		t.Errorf("memory order has %d entries for %d accesses", len(tr.MemoryOrder), accesses)
	}
	for i, id := range tr.MemoryOrder {
		if byID[id].Order != i {
			t.Errorf("event %d: order %d, but position %d in memory_order", id, byID[id].Order, i)
		}
	}
	loads := 0
	for _, ev := range byID {
		if ev.Kind != "load" {
			continue
		}
		loads++
		if ev.Source == nil {
			if !ev.Initial {
				t.Errorf("load %d has neither a source nor the initial value", ev.ID)
			}
			continue
		}
		st := byID[*ev.Source]
		if st.Kind != "store" || st.Address != ev.Address || st.Value != ev.Value || st.Thread != ev.SourceThread {
			t.Errorf("load %+v reads %+v", ev, st)
		}
	}
	if loads != 2 {
		t.Errorf("%d loads, want 2", loads)
	}
	if len(tr.Closest) == 0 {
		t.Fatal("no closest serial observations")
	}
	for _, c := range tr.Closest {
		if len(c.Differs) != 1 || (c.Differs[0] != "t2.r.x" && c.Differs[0] != "t2.r.y") {
			t.Errorf("closest %d differs in %v", c.Mined, c.Differs)
		}
	}
	// t1's stores or t2's loads (or both) take effect out of program order
	if len(tr.Reorderings) == 0 {
		t.Error("no reordering in the MP counterexample")
	}
}

func TestTraceJSONWitnessAndFailure(t *testing.T) {
	w := TraceJSON(result(t, check(t, "mp.lsl", "mp.tst", "sc"), "MPops"))
	if w.Kind != "witness" || w.Failure != nil || w.MatchesMined == nil {
		t.Errorf("witness: kind %q failure %v matches %v", w.Kind, w.Failure, w.MatchesMined)
	}
	f := TraceJSON(result(t, check(t, "errors.lsl", "errors.tst", "sc"), "Null"))
	if f.Failure == nil {
		t.Fatal("no failure")
	}
	want := JSONFailure{Reason: "runtime-error", Thread: "t2", Op: "follow", Pos: "testdata/errors.lsl:28:5",
		Message: "null dereference: `p` is 0", Source: `%v := load %p as "p->value"`}
	if *f.Failure != want {
		t.Errorf("failure %+v\nwant    %+v", *f.Failure, want)
	}
}

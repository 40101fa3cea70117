package report

import (
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

func obs(items ...trace.ObsItem) trace.Observation { return trace.Observation{Items: items} }

func label(thread, rec int, name string) trace.ObsItem {
	return trace.ObsItem{Key: trace.ObsKey{Thread: thread, Record: rec, Kind: lsl.ObsLabel, Name: name}}
}

func out(thread, rec int, name string, v int64) trace.ObsItem {
	return trace.ObsItem{Key: trace.ObsKey{Thread: thread, Record: rec, Kind: lsl.ObsOutput, Name: name}, Value: lsl.Num(v)}
}

func TestObsTable(t *testing.T) {
	name := func(i int) string { return []string{"t1", "t2"}[i] }
	observed := obs(label(0, 1, "d"), out(0, 1, "found", 1), out(0, 1, "value", 2))
	mined := []trace.Observation{
		obs(label(0, 1, "d"), out(0, 1, "found", 0)),                        // 2 differences: found, value absent
		obs(label(0, 1, "d"), out(0, 1, "found", 1), out(0, 1, "value", 1)), // 1 difference
		obs(label(0, 1, "d"), out(0, 1, "found", 1), out(0, 1, "value", 3)), // 1 difference
	}
	tb := newObsTable(observed, mined, name, nil, true)
	if len(tb.Keys) != 3 || !isLabel(tb.Keys[0]) {
		t.Fatalf("keys %v", tb.Keys)
	}
	if tb.Closest != 1 {
		t.Errorf("closest distance %d, want 1", tb.Closest)
	}
	var order []int
	for _, r := range tb.Rows {
		order = append(order, r.Index)
	}
	if want := []int{2, 3, 1}; !equalInts(order, want) {
		t.Errorf("rows in order %v, want %v (closest first, stable)", order, want)
	}
	if got := len(tb.closestRows(5)); got != 2 {
		t.Errorf("%d closest rows, want 2", got)
	}
	if tb.Match != nil {
		t.Error("a failing observation matches a serial one")
	}
	last := tb.Rows[2]
	if last.Cells[2].Present || !last.Cells[2].Diff {
		t.Errorf("an absent value must differ from a present one: %+v", last.Cells[2])
	}
	// a witness's observation is one of the serial ones
	w := newObsTable(mined[1], mined, name, nil, false)
	if w.Match == nil || w.Match.Index != 2 {
		t.Errorf("witness matches %+v, want serial #2", w.Match)
	}
	if newObsTable(observed, nil, name, nil, false) != nil {
		t.Error("a table without serial observations for a non-consistency result")
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

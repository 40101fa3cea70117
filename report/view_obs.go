package report

import (
	"sort"

	"github.com/checkfence/checkfence/trace"
)

// obsTable lines up the observation of the execution with the observations
// of the serial executions, key by key, so the differences stand out.
type obsTable struct {
	Keys     []trace.ObsKey // union of the keys of all rows, in observation order
	Observed *obsRow
	Rows     []*obsRow // the serial observations, closest first
	Closest  int       // fewest differing keys of any serial observation
	Failing  bool      // Observed is the non-serializable observation of a FAIL
	Match    *obsRow   // a serial observation equal to Observed (witnesses)
}

type obsRow struct {
	Index    int // 1-based number in the mined set; 0 for the observed row
	Cells    []obsCell
	Distance int // number of keys whose cell differs from the observed row
	Text     string
}

type obsCell struct {
	Present bool
	Value   string
	Diff    bool // differs from the observed row
}

// newObsTable compares observed with the mined set; nil when there is
// nothing to compare.
func newObsTable(observed trace.Observation, mined []trace.Observation, threadName func(int) string, baseName func(int64) string, failing bool) *obsTable {
	if len(mined) == 0 && !failing {
		return nil
	}
	seen := map[trace.ObsKey]bool{}
	t := &obsTable{Failing: failing}
	addKeys := func(o trace.Observation) {
		for _, it := range o.Items {
			if !seen[it.Key] {
				seen[it.Key] = true
				t.Keys = append(t.Keys, it.Key)
			}
		}
	}
	addKeys(observed)
	for _, o := range mined {
		addKeys(o)
	}
	sort.Slice(t.Keys, func(i, j int) bool { return t.Keys[i].Less(t.Keys[j]) })
	col := map[trace.ObsKey]int{}
	for i, k := range t.Keys {
		col[k] = i
	}
	row := func(o trace.Observation, index int) *obsRow {
		r := &obsRow{Index: index, Cells: make([]obsCell, len(t.Keys)), Text: o.Format(threadName, baseName)}
		for _, it := range o.Items {
			r.Cells[col[it.Key]] = obsCell{Present: true, Value: it.Value.Format(baseName)}
		}
		return r
	}
	t.Observed = row(observed, 0)
	for i, o := range mined {
		r := row(o, i+1)
		for c := range r.Cells {
			a, b := r.Cells[c], t.Observed.Cells[c]
			if a.Present != b.Present || a.Value != b.Value {
				r.Cells[c].Diff = true
				r.Distance++
			}
		}
		if r.Distance == 0 && t.Match == nil {
			t.Match = r
		}
		t.Rows = append(t.Rows, r)
	}
	sort.SliceStable(t.Rows, func(i, j int) bool { return t.Rows[i].Distance < t.Rows[j].Distance })
	if len(t.Rows) > 0 {
		t.Closest = t.Rows[0].Distance
	}
	return t
}

// closestRows are the serial observations at the smallest distance (at most
// n of them).
func (t *obsTable) closestRows(n int) []*obsRow {
	var out []*obsRow
	for _, r := range t.Rows {
		if r.Distance != t.Closest || len(out) == n {
			break
		}
		out = append(out, r)
	}
	return out
}

package trace

import (
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// ObsKey identifies one observed quantity: thread, operation record (1 for
// the first observe label of the thread, 0 before any), kind and name.
type ObsKey struct {
	Thread int
	Record int
	Kind   lsl.ObsKind
	Name   string
}

// Observation is the observation vector of one execution (§6.3.2): for each
// thread, its operation records with their labels, inputs and outputs. Keys
// that were not observed are absent (which differs from every value).
type Observation struct {
	Items []ObsItem // sorted by key
}

// ObsItem is one observed quantity.
type ObsItem struct {
	Key   ObsKey
	Value lsl.Value
}

// SortKeys sorts observation keys (ObsKey.Less).
func SortKeys(ks []ObsKey) {
	sort.Slice(ks, func(i, j int) bool { return obsLess(ks[i], ks[j]) })
}

// Less orders observation keys: by thread, record, the label first, kind
// and name.
func (a ObsKey) Less(b ObsKey) bool { return obsLess(a, b) }

func obsLess(a, b ObsKey) bool {
	if a.Thread != b.Thread {
		return a.Thread < b.Thread
	}
	if a.Record != b.Record {
		return a.Record < b.Record
	}
	if (a.Kind == lsl.ObsLabel) != (b.Kind == lsl.ObsLabel) {
		return a.Kind == lsl.ObsLabel // the label opens its record
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return a.Name < b.Name
}

// Canon returns a string that is equal exactly for equal observations.
func (o Observation) Canon() string {
	var b strings.Builder
	for _, it := range o.Items {
		b.WriteString(strconv.Itoa(it.Key.Thread))
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(it.Key.Record))
		b.WriteByte('.')
		b.WriteString(it.Key.Kind.String())
		b.WriteByte('.')
		b.WriteString(strconv.Quote(it.Key.Name))
		b.WriteByte('=')
		b.WriteString(it.Value.String())
		b.WriteByte(';')
	}
	return b.String()
}

// Format renders the observation per thread, one operation record after the
// other: "t1: enqueue(val=1) | t2: dequeue(ok=1, val=1)".
func (o Observation) Format(threadName func(int) string, baseName func(int64) string) string {
	var parts []string
	byThread := map[int][]ObsItem{}
	var threads []int
	for _, it := range o.Items {
		if _, ok := byThread[it.Key.Thread]; !ok {
			threads = append(threads, it.Key.Thread)
		}
		byThread[it.Key.Thread] = append(byThread[it.Key.Thread], it)
	}
	for _, t := range threads {
		parts = append(parts, threadName(t)+": "+FormatRecords(byThread[t], baseName))
	}
	return strings.Join(parts, " | ")
}

// FormatRecords renders one thread's items as "op(name=v, …) op2(…)".
func FormatRecords(items []ObsItem, baseName func(int64) string) string {
	var recs []string
	cur := -1
	var label string
	var fields []string
	flush := func() {
		if cur < 0 {
			return
		}
		name := label
		if name == "" {
			name = "-"
		}
		recs = append(recs, name+"("+strings.Join(fields, ", ")+")")
	}
	for _, it := range items {
		if it.Key.Record != cur {
			flush()
			cur, label, fields = it.Key.Record, "", nil
		}
		if it.Key.Kind == lsl.ObsLabel {
			label = it.Key.Name
			continue
		}
		fields = append(fields, it.Key.Name+"="+it.Value.Format(baseName))
	}
	flush()
	return strings.Join(recs, " ")
}

// NewObservation builds an observation from items in any order (a later
// item with the same key replaces an earlier one).
func NewObservation(items []ObsItem) Observation {
	byKey := map[ObsKey]int{}
	var out []ObsItem
	for _, it := range items {
		if i, ok := byKey[it.Key]; ok {
			out[i] = it
			continue
		}
		byKey[it.Key] = len(out)
		out = append(out, it)
	}
	sort.Slice(out, func(i, j int) bool { return obsLess(out[i].Key, out[j].Key) })
	return Observation{Items: out}
}

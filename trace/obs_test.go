package trace

import (
	"strconv"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

func label(thread, rec int, name string) ObsItem {
	return ObsItem{Key: ObsKey{Thread: thread, Record: rec, Kind: lsl.ObsLabel, Name: name}}
}

func field(thread, rec int, kind lsl.ObsKind, name string, v int64) ObsItem {
	return ObsItem{Key: ObsKey{Thread: thread, Record: rec, Kind: kind, Name: name}, Value: lsl.Num(v)}
}

func threadName(t int) string { return "t" + strconv.Itoa(t) }

func TestObservation(t *testing.T) {
	cases := []struct {
		name   string
		items  []ObsItem // in any order; a later key replaces an earlier one
		format string
		canon  string
	}{
		{"empty", nil, "", ""},
		{
			"label opens its record",
			[]ObsItem{field(0, 1, lsl.ObsInput, "val", 1), label(0, 1, "enqueue")},
			"t0: enqueue(val=1)",
			`0.1.label."enqueue"=undef;0.1.input."val"=1;`,
		},
		{
			"threads, records, inputs before outputs, names",
			[]ObsItem{
				field(1, 1, lsl.ObsOutput, "val", 1), field(1, 1, lsl.ObsOutput, "ok", 1), label(1, 1, "dequeue"),
				label(0, 2, "enqueue"), field(0, 2, lsl.ObsInput, "val", 2),
				label(0, 1, "enqueue"), field(0, 1, lsl.ObsInput, "val", 1),
			},
			"t0: enqueue(val=1) enqueue(val=2) | t1: dequeue(ok=1, val=1)",
			`0.1.label."enqueue"=undef;0.1.input."val"=1;0.2.label."enqueue"=undef;0.2.input."val"=2;1.1.label."dequeue"=undef;1.1.output."ok"=1;1.1.output."val"=1;`,
		},
		{
			"a later item replaces an earlier",
			[]ObsItem{field(0, 0, lsl.ObsOutput, "r", 1), field(0, 0, lsl.ObsOutput, "r", 3)},
			"t0: -(r=3)",
			`0.0.output."r"=3;`,
		},
	}
	for _, c := range cases {
		o := NewObservation(c.items)
		if got := o.Format(threadName, nil); got != c.format {
			t.Errorf("%s: Format = %q, want %q", c.name, got, c.format)
		}
		if got := o.Canon(); got != c.canon {
			t.Errorf("%s: Canon = %q, want %q", c.name, got, c.canon)
		}
		keys := make([]ObsKey, len(o.Items))
		for i, it := range o.Items {
			keys[i] = it.Key
		}
		for i := 1; i < len(keys); i++ {
			if !keys[i-1].Less(keys[i]) || keys[i].Less(keys[i-1]) {
				t.Errorf("%s: items not in key order at %d: %+v", c.name, i, keys)
			}
		}
		rev := make([]ObsKey, len(keys))
		for i, k := range keys {
			rev[len(keys)-1-i] = k
		}
		SortKeys(rev)
		for i := range rev {
			if rev[i] != keys[i] {
				t.Errorf("%s: SortKeys = %+v, want %+v", c.name, rev, keys)
				break
			}
		}
	}
}

func TestCatCheckOrders(t *testing.T) {
	k := CatCheck{Name: "acyclic ob", Closure: [][]bool{{false, true}, {false, false}}}
	cases := []struct {
		a, b int
		want bool
	}{{0, 1, true}, {1, 0, false}, {0, 0, false}}
	for _, c := range cases {
		if got := k.Orders(c.a, c.b); got != c.want {
			t.Errorf("Orders(%d, %d) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

package cat

import (
	"fmt"
	"testing"
)

// TestMergeAMOHalves: the halves of an AMO tagged AMO are both reads and
// writes, and dependencies into or out of either belong to both; other
// amo pairs (AArch64's) keep two events.
func TestMergeAMOHalves(t *testing.T) {
	for _, tagged := range []bool{true, false} {
		var tags []string
		if tagged {
			tags = []string{"X", AMOTag}
		}
		// 0: load a; 1: AMO read; 2: AMO write; 3: load b
		c := &Candidate{
			Events: []Event{{Thread: 0, Kind: Read, Loc: 0}, {Thread: 0, Kind: Read, Loc: 1, Tags: tags},
				{Thread: 0, Kind: Write, Loc: 1, Tags: tags}, {Thread: 0, Kind: Read, Loc: 2}},
			PO:   [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}},
			Data: [][2]int{{0, 2}},
			Addr: [][2]int{{1, 3}},
			Amo:  [][2]int{{1, 2}},
		}
		x := c.Execution()
		got := fmt.Sprint(x.Sets["R"].Has(2), x.Sets["W"].Has(1), x.Rels["data"].Has(0, 1), x.Rels["addr"].Has(2, 3),
			x.Rels["data"].Has(1, 1), x.Rels["addr"].Has(2, 2))
		want := fmt.Sprint(tagged, tagged, tagged, tagged, false, false)
		if got != want {
			t.Errorf("tagged=%v: R∋w, W∋r, data(a,r), addr(w,b), self edges = %s, want %s", tagged, got, want)
		}
	}
}

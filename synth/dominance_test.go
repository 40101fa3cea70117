package synth

import (
	"reflect"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// TestDominated: a weaker order for the same access and a weaker C11
// fence at the same point are dominated; different accesses, points,
// procedures and non-C11 barriers are not.
func TestDominated(t *testing.T) {
	at := func(proc string, line, col int) *lsl.FencePoint {
		return &lsl.FencePoint{Proc: proc, File: "f.c", Line: line, Side: lsl.OrderSide, Pos: diag.Pos{File: "f.c", Line: line, Col: col}}
	}
	before := func(proc string, line int) *lsl.FencePoint {
		return &lsl.FencePoint{Proc: proc, File: "f.c", Line: line, Side: lsl.InsertBefore, Pos: diag.Pos{File: "f.c", Line: line, Col: 5}}
	}
	order := func(id int, pt *lsl.FencePoint, access, ord string) *lsl.Candidate {
		return &lsl.Candidate{ID: id, Point: pt, Access: access, From: "RLX", Order: ord}
	}
	fence := func(id int, pt *lsl.FencePoint, ord string) *lsl.Candidate {
		return &lsl.Candidate{ID: id, Point: pt, Barrier: lsl.C11FenceBarrier(ord)}
	}
	cands := []*lsl.Candidate{
		order(1, at("p", 3, 5), "R", "ACQ"),
		order(2, at("p", 3, 5), "R", "SC"),
		order(3, at("p", 3, 30), "W", "REL"), // another access on the line
		order(4, at("p", 4, 5), "RMW", "ACQ"),
		order(5, at("p", 4, 5), "RMW", "REL"),
		order(6, at("p", 4, 5), "RMW", "ACQ_REL"),
		order(7, at("p", 4, 5), "RMW", "SC"),
		fence(8, before("p", 5), "ACQ"),
		fence(9, before("p", 5), "REL"),
		fence(10, before("p", 5), "ACQ_REL"),
		fence(11, before("p", 5), "SC"),
		fence(12, before("q", 5), "ACQ"), // another procedure
		{ID: 13, Point: before("p", 5), Barrier: &lsl.Barrier{Name: "DMB ISHLD", Tags: []string{"DMB.ISHLD"}}},
		{ID: 14, Point: before("p", 5), Barrier: &lsl.Barrier{Name: "DMB ISH", Tags: []string{"DMB.ISH"}}},
	}
	want := map[int]bool{1: true, 4: true, 5: true, 6: true, 8: true, 9: true, 10: true}
	if got := dominated(cands); !reflect.DeepEqual(got, want) {
		t.Errorf("dominated %v, want %v", got, want)
	}
}

package main

import (
	"reflect"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// lostIn reads the final memory of an execution: the blocks still
// allocated that no pointer from a global reaches (through allocated
// blocks) are lost.
func TestLostBlocks(t *testing.T) {
	// block 1: the global head; 2, 3: pool blocks a and b; 4: the flags
	u := &lsl.Unrolled{
		Blocks: []*lsl.BlockInfo{
			{Base: 1, Kind: lsl.BlockGlobal, Name: "head"},
			{Base: 2, Kind: lsl.BlockPool, Name: "a"},
			{Base: 3, Kind: lsl.BlockPool, Name: "b"},
			{Base: 4, Kind: lsl.BlockPoolFlags, Name: "pool.flags"},
			{Base: 5, Kind: lsl.BlockLocal, Name: "main's p"},
		},
		Pool: &lsl.PoolInfo{First: 2, N: 2, Flags: 4},
	}
	type store struct{ addr, val lsl.Value }
	allocBoth := []store{{lsl.Ptr(4, 0), lsl.Num(1)}, {lsl.Ptr(4, 1), lsl.Num(1)}}
	tests := []struct {
		name   string
		stores []store
		lost   []string
	}{
		{"a chain from a global", append(allocBoth, store{lsl.Ptr(1), lsl.Ptr(2)}, store{lsl.Ptr(2, 1), lsl.Ptr(3)}), nil},
		{"the pointer overwritten", append(allocBoth, store{lsl.Ptr(1), lsl.Ptr(2)}, store{lsl.Ptr(1), lsl.Ptr(3)}), []string{"a"}},
		{"only a local points to it", append(allocBoth, store{lsl.Ptr(5), lsl.Ptr(2)}, store{lsl.Ptr(1), lsl.Ptr(3)}), []string{"a"}},
		{"a pointer into the block", append(allocBoth, store{lsl.Ptr(1), lsl.Ptr(2, 1)}, store{lsl.Ptr(2, 0), lsl.Ptr(3)}), nil},
		{"not through a freed block", append(allocBoth, store{lsl.Ptr(1), lsl.Ptr(2)}, store{lsl.Ptr(2, 1), lsl.Ptr(3)}, store{lsl.Ptr(4, 0), lsl.Num(0)}), []string{"b"}},
		{"nothing allocated", []store{{lsl.Ptr(1), lsl.Num(0)}}, nil},
	}
	for _, tc := range tests {
		x := &trace.Execution{Events: map[int]*trace.Event{}}
		for i, s := range tc.stores {
			x.Events[i] = &trace.Event{Kind: "store", Addr: s.addr, Value: s.val}
			x.Order = append(x.Order, i)
		}
		lost, ok := lostIn(u, x)
		if !ok || !reflect.DeepEqual(lost, tc.lost) {
			t.Errorf("%s: lost %v (%v), want %v", tc.name, lost, ok, tc.lost)
		}
	}
}

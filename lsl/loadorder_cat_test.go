package lsl

import (
	"slices"
	"strings"
	"testing"
)

// stubOrder is an EventOrder in the style of arm8: an acquire load (tag
// acq) is ordered before everything after it, everything before a
// release store (tag rel) is ordered before it, a release store before a
// later acquire load, a full fence orders everything around it, a
// store-store fence stores around it; a store after an access to its
// location is ordered after it. Class: 0 load, 1 acquire load, 2 store,
// 3 release store, 4 full fence, 5 store-store fence.
type stubOrder struct{}

func (stubOrder) Class(s Stmt, atomic bool) (int, bool) {
	switch s := s.(type) {
	case *Load:
		if HasTag(s.Tags, "acq") {
			return 1, true
		}
		return 0, true
	case *Store:
		if HasTag(s.Tags, "rel") {
			return 3, true
		}
		return 2, true
	case *Fence:
		switch s.Kind {
		case FenceFull:
			return 4, true
		case FenceStoreStore:
			return 5, true
		}
	}
	return 0, false
}

func (stubOrder) Loads() uint64  { return 1<<0 | 1<<1 }
func (stubOrder) Stores() uint64 { return 1<<2 | 1<<3 }

func (stubOrder) Ordered(a, fence, b int, sameLoc bool) bool {
	store := func(c int) bool { return c == 2 || c == 3 }
	switch {
	case a == 1, b == 3, a == 3 && b == 1, fence == 4:
		return true
	case fence == 5:
		return store(a) && store(b)
	case sameLoc:
		return store(b)
	}
	return false
}

// TestLoadOrdersCat checks the analysis on a cat model (LoadOrdersBy):
// chains through the model's order, fences, the same location, and which
// stores a later store may follow unordered.
func TestLoadOrdersCat(t *testing.T) {
	const src = `
global A
global B
global C
proc acqStore() { %a := load<acq> @A  store @B, %a }
proc loadStore() { %a := load @A  store @B, %a }
proc loadRel() { %a := load @A  store<rel> @B, %a }
proc relThenStore() { %a := load @A  store<rel> @B, %a  store @C, 1 }
proc chain() { %a := load @A  store<rel> @B, %a  %b := load<acq> @C  store @C, 1 }
proc fenced() { %a := load @A  fence full  store @B, %a  %b := load @B }
proc loadLoad() { %a := load @A  %b := load @B  store<rel> @C, 1 }
proc incr() { %a := load @A  %n := add(%a, 1)  store @A, %n }
proc incrReassigned() { %p := @A  %a := load %p  %p := @B  store %p, %a }
proc storeStore() { store @A, 1  store @B, 2 }
proc storeFenced() { store @A, 1  fence store-store  store @B, 2 }
proc storeRel() { store @A, 1  store<rel> @B, 2  store @C, 3 }
proc storeRelAcq() { store @A, 1  store<rel> @B, 2  %c := load<acq> @C  store @C, 3 }
proc loopBack() {
    l: {
        store<rel> @B, 1
        %a := load @A
        if %a { break l }
        continue l
    }
}
proc loopThenStore() {
    l: {
        %a := load @A
        store @B, %a
        if %a { break l }
        continue l
    }
    store @C, 1
}
`
	// a compare-and-swap loop left when the CAS succeeded (its release
	// store ran: "and 1") or when it failed ("xor 1")
	const casLoop = `
proc NAME() {
    %a := load @A
    l: {
        atomic {
            %c := load @B
            %ok := eq(%c, 0)
            if %ok { store<rel> @B, 1 }
        }
        %t := OP(%ok, 1)
        if %t { break l }
        continue l
    }
    %x := load<acq> @C
    store @C, 1
}
`
	cas := func(name, op string) string {
		return strings.NewReplacer("NAME", name, "OP", op).Replace(casLoop)
	}
	p, err := Parse("loadorder_cat.lsl", []byte(src+cas("casLoop", "and")+cas("casLoopLeftOnFailure", "xor")))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		proc       string
		store, any bool
		loads      []string
		unordered  []string // the stores a later store may follow unordered, by the stored global
	}{
		{"acquire load", "acqStore", false, false, nil, nil},
		{"load then store", "loadStore", true, false, nil, nil},
		{"load then release store", "loadRel", false, false, nil, nil},
		{"a release store orders nothing after it", "relThenStore", true, false, nil, []string{"B"}},
		{"release, then acquire: a chain", "chain", false, false, nil, nil},
		{"full fence", "fenced", false, false, nil, nil},
		{"load then load", "loadLoad", false, false, []string{"B"}, nil},
		{"an increment: same location", "incr", false, false, nil, nil},
		{"the address register assigned between", "incrReassigned", true, false, nil, nil},
		{"store then store", "storeStore", false, false, nil, []string{"A"}},
		{"store-store fence", "storeFenced", false, false, nil, nil},
		{"a store before a release store, then another", "storeRel", false, false, nil, []string{"A", "B"}},
		{"store, release, acquire, store", "storeRelAcq", false, false, nil, nil},
		{"a loop's back edge: the next round's release store", "loopBack", false, false, []string{"A"}, nil},
		{"a compare-and-swap loop left when its release store ran", "casLoop", false, false, []string{"B"}, nil},
		{"left when it did not", "casLoopLeftOnFailure", true, false, []string{"B", "C"}, nil},
		{"a store in a loop, a store after it", "loopThenStore", true, false, []string{"A"}, []string{"B"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := Unroll(p, []ThreadSpec{conc(tc.proc)}, UnrollOptions{})
			if err != nil {
				t.Fatal(err)
			}
			o := LoadOrdersBy(u, stubOrder{})
			var loads, unordered []string
			for _, b := range o.Blocks() {
				loads = append(loads, u.Block(b).Name)
			}
			for st := range o.StoreUnordered {
				k := st.Addr.(Const)
				unordered = append(unordered, u.Block(k.V.Ptr[0]).Name)
			}
			slices.Sort(loads)
			slices.Sort(unordered)
			if o.StoreAfterLoad != tc.store || o.AnyLoadAfterLoad != tc.any || !slices.Equal(loads, tc.loads) || !slices.Equal(unordered, tc.unordered) {
				t.Errorf("store after load %v, any load after load %v, loads after loads %v, unordered stores %v; want %v, %v, %v, %v",
					o.StoreAfterLoad, o.AnyLoadAfterLoad, loads, unordered, tc.store, tc.any, tc.loads, tc.unordered)
			}
		})
	}
}

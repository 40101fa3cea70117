package lsl

import (
	"slices"
	"testing"
)

// TestLoadOrders checks the analysis of loads a fence orders: each case
// is a program's threads and what the analysis must find (a store after
// an unordered load; a load of a non-constant address after one; the
// globals a load after an unordered load reads).
func TestLoadOrders(t *testing.T) {
	const src = `
global A
global B
global C
proc fenced() { %a := load @A  fence full  store @B, %a  %b := load @B  fence full }
proc loadStore() { %a := load @A  store @B, %a }
proc loadStoreLS() { %a := load @A  fence load-store  store @B, %a }
proc loadStoreLL() { %a := load @A  fence load-load  store @B, %a }
proc loadLoad() { %a := load @A  %b := load @B  fence full }
proc loadLoadLL() { %a := load @A  fence load-load  %b := load @B  fence full  store @C, 1 }
proc loadViaReg() { %a := load @A  %b := load %a  fence full }
proc rmw() {
    fence full
    atomic { %a := load @A  %n := add(%a, 1)  store @A, %n }
    fence full
    store @B, 1
}
proc rmwUnfenced() {
    atomic { %a := load @A  %n := add(%a, 1)  store @A, %n }
    store @B, 1
}
proc loopBack() {
    l: {
        store @B, 1
        %a := load @A
        if %a { break l }
        continue l
    }
    fence full
}
proc loopFenced() {
    l: {
        store @B, 1
        %a := load @A
        fence full
        if %a { break l }
        continue l
    }
}
proc breakOut() {
    l: {
        atomic {
            %a := load @A
            if %a { break l }
        }
        fence full
    }
    store @B, 1
}
proc branch() {
    %a := load @A
    if %a { fence full } else { }
    store @B, 1
}
proc callee() { %a := load @A }
proc callsThenStores() { call callee()  store @B, 1 }
proc callsFenced() { call callee()  fence full  store @B, 1 }
proc storeFirst() { store @B, 1  %a := load @A  fence full }
proc recurse() { call recurse() }
proc incr() { %a := load @A  %n := add(%a, 1)  store @A, %n }
proc incrReg() { %p := offset(@A, 0)  %a := load %p  %n := add(%a, 1)  store %p, %n  fence full }
proc incrReassigned() { %p := offset(@A, 0)  %a := load %p  %p := offset(@B, 0)  store %p, %a }
proc incrThenOther() { %a := load @A  store @A, 1  store @B, 1 }
proc loadInCallee() { %p := offset(@A, 0)  %a := load %p }
proc callsThenStoresThere() { %p := offset(@A, 0)  call loadInCallee()  store %p, 1 }
proc loadOrStore(%q, %c) { if %c { store %q, 1 } else { %a := load %q } }
proc twoActivations() { call loadOrStore(@A, 0)  call loadOrStore(@B, 1) }
`
	p, err := Parse("loadorder.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		specs      []ThreadSpec
		store, any bool
		loads      []string
	}{
		{"fenced", []ThreadSpec{conc("fenced"), conc("fenced")}, false, false, nil},
		{"load then store", []ThreadSpec{conc("loadStore")}, true, false, nil},
		{"load-store fence", []ThreadSpec{conc("loadStoreLS")}, false, false, nil},
		{"load-load fence orders no store", []ThreadSpec{conc("loadStoreLL")}, true, false, nil},
		{"load then load", []ThreadSpec{conc("loadLoad")}, false, false, []string{"B"}},
		{"load-load fence", []ThreadSpec{conc("loadLoadLL")}, false, false, nil},
		{"load through a register", []ThreadSpec{conc("loadViaReg")}, false, true, nil},
		{"read-modify-write between fences", []ThreadSpec{conc("rmw")}, false, false, nil},
		{"read-modify-write then a store", []ThreadSpec{conc("rmwUnfenced")}, true, false, nil},
		{"loop back edge", []ThreadSpec{conc("loopBack")}, true, false, []string{"A"}},
		{"loop fenced", []ThreadSpec{conc("loopFenced")}, false, false, nil},
		{"break out of an atomic block", []ThreadSpec{conc("breakOut")}, true, false, nil},
		{"fence on one branch", []ThreadSpec{conc("branch")}, true, false, nil},
		{"load in a callee", []ThreadSpec{conc("callsThenStores")}, true, false, nil},
		{"callee then fence", []ThreadSpec{conc("callsFenced")}, false, false, nil},
		{"operations in sequence", []ThreadSpec{{Kind: ThreadConcurrent, Ops: []string{"storeFirst", "callsFenced", "loadStoreLS"}}}, false, false, nil},
		{"operations: a load before the next operation's store", []ThreadSpec{{Kind: ThreadConcurrent, Ops: []string{"callee", "storeFirst"}}}, true, false, []string{"A"}},
		{"an increment: the store goes where the load read", []ThreadSpec{conc("incr")}, false, false, nil},
		{"an increment through a register", []ThreadSpec{conc("incrReg")}, false, false, nil},
		{"the register assigned between", []ThreadSpec{conc("incrReassigned")}, true, false, nil},
		{"an increment, then a store elsewhere", []ThreadSpec{conc("incrThenOther")}, true, false, nil},
		{"a callee's register is not the caller's", []ThreadSpec{conc("callsThenStoresThere")}, true, false, nil},
		{"nor its next activation's", []ThreadSpec{conc("twoActivations")}, true, true, nil},
		{"init and final threads do not count", []ThreadSpec{{Kind: ThreadInit, Ops: []string{"loadStore"}}, conc("fenced"), {Kind: ThreadFinal, Ops: []string{"loadLoad"}}}, false, false, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := Unroll(p, tc.specs, UnrollOptions{})
			if err != nil {
				t.Fatal(err)
			}
			o := LoadOrders(u)
			var loads []string
			for _, b := range o.Blocks() {
				loads = append(loads, u.Block(b).Name)
			}
			slices.Sort(loads)
			if o.StoreAfterLoad != tc.store || o.AnyLoadAfterLoad != tc.any || !slices.Equal(loads, tc.loads) {
				t.Errorf("store after load %v, any load after load %v, loads after loads %v; want %v, %v, %v",
					o.StoreAfterLoad, o.AnyLoadAfterLoad, loads, tc.store, tc.any, tc.loads)
			}
		})
	}
	// a recursion the analysis cannot follow: anything may follow
	u, err := Unroll(p, []ThreadSpec{conc("recurse")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if o := LoadOrders(u); !o.StoreAfterLoad || !o.AnyLoadAfterLoad {
		t.Errorf("a recursion: %+v, want both set", o)
	}
}

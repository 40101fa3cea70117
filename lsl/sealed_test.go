package lsl

import (
	"testing"
)

// TestSealedBlocks checks which blocks the analysis seals, and for which
// thread: each case is a program, the threads' operations, and the blocks
// (by name) expected sealed with their thread's index.
func TestSealedBlocks(t *testing.T) {
	const src = `
struct node_t { next, value }
global N
global G
global P
global Q
proc onlyN() { %t := load @G  store @N, %t }
proc readsG() { %t := load @G }
proc publish() {
    %a := alloc fresh node_t
    store %a, 1
    store @P, %a
}
proc private() {
    %a := alloc fresh node_t
    %b := add(%a, 0)
    store %b, 1
    %v := load %b
    store @Q, %v
}
proc local() {
    %c := alloc local int "tmp"
    store %c, 2
    %d := copy(%c)
    %v := load %d
}
proc viaCall() {
    %a := alloc fresh node_t
    call keep(%a)
}
proc keep(%p) { store @P, %p }
proc passOnly() {
    %a := alloc fresh node_t
    %r := call ident(%a)
    store %r, 3
}
proc ident(%p) -> (%q) { %q := copy(%p) }
proc storeAddrOfN() { store @P, @N }
proc compared() {
    %a := alloc fresh node_t
    %e := eq(%a, 0)
    store @Q, %e
}
proc forge() {
    %a := alloc fresh node_t
    %n := baseof(%a)
    store @Q, %n
}
`
	p, err := Parse("sealed.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		specs []ThreadSpec
		want  map[string]int // block name → thread
	}{
		{"global only one thread accesses", []ThreadSpec{conc("onlyN"), conc("readsG")}, map[string]int{"N": 0}},
		{"global two threads access", []ThreadSpec{conc("onlyN"), conc("onlyN")}, map[string]int{}},
		{"global stored as an address", []ThreadSpec{conc("onlyN"), conc("storeAddrOfN")}, map[string]int{"N": -2}},
		{"published fresh block", []ThreadSpec{conc("publish"), conc("readsG")}, map[string]int{}},
		{"private fresh block through arithmetic", []ThreadSpec{conc("private"), conc("readsG")}, map[string]int{"node_t#1": 0}},
		{"local block", []ThreadSpec{conc("readsG"), conc("local")}, map[string]int{"tmp#1": 1}},
		{"escapes through a call", []ThreadSpec{conc("viaCall")}, map[string]int{}},
		{"passes through a call and back", []ThreadSpec{conc("passOnly")}, map[string]int{"node_t#1": 0}},
		{"a comparison carries no address", []ThreadSpec{conc("compared")}, map[string]int{"node_t#1": 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := Unroll(p, tc.specs, UnrollOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for b, ti := range SealedBlocks(u) {
				got[u.Block(b).Name] = ti
			}
			for name, ti := range tc.want {
				if ti == -2 { // must not be sealed
					if _, ok := got[name]; ok {
						t.Errorf("%s sealed, want not", name)
					}
					continue
				}
				if g, ok := got[name]; !ok || g != ti {
					t.Errorf("%s: sealed for %d (%v), want %d; all: %v", name, g, ok, ti, got)
				}
			}
			for name := range got {
				if _, ok := tc.want[name]; !ok && (name == "node_t#1" || name == "tmp#1" || name == "N") {
					t.Errorf("%s sealed, want not; all: %v", name, got)
				}
			}
		})
	}
	u, err := Unroll(p, []ThreadSpec{conc("forge"), conc("private")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s := SealedBlocks(u); len(s) != 0 {
		t.Errorf("a program that forges pointers: sealed %v, want none", s)
	}
}

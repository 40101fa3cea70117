package lsl

import (
	"slices"
	"strings"
	"testing"
)

// TestInitializingStores checks which stores the escape analysis finds
// initializing (a fresh block of the activation no store has published
// yet) and which loads read only such stores. Each store and load is named
// by its Expr.
func TestInitializingStores(t *testing.T) {
	// a Treiber push; AFTER is what follows its loop
	const push = `
proc push(%v) {
    %n := alloc fresh node
    %f := offset(%n, 1)
    store %f, %v as "init value"
    %top := load @Top
    l: {
        %a := offset(%n, 0)
        store %a, %top as "init next"
        %m := %n
        atomic {
            %x := load @Top
            %ok := eq(%x, %top)
            if %ok { store @Top, %m as "publish" }
        }
        if %ok { } else { %top := %x }
        %c := and(%ok, 1)
        %retry := xor(%c, 1)
        if %retry { continue l }
    }
AFTER
}
`
	const src = `
struct node { next, value }
global Top
global G
global Out
PUSH
proc pop() {
    %t := load @Top as "top"
    if %t {
        %p := offset(%t, 1)
        %v := load %p as "node field"
        store @Out, %v as "out"
    }
}
proc publishFirst() {
    %n := alloc fresh node
    store @G, %n as "publish first"
    %f := offset(%n, 0)
    store %f, 1 as "after publish first"
}
proc leak(%p) { store @G, %p as "leak" }
proc viaCall() {
    %n := alloc fresh node
    call leak(%n)
    %f := offset(%n, 0)
    store %f, 1 as "after call"
}
proc nested(%a, %b) {
    %n := alloc fresh node
    l: {
        if %a {
            if %b { store @G, %n as "publish nested" }
        }
        %f := offset(%n, 0)
        store %f, 1 as "after nested"
        if %a { continue l }
    }
}
proc twice(%c) {
    %old := alloc fresh node
    %keep := %old
    l: {
        %old := alloc fresh node
        store @G, %keep as "publish the old block"
        %f := offset(%keep, 0)
        store %f, 1 as "old block again"
        %g := offset(%old, 0)
        store %g, 1 as "new block"
        if %c { continue l }
    }
}
proc selectLeak(%c) {
    %n := alloc fresh node
    %s := select(%c, %n, 0)
    store @G, %s as "select"
    %f := offset(%n, 0)
    store %f, 1 as "after select"
}
`
	p, err := Parse("init.lsl", []byte(strings.Replace(src, "PUSH", strings.Replace(push, "AFTER", `%g := offset(%n, 1)
    store %g, 7 as "after publication"`, 1), 1)))
	if err != nil {
		t.Fatal(err)
	}
	res := analyzePrivateInit(p, false)
	stores := map[string]bool{}
	loads := map[string]bool{}
	for _, pr := range p.Procs {
		Walk(pr.Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Store:
				stores[s.Expr] = res.initializing[s]
			case *Load:
				if s.Expr != "" {
					loads[s.Expr] = res.initialized[s]
				}
			}
			return true
		})
	}
	var gotStores, gotLoads []string
	for name, ok := range stores {
		if ok {
			gotStores = append(gotStores, name)
		}
	}
	for name, ok := range loads {
		if ok {
			gotLoads = append(gotLoads, name)
		}
	}
	slices.Sort(gotStores)
	slices.Sort(gotLoads)
	// the push's stores before its compare-and-swap are initializing, in
	// every round (a failed one leaves the node unpublished); the one
	// after the loop is not, and then the node's field is not read only
	// from initializing stores. The old block of twice() is published
	// and its store after that is not; the new one's is.
	wantStores := []string{"init next", "init value", "new block"}
	if !slices.Equal(gotStores, wantStores) {
		t.Errorf("initializing stores %v, want %v", gotStores, wantStores)
	}
	if len(gotLoads) != 0 {
		t.Errorf("initialized loads %v, want none (a store after publication writes the node)", gotLoads)
	}

	// without the store after publication, the pop's read of the node
	// reads only initializing stores
	p2, err := Parse("init2.lsl", []byte(strings.Replace(`
struct node { next, value }
global Top
PUSH
proc pop() -> (%v) {
    %t := load @Top as "top"
    %v := 0
    if %t {
        %p := offset(%t, 1)
        %v := load %p as "node field"
        %q := offset(%t, 0)
        %next := load %q as "node next"
    }
}
`, "PUSH", strings.Replace(push, "AFTER", "", 1), 1)))
	if err != nil {
		t.Fatal(err)
	}
	res2 := analyzePrivateInit(p2, false)
	for _, pr := range p2.Procs {
		Walk(pr.Body, func(s Stmt) bool {
			if l, ok := s.(*Load); ok {
				want := l.Expr == "node field" || l.Expr == "node next"
				if res2.initialized[l] != want {
					t.Errorf("load %q initialized %v, want %v", l.Expr, res2.initialized[l], want)
				}
			}
			return true
		})
	}
}

// TestLoadOrdersInitializing checks that the load-order analysis leaves
// initializing stores and initialized loads out: a push that loads the top
// unfenced and stores into its unpublished node, and a pop whose read of
// the node is not fenced before its compare-and-swap, have no store after
// an unordered load; publishing the node before the store does.
func TestLoadOrdersInitializing(t *testing.T) {
	const src = `
struct node { next, value }
global Top
global Out
proc push() {
    %n := alloc fresh node
    %top := load @Top
    l: {
        %a := offset(%n, 0)
        store %a, %top
        fence load-store
        fence store-store
        atomic {
            %x := load @Top
            %ok := eq(%x, %top)
            if %ok { store @Top, %n }
        }
        if %ok { } else { %top := %x }
        %retry := xor(%ok, 1)
        if %retry { continue l }
    }
}
proc pop() {
    %t := load @Top
    fence full
    if %t {
        %q := offset(%t, 0)
        %next := load %q
        atomic {
            %x := load @Top
            %ok := eq(%x, %t)
            if %ok { store @Top, %next }
        }
        fence full
    }
}
proc pushPublishedFirst() {
    %n := alloc fresh node
    fence full
    store @Out, %n
    %top := load @Top
    %a := offset(%n, 0)
    store %a, %top
    fence full
}
`
	p, err := Parse("orders.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		specs []ThreadSpec
		store bool
	}{
		{"push and pop", []ThreadSpec{conc("push"), conc("pop")}, false},
		{"published before the store", []ThreadSpec{conc("pushPublishedFirst"), conc("pop")}, true},
	} {
		u, err := Unroll(p, tc.specs, UnrollOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if o := LoadOrders(u); o.StoreAfterLoad != tc.store || o.AnyLoadAfterLoad {
			t.Errorf("%s: %+v, want store after load %v and no load after load", tc.name, o, tc.store)
		}
	}
}

// TestPoolIsFresh: pool blocks count as fresh for the analysis when the
// unrolling gives each malloc its own block (FixedPool, every free in the
// final thread) and no procedure the other threads may run frees one.
// Then a push into a pool node needs no fence between the top's load and
// the node's stores, and its malloc's flag accesses are no loads or stores
// for the load-order analysis.
func TestPoolIsFresh(t *testing.T) {
	const src = `
struct node { next, value }
global Top
global Keep
proc push() {
    %n := alloc pool node
    %top := load @Top
    %a := offset(%n, 0)
    store %a, %top
    fence full
    store @Top, %n
}
proc drain() {
    %t := load @Top
    if %t { free pool %t }
}
proc pushThenFree() {
    call push()
    %k := load @Keep
    if %k { free pool %k }
}
`
	p, err := Parse("pool.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name                  string
		specs                 []ThreadSpec
		fixed                 bool
		fresh, storeAfterLoad bool // poolIsFresh; a store after an unordered load
	}{
		{"frees in the final thread", []ThreadSpec{conc("push"), conc("push"), {Kind: ThreadFinal, Ops: []string{"drain"}}}, true, true, false},
		{"without a fixed pool", []ThreadSpec{conc("push"), conc("push"), {Kind: ThreadFinal, Ops: []string{"drain"}}}, false, false, true},
		{"a free in a concurrent thread", []ThreadSpec{conc("pushThenFree"), conc("push"), {Kind: ThreadFinal, Ops: []string{"drain"}}}, true, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := Unroll(p, tc.specs, UnrollOptions{FixedPool: tc.fixed})
			if err != nil {
				t.Fatal(err)
			}
			if got := poolIsFresh(u); got != tc.fresh {
				t.Errorf("poolIsFresh %v, want %v", got, tc.fresh)
			}
			if o := LoadOrders(u); o.StoreAfterLoad != tc.storeAfterLoad {
				t.Errorf("store after load %v, want %v", o.StoreAfterLoad, tc.storeAfterLoad)
			}
		})
	}
}

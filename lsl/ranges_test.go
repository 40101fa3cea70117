package lsl

import (
	"strings"
	"testing"
)

func TestRanges(t *testing.T) {
	p, err := Parse("r.lsl", []byte(`
global X
global Y
global A : int[4]
proc w() { %v := choose 0 .. 5  store @X, %v  %a := offset(@A, 2)  store %a, 7 }
proc r() {
    %x := load @X
    %y := load @Y
    %i := choose 1 .. 2
    %p := offset(@A, %i)
    %z := load %p
    %s := add(%x, 100)
    store @Y, %s
}`))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{conc("w"), conc("r")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := AnalyzeRanges(u, RangeOptions{})
	id := func(th int, k int) int { // k-th access of thread th
		n := 0
		found := 0
		Walk(u.Threads[th].Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Load:
				if n == k {
					found = s.ID
				}
				n++
			case *Store:
				if n == k {
					found = s.ID
				}
				n++
			}
			return true
		})
		return found
	}
	storeX, storeA2 := id(0, 0), id(0, 1)
	loadX, loadY, loadA, storeY := id(1, 0), id(1, 1), id(1, 2), id(1, 3)
	if lo, hi, ok := r.Value(loadX).NumRange(); !ok || lo != 0 || hi != 5 {
		t.Errorf("load X: %v", r.Value(loadX))
	}
	if r.Value(loadX).Undef {
		t.Errorf("a global is never undefined: %v", r.Value(loadX))
	}
	if lo, hi, _ := r.Value(loadY).NumRange(); lo != 0 || hi != 105 {
		t.Errorf("load Y: %v", r.Value(loadY))
	}
	if !r.MayAlias(loadX, storeX) || r.MayAlias(loadX, storeY) || !r.MayAlias(loadA, storeA2) {
		t.Errorf("aliasing wrong")
	}
	if ps, ok := r.Addr(loadA).Pointers(); !ok || len(ps) != 2 {
		t.Errorf("A[i] addresses: %v", r.Addr(loadA))
	}
	// 105 needs 8 bits in two's complement; pointers have two components
	if r.Width != 8 || r.PtrDepth != 2 || r.Fallback {
		t.Errorf("width %d depth %d fallback %v", r.Width, r.PtrDepth, r.Fallback)
	}
}

// TestRangesTerminate: a counter through memory grows by one per store
// instance; depth tags stop the fixpoint.
func TestRangesTerminate(t *testing.T) {
	p, err := Parse("c.lsl", []byte(`
global C
proc inc() { %c := load @C  %d := add(%c, 1)  store @C, %d }`))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{conc("inc", "inc"), conc("inc")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := AnalyzeRanges(u, RangeOptions{})
	var last int
	Walk(u.Threads[1].Body, func(s Stmt) bool {
		if l, ok := s.(*Load); ok {
			last = l.ID
		}
		return true
	})
	// three increments: the counter reaches 3; the analysis may add one
	// more step (its depth bound counts the growth statements plus one)
	if _, hi, ok := r.Value(last).NumRange(); !ok || hi < 3 || hi > 4 {
		t.Errorf("counter range %v", r.Value(last))
	}
}

func TestBitsFor(t *testing.T) {
	for n, w := range map[int64]int{0: 1, -1: 1, 1: 2, 3: 3, 4: 4, -4: 3, 127: 8, -128: 8, 128: 9} {
		if got := bitsFor(n); got != w {
			t.Errorf("bitsFor(%d) = %d, want %d", n, got, w)
		}
	}
}

// TestRangesExtensionWidth: the width parameter of zext and sext does not
// widen the encoding; the zext of a number that may be negative does, to
// n + 1 bits, also when the argument's values are too many to list.
func TestRangesExtensionWidth(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       int
	}{
		{"non-negative", "%a := choose 0 .. 5  %u := zext(%a, 32)  store @X, %u", 4},
		{"sext", "%a := choose -5 .. 5  %u := sext(%a, 32)  store @X, %u", 4},
		{"negative", "%a := choose -5 .. 5  %u := zext(%a, 32)  store @X, %u", 33},
		{"too many values", "%a := choose -1000 .. 1000  %u := zext(%a, 16)  store @X, %u", 17},
	} {
		p, err := Parse("w.lsl", []byte("global X\nproc w() { "+tc.body+" }"))
		if err != nil {
			t.Fatal(err)
		}
		u, err := Unroll(p, []ThreadSpec{conc("w")}, UnrollOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r := AnalyzeRanges(u, RangeOptions{}); r.Width != tc.want {
			t.Errorf("%s: width %d, want %d", tc.name, r.Width, tc.want)
		}
	}
}

// TestRangesLoopCounters: loop counters unrolled three times range over
// 0..2, also when the program has many other value-creating statements
// (before reaching definitions they ranged up to their number, and a
// two-dimensional index over the product of two such ranges).
func TestRangesLoopCounters(t *testing.T) {
	p, err := Parse("c.lsl", []byte(`
global A : int[16]
global X
proc count() {
    %i := 0
    L: {
        %c := lt(%i, 3)
        if %c {
            %j := 0
            M: { %d := lt(%j, 3)  if %d { %k := mul(%i, 4)  %a := add(%k, %j)  %p := offset(@A, %a)  store %p, 1  %j := add(%j, 1)  continue M } }
            %i := add(%i, 1)
            continue L
        }
    }
    store @X, %i
}
proc busy() { %x := load @X  %a := add(%x, 1)  %b := add(%a, 1)  %c := add(%b, 1)  %d := add(%c, 1)  %e := add(%d, 1)  %f := add(%e, 1)  %g := add(%f, 1) }`))
	if err != nil {
		t.Fatal(err)
	}
	specs := []ThreadSpec{conc("count"), conc("busy", "busy", "busy", "busy")}
	bounds := Bounds{}
	var u *Unrolled
	for grew := true; grew; { // inner loops get a key per outer iteration
		if u, err = Unroll(p, specs, UnrollOptions{Bounds: bounds}); err != nil {
			t.Fatal(err)
		}
		grew = false
		for key := range u.Loops {
			if _, ok := bounds[key]; !ok {
				bounds[key], grew = 3, true
			}
		}
	}
	r := AnalyzeRanges(u, RangeOptions{})
	var storeX int
	var addrs []int
	Walk(u.Threads[0].Body, func(s Stmt) bool {
		if st, ok := s.(*Store); ok {
			if c, ok := st.Addr.(Const); ok && c.V.Kind == KPtr && len(c.V.Ptr) == 1 {
				storeX = st.ID
			} else {
				addrs = append(addrs, st.ID)
			}
		}
		return true
	})
	// the branch conditions do not count: the loop may exit at any
	// iteration the unrolling has
	if lo, hi, ok := r.Value(storeX).NumRange(); !ok || lo != 0 || hi != 2 || len(r.Value(storeX).Nums) != 3 {
		t.Errorf("the counter after the loop: %v, want {0..2}", r.Value(storeX))
	}
	all := &AbsVal{}
	for _, id := range addrs {
		all.Join(r.Addr(id))
	}
	want := &AbsVal{}
	for i := int64(0); i < 3; i++ {
		for j := int64(0); j < 3; j++ {
			want.addPtr([]int64{1, 4*i + j}, 0)
		}
	}
	if !absWithin(all, want) || !absWithin(want, all) {
		t.Errorf("A[4i + j]: %v, want %v", all, want)
	}
	sweep := AnalyzeRangesSweep(u, RangeOptions{})
	if r.Width >= sweep.Width {
		t.Errorf("width %d, flow-insensitive %d: want smaller", r.Width, sweep.Width)
	}
	if d := RangesWithin(r, sweep); d != "" {
		t.Error(d)
	}
	if d := CheckRangesSound(u, r, 1, 20); d != "" {
		t.Error(d)
	}
}

// A choice over a wide range, a sign extension and ring operations on
// such values have bounds (a bounded NumTop), which reach loads through
// memory; operations other than the ring ones, and bounds past 2^62, are
// unbounded.
func TestRangesBoundedTop(t *testing.T) {
	p, err := Parse("b.lsl", []byte(`
global X
global Y
global Z
global U
proc w() {
    %s := choose -32768 .. 32767
    store @X, %s
    %q := mul(%s, %s)
    %d := sub(%q, %q)
    store @Y, %d
    %e := sext(%q, 8)
    %f := and(%s, 3)
    %g := mul(%q, %q)
    %h := mul(%g, %g)
    store @Z, %h
    %u := zext(%f, 4)
    store @U, %u
}
proc r() { %x := load @X  %y := load @Y  %z := load @Z  %v := load @U }`))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{conc("w"), conc("r")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := AnalyzeRanges(u, RangeOptions{})
	reg := func(name string) *AbsVal {
		for x, v := range r.regs {
			if strings.HasPrefix(string(x), name+"$") {
				return v
			}
		}
		var names []string
		for x := range r.regs {
			names = append(names, string(x))
		}
		t.Fatalf("no register %s among %v", name, names)
		return nil
	}
	for _, tc := range []struct {
		reg    string
		lo, hi int64
		ok     bool
	}{
		{"%s", -32768, 32767, true},
		{"%x", -32768, 32767, true}, // through memory: the initial 0 is inside
		{"%q", -32768 * 32767, 32768 * 32768, true},
		{"%d", -32768*32767 - 32768*32768, 32768*32768 + 32768*32767, true},
		{"%y", -32768*32767 - 32768*32768, 32768*32768 + 32768*32767, true},
		{"%e", -128, 127, true},
		{"%f", 0, 0, false},
		{"%h", 0, 0, false}, // (2^30)^4 is past 2^62
		{"%z", 0, 0, false},
		{"%v", 0, 15, true},
	} {
		lo, hi, ok := reg(tc.reg).NumRange()
		if ok != tc.ok || ok && (lo != tc.lo || hi != tc.hi) {
			t.Errorf("%s: NumRange %d, %d, %v; want %d, %d, %v", tc.reg, lo, hi, ok, tc.lo, tc.hi, tc.ok)
		}
	}
}

// A bounded value that grows through memory (each thread adds one to a
// counter that starts at a wide choice) reaches the fixpoint quickly: its
// bounds widen by powers of two, then give way to unbounded.
func TestRangesBoundedTopTerminates(t *testing.T) {
	p, err := Parse("g.lsl", []byte(`
global X
proc init() { %s := choose -100000 .. 100000  store @X, %s }
proc inc() { %x := load @X  %y := add(%x, 1)  store @X, %y }`))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{conc("init"), conc("inc"), conc("inc")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := AnalyzeRanges(u, RangeOptions{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	t.Logf("%d passes", r.Passes)
	if r.Passes > 200 {
		t.Errorf("%d passes", r.Passes)
	}
	for x, v := range r.regs {
		if strings.HasPrefix(string(x), "%y$") {
			if lo, hi, ok := v.NumRange(); ok && (lo > -100000 || hi < 100002) {
				t.Errorf("%s: bounds %d..%d miss values", x, lo, hi)
			}
		}
	}
}

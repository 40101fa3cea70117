package lsl

import (
	"regexp"
	"strings"
	"testing"
)

const unrollSrc = `
struct node_t { next, value }
global X
proc loop3() {
    %i := 0
    L: {
        %c := lt(%i, 3)
        if %c { %i := add(%i, 1)  continue L }
    }
    store @X, %i
}
proc nested() {
    A: { B: { %x := load @X  %c := eq(%x, 0)  if %c { continue B } }  %y := load @X  %d := eq(%y, 1)  if %d { continue A } }
}
proc rec(%n) {
    %c := lt(%n, 3)
    if %c { %m := add(%n, 1)  call rec(%m) }
}
proc callrec() { call rec(0) }
proc ids() { %t := threadid()  %n := numthreads()  store @X, %t  store @X, %n }
proc allocs() {
    %a := alloc fresh node_t
    %b := alloc pool node_t
    free pool %b
    %c := alloc local int "tmp"
    store %a, 1
    store %c, 2
}
`

func unroll(t *testing.T, specs []ThreadSpec, opt UnrollOptions) *Unrolled {
	t.Helper()
	p, err := Parse("u.lsl", []byte(unrollSrc))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, specs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var bodies []Stmt
	for _, th := range u.Threads {
		bodies = append(bodies, th.Body)
	}
	if err := SanityBlock(&Block{Stmts: bodies}, p, true); err != nil {
		t.Fatalf("unrolled program fails sanity: %v\n%s", err, FormatStmt(&Block{Stmts: bodies}, p))
	}
	return u
}

func conc(ops ...string) ThreadSpec { return ThreadSpec{Kind: ThreadConcurrent, Ops: ops} }

func count[T Stmt](b Stmt) int {
	n := 0
	Walk(b, func(s Stmt) bool {
		if _, ok := s.(T); ok {
			n++
		}
		return true
	})
	return n
}

func TestUnrollLoopBounds(t *testing.T) {
	for _, bound := range []int{1, 2, 4} {
		u := unroll(t, []ThreadSpec{conc("loop3")}, UnrollOptions{Bounds: Bounds{"t1.0:loop3/L1": bound}})
		if len(u.Loops) != 1 {
			t.Fatalf("loops %v", u.Loops)
		}
		li := u.Loops["t1.0:loop3/L1"]
		if li == nil || li.Bound != bound || li.Pos.Line != 6 {
			t.Fatalf("loop info %+v", li)
		}
		// one copy of the loop test per iteration, one pruned statement
		if n := count[*Pruned](u.Threads[0].Body); n != 1 {
			t.Errorf("bound %d: %d pruned statements", bound, n)
		}
		if n := count[*Assign](u.Threads[0].Body); n != 1+2*bound {
			t.Errorf("bound %d: %d assignments, want %d", bound, n, 1+2*bound)
		}
	}
}

func TestUnrollNestedLoopInstances(t *testing.T) {
	u := unroll(t, []ThreadSpec{conc("nested")}, UnrollOptions{Bounds: Bounds{"t1.0:nested/L1": 2}})
	var keys []string
	for k := range u.Loops {
		keys = append(keys, k.String())
	}
	// the inner loop has one instance per iteration of the outer loop
	for _, want := range []LoopKey{"t1.0:nested/L1", "t1.0:nested/L1#1/L2", "t1.0:nested/L1#2/L2"} {
		if u.Loops[want] == nil {
			t.Errorf("missing loop instance %s (have %v)", want, keys)
		}
	}
}

func TestUnrollRecursion(t *testing.T) {
	u := unroll(t, []ThreadSpec{conc("callrec")}, UnrollOptions{})
	li := u.Loops["t1.0/rec:rec"]
	if li == nil || !li.Recursion {
		t.Fatalf("no recursion instance: %v", u.Loops)
	}
	if n := count[*Pruned](u.Threads[0].Body); n != 1 {
		t.Errorf("%d pruned", n)
	}
	u = unroll(t, []ThreadSpec{conc("callrec")}, UnrollOptions{Bounds: Bounds{"t1.0/rec:rec": 3}})
	// depth 3: rec inlined three times, the fourth call pruned
	if n := count[*Pruned](u.Threads[0].Body); n != 1 {
		t.Errorf("%d pruned", n)
	}
	if n := strings.Count(FormatStmt(u.Threads[0].Body, u.Prog), "lt("); n != 3 {
		t.Errorf("%d activations of rec, want 3", n)
	}
}

func TestUnrollThreadsAndIDs(t *testing.T) {
	u := unroll(t, []ThreadSpec{{Kind: ThreadInit, Ops: []string{"ids"}}, conc("ids"), conc("ids"), {Kind: ThreadFinal, Ops: []string{"ids"}}},
		UnrollOptions{Serial: true})
	names := []string{}
	for _, th := range u.Threads {
		names = append(names, th.Name)
	}
	if strings.Join(names, " ") != "init t1 t2 final" {
		t.Errorf("threads %v", names)
	}
	text := func(i int) string { return FormatStmt(u.Threads[i].Body, u.Prog) }
	has := func(i int, v string) bool { return regexp.MustCompile(`%t\$\d+ := ` + v + `\n`).MatchString(text(i)) }
	if !has(1, "0") || !has(2, "1") || !has(0, "2") || !strings.Contains(text(1), "%n$") {
		t.Errorf("thread ids: t1 %s t2 %s init %s", text(1), text(2), text(0))
	}
	// serial: each operation is atomic; init ends and final starts with a full fence
	if _, ok := u.Threads[1].Body.Stmts[0].(*Atomic); !ok {
		t.Errorf("serial operation is not atomic")
	}
	if f, ok := u.Threads[0].Body.Stmts[1].(*Fence); !ok || f.Kind != FenceFull {
		t.Errorf("init thread does not end with a full fence")
	}
	if f, ok := u.Threads[3].Body.Stmts[0].(*Fence); !ok || f.Kind != FenceFull {
		t.Errorf("final thread does not start with a full fence")
	}
	// instruction ids are 1..n in order
	id := 0
	for _, th := range u.Threads {
		Walk(th.Body, func(s Stmt) bool {
			var got int
			switch s := s.(type) {
			case *Load:
				got = s.ID
			case *Store:
				got = s.ID
			case *Fence:
				got = s.ID
			default:
				return true
			}
			id++
			if got != id {
				t.Errorf("instruction id %d, want %d", got, id)
			}
			return true
		})
	}
	if u.NumIDs != id {
		t.Errorf("NumIDs %d, want %d", u.NumIDs, id)
	}
}

func TestUnrollAllocation(t *testing.T) {
	u := unroll(t, []ThreadSpec{conc("allocs"), conc("allocs")}, UnrollOptions{})
	kinds := map[BlockKind]int{}
	for _, b := range u.Blocks {
		kinds[b.Kind]++
	}
	// X; two fresh nodes, two locals, two pool blocks (one per malloc
	// instance) and the pool's flags
	if kinds[BlockGlobal] != 1 || kinds[BlockFresh] != 2 || kinds[BlockLocal] != 2 || kinds[BlockPool] != 2 || kinds[BlockPoolFlags] != 1 {
		t.Errorf("blocks %v", kinds)
	}
	if got := u.AddrName(Ptr(u.Blocks[1].Base, 1)); got != "node_t#1.value" {
		t.Errorf("address name %q", got)
	}
	if n := count[*Choose](u.Threads[0].Body); n != 1 {
		t.Errorf("malloc picks a block with one choose, got %d", n)
	}
	if n := count[*Abort](u.Threads[0].Body); n != 3 {
		t.Errorf("free checks three conditions, got %d aborts", n)
	}
}

// TestUnrollKeepsTags: the annotations of loads, stores and fences survive
// unrolling (and inlining).
func TestUnrollKeepsTags(t *testing.T) {
	p, err := Parse("f.lsl", []byte("global X proc g() { store<L> @X, 1 } proc f() { %r := load<A,X> @X  call g()  fence<DMB.ISH> }"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Walk(u.Threads[0].Body, func(s Stmt) bool {
		if tags := Tags(s); tags != nil {
			got = append(got, FormatTags(tags))
		}
		return true
	})
	if strings.Join(got, " ") != "<A,X> <L> <DMB.ISH>" {
		t.Errorf("tags after unrolling: %v", got)
	}
}

func TestValidTag(t *testing.T) {
	for _, tc := range []struct {
		tag string
		ok  bool
	}{{"A", true}, {"DMB.ISH", true}, {"Fence.rw.rw", true}, {"ACQ_REL", true}, {"Sync-rcu", true},
		{"", false}, {"a.", false}, {".a", false}, {"1x", false}, {"a b", false}, {"a-", false}, {"a..b", false}} {
		if ValidTag(tc.tag) != tc.ok {
			t.Errorf("ValidTag(%q) = %v", tc.tag, !tc.ok)
		}
	}
}

func TestOmitFences(t *testing.T) {
	p, err := Parse("f.lsl", []byte("proc f() { fence full  fence load-load }"))
	if err != nil {
		t.Fatal(err)
	}
	f := p.Procs[0].Body.Stmts[0].(*Fence)
	u, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{Omit: map[*Fence]bool{f: true}})
	if err != nil {
		t.Fatal(err)
	}
	if n := count[*Fence](u.Threads[0].Body); n != 1 {
		t.Errorf("%d fences, want 1", n)
	}
}

// TestUnrolledLoopBlocks: Block.UnrolledLoop marks exactly the outer block
// of each unrolled loop instance, not a block that ends with the cut-off
// of a recursion.
func TestUnrolledLoopBlocks(t *testing.T) {
	for _, tc := range []struct {
		op   string
		want int
	}{{"loop3", 1}, {"nested", 3}, {"callrec", 0}} {
		u := unroll(t, []ThreadSpec{conc(tc.op)}, UnrollOptions{Bounds: Bounds{"t1.0:nested/L1": 2}})
		n := 0
		Walk(u.Threads[0].Body, func(s Stmt) bool {
			if b, ok := s.(*Block); ok && b.UnrolledLoop() {
				n++
			}
			return true
		})
		if n != tc.want {
			t.Errorf("%s: %d unrolled loop blocks, want %d (%d instances)", tc.op, n, tc.want, len(u.Loops))
		}
	}
}

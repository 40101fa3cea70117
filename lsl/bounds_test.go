package lsl

import (
	"strings"
	"testing"
)

// OutOfBounds judges a path by the array dimensions of its block's type,
// struct fields included; a dimension 0 and untyped blocks are not
// checked.
func TestOutOfBounds(t *testing.T) {
	p := mustParse(t, `
struct rec { key, vals: int[2] }
global a : int[4]
global r : rec[2]
global open : int[0]
global s
proc op() {
    %b := alloc fresh int[2]
    %c := offset(%b, 1)
    store %c, 1
}
`)
	u, err := Unroll(p, []ThreadSpec{{Kind: ThreadConcurrent, Ops: []string{"op"}}}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	heap := int64(len(p.Globals) + 1)
	for _, c := range []struct {
		ptr  []int64
		want string // "" in bounds, else a word of the message
	}{
		{[]int64{1, 0}, ""},
		{[]int64{1, 3}, ""},
		{[]int64{1, 4}, "index 4 of a, which has 4 elements"},
		{[]int64{1, -1}, "index -1 of a"},
		{[]int64{1}, ""},
		{[]int64{2, 1, 1, 1}, ""},
		{[]int64{2, 1, 1, 2}, "index 2 of r[1].vals, which has 2 elements"},
		{[]int64{2, 2, 0}, "index 2 of r"},
		{[]int64{3, 99}, ""},
		{[]int64{4, 5}, ""},
		{[]int64{heap, 2}, "which has 2 elements"},
	} {
		got := u.OutOfBounds(c.ptr)
		if (got == "") != (c.want == "") || !strings.Contains(got, c.want) {
			t.Errorf("OutOfBounds(%v) = %q, want %q", c.ptr, got, c.want)
		}
	}
	if !u.HasArrays() {
		t.Error("HasArrays: false")
	}
}

// A local of an inlined call dies at the call's return: for the same
// thread after it, and for the final thread; main's own locals (an
// operation's) live on.
func TestDeadLocal(t *testing.T) {
	p := mustParse(t, `
global g
proc f() {
    %x := alloc local "x"
    store %x, 1
    store @g, %x
}
proc op() {
    %y := alloc local "y"
    call f()
    %p := load @g
    store %p, 2
    store %y, 3
}
proc fin() {
    %p := load @g
    store %p, 4
}
`)
	u, err := Unroll(p, []ThreadSpec{{Kind: ThreadConcurrent, Ops: []string{"op"}}, {Kind: ThreadFinal, Ops: []string{"fin"}}}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var x, y *BlockInfo
	for _, b := range u.Blocks {
		switch {
		case strings.HasPrefix(b.Name, "x#"):
			x = b
		case strings.HasPrefix(b.Name, "y#"):
			y = b
		}
	}
	if x == nil || y == nil || !x.Dies || y.Dies {
		t.Fatalf("x %+v, y %+v: want x to die and y to live", x, y)
	}
	// the thread's accesses: store x (id 1), store g (2), load g (3),
	// store through p (4), store y (5); final: load g (6), store (7)
	for _, c := range []struct {
		thread, id int
		dead       bool
	}{
		{0, 1, false}, {0, 2, false}, {0, 4, true}, {1, 7, true},
	} {
		if got := u.DeadLocal([]int64{x.Base}, c.thread, c.id) != ""; got != c.dead {
			t.Errorf("DeadLocal(x, thread %d, id %d) = %v, want %v", c.thread, c.id, got, c.dead)
		}
	}
	if u.DeadLocal([]int64{y.Base}, 1, 7) != "" {
		t.Error("an operation's own local died")
	}
}

// Test.Leaks asks the last thread of a test to check the pool.
func TestLeakCheckThread(t *testing.T) {
	for _, c := range []struct {
		test Test
		want int // index of the spec that checks, -1: none
	}{
		{Test{Threads: [][]OpRef{{{Name: "a"}}}, Final: []OpRef{{Name: "f"}}, Leaks: true}, 1},
		{Test{Threads: [][]OpRef{{{Name: "main"}}}, Leaks: true}, 0},
		{Test{Threads: [][]OpRef{{{Name: "a"}}, {{Name: "b"}}}, Leaks: true}, -1},
		{Test{Threads: [][]OpRef{{{Name: "a"}}}, Final: []OpRef{{Name: "f"}}}, -1},
	} {
		got := -1
		for i, s := range c.test.ThreadSpecs() {
			if s.CheckLeaks {
				got = i
			}
		}
		if got != c.want {
			t.Errorf("%+v: spec %d checks leaks, want %d", c.test, got, c.want)
		}
	}
}

package lsl

import "testing"

// TestLoopKeyParts: the keys the unroller builds split back into the
// iteration and the rest, and InIteration puts them together again.
func TestLoopKeyParts(t *testing.T) {
	outer := loopKey("t1.2:enqueue>helper", "", 1)
	if outer != "t1.2:enqueue>helper/L1" {
		t.Fatalf("loopKey = %s", outer)
	}
	inner := loopKey("t1.2:enqueue>helper", iterationPath(iterationPath("", 1, 2), 3, 1), 4)
	if inner != "t1.2:enqueue>helper/L1#2/L3#1/L4" {
		t.Fatalf("nested loopKey = %s", inner)
	}
	if k := recursionKey("t1.2", "walk"); k != "t1.2/rec:walk" {
		t.Fatalf("recursionKey = %s", k)
	}
	for _, c := range []struct {
		outer, inner LoopKey
		iter         int
		rest         string
		ok           bool
	}{
		{outer, inner, 2, "L3#1/L4", true},
		{outer, "t1.2:enqueue>helper/L1#10/L2", 10, "L2", true},
		{outer, outer, 0, "", false},
		{outer, "t1.2:enqueue>helper/L10#1/L2", 0, "", false}, // another loop
		{outer, "t1.2:enqueue>helper/L1#x/L2", 0, "", false},
		{outer, "t1.2:enqueue>helper/L1#2", 0, "", false},
		{"t1.2:enqueue>helper/L1#2/L3", inner, 1, "L4", true},
	} {
		iter, rest, ok := c.outer.Within(c.inner)
		if iter != c.iter || rest != c.rest || ok != c.ok {
			t.Errorf("%s.Within(%s) = %d, %q, %v; want %d, %q, %v", c.outer, c.inner, iter, rest, ok, c.iter, c.rest, c.ok)
		}
		if ok && !c.outer.Encloses(c.inner) {
			t.Errorf("%s does not enclose %s", c.outer, c.inner)
		}
		if ok {
			if back := c.outer.InIteration(iter, rest); back != c.inner {
				t.Errorf("%s.InIteration(%d, %q) = %s, want %s", c.outer, iter, rest, back, c.inner)
			}
		}
	}
}

// TestLoopKeyThreadAndCallPath: a key splits into its thread and, inside a
// call of the operation, the operation's procedure and the call path.
func TestLoopKeyThreadAndCallPath(t *testing.T) {
	for _, c := range []struct {
		key      LoopKey
		thread   string
		op, path string
		ok       bool
	}{
		{"t1.2:enqueue>helper/L1#2/L2", "t1", "enqueue", ">helper/L1#2/L2", true},
		{"t11.0:main_thread11>pusher>push/L1", "t11", "main_thread11", ">pusher>push/L1", true},
		{"init.1:a>do_add>add/L1", "init", "a", ">do_add>add/L1", true},
		{"t1.0:enqueue/L1", "t1", "", "", false}, // a loop of the operation itself
		{"t1.2/rec:walk", "t1", "", "", false},   // a recursion
		{"t1.2:enqueue>helper/rec:helper", "t1", "enqueue", ">helper/rec:helper", true},
		{"L1", "", "", "", false},
		{"t1:f>g/L1", "", "f", ">g/L1", true}, // no operation index
	} {
		if got := c.key.Thread(); got != c.thread {
			t.Errorf("%s.Thread() = %q, want %q", c.key, got, c.thread)
		}
		op, path, ok := c.key.CallPath()
		if op != c.op || path != c.path || ok != c.ok {
			t.Errorf("%s.CallPath() = %q, %q, %v; want %q, %q, %v", c.key, op, path, ok, c.op, c.path, c.ok)
		}
	}
}

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

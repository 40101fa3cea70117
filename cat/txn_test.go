package cat

import (
	"slices"
	"testing"
)

// inBlock puts the events at the given indices in atomic block id.
func inBlock(c *Candidate, id int, events ...int) *Candidate {
	for _, i := range events {
		c.Events[i].Block = id
	}
	return c
}

func txnNames(r *Result) []string {
	var out []string
	for _, k := range r.ViolatedTxn {
		out = append(out, k.Name())
	}
	return out
}

// TestTxnChecks: a multi-location atomic block takes effect at one
// instant of each order of the built-in models whose checks are
// acyclicity and emptiness checks; power's irreflexive observation is
// not lifted (TxnAtOneInstant).
func TestTxnChecks(t *testing.T) {
	fence := map[string]string{"sc-cat": "F full", "tso-cat": "F mfence", "arm8": "F DMB.SY", "riscv": "F Fence.rw.rw", "power": "F sync"}
	tests := []struct {
		name    string
		threads string
		block   []int // the events of the block (two initial writes first)
		block2  []int // those of a second block
		models  []string
		want    []string // violated built-in checks per model (nil: consistent)
		without bool     // the model allows the execution without the block
	}{
		// a reader that sees the DCAS's first store and not its second
		{"MP+dcas", "R x 0; R y 0; W x 1; W y 1 | R x 1; FENCE; R y 0", []int{2, 3, 4, 5}, nil,
			[]string{"sc-cat", "tso-cat", "arm8", "riscv"}, []string{"atomic-block"}, true},
		// isolation alone allows it: the reader's order is not com
		{"MP+dcas/power", "R x 0; R y 0; W x 1; W y 1 | R x 1; FENCE; R y 0", []int{2, 3, 4, 5}, nil,
			[]string{"power"}, nil, true},
		// a block read y before another thread wrote it, and wrote x
		// after that thread read it: not isolated with respect to that
		// thread's program order, though com alone has no cycle
		{"SB+block", "R y 0; W x 1 | W y 1; FENCE; R x 0", []int{2, 3}, nil,
			[]string{"sc-cat", "tso-cat", "arm8", "riscv"}, []string{"atomic-block"}, true},
		// each block reads what the other then overwrites: a com cycle
		// through two blocks (isolation), which sc allows without them
		{"isolation", "R x 0; W y 1 | R y 0; W x 1", []int{2, 3}, []int{4, 5},
			[]string{"sc-cat", "tso-cat", "arm8", "riscv", "power"}, []string{"atomic-block isolation"}, true},
	}
	for _, tc := range tests {
		for _, name := range tc.models {
			m, ok := Builtin(name)
			if !ok {
				t.Fatal(name)
			}
			threads := tc.threads
			if i := indexOf(threads, "FENCE"); i >= 0 {
				threads = threads[:i] + fence[name] + threads[i+len("FENCE"):]
			}
			plain := m.Eval(litmus(t, threads).Execution())
			if plain.Consistent() != tc.without {
				t.Errorf("%s on %s without the block: consistent=%v", tc.name, name, plain.Consistent())
			}
			x := inBlock(inBlock(litmus(t, threads), 1, tc.block...), 2, tc.block2...).Execution()
			if x.Stxn == nil {
				t.Fatalf("%s: no transaction", tc.name)
			}
			got := m.Eval(x)
			names := txnNames(got)
			for _, w := range tc.want {
				if !slices.ContainsFunc(names, func(n string) bool { return len(n) >= len(w) && n[:len(w)] == w }) {
					t.Errorf("%s on %s: violated %v, want %s", tc.name, name, names, w)
				}
			}
			if len(tc.want) == 0 && !got.Consistent() {
				t.Errorf("%s on %s: violated %v %v, want consistent", tc.name, name, got.Violated, names)
			}
		}
	}
	for name, want := range map[string]bool{"sc-cat": true, "tso-cat": true, "arm8": true, "riscv": true, "power": false, "rc11": false, "lkmm": false} {
		m, _ := Builtin(name)
		if got := TxnAtOneInstant(m); got != want {
			t.Errorf("TxnAtOneInstant(%s) = %v, want %v", name, got, want)
		}
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// TestTxnOneLocation: a block of one location, or of the parts of one
// mixed-size access, is no transaction; the model's own rmw decides.
func TestTxnOneLocation(t *testing.T) {
	c := inBlock(litmus(t, "R x 0; W x 1 | W x 2"), 1, 1, 2)
	if c.Execution().Stxn != nil {
		t.Error("a CAS is a transaction")
	}
	// the two cells of one 64-bit load and of one store: x and y stand
	// for the cells, and SI relates the parts of each access
	c = inBlock(litmus(t, "R x 0; R y 0; W x 1; W y 1"), 1, 2, 3, 4, 5)
	c.SI = [][2]int{{2, 3}, {4, 5}}
	if c.Execution().Stxn != nil {
		t.Error("a mixed-size CAS is a transaction")
	}
	c.SI = [][2]int{{2, 3}}
	if c.Execution().Stxn == nil {
		t.Error("a block of a 64-bit load and stores to both cells is no transaction")
	}
}

// TestStrongLift checks stronglift on a small relation: the edges of r
// between different classes of t, extended through t on both sides.
func TestStrongLift(t *testing.T) {
	r, tx := NewRel(4), NewRel(4)
	for _, p := range [][2]int{{0, 1}, {1, 2}, {2, 3}} {
		r.Add(p[0], p[1])
	}
	for _, p := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} { // {0, 1} is one transaction
		tx.Add(p[0], p[1])
	}
	want := [][2]int{{0, 2}, {1, 2}, {2, 3}}
	if got := strongLift(r, tx).Pairs(); !slices.Equal(got, want) {
		t.Errorf("stronglift = %v, want %v", got, want)
	}
	// 1 -> 2 -> 0 is no cycle of r but one through the transaction
	r = NewRel(4)
	r.Add(1, 2)
	r.Add(2, 0)
	if !IsAcyclic(r) || IsAcyclic(strongLift(r, tx)) {
		t.Error("no cycle through the transaction")
	}
}

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
// instant of each order of the built-in models; power's irreflexive
// observation is lifted as a walk (txn_walk.go).
func TestTxnChecks(t *testing.T) {
	fence := map[string]string{"sc-cat": "F full", "tso-cat": "F mfence", "arm8": "F DMB.SY", "riscv": "F Fence.rw.rw", "power": "F sync"}
	tests := []struct {
		name    string
		threads string
		block   []int // the events of the block (two initial writes first)
		block2  []int // those of a second block
		// the built-in checks violated on each model (none: consistent);
		// every execution is allowed without the blocks
		want map[string][]string
	}{
		// a reader that sees the DCAS's first store and not its second:
		// only the model's order, lifted, forbids it (the reader's fence
		// closes the cycle); on power the walk fre ; prop ; hb* of the
		// observation enters the block at the store of y and leaves it at
		// the store of x
		{"MP+dcas", "R x 0; R y 0; W x 1; W y 1 | R x 1; FENCE; R y 0", []int{2, 3, 4, 5}, nil, map[string][]string{
			"sc-cat": {"atomic-block sc"}, "tso-cat": {"atomic-block tso"}, "arm8": {"atomic-block external"},
			"riscv": {"atomic-block main"}, "power": {"atomic-block observation"}}},
		// a block read y before another thread wrote it, and wrote x
		// after that thread read it: no com cycle (isolation holds), the
		// other thread's order closes it
		{"SB+block", "R y 0; W x 1 | W y 1; FENCE; R x 0", []int{2, 3}, nil, map[string][]string{
			"sc-cat": {"atomic-block sc"}, "tso-cat": {"atomic-block tso"}, "arm8": {"atomic-block external"},
			"riscv": {"atomic-block main"}}},
		// each block reads what the other then overwrites: a com cycle
		// through two blocks; isolation is a check of its own only on
		// rc11, whose acyclicity checks have no com (TxnChecks)
		{"isolation", "R x 0; W y 1 | R y 0; W x 1", []int{2, 3}, []int{4, 5}, map[string][]string{
			"sc-cat":  {"atomic-block sc"},
			"tso-cat": {"atomic-block sc-per-location", "atomic-block tso"},
			"arm8":    {"atomic-block internal", "atomic-block external"},
			"riscv":   {"atomic-block load-value", "atomic-block main"},
			"power":   {"atomic-block sc-per-location"},
			"rc11":    {"atomic-block isolation"}}},
	}
	for _, tc := range tests {
		for name, want := range tc.want {
			m, ok := Builtin(name)
			if !ok {
				t.Fatal(name)
			}
			threads := tc.threads
			if i := indexOf(threads, "FENCE"); i >= 0 {
				threads = threads[:i] + fence[name] + threads[i+len("FENCE"):]
			}
			if plain := m.Eval(litmus(t, threads).Execution()); !plain.Consistent() {
				t.Errorf("%s on %s without the blocks: violated %v", tc.name, name, plain.Violated)
			}
			x := inBlock(inBlock(litmus(t, threads), 1, tc.block...), 2, tc.block2...).Execution()
			if x.Stxn == nil {
				t.Fatalf("%s: no transaction", tc.name)
			}
			got := m.Eval(x)
			if names := txnNames(got); !slices.Equal(names, want) || len(got.Violated) > 0 {
				t.Errorf("%s on %s: violated %v and %v, want %v", tc.name, name, got.Violated, names, want)
			}
		}
	}
	for name, want := range map[string]bool{"sc-cat": true, "tso-cat": true, "arm8": true, "riscv": true, "power": true, "rc11": true, "lkmm": true} {
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

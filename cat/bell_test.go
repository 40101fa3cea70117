package cat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBellSyntax: the bell declarations (enum, instructions), let … in
// expressions with let rec, and different-values in a flag.
func TestBellSyntax(t *testing.T) {
	src := `"b"
enum Accesses = 'once (*READ_ONCE*) || 'release ||
	'acquire
instructions R[{'once,'acquire}]
instructions F[Accesses]
let pairs = let rec a = [Rcu-lock] ; po ; [Rcu-unlock] \ b
	and b = b | (0 & a) in a
let s = let x = po and y = rf in x | y
flag ~empty different-values(pairs) as bad-value
acyclic s as t
`
	m, err := Parse("b.bell", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Constraints) != 1 || strings.Join(m.Unchecked, ",") != "bad-value" {
		t.Errorf("constraints %d, unchecked %v; want 1 and [bad-value]", len(m.Constraints), m.Unchecked)
	}
	for _, bad := range []struct{ src, want string }{
		{"acyclic different-values(po)", "b.cat:1:9: different-values (which compares the values of events) is supported only as the whole expression of a flag"},
		{"enum E = once", "b.cat:1:10: syntax error: expected a tag 'name in the enum, found name once"},
		{"instructions R[{'once", "b.cat:1:15: syntax error: unclosed [ in the instructions declaration"},
		{"let x = po in x", "b.cat:1:12: let … in is an expression: bind its value with let x = let … in …"},
	} {
		_, err := Parse("b.cat", []byte(bad.src))
		if err == nil || !strings.HasPrefix(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %s", bad.src, err, bad.want)
		}
	}
}

// TestBellBeside: LoadFile reads m.bell before m.cat, in one environment.
func TestBellBeside(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("m.bell", "let from-bell = po\n")
	write("m.cat", "acyclic from-bell as x\n")
	m, err := LoadFile(filepath.Join(dir, "m.cat"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Files) < 2 || !strings.HasSuffix(m.Files[0], "m.bell") {
		t.Errorf("files %v, want m.bell first", m.Files)
	}
	write("n.cat", "acyclic from-bell as x\n")
	if _, err := LoadFile(filepath.Join(dir, "n.cat")); err == nil {
		t.Errorf("n.cat (no bell) compiled with from-bell undefined as a relation")
	}
}

// TestNonMonotoneRec: a let rec whose variables occur on the right of a
// difference is iterated as herd does (X := F(X)): the matching of
// nested RCU read-side critical sections of linux-kernel.bell pairs the
// outer lock with the outer unlock, which an accumulating iteration
// (X := X ∪ F(X)) misses.
func TestNonMonotoneRec(t *testing.T) {
	src := `let rcu-rscs = let rec
	    unmatched-locks = Rcu-lock \ domain(matched)
	and unmatched-unlocks = Rcu-unlock \ range(matched)
	and unmatched = unmatched-locks | unmatched-unlocks
	and unmatched-po = [unmatched] ; po ; [unmatched]
	and unmatched-locks-to-unlocks = [unmatched-locks] ; po ; [unmatched-unlocks]
	and matched = matched | (unmatched-locks-to-unlocks \ (unmatched-po ; unmatched-po))
	in matched
flag ~empty rcu-rscs as pairs
`
	m, err := Parse("r.cat", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// lock, lock, unlock, unlock in one thread
	c := &Candidate{Events: []Event{{Kind: Fence, Loc: -1, Tags: []string{"Rcu-lock"}}, {Kind: Fence, Loc: -1, Tags: []string{"Rcu-lock"}},
		{Kind: Fence, Loc: -1, Tags: []string{"Rcu-unlock"}}, {Kind: Fence, Loc: -1, Tags: []string{"Rcu-unlock"}}}}
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			c.PO = append(c.PO, [2]int{i, j})
		}
	}
	r := m.EvalRel(m.Constraints[0].Expr, c.Execution())
	if got := r.Pairs(); len(got) != 2 || got[0] != [2]int{0, 3} || got[1] != [2]int{1, 2} {
		t.Errorf("rcu-rscs = %v, want [[0 3] [1 2]]", got)
	}
}

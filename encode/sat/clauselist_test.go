package sat

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// TestClauseList: the list gives back every clause in order, across chunk
// boundaries, with empty clauses and clauses longer than a chunk.
func TestClauseList(t *testing.T) {
	var want [][]z.Lit
	var l ClauseList
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		n := rng.Intn(8)
		switch i {
		case 5000:
			n = clauseChunkMax + 3
		case 5001:
			n = clauseChunkMax - 1
		case 7000, 7001:
			n = 0
		}
		cl := make([]z.Lit, n)
		for j := range cl {
			cl[j] = z.Var(rng.Intn(1000) + 1).Pos()
			if rng.Intn(2) == 0 {
				cl[j] = cl[j].Not()
			}
		}
		want = append(want, append([]z.Lit{}, cl...))
		l.Add(cl)
		if n > 0 { // Add copied: changing cl now must not matter
			cl[0] = z.LitNull
		}
	}
	if len(l.chunks) < 5 {
		t.Fatalf("only %d chunks: the boundaries are not tested", len(l.chunks))
	}
	for _, chunk := range l.chunks {
		if len(chunk) > clauseChunkMax+4 {
			t.Fatalf("a chunk of %d literals", len(chunk))
		}
	}
	if l.Len() != len(want) {
		t.Fatalf("Len %d, want %d", l.Len(), len(want))
	}
	var got [][]z.Lit
	for cl := range l.All() {
		got = append(got, append([]z.Lit{}, cl...))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("gave back %d clauses, want %d (or they differ)", len(got), len(want))
	}
	// Stopping early, and the nil list.
	k := 0
	for range l.All() {
		if k++; k == 3 {
			break
		}
	}
	var nl *ClauseList
	for range nl.All() {
		t.Fatal("a nil list has no clauses")
	}
	if nl.Len() != 0 {
		t.Fatal("a nil list has length 0")
	}
}

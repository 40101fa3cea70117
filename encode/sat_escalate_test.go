package encode

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/go-air/gini/z"
)

// recordSAT records the clauses it is given.
type recordSAT struct {
	namedSAT
	clauses [][]z.Lit
}

func (r *recordSAT) add(lits []z.Lit) { r.clauses = append(r.clauses, append([]z.Lit{}, lits...)) }

// TestClauseChunks: the escalation record gives back every clause in
// order, across chunk boundaries, with empty clauses and clauses longer
// than a chunk.
func TestClauseChunks(t *testing.T) {
	var want [][]z.Lit
	var c clauseChunks
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		n := rng.Intn(8)
		switch i {
		case 5000:
			n = maxChunk + 3
		case 5001:
			n = maxChunk - 1
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
		want = append(want, cl)
		c.add(cl)
	}
	if len(c.chunks) < 5 {
		t.Fatalf("only %d chunks: the boundaries are not tested", len(c.chunks))
	}
	for _, chunk := range c.chunks {
		if len(chunk) > max(maxChunk, maxChunk+4) {
			t.Fatalf("a chunk of %d literals", len(chunk))
		}
	}
	r := &recordSAT{}
	c.replay(r)
	if !reflect.DeepEqual(r.clauses, want) {
		t.Fatalf("replayed %d clauses, want %d (or they differ)", len(r.clauses), len(want))
	}
}

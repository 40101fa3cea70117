package sat

import (
	"iter"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// ClauseList holds plain clauses compactly: their literals, each clause
// ended by z.LitNull, in chunks that are never copied. A [][]z.Lit of the
// millions of transitivity clauses of a large test cost a slice header and
// a separate array per clause (190 MB for harris Saaarr's 4 M clauses),
// all of it scanned by every garbage collection; a chunk holds no
// pointers. Chunks double from clauseChunkMin literals up to
// clauseChunkMax; a clause lies within one chunk (a longer one gets a
// chunk of its own). The zero value is an empty list.
type ClauseList struct {
	chunks [][]z.Lit
	n      int
}

const (
	clauseChunkMin = 1 << 10
	clauseChunkMax = 1 << 16
)

// Add appends a copy of the clause lits (empty: the false clause).
func (l *ClauseList) Add(lits []z.Lit) {
	need := len(lits) + 1
	n := len(l.chunks)
	if n == 0 || cap(l.chunks[n-1])-len(l.chunks[n-1]) < need {
		size := clauseChunkMin
		if n > 0 {
			size = min(2*cap(l.chunks[n-1]), clauseChunkMax)
		}
		l.chunks = append(l.chunks, make([]z.Lit, 0, max(size, need)))
		n++
	}
	last := append(l.chunks[n-1], lits...)
	l.chunks[n-1] = append(last, z.LitNull)
	l.n++
}

// Len is the number of clauses.
func (l *ClauseList) Len() int {
	if l == nil {
		return 0
	}
	return l.n
}

// All yields the clauses in the order they were added. A yielded slice
// shares the list's memory: read it, do not keep or change it.
func (l *ClauseList) All() iter.Seq[[]z.Lit] {
	return func(yield func([]z.Lit) bool) {
		if l == nil {
			return
		}
		for _, chunk := range l.chunks {
			start := 0
			for i, m := range chunk {
				if m == z.LitNull {
					if !yield(chunk[start:i:i]) {
						return
					}
					start = i + 1
				}
			}
		}
	}
}

package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Irreflexivity checks lifted to atomic blocks (cat/txn_walk.go): the
// check irreflexive f1 ; … ; fk forbids, in the quotient by stxn, the
// closed walks through its factors. Nothing is encoded up front but the
// factors' relations (most of which the model's own check has encoded);
// Lemmas searches, under a satisfying assignment, the layered graph
// whose vertices are (event, position in the pattern) for a walk that
// goes once around the pattern from an event of a transaction back to
// its class, and returns the clause that not all of its steps hold:
//
//	a factor edge u → v         its literal (and, u and v in one block
//	                            B, that B is no transaction: m_B)
//	a hop u → v inside block B  that B is a transaction (¬m_B)
//	a filter [S] at u           u in S
//
// The lifted relation is monotone in the factors, so each lemma is
// implied by the check on the upper encodings; refinement ends when no
// walk is left, so the result is exact (TestTxnWalkEncodingMatchesEvaluator).
// A walk with no hop is one of the model's own check, which forbids it, so
// the search starts only at events of transactions.

// txnWalk is one lifted irreflexivity check.
type txnWalk struct {
	factors []cat.WalkFactor
	rels    []*lrel
	blocks  []txnBlock
	blockOf []int
}

// txnWalkMutant breaks the walk search for TestTxnWalkMutants (0: none).
var txnWalkMutant int

// addTxnWalk registers check k's lifted walk.
func (ci *CatInstance) addTxnWalk(k *cat.TxnCheck, blocks []txnBlock, blockOf []int) {
	factors, _ := cat.WalkFactors(k.Of.Expr)
	w := &txnWalk{factors: factors, blocks: blocks, blockOf: blockOf}
	for _, f := range factors {
		w.rels = append(w.rels, ci.rel(f.Rel, polUpper))
	}
	ci.stats.Instances++
	ci.txnWalks = append(ci.txnWalks, w)
}

// walkStep is a step of the layered graph: to event v at layer j, with
// the clause literals that deny it.
type walkStep struct {
	v, j int
	deny []z.Lit
}

// steps are the true steps out of (u, j) under val.
func (w *txnWalk) steps(u, j int, val func(z.Lit) bool) []walkStep {
	var out []walkStep
	k := len(w.factors)
	// hops inside a transaction, at every layer
	if b := w.blockOf[u]; b >= 0 && val(w.blocks[b].multi) && txnWalkMutant != 1 {
		for _, v := range w.blocks[b].events {
			if v != u {
				out = append(out, walkStep{v, j, []z.Lit{w.blocks[b].multi.Not()}})
			}
		}
	}
	if j == 2*k {
		return out
	}
	f := w.factors[j%k]
	if f.Kind == cat.FactorOpt || f.Kind == cat.FactorStar {
		out = append(out, walkStep{u, j + 1, nil})
	}
	for _, e := range w.rels[j%k].rows[u] {
		v := int(e.j)
		if !val(e.l) {
			continue
		}
		deny := []z.Lit{e.l.Not()}
		if f.Kind == cat.FactorFilter {
			if v == u {
				out = append(out, walkStep{u, j + 1, deny})
			}
			continue
		}
		if b := w.blockOf[u]; b >= 0 && b == w.blockOf[v] && txnWalkMutant != 2 {
			if val(w.blocks[b].multi) {
				continue // inside a transaction: no step
			}
			deny = append(deny, w.blocks[b].multi)
		}
		switch f.Kind {
		case cat.FactorStar, cat.FactorPlus:
			if txnWalkMutant != 3 {
				out = append(out, walkStep{v, j, deny})
			}
			if f.Kind == cat.FactorPlus {
				out = append(out, walkStep{v, j + 1, deny})
			}
		default:
			out = append(out, walkStep{v, j + 1, deny})
		}
	}
	return out
}

// walkFrom returns the clause denying a shortest walk once around the
// pattern from (start, layer i) to (start, layer i+k), or nil. Layers
// run from 0 to 2k (the pattern twice), so that a walk may start at any
// position of it.
func (w *txnWalk) walkFrom(start, i int, val func(z.Lit) bool) []z.Lit {
	type state struct{ u, j int }
	type back struct {
		prev state
		deny []z.Lit
	}
	k := len(w.factors)
	from := map[state]back{}
	src, dst := state{start, i}, state{start, i + k}
	from[src] = back{}
	queue := []state{src}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == dst {
			var cl []z.Lit
			seen := map[z.Lit]bool{}
			for t := dst; t != src; t = from[t].prev {
				for _, l := range from[t].deny {
					if !seen[l] {
						seen[l] = true
						cl = append(cl, l)
					}
				}
			}
			sortLits(cl)
			return cl
		}
		for _, st := range w.steps(s.u, s.j, val) {
			t := state{st.v, st.j}
			if t.j > i+k {
				continue
			}
			if _, ok := from[t]; ok {
				continue
			}
			from[t] = back{s, st.deny}
			queue = append(queue, t)
		}
	}
	return nil
}

// walkLemmas returns a clause for each walk found from an event of a
// transaction, at each position of the pattern.
func (ci *CatInstance) walkLemmas(value func(z.Lit) bool, first bool) [][]z.Lit {
	if len(ci.txnWalks) == 0 {
		return nil
	}
	val := ci.litValue(value)
	var out [][]z.Lit
	seen := map[string]bool{}
	for _, w := range ci.txnWalks {
		for _, b := range w.blocks {
			if !val(b.multi) {
				continue
			}
			for _, start := range b.events {
				for i := range w.factors {
					if len(out) >= maxCycleLemmas {
						return out
					}
					cl := w.walkFrom(start, i, val)
					if cl == nil {
						continue
					}
					if first {
						return [][]z.Lit{cl}
					}
					key := ""
					for _, l := range cl {
						key += l.String() + ","
					}
					if !seen[key] {
						seen[key] = true
						out = append(out, cl)
						ci.stats.Lemmas++
					}
				}
			}
		}
	}
	return out
}

// lemmas are the lemmas of the lazy acyclicity components (catlazy.go)
// and of the lifted walks.
func (ci *CatInstance) lemmas(value func(z.Lit) bool) [][]z.Lit {
	return append(ci.cycleLemmas(value), ci.walkLemmas(value, false)...)
}

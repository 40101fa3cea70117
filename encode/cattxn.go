package encode

import (
	"sort"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Atomic blocks that access several locations are transactions
// (cat/txn.go): every model gets the checks cat.Model.TxnChecks,
//
//	acyclic stronglift(r, stxn),  stronglift(r, t) = t? ; (r \ t) ; t?
//
// for r = rf | co | fr and each acyclicity check r of the model. Rather
// than composing stxn with r, the encoding contracts each transaction to
// one vertex: a cycle of stronglift(r, t) is exactly a cycle of the graph
// whose vertices are the classes of t (an event outside every
// transaction is its own class) and whose edges are the r edges between
// different classes (docs/semantics.md, "Atomic blocks on cat models";
// TestTxnEncodingMatchesEvaluator compares the two). Whether a block is a
// transaction depends on the execution (the locations its accesses
// reach), so the contraction is conditional: an edge of an event of
// block B goes from (or to) B's first event when B is a transaction and
// from the event itself when not, and an edge inside B is kept only when
// B is not one.

// txnBlock is an atomic block instance of the unrolled program that may
// access two locations.
type txnBlock struct {
	rep    int   // its first event, the vertex of the contracted block
	events []int // its events
	multi  z.Lit // it accesses two or more locations
}

// txnBlocks lists the atomic blocks that may be transactions; blockOf
// maps each event to its block's index (-1: none).
func (ci *CatInstance) txnBlocks() (blocks []txnBlock, blockOf []int) {
	c := ci.c
	byID := map[int][]int{}
	var ids []int
	for i := range ci.Events {
		in := ci.instr(i)
		if in == nil || in.Atomic == 0 {
			continue
		}
		if byID[in.Atomic] == nil {
			ids = append(ids, in.Atomic)
		}
		byID[in.Atomic] = append(byID[in.Atomic], i)
	}
	sort.Ints(ids)
	blockOf = make([]int, ci.n())
	for i := range blockOf {
		blockOf[i] = -1
	}
	for _, id := range ids {
		evs := byID[id]
		var accesses []int // each access counted once, at its first cell
		for _, i := range evs {
			if ci.Events[i].Kind != cat.Fence && ci.Events[i].Access == i {
				accesses = append(accesses, i)
			}
		}
		var apart []z.Lit
		for x, a := range accesses {
			for _, b := range accesses[x+1:] {
				apart = append(apart, c.And(ci.both(a, b), ci.sameLoc(a, b).Not()))
			}
		}
		multi := c.Ors(apart...)
		if multi == c.F {
			continue // one location: the model's own semantics
		}
		for _, i := range evs {
			blockOf[i] = len(blocks)
		}
		blocks = append(blocks, txnBlock{rep: evs[0], events: evs, multi: multi})
	}
	return blocks, blockOf
}

// atomicBlocks asserts the built-in checks of atomic blocks.
func (ci *CatInstance) atomicBlocks() {
	blocks, blockOf := ci.txnBlocks()
	if len(blocks) == 0 {
		return
	}
	concurrent := map[*cat.Constraint]bool{}
	for i, on := range ci.concurrentChecks() {
		concurrent[ci.m.Constraints[i]] = on
	}
	for _, k := range ci.m.TxnChecks() {
		// a check built on the concurrent threads is lifted there too
		// (catends.go): its cycles through a block stay in the block's part
		if k.Of != nil && concurrent[k.Of] {
			ci.onConcurrent(func() { ci.atomicBlockCheck(k, blocks, blockOf) })
			continue
		}
		ci.atomicBlockCheck(k, blocks, blockOf)
	}
}

// atomicBlockCheck asserts one built-in check of atomic blocks.
func (ci *CatInstance) atomicBlockCheck(k *cat.TxnCheck, blocks []txnBlock, blockOf []int) {
	if k.Kind == cat.TxnWalk {
		ci.addTxnWalk(k, blocks, blockOf) // cattxn_walk.go
		return
	}
	var r *lrel
	if k.Kind == cat.TxnIsolation {
		r = relUnion(ci.c, relUnion(ci.c, ci.baseRel("rf"), ci.baseRel("co")), ci.baseRel("fr"))
	} else {
		r = ci.rel(k.Of.Expr, polUpper)
	}
	ci.stats.Instances++
	ci.txnTwoCycles(r, blocks, blockOf) // cattxn_pairs.go
	ci.assertAcyclicThrough(ci.contract(r, blocks, blockOf), blocks)
}

// assertAcyclicThrough makes the contracted graph r acyclic lazily
// (catlazy.go: a cycle of the solver's execution becomes a lemma), for
// the strongly connected components that hold a block's vertex: an edge
// of r's contraction implies an edge of r between events of its
// endpoints, so a cycle through no block vertex is a cycle of r, which
// the model's own check forbids (and r's self-loops are r's). Lazily,
// because the model's own checks already forbid most cycles: on snark's
// tests vertex elimination (catelim.go) of these components doubled the
// clauses and took up to twice the CPU time (docs/semantics.md).
func (ci *CatInstance) assertAcyclicThrough(r *lrel, blocks []txnBlock) {
	comp := sccs(r.staticGraph())
	members := map[int][]int{}
	for v, k := range comp {
		members[k] = append(members[k], v)
	}
	for _, b := range blocks {
		k := comp[b.rep]
		if ms := members[k]; len(ms) >= 2 {
			ci.lazy = append(ci.lazy, &lazyAcyclic{r: r, comp: comp, k: k, members: ms})
			delete(members, k) // once per component
		}
	}
}

// contract is r with each transaction contracted to its first event.
func (ci *CatInstance) contract(r *lrel, blocks []txnBlock, blockOf []int) *lrel {
	c := ci.c
	type end struct {
		v    int
		cond z.Lit
	}
	ends := func(a int) []end {
		b := blockOf[a]
		if b < 0 {
			return []end{{a, c.T}}
		}
		m := blocks[b].multi
		if a == blocks[b].rep {
			return []end{{a, c.T}}
		}
		return []end{{a, m.Not()}, {blocks[b].rep, m}}
	}
	acc := make([]map[int]z.Lit, ci.n())
	add := func(i, j int, l z.Lit) {
		if l == c.F {
			return
		}
		if acc[i] == nil {
			acc[i] = map[int]z.Lit{}
		}
		if old, ok := acc[i][j]; ok {
			l = c.Or(old, l)
		}
		acc[i][j] = l
	}
	for a, row := range r.rows {
		for _, e := range row {
			b := int(e.j)
			if blockOf[a] >= 0 && blockOf[a] == blockOf[b] {
				// inside a block: an edge only when it is no transaction
				add(a, b, c.And(e.l, blocks[blockOf[a]].multi.Not()))
				continue
			}
			for _, s := range ends(a) {
				for _, d := range ends(b) {
					add(s.v, d.v, c.Ands(e.l, s.cond, d.cond))
				}
			}
		}
	}
	out := newLrel(ci.n())
	for i, m := range acc {
		for j, l := range m {
			if l != c.F {
				out.rows[i] = append(out.rows[i], lentry{int32(j), l})
			}
		}
		sort.Slice(out.rows[i], func(x, y int) bool { return out.rows[i][x].j < out.rows[i][y].j })
	}
	return out
}

// sameTransaction is the base relation stxn: the pairs of executed events
// of one atomic block that is a transaction (cat.Candidate's stxn, for
// models that name it).
func (ci *CatInstance) sameTransaction() *lrel {
	r := newLrel(ci.n())
	blocks, _ := ci.txnBlocks()
	for _, b := range blocks {
		for _, a := range b.events {
			for _, e := range b.events {
				if l := ci.c.And(ci.both(a, e), b.multi); l != ci.c.F {
					r.rows[a] = append(r.rows[a], lentry{int32(e), l})
				}
			}
		}
	}
	return r
}

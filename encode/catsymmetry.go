package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Symmetric threads on a cat model (docs/semantics.md, "Symmetry on cat
// models"). A cat model has no memory order to sort identical threads by,
// so they are sorted by what they do: a key per thread, the sequence of
// its instructions' guards (which instructions execute) and of its loads'
// values when they are numbers or undefined, compared lexicographically
// (false before true). The key is a function of the execution — of the
// thread's path and the values it reads — and swapping two identical
// threads swaps their keys, so every execution has a permutation of each
// class whose keys are in order: sorting by the key keeps at least one
// execution of every orbit, as the memory-order version does. (Ties keep
// both orders: fewer executions are cut than with a total order.) A
// pointer's value is left out (a class that renames private blocks maps a
// pointer to a different one), and so is the class if the threads'
// unrolled code differs in length.
//
// Where the threads have a store to one fixed location (the same global
// cell in every thread and every execution: an allocation counter's
// fetch_add, the CAS that swings a stack's top), coherence orders those
// stores totally, and the threads are sorted by it first: a thread whose
// store executes comes before one whose store does not, two that execute
// it are in coherence order, and two that do not are in key order. That
// compares per thread the tuple (not executed, coherence rank, key)
// lexicographically — a total preorder that swapping threads carries
// along (the stores are swapped with the threads, the cell is fixed) —
// so again every execution has a sorted permutation, and where the store
// always executes no two threads tie.

// symmetryOrder builds the constraint that the class's threads are
// sorted: by coherence on their anchor store (symmetryAnchor) if they
// have one, and by key.
func (ci *CatInstance) symmetryOrder(cl []int) (z.Lit, bool) {
	e := ci.e
	c := e.C
	n := len(e.Threads[cl[0]].Instrs)
	if n == 0 {
		return c.F, false
	}
	for _, ti := range cl[1:] {
		if len(e.Threads[ti].Instrs) != n {
			return c.F, false
		}
	}
	anchor := e.symmetryAnchor(cl) // a store: always an event
	var co *lrel
	if anchor >= 0 {
		co = ci.baseRel("co")
	}
	order := c.T
	prev := e.catSymmetryKey(cl[0])
	for k := 1; k < len(cl); k++ {
		key := e.catSymmetryKey(cl[k])
		le := lexLE(c, prev, key)
		if anchor >= 0 {
			a := ci.evOf[e.Threads[cl[k-1]].Instrs[anchor]]
			b := ci.evOf[e.Threads[cl[k]].Instrs[anchor]]
			ga, gb := ci.guards[a], ci.guards[b]
			le = c.Ands(c.Implies(gb, ga), c.Implies(c.And(ga, gb), co.get(c, a, b)),
				c.Implies(c.Or(ga, gb).Not(), le))
		}
		order = c.And(order, le)
		prev = key
	}
	return order, true
}

// symmetryAnchor returns the position in the threads' instruction lists
// of the first store whose location is one global cell, the same in
// every thread of the class (not a pool block, whose names the pool
// symmetry exchanges), preferring one that always executes; or -1.
func (e *Encoding) symmetryAnchor(cl []int) int {
	first := -1
	for k, ii := range e.Threads[cl[0]].Instrs {
		in := e.Instrs[ii]
		if in.Kind != axioms.Store || !e.globalCell(in) {
			continue
		}
		same := true
		for _, ti := range cl[1:] {
			o := e.Threads[ti].Instrs[k]
			if e.aliased(in, e.Instrs[o]) != e.C.T {
				same = false
				break
			}
		}
		if !same {
			continue
		}
		if in.Guard == e.C.T {
			return k
		}
		if first < 0 {
			first = k
		}
	}
	return first
}

// globalCell reports whether the range analysis gives store in one
// address, in a block that is not the pool's.
func (e *Encoding) globalCell(in *Instr) bool {
	ptrs, complete := e.Ranges.Addr(in.ID).Pointers()
	if !complete || len(ptrs) != 1 || len(ptrs[0]) == 0 {
		return false
	}
	if p := e.U.Pool; p != nil {
		base := ptrs[0][0]
		if base == p.Flags || base >= p.First && base < p.First+p.N {
			return false
		}
	}
	return true
}

// catSymmetryKey is thread ti's key: per instruction its guard and, for a
// load that executes, its value's kind and, if a number, its bits.
func (e *Encoding) catSymmetryKey(ti int) []z.Lit {
	c := e.C
	var key []z.Lit
	for _, ii := range e.Threads[ti].Instrs {
		in := e.Instrs[ii]
		key = append(key, in.Guard)
		if in.Kind != axioms.Load || in.Data == nil {
			continue
		}
		v := in.Data
		key = append(key, c.And(in.Guard, v.U), c.And(in.Guard, v.N))
		for _, b := range v.Num {
			key = append(key, c.Ands(in.Guard, v.N, b))
		}
	}
	return key
}

// lexLE is "x ≤ y" lexicographically, false before true (equal lengths).
func lexLE(c interface {
	And(a, b z.Lit) z.Lit
	Or(a, b z.Lit) z.Lit
}, x, y []z.Lit) z.Lit {
	le := z.LitNull
	for i := len(x) - 1; i >= 0; i-- {
		lt := c.And(x[i].Not(), y[i])
		eq := c.Or(c.And(x[i], y[i]), c.And(x[i].Not(), y[i].Not()))
		if le == z.LitNull {
			le = c.Or(lt, eq)
			continue
		}
		le = c.Or(lt, c.And(eq, le))
	}
	if le == z.LitNull {
		panic("lexLE of empty keys")
	}
	return le
}

// Pool blocks on a cat model (docs/semantics.md, "Symmetric pool blocks").
// Without a memory order, the mallocs are ordered by their place in
// Instrs, which works when no block is freed: then every malloc takes a
// block no one took before, and renaming the blocks so that the executed
// mallocs, in that order, take blocks 0, 1, 2, … maps every execution to
// one that satisfies the constraint (the conditions of findPoolSymmetry
// make the renaming a symmetry). With frees, a block may be taken twice;
// its first taker is the malloc whose flag store is first in coherence
// among the mallocs' stores to the block's flag cell (a function of the
// execution that renaming blocks carries along with the cell), and the
// constraint speaks of first takers only (docs/semantics.md, "Pool
// symmetry with frees on cat models").

// catPoolOrder is "a malloc that takes block v > 0 comes after, in
// Instrs, a malloc that took block v-1": by induction the executed mallocs
// take 0, 1, 2, … in that order. With frees, "takes" is "takes first":
// co(a, b) is coherence between the flag stores of two mallocs.
func (e *Encoding) catPoolOrder(mallocs []*Instr, took [][]z.Lit, co func(a, b *Instr) z.Lit) (z.Lit, bool) {
	c := e.C
	frees := false
	for _, alloc := range e.U.Pool.FlagStores {
		frees = frees || !alloc
	}
	first := took
	if frees {
		first = make([][]z.Lit, len(mallocs))
		for i, m := range mallocs {
			var later []z.Lit // no other malloc's flag store is co-before m's
			for j, o := range mallocs {
				if j != i {
					later = append(later, co(o, m).Not())
				}
			}
			none := c.Ands(later...)
			first[i] = make([]z.Lit, len(took[i]))
			for v, t := range took[i] {
				first[i][v] = c.And(t, none)
			}
		}
	}
	res := c.T
	for i := range mallocs {
		for v := 1; v < len(first[i]); v++ {
			if first[i][v] == c.F {
				continue
			}
			var before []z.Lit
			for j := range mallocs[:i] {
				before = append(before, first[j][v-1])
			}
			res = c.And(res, c.Implies(first[i][v], c.Ors(before...)))
		}
	}
	return res, true
}

// SymmetryAnchors returns, per class of SymmetricThreads, the position in
// its threads' instruction lists of the store that orders them
// (symmetryAnchor), or -1.
func (e *Encoding) SymmetryAnchors() []int {
	var out []int
	for _, cl := range e.sym {
		out = append(out, e.symmetryAnchor(cl.threads))
	}
	return out
}

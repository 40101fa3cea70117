package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Symmetric pool blocks (docs/semantics.md, "Symmetric pool blocks"; on a
// cat model, catsymmetry.go).
//
// lsl_malloc takes any free block of the pool (lsl/unroll_pool.go), so an
// execution in which two mallocs take blocks 2 and 5 has twins that take
// 5 and 2, 1 and 3, … A block no malloc has taken yet is like every other
// such block: the same type and initial contents, and no pointer to it
// exists. Renaming blocks one to one maps executions to executions with
// the same observations and failures, provided block numbers cannot be
// seen (no conversion between pointers and numbers outside the pool's own
// code involves a pool block, and no observed value may be a pointer). The
// check's question may therefore be asked of the executions in which each
// malloc that takes a block for the first time takes the lowest-numbered
// block no malloc took before it in memory order: every execution can be
// renamed into one of those.

// findPoolSymmetry builds the constraint that the mallocs take untouched
// blocks in order: a malloc that takes block v > 0 follows, in memory
// order, a malloc that took block v-1. (If some untouched block below v
// were skipped, the first malloc of block v would break this: by induction
// on v, every block below a malloc's was taken before it.) It must run
// before the memory model is finalized (it requests memory-order
// literals).
func (e *Encoding) findPoolSymmetry() {
	p := e.U.Pool
	if p == nil || p.Fixed || p.N < 2 || e.U.Serial || !e.enc.ordersThreads() {
		return
	}
	if !e.poolNumbersHidden() || e.observesPointers() {
		return
	}
	var mallocs []*Instr // the flag stores of the mallocs
	for _, in := range e.Instrs {
		if st, ok := in.Stmt.(*lsl.Store); ok && in.Kind == axioms.Store && p.FlagStores[st] && in.Guard != e.C.F {
			mallocs = append(mallocs, in)
		}
	}
	if len(mallocs) < 2 {
		return
	}
	c, w := e.C, e.vx.w
	// took[i][v]: malloc i executes and takes block v (its flag cell's
	// offset in the flags block)
	took := make([][]z.Lit, len(mallocs))
	for i, m := range mallocs {
		took[i] = make([]z.Lit, p.N)
		for v := range p.N {
			took[i][v] = c.And(m.Guard, bv.Eq(c, m.Addr.Ptr[1], bv.Const(c, v, w)))
		}
	}
	if res, ok := e.enc.poolOrder(mallocs, took); ok {
		e.poolSym = res
	}
}

// poolOrder is, on a .mm model, "a malloc that takes block v > 0 follows,
// in memory order, a malloc that took block v-1" (a cat model orders them
// in instruction order, catsymmetry.go).
func (mo mmEncoding) poolOrder(mallocs []*Instr, took [][]z.Lit) (z.Lit, bool) {
	e := mo.e
	c, p := e.C, e.U.Pool
	res := c.T
	for i, m := range mallocs {
		for v := int64(1); v < p.N; v++ {
			if took[i][v] == c.F {
				continue
			}
			var before []z.Lit
			for j, o := range mallocs {
				if j == i || e.ForcedBefore(m.Index, o.Index) {
					continue
				}
				before = append(before, c.And(took[j][v-1], mo.Rel("memory_order", o.Index, m.Index)))
			}
			res = c.And(res, c.Implies(took[i][v], c.Ors(before...)))
		}
	}
	return res, true
}

// poolNumbersHidden reports whether no pool block number can become
// visible: every conversion between pointers and numbers outside the
// pool's own code provably involves no pool block, by the range analysis
// (a pthread program passes a number to its threads as a void pointer:
// pointer(1), baseof of it in the thread). Such a conversion computes the
// same in an execution with the pool blocks renamed.
func (e *Encoding) poolNumbersHidden() bool {
	p := e.U.Pool
	inPool := func(b int64) bool { return b >= p.First && b < p.First+p.N }
	hidden := true
	for _, th := range e.U.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			a, ok := s.(*lsl.Assign)
			if !ok || (a.Op != lsl.OpBaseOf && a.Op != lsl.OpPointer) || p.Conversions[a] || len(a.Args) != 1 {
				return hidden
			}
			if k, ok := a.Args[0].(lsl.Const); ok {
				switch {
				case a.Op == lsl.OpPointer && k.V.Kind == lsl.KNum:
					hidden = !inPool(k.V.Num)
				case a.Op == lsl.OpBaseOf && k.V.Kind == lsl.KPtr:
					hidden = len(k.V.Ptr) == 0 || !inPool(k.V.Ptr[0])
				default:
					hidden = false
				}
				return hidden
			}
			r, ok := a.Args[0].(lsl.Reg)
			v := e.Ranges.Reg(r)
			if !ok || v == nil || v.MayBe(lsl.KComp) {
				hidden = false
				return false
			}
			if a.Op == lsl.OpPointer {
				// the number becomes a block number
				if v.NumTop || v.MayBe(lsl.KPtr) {
					hidden = false
				}
				for n := range v.Nums {
					hidden = hidden && !inPool(n)
				}
			} else {
				// the pointer's block becomes a number
				ptrs, complete := v.Pointers()
				hidden = hidden && complete
				for _, ptr := range ptrs {
					hidden = hidden && !(len(ptr) > 0 && inPool(ptr[0]))
				}
			}
			return hidden
		})
	}
	return hidden
}

// PoolSymmetric reports whether SymmetryBreaking also orders the pool
// blocks the mallocs take for the first time.
func (e *Encoding) PoolSymmetric() bool { return e.poolSym != 0 && e.poolSym != e.C.T }

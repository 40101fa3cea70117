package encode

import (
	"fmt"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Use after free (docs/semantics.md, "Memory safety"): a load or store
// touches a block of the lsl_malloc pool that is not allocated at the
// access's place in memory order, i.e. the last flag store of that block
// before the access is a free's, or there is none. The pool's flag stores
// sit in atomic blocks between full fences, so on every model they are
// ordered with the thread's own accesses; an access of another thread is
// judged by where the memory model puts it.
//
// Each access that may touch a pool block gets a literal "this access is a
// use after free", an error site of its thread (the thread stops there, as
// at any runtime error), and, once the memory order exists, the
// constraint that defines the literal.

// poolSite is an access that may touch a pool block.
type poolSite struct {
	in  *Instr
	uaf z.Lit
}

// mayTouchPool reports whether the access with lsl id may address a pool
// block, by the range analysis.
func (e *Encoding) mayTouchPool(id int) bool {
	p := e.U.Pool
	if p == nil {
		return false
	}
	ptrs, complete := e.Ranges.Addr(id).Pointers()
	if !complete {
		return true
	}
	for _, ptr := range ptrs {
		if len(ptr) > 0 && ptr[0] >= p.First && ptr[0] < p.First+p.N {
			return true
		}
	}
	return false
}

// checkPoolAccess makes the access in a use-after-free error site.
func (x *threadSymExec) checkPoolAccess(s lsl.Stmt, in *Instr) {
	if !x.e.mayTouchPool(in.ID) {
		return
	}
	u := x.e.C.Lit()
	x.e.poolSites = append(x.e.poolSites, poolSite{in: in, uaf: u})
	before := len(x.th.Errors)
	x.fail(trace.ReasonRuntimeError, s, u, "", []*Val{in.Addr})
	if len(x.th.Errors) > before {
		x.th.Errors[before].Access = in
	}
}

// useAfterFree defines the literals of checkPoolAccess: uaf(A) holds iff A
// addresses pool block b and no malloc flag store S of b precedes A in
// memory order without a free flag store F of b between them.
func (e *Encoding) useAfterFree() (z.Lit, error) {
	c := e.C
	if len(e.poolSites) == 0 {
		return c.T, nil
	}
	p := e.U.Pool
	w := e.vx.w
	var mallocs, frees []*Instr
	for _, in := range e.Instrs {
		st, ok := in.Stmt.(*lsl.Store)
		if !ok || in.Kind != axioms.Store {
			continue
		}
		if alloc, ok := p.FlagStores[st]; ok {
			if alloc {
				mallocs = append(mallocs, in)
			} else {
				frees = append(frees, in)
			}
		}
	}
	if e.Model == nil || !e.Model.HasRel("memory_order") {
		return e.useAfterFreeStatic(mallocs, frees), nil
	}
	mo := func(a, b *Instr) z.Lit { return e.Model.Rel("memory_order", a.Index, b.Index) }
	// block(S) = first + k for the flag store to [flags k]
	block := map[int]bv.Vec{}
	for _, s := range append(append([]*Instr{}, mallocs...), frees...) {
		block[s.Index] = bv.Add(c, s.Addr.Ptr[1], bv.Const(c, p.First, w))
	}
	// killed(S, F): free F of S's block follows S (and is executed)
	killed := map[[2]int]z.Lit{}
	for _, s := range mallocs {
		for _, f := range frees {
			killed[[2]int{s.Index, f.Index}] = c.Ands(f.Guard, e.aliased(s, f), mo(s, f))
		}
	}
	lo, hi := bv.Const(c, p.First, w), bv.Const(c, p.First+p.N-1, w)
	parts := []z.Lit{}
	for _, ps := range e.poolSites {
		a := ps.in
		base := a.Addr.Ptr[0]
		inPool := c.Ands(a.Addr.P, bv.Sle(c, lo, base), bv.Sle(c, base, hi))
		var allocated []z.Lit
		for _, s := range mallocs {
			if e.ForcedBefore(a.Index, s.Index) {
				continue // the malloc runs after the access
			}
			held := []z.Lit{s.Guard, bv.Eq(c, block[s.Index], base), mo(s, a)}
			for _, f := range frees {
				held = append(held, c.And(killed[[2]int{s.Index, f.Index}], mo(f, a)).Not())
			}
			allocated = append(allocated, c.Ands(held...))
		}
		def := c.And(inPool, c.Ors(allocated...).Not())
		parts = append(parts, c.Implies(ps.uaf, def), c.Implies(def, ps.uaf))
	}
	return c.Ands(parts...), nil
}

// useAfterFreeMessage words a use after free: the access, the block and
// the free that released it (the last flag store of the block before the
// access in memory order), which it returns as related.
func (e *Encoding) useAfterFreeMessage(a *Instr, val func(z.Lit) bool) (string, []int) {
	addr := e.vx.decode(a.Addr, val)
	verb := "reads"
	if a.Kind == axioms.Store {
		verb = "writes"
	}
	what := "`" + a.Expr() + "`"
	if a.Expr() == "" {
		what = "an access"
	}
	blockName := "a block"
	if addr.Kind == lsl.KPtr && len(addr.Ptr) > 0 {
		blockName = e.U.BaseName(addr.Ptr[0])
	}
	// the last flag store of the block before the access, and the first
	// after it
	var last, next *Instr
	mo := func(a, b *Instr) bool { return val(e.Model.Rel("memory_order", a.Index, b.Index)) }
	if e.Model == nil || !e.Model.HasRel("memory_order") {
		mo = func(a, b *Instr) bool { return e.staticBefore(a, b) }
	}
	for _, s := range e.Instrs {
		st, ok := s.Stmt.(*lsl.Store)
		if !ok || s.Kind != axioms.Store || s == a || !val(s.Guard) {
			continue
		}
		if _, flag := e.U.Pool.FlagStores[st]; !flag {
			continue
		}
		k := e.vx.decode(s.Addr, val)
		if k.Kind != lsl.KPtr || len(k.Ptr) < 2 || addr.Kind != lsl.KPtr || k.Ptr[1]+e.U.Pool.First != addr.Ptr[0] {
			continue
		}
		if mo(s, a) {
			if last == nil || mo(last, s) {
				last = s
			}
		} else if next == nil || mo(s, next) {
			next = s
		}
	}
	switch {
	case last != nil:
		return fmt.Sprintf("use after free: %s %s %s, freed by %s at %s", what, verb, blockName, e.Threads[last.Thread].T.Name, last.Pos()), []int{last.Index}
	case next != nil && e.U.Pool.FlagStores[next.Stmt.(*lsl.Store)]:
		return fmt.Sprintf("use of unallocated memory: %s %s %s before the lsl_malloc of %s at %s allocates it (the memory model lets the access take effect first)", what, verb, blockName, e.Threads[next.Thread].T.Name, next.Pos()), []int{next.Index}
	}
	return fmt.Sprintf("use of unallocated memory: %s %s %s, which no lsl_malloc has returned", what, verb, blockName), nil
}

// staticBefore reports whether instruction a precedes b in every execution
// that runs both: in program order of one thread, or because a's thread
// runs before b's (init before the others, final after them).
func (e *Encoding) staticBefore(a, b *Instr) bool {
	if e.threadOf[a.Index] == e.threadOf[b.Index] {
		return a.Index < b.Index
	}
	return e.ForcedBefore(a.Index, b.Index)
}

// useAfterFreeStatic defines the use-after-free literals on a memory model
// without a memory order (the cat models; docs/semantics.md, "Memory
// safety"): access A is a use after free when a free F of its block
// precedes it in every execution (staticBefore) and every executed malloc
// of the block precedes F: nothing can have allocated the block again
// before A. An access that only a racing free makes a use after free is
// not reported on these models.
func (e *Encoding) useAfterFreeStatic(mallocs, frees []*Instr) z.Lit {
	c := e.C
	p := e.U.Pool
	w := e.vx.w
	block := map[int]bv.Vec{}
	for _, s := range append(append([]*Instr{}, mallocs...), frees...) {
		block[s.Index] = bv.Add(c, s.Addr.Ptr[1], bv.Const(c, p.First, w))
	}
	parts := []z.Lit{}
	for _, ps := range e.poolSites {
		a := ps.in
		base := a.Addr.Ptr[0]
		var freed []z.Lit
		for _, f := range frees {
			if !e.staticBefore(f, a) {
				continue
			}
			held := []z.Lit{f.Guard, bv.Eq(c, block[f.Index], base)}
			for _, s := range mallocs {
				if !e.staticBefore(s, f) {
					held = append(held, c.And(s.Guard, bv.Eq(c, block[s.Index], base)).Not())
				}
			}
			freed = append(freed, c.Ands(held...))
		}
		def := c.And(a.Addr.P, c.Ors(freed...))
		parts = append(parts, c.Implies(ps.uaf, def), c.Implies(def, ps.uaf))
	}
	return c.Ands(parts...)
}

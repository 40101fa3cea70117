package lsl

import (
	"strconv"

	"github.com/checkfence/checkfence/diag"
)

// expandPool replaces every lsl_malloc / lsl_free placeholder by LSL code
// over a pool with one block per malloc instance of the unrolled program
// (§7.2.4): malloc atomically picks any free block and marks it allocated,
// free marks it free again (an error if it is not allocated). Blocks keep
// their contents across reuse, so ABA problems show up. How malloc and free
// synchronize is allocatorOrder's.
func (r *unroller) expandPool() {
	if len(r.pool) == 0 {
		return
	}
	var n int64
	typeName := ""
	var typ *TypeRef // the type of every allocation, if they agree: names the fields in traces
	sameType := true
	for _, s := range r.pool {
		if s.alloc == nil {
			continue
		}
		n++
		name := ""
		if s.alloc.Type != nil {
			name = s.alloc.Type.Name
		}
		if n == 1 {
			typeName = name
			typ = s.alloc.Type
		} else if name != typeName || typ.String() != s.alloc.Type.String() {
			sameType = false
		}
	}
	if !sameType || typeName == "" {
		typeName = "block"
		typ = nil
	}
	first := int64(len(r.u.Blocks) + 1)
	for i := int64(0); i < n; i++ {
		r.newBlock(BlockPool, typeName, typ, diag.Pos{})
	}
	flags := int64(len(r.u.Blocks) + 1)
	r.u.Blocks = append(r.u.Blocks, &BlockInfo{Base: flags, Kind: BlockPoolFlags, Name: "pool.flags"})
	info := &PoolInfo{First: first, N: n, Flags: flags, Choices: map[*Choose]bool{}, Conversions: map[*Assign]bool{}, FlagStores: map[*Store]bool{}}
	info.Fixed = r.opt.FixedPool && r.noReuse()
	next := int64(0) // with Fixed: the block of the next malloc
	c11 := r.p.C11 && !r.opt.FencedAllocator
	for _, s := range r.pool {
		if s.alloc != nil {
			s.slot.Stmts = allocatorOrder(poolMalloc(s, n, first, flags), c11, "ACQ")
			if info.Fixed {
				fixBlock(s.slot.Stmts, next)
				next++
			}
		} else {
			s.slot.Stmts = allocatorOrder(poolFree(s, n, first, flags), c11, "REL")
		}
		if info.Fixed && r.opt.FixedPoolUnfenced {
			s.slot.Stmts = unfenced(s.slot.Stmts)
		}
		Walk(&Block{Stmts: s.slot.Stmts}, func(st Stmt) bool {
			switch st := st.(type) {
			case *Choose:
				info.Choices[st] = true
			case *Assign:
				if st.Op == OpPointer || st.Op == OpBaseOf {
					info.Conversions[st] = true
				}
			case *Store:
				info.FlagStores[st] = s.alloc != nil
			}
			return true
		})
	}
	r.u.Pool = info
	if r.leakOp != nil {
		r.leakOp.Stmts = append(r.leakOp.Stmts, r.leakCheck(n, first, flags)...)
	}
}

// noReuse reports whether no pool block can be handed out twice: every
// free is in the final thread, which runs after every other thread, and
// no malloc is. Then the mallocs that run take distinct blocks no free
// has touched yet, any one as good as another (they all start undefined,
// and block numbers are not visible to a whole program: the argument of
// fresh blocks, frontend/llvm/pthread_alloc.go), so malloc instance i may
// take block i: the executions are those of the choice up to a renaming
// of blocks, and the frees and their use-after-free and double-free
// checks are unchanged. The choice made the SAT solver explore every
// renaming, and the range analysis could not tell one malloc's block
// from another's (issue 52: an MS queue 2+2 that frees its nodes at the
// end of main cost 4× the same queue without the frees).
func (r *unroller) noReuse() bool {
	for _, s := range r.pool {
		if s.final != (s.alloc == nil) {
			return false
		}
	}
	return true
}

// fixBlock replaces the choice of a malloc's expansion (poolMalloc) by
// block k.
func fixBlock(stmts []Stmt, k int64) {
	for _, st := range stmts {
		if a, ok := st.(*Atomic); ok {
			body := a.Body
			ch := body.Stmts[0].(*Choose)
			body.Stmts[0] = &Assign{Dst: ch.Dst, Op: OpCopy, Args: []Operand{Const{Num(k)}}, Pos: ch.Pos}
			return
		}
	}
	panic("lsl: a malloc's expansion without its atomic block")
}

// allocatorOrder gives a malloc's or free's expansion (poolMalloc,
// poolFree: a full fence, the atomic block on pool.flags[k], a full
// fence) its synchronization. In a C11 program (Program.C11) it is
// C11's (7.22.3p2; docs/semantics.md, "The allocator in C11 programs"):
// the block is a read-modify-write of the flag of order ord, acquire for
// malloc and release for free, so that a free synchronizes with the
// malloc that takes its block next, and the full fences become the
// fences the .mm mapping puts beside such a read-modify-write
// (C11FencesBefore/After, tagged mm-only with their role, as the C11 front
// ends emit them). Otherwise (CheckFence-style C and LSL, or
// UnrollOptions.FencedAllocator) the block stays untagged between the
// full fences, the allocator of dissertation §7.2.4 (on rc11 an untagged
// atomic block is seq_cst, and the fences are seq_cst fences).
func allocatorOrder(stmts []Stmt, c11 bool, ord string) []Stmt {
	if !c11 {
		return stmts
	}
	var pos diag.Pos
	var block *Atomic
	for _, st := range stmts {
		if a, ok := st.(*Atomic); ok {
			block, pos = a, a.Pos
		}
	}
	Walk(block.Body, func(st Stmt) bool {
		switch st := st.(type) {
		case *Load:
			st.Tags = []string{"A", ord}
		case *Store:
			st.Tags = []string{"A", ord}
		}
		return true
	})
	fences := func(kinds []FenceKind, after bool) []Stmt {
		role := C11Role{After: after, Kind: "RMW", Order: ord}.Tag()
		var out []Stmt
		for _, k := range kinds {
			out = append(out, &Fence{Kind: k, Tags: []string{TagMMOnly, role}, Pos: pos})
		}
		return out
	}
	out := fences(C11FencesBefore(ord), false)
	for _, st := range stmts {
		if _, ok := st.(*Fence); ok {
			continue
		}
		out = append(out, st)
		if st == Stmt(block) {
			out = append(out, fences(C11FencesAfter(ord), true)...)
		}
	}
	return out
}

// unfenced drops the fences of a malloc's or free's expansion.
func unfenced(stmts []Stmt) []Stmt {
	var out []Stmt
	for _, st := range stmts {
		if _, ok := st.(*Fence); !ok {
			out = append(out, st)
		}
	}
	return out
}

// leakCheck is the end of a test that checks for memory leaks
// (Test.Leaks): every block of the pool is free.
func (r *unroller) leakCheck(n, first, flags int64) []Stmt {
	var out []Stmt
	p := r.leakOp.Pos
	for k := int64(0); k < n; k++ {
		r.inst++
		f, free := Reg("%leak"+strconv.Itoa(r.inst)), Reg("%nofree"+strconv.Itoa(r.inst))
		name := r.u.Blocks[first+k-1].Name
		out = append(out,
			&Load{Dst: f, Addr: Const{Ptr(flags, k)}, Expr: "pool.flags[" + strconv.FormatInt(k, 10) + "]", Pos: p},
			&Assign{Dst: free, Op: OpEq, Args: []Operand{f, Const{Num(0)}}, Pos: p},
			&If{Cond: free, Then: &Block{Pos: p}, Else: &Block{Pos: p, Stmts: []Stmt{&Abort{Msg: "memory leak: " + name + ", allocated by malloc, is not freed when the program ends", Pos: p}}}, Pos: p})
	}
	return out
}

func poolMalloc(s *poolSite, n, first, flags int64) []Stmt {
	p := s.pos
	k, fa, f, free, b := Reg("%k"+s.tmp), Reg("%fa"+s.tmp), Reg("%f"+s.tmp), Reg("%free"+s.tmp), Reg("%b"+s.tmp)
	return []Stmt{
		&Fence{Kind: FenceFull, Pos: p},
		&Atomic{Pos: p, Body: &Block{Pos: p, Stmts: []Stmt{
			&Choose{Dst: k, Lo: 0, Hi: n - 1, Pos: p},
			&Assign{Dst: fa, Op: OpOffset, Args: []Operand{Const{Ptr(flags)}, k}, Pos: p},
			&Load{Dst: f, Addr: fa, Expr: "pool.flags[k]", Pos: p},
			&Assign{Dst: free, Op: OpEq, Args: []Operand{f, Const{Num(0)}}, Pos: p},
			&Assume{Cond: free, Pos: p},
			&Store{Addr: fa, Val: Const{Num(1)}, Expr: "pool.flags[k]", Pos: p},
		}}},
		&Fence{Kind: FenceFull, Pos: p},
		&Assign{Dst: b, Op: OpAdd, Args: []Operand{k, Const{Num(first)}}, Pos: p},
		&Assign{Dst: s.dst, Op: OpPointer, Args: []Operand{b}, Pos: p},
	}
}

func poolFree(s *poolSite, n, first, flags int64) []Stmt {
	p := s.pos
	r := func(name string) Reg { return Reg("%" + name + s.tmp) }
	b, k, lo, hi, in, pb, ex, fa, f, al := r("b"), r("k"), r("lo"), r("hi"), r("in"), r("pb"), r("exact"), r("fa"), r("f"), r("held")
	check := func(c Reg, msg string) Stmt {
		return &If{Cond: c, Then: &Block{Pos: p}, Else: &Block{Pos: p, Stmts: []Stmt{&Abort{Msg: msg, Pos: p}}}, Pos: p}
	}
	return []Stmt{
		&Fence{Kind: FenceFull, Pos: p},
		&Atomic{Pos: p, Body: &Block{Pos: p, Stmts: []Stmt{
			&Assign{Dst: b, Op: OpBaseOf, Args: []Operand{s.free}, Pos: p},
			&Assign{Dst: k, Op: OpSub, Args: []Operand{b, Const{Num(first)}}, Pos: p},
			&Assign{Dst: lo, Op: OpLe, Args: []Operand{Const{Num(0)}, k}, Pos: p},
			&Assign{Dst: hi, Op: OpLt, Args: []Operand{k, Const{Num(n)}}, Pos: p},
			&Assign{Dst: in, Op: OpAnd, Args: []Operand{lo, hi}, Pos: p},
			check(in, "free of a pointer that lsl_malloc did not return"),
			&Assign{Dst: pb, Op: OpPointer, Args: []Operand{b}, Pos: p},
			&Assign{Dst: ex, Op: OpEq, Args: []Operand{s.free, pb}, Pos: p},
			check(ex, "free of a pointer into the middle of a block"),
			&Assign{Dst: fa, Op: OpOffset, Args: []Operand{Const{Ptr(flags)}, k}, Pos: p},
			&Load{Dst: f, Addr: fa, Expr: "pool.flags[k]", Pos: p},
			&Assign{Dst: al, Op: OpEq, Args: []Operand{f, Const{Num(1)}}, Pos: p},
			check(al, "free of a block that is not allocated (double free)"),
			&Store{Addr: fa, Val: Const{Num(0)}, Expr: "pool.flags[k]", Pos: p},
		}}},
		&Fence{Kind: FenceFull, Pos: p},
	}
}

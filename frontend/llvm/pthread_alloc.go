package llvmfront

import "github.com/checkfence/checkfence/lsl"

// freshAllocs gives every malloc of a pthread program that never frees a
// fresh block ("alloc fresh T") instead of a pool block, with no fence.
//
// Why fresh: the pool (lsl/unroll_pool.go) picks a block
// nondeterministically and marks it in pool.flags inside an atomic block.
// Without a free no block is ever returned, so every malloc gets a block
// no other malloc gets, and which one does not matter: pool blocks are
// interchangeable (all start ⊥; LSL compares pointers only for equality,
// lt and le on pointers are runtime errors), so the executions are the
// same up to a renaming of blocks. The choice and the flag accesses,
// though, make the SAT solver explore every renaming (an MS queue 2+2
// solves ~3× faster without them, issue 17). The flag accesses order
// nothing between threads (each flag is touched by one malloc only, and
// read before its own store).
//
// Why no fence: the pool's synchronization (in a C11 program an acquire
// malloc and a release free of the block's flag, lsl/unroll_pool.go)
// matters when a block is freed and handed to another thread. C11 orders
// nothing around malloc (C11 7.22.3p2 orders
// only the allocation and deallocation calls of the same storage, and
// without free no storage is allocated twice), and a real allocator's
// fast path (glibc's per-thread cache) executes no barrier. Until
// 2026-11-24 a fresh malloc kept one full fence: it made a store before
// malloc and a load after it behave as if fenced, so a store-buffering
// bug across a malloc passed on relaxed, arm8 and rc11
// (tests/llvm/pthread/sb_malloc.c). docs/semantics.md has the argument in
// full.
//
// Only pthread programs are rewritten: they are their own test (no
// observations, so no pointer values compared between the serial and the
// concurrent unrolling), and they are the programs clang compiles from
// plain C that calls malloc. A program with any pool free, or with a
// pool allocation inside an atomic block or spin loop, keeps the pool.
func freshAllocs(prog *lsl.Program) {
	if prog.Proc(PthreadInit) == nil {
		return
	}
	allocs := 0
	for _, p := range prog.Procs {
		ok := true
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			switch s := s.(type) {
			case *lsl.Free:
				if s.Kind == lsl.AllocPool {
					ok = false
				}
			case *lsl.Atomic, *lsl.Spin:
				if hasPoolAlloc(s) {
					ok = false
				}
				return false
			case *lsl.Alloc:
				if s.Kind == lsl.AllocPool {
					allocs++
				}
			}
			return ok
		})
		if !ok {
			return
		}
	}
	if allocs == 0 {
		return
	}
	for _, p := range prog.Procs {
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			b, ok := s.(*lsl.Block)
			if !ok {
				return true
			}
			var out []lsl.Stmt
			for _, st := range b.Stmts {
				if a, ok := st.(*lsl.Alloc); ok && a.Kind == lsl.AllocPool {
					fresh := *a
					fresh.Kind = lsl.AllocFresh
					out = append(out, &fresh)
					continue
				}
				out = append(out, st)
			}
			b.Stmts = out
			return true
		})
	}
}

func hasPoolAlloc(s lsl.Stmt) bool {
	found := false
	lsl.Walk(s, func(x lsl.Stmt) bool {
		if a, ok := x.(*lsl.Alloc); ok && a.Kind == lsl.AllocPool {
			found = true
		}
		return !found
	})
	return found
}

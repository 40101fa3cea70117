// TSO: x86-TSO / SPARC TSO, a FIFO store buffer per thread with forwarding.
//
// Our axiomatization in the style of the dissertation (§3.5): a total
// memory order over the accesses of an execution in which every load is
// placed where it reads memory and every store where it leaves the store
// buffer. Program order is kept except from a store to a later load; a load
// may take its value from an earlier store of its own thread that is still
// buffered (forwarding, v1-v3 as in relaxed).
//
// Fences: only store-load fences (sl_fence; a full fence, x86 MFENCE, is
// one) order anything TSO does not already order. Atomic blocks are
// contiguous in the memory order (a1, a2); a block that loads and stores
// thereby orders like a full fence (S puts earlier stores before its
// store, L puts its load and so its store before later accesses). x86
// locked instructions drain the store buffer even when they do not store
// (a failing CMPXCHG), so the litmus front end places a full fence on
// either side of their atomic block. See docs/models.md.

model tso

predefined

set instruction
predicate access(instruction)
predicate load(access)
predicate store(access)
relation program_order(instruction, instruction)
relation aliased(access, access)
relation seed(load, store)
predicate has_seed(load)
predicate fence(instruction)
predicate sl_fence(fence)
relation atomic(instruction, instruction)

exists

relation memory_order(access, access)

forall

L, L' : load
S, S' : store
X, Y, Z : access
F      : fence

require

// memory_order is a strict total order
<T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
<T2> ~memory_order(X, X)
<T3> memory_order(X, Y) | memory_order(Y, X) | X = Y

// loads execute in order, before everything after them
<L> program_order(L, X) => memory_order(L, X)
// the store buffer is FIFO: stores reach memory in program order
<S> program_order(S, S') => memory_order(S, S')

// a store-load fence drains the store buffer
<sl> sl_fence(F) & program_order(S, F) & program_order(F, L')
      => memory_order(S, L')

// a load reads the latest store before it in memory order, or a later
// buffered store of its own thread (forwarding)
<v1> seed(L, S) => memory_order(S, L) | program_order(S, L)
<v2> seed(L, S) & aliased(L, S')
      & (memory_order(S', L) | program_order(S', L))
      & ~(S = S') => memory_order(S', S)
<v3> aliased(L, S) & (memory_order(S, L) | program_order(S, L))
      => has_seed(L)

// atomic blocks are contiguous in memory order
<a1> atomic(X, Y) & program_order(X, Y) & ~atomic(Y, Z)
      & memory_order(X, Z) => memory_order(Y, Z)
<a2> atomic(X, Y) & program_order(X, Y) => memory_order(X, Y)

end model

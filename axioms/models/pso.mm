// PSO: SPARC partial store order, a store buffer per thread and address.
//
// TSO (tso.mm) with stores to different addresses leaving the store buffer
// in any order: program order is kept from a load to anything after it and
// between stores to the same address; a store-store fence (SPARC
// stbar/membar #StoreStore) orders the stores around it, a store-load fence
// drains the buffer. Forwarding (v1-v3) and atomic blocks (a1, a2) are as
// in tso.

model pso

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
predicate ss_fence(fence)
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
// stores to the same address reach memory in program order
<S> program_order(S, S') & aliased(S, S') => memory_order(S, S')

// a store-store fence orders the stores around it
<ss> ss_fence(F) & program_order(S, F) & program_order(F, S')
      => memory_order(S, S')
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

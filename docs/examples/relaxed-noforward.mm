// Relaxed without store-load forwarding: a load can only see stores that
// precede it in the memory order. Derived from the built-in relaxed model
// (dissertation §3.5.3); see docs/models.md for the walk-through.

model relaxed_noforward

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
predicate ll_fence(fence)
predicate ls_fence(fence)
predicate sl_fence(fence)
predicate ss_fence(fence)
predicate al_fence(fence)
predicate ddl_fence(fence)
predicate cd_fence(fence)
relation data_dependent(load, instruction)
relation control_dependent(load, instruction)
relation atomic(instruction, instruction)

exists

relation memory_order(access, access)

forall

L, L' : load
S, S' : store
X, Y, Z : access
F      : fence

require

<T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
<T2> ~memory_order(X, X)
<T3> memory_order(X, Y) | memory_order(Y, X) | X = Y

<M1> program_order(X, S) & aliased(X, S) => memory_order(X, S)
// New: a store stays ahead of later loads from the same address, so a
// thread still reads its own writes once forwarding is gone.
<M2> program_order(S, L) & aliased(S, L) => memory_order(S, L)

<ll> ll_fence(F) & program_order(L, F) & program_order(F, L')
      => memory_order(L, L')
<ls> ls_fence(F) & program_order(L, F) & program_order(F, S')
      => memory_order(L, S')
<sl> sl_fence(F) & program_order(S, F) & program_order(F, L')
      => memory_order(S, L')
<ss> ss_fence(F) & program_order(S, F) & program_order(F, S')
      => memory_order(S, S')
<al> al_fence(F) & program_order(L, F) & program_order(F, L')
      & aliased(L, L') => memory_order(L, L')
<dd> ddl_fence(F) & program_order(L, F) & program_order(F, L')
      & data_dependent(L, L') => memory_order(L, L')
<cd> cd_fence(F) & program_order(L, F) & program_order(F, X)
      & control_dependent(L, X) => memory_order(L, X)

// Changed: the "| program_order(S, L)" disjuncts, which let a load see a
// store of its own thread that is still buffered, are gone.
<v1> seed(L, S) => memory_order(S, L)
<v2> seed(L, S) & aliased(L, S') & memory_order(S', L) & ~(S = S')
      => memory_order(S', S)
<v3> aliased(L, S) & memory_order(S, L) => has_seed(L)

<a1> atomic(X, Y) & program_order(X, Y) & ~atomic(Y, Z)
      & memory_order(X, Z) => memory_order(Y, Z)
<a2> atomic(X, Y) & program_order(X, Y) => memory_order(X, Y)

end model

// SPARC RMO: dissertation §3.6.1, as axioms/models/rmo.mm before the
// rewrite of its transitivity axiom Dt (docs/semantics.md, "rmo's dependence
// order, through stores"). A user's copy of this text is vetted as rmo.

model rmo

predefined

set instruction
predicate access(instruction)
predicate load(access)
predicate store(access)
relation program_order(instruction, instruction)
relation aliased(access, access)
relation seed(load, store)
predicate has_seed(load)
relation data_dependent(load, instruction)
relation control_dependent(load, instruction)
predicate fence(instruction)
predicate ll_fence(fence)
predicate ls_fence(fence)
predicate sl_fence(fence)
predicate ss_fence(fence)
predicate al_fence(fence)
relation atomic(instruction, instruction)

exists

relation memory_order(access, access)
relation dependence_order(access, access)

forall

L, L' : load
S, S' : store
X, Y, Z : access
F      : fence

require

<T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
<T2> ~memory_order(X, X)
<T3> memory_order(X, Y) | memory_order(Y, X) | X = Y

<A1> program_order(L, X) & dependence_order(L, X)
                                     => memory_order(L, X)

<A2_ll> ll_fence(F) & program_order(L, F)
                                     & program_order(F, L') => memory_order(L, L')
<A2_ls> ls_fence(F) & program_order(L, F)
                                & program_order(F, S') => memory_order(L, S')
<A2_sl> sl_fence(F) & program_order(S, F)
                                & program_order(F, L') => memory_order(S, L')
<A2_ss> ss_fence(F) & program_order(S, F)
                                & program_order(F, S') => memory_order(S, S')

<A3> program_order(X, S) & aliased(X, S) => memory_order(X, S)

// ours, as in relaxed (§3.5.3): the fence that orders aliased loads, which
// C11 atomics need for read-read coherence (the dissertation's rmo has none)
<A2_al> al_fence(F) & program_order(L, F) & program_order(F, L')
        & aliased(L, L') => memory_order(L, L')

<v1> seed(L, S) => memory_order(S, L) | program_order(S, L)
<v2> seed(L, S) & aliased(L, S')
        & (memory_order(S', L) | program_order(S', L))
        & ~(S = S') => memory_order(S', S)
<v3> aliased(L, S) & (memory_order(S, L) | program_order(S, L))
        => has_seed(L)

<D1> program_order(X, S) & control_dependent(X, S)
        => dependence_order(X, S)
<D2> program_order(X, Y) & data_dependent(X, Y)
        => dependence_order(X, Y)
<D3> program_order(S, L) & aliased(S, L) => dependence_order(S, L)

<Dt> program_order(X, Y) & program_order(Y, Z)
        & dependence_order(X, Y) & dependence_order(Y, Z)
        => dependence_order(X, Z)

<a1> atomic(X, Y) & program_order(X, Y) & ~atomic(Y, Z)
        & memory_order(X, Z) => memory_order(Y, Z)
<a2> atomic(X, Y) & program_order(X, Y) => memory_order(X, Y)

end model

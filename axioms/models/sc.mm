// Sequential consistency: dissertation §3.5.2.

model sc

predefined

set instruction
predicate access(instruction)
predicate load(access)
predicate store(access)
relation aliased(access,access)
relation seed(load,store)
predicate has_seed(load)
relation program_order(instruction,instruction)
relation atomic(instruction,instruction)

exists

relation memory_order(access,access)

forall

L      : load
S,S'   : store
X,Y,Z  : access

require

<T1> memory_order(X,Y) & memory_order(Y,Z) => memory_order(X,Z)
<T2> ~memory_order(X,X)
<T3> memory_order(X,Y) | memory_order(Y,X) | X = Y

<M1> program_order(X,Y) => memory_order(X,Y)

<v1> seed(L,S) => memory_order(S,L)
<v2> seed(L,S) & aliased(L,S') & memory_order(S',L) & ~(S = S')
      => memory_order(S',S)
<v3> aliased(L,S) & memory_order(S,L) => has_seed(L)

<a1> atomic(X,Y) & program_order(X,Y) & ~atomic(Y,Z)
      & memory_order(X,Z) => memory_order(Y,Z)

end model

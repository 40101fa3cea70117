// Chase-Lev (../fairness/chaselev.c without CHASELEV_FENCES). T1-T3 are the
// tests of tests/fairness (the pushes run in the init thread); P1 pushes
// while a thief steals, which needs the push's store-store fence on pso.
test T1 = push1 ( take_op | steal_op )
test T2 = push1 push2 ( take_op take_op | steal_op )
test T3 = push1 push2 ( take_op | steal_op | steal_op )
test P1 = ( push1 take_op | steal_op )

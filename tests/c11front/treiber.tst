test T0 = ( push0 | push1 ) pop
test T1 = ( push0 | pop )
test T2 = ( push0 | pop_rlx )

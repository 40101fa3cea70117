test T0 = ( left_rlx | right_rlx )
test T1 = ( left_sc | right_sc )

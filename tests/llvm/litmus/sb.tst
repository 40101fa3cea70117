test SB = ( t0 | t1 ) check

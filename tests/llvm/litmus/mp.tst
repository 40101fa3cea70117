test MP = ( t0 | t1 ) check

test T = ( t1 | t2 )

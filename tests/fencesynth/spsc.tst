test T1 = ( p1 | c )
test T2 = ( p1 p2 | c c )

test T0 = ( producer | consumer )
test T1 = ( producer | consumer_consume )

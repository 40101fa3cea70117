test T0 = ( producer | consumer )
